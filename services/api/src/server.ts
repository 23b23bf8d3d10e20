import { ConfigError, loadConfig } from '@scentinel/platform/config';
import { loggerOptions } from '@scentinel/platform/logging';
import Fastify from 'fastify';
import { app } from './app.ts';
import { compose } from './compose.ts';
import { API_SERVER_OPTIONS } from './http/errors.ts';

/** Starts the API (and, in embedded mode, projectors and the scan worker) and listens. */
export async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }

  const server = Fastify({ ...API_SERVER_OPTIONS, logger: loggerOptions(config.logLevel) });
  const composed = await compose(config, server.log);
  await server.register(app, { deps: composed.deps });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    await server.close();
    await composed.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await server.listen({ host: config.host, port: config.port });
  const url = address.replace('0.0.0.0', 'localhost');
  process.stdout.write(`\nScentinel is running (${config.mode} mode): ${url}\nAPI docs: ${url}/api/docs\n\n`);
  // Searches are answered from here on; the scan queue gets ready a second later, once the first
  // requests have been answered (a scan arriving before makes it at once).
  setTimeout(() => composed.afterListen(), 1_000).unref();
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) await main();
