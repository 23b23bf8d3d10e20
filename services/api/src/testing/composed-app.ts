import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgClient, dropSchema, uniqueSchemaName } from '@scentinel/platform';
import { loadConfig } from '@scentinel/platform/config';
import Fastify, { type FastifyInstance } from 'fastify';
import { app } from '../app.ts';
import { type Composed, compose } from '../compose.ts';
import { API_SERVER_OPTIONS } from '../http/errors.ts';

export interface ComposedApp {
  server: FastifyInstance;
  composed: Composed;
  /** Closes the app and the composition, then drops its schema and data dir. */
  close(): Promise<void>;
}

/**
 * The whole API composed in this process from `settings` (as the server reads its environment),
 * on a Postgres schema and a data dir of its own, ready for `server.inject`.
 */
export async function composeAppForTest(
  databaseUrl: string,
  schemaPrefix: string,
  settings: Record<string, string>,
): Promise<ComposedApp> {
  const schema = uniqueSchemaName(schemaPrefix);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `scentinel-${schemaPrefix}-`));
  let server: FastifyInstance | undefined;
  let composed: Composed | undefined;
  const close = async () => {
    await server?.close();
    await composed?.close();
    const sql = await createPgClient(databaseUrl, { schema });
    await dropSchema(sql);
    await sql.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      ...settings,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    server = Fastify({ ...API_SERVER_OPTIONS, logger: false });
    composed = await compose(config, server.log);
    await server.register(app, { deps: composed.deps });
    await server.ready();
    return { server, composed, close };
  } catch (err) {
    await close();
    throw err;
  }
}
