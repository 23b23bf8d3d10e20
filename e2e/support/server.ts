import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { ROOT } from './paths.ts';
import { copySeed } from './seed.ts';

export { ROOT };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server's process (one process: scripts/start.mjs runs the API in-process). */
  pid: number | undefined;
  output: () => string;
  /** SIGTERM, then SIGKILL after `graceMs` (15 s unless given). */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

/**
 * Starts the product exactly as `npm start` does (scripts/start.mjs) on a fresh or given data dir and
 * waits until it prints its URL. The web client is built by the test script beforehand.
 */
export async function startServer(
  opts: { dataDir?: string; seeded?: boolean; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  let dataDir = opts.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-e2e-'));
    // Start on a copy of the catalogue imported once by the global setup, unless asked for a fresh log.
    if (opts.seeded !== false) copySeed(dataDir);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SKIP_WEB_BUILD: '1',
    ...opts.env,
  };
  // The embedded default: no DATABASE_URL / REDIS_URL, whatever the test runner has.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 240_000);
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Scentinel is running')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited with ${child.exitCode}:\n${out}`));
      } else if (Date.now() > deadline) {
        clearInterval(timer);
        child.kill('SIGKILL');
        reject(new Error(`server did not start in time:\n${out}`));
      }
    }, 100);
  });
  return {
    url,
    dataDir,
    pid: child.pid,
    output: () => out,
    async stop(stopOpts = {}) {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), stopOpts.graceMs ?? 15_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
