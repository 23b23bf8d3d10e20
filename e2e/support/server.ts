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
  const run = spawnCollecting([...SERVER_NODE_FLAGS, 'scripts/start.mjs'], env);
  const { child } = run;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 240_000);
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (run.output().includes('Scentinel is running')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited with ${child.exitCode}:\n${run.output()}`));
      } else if (Date.now() > deadline) {
        clearInterval(timer);
        child.kill('SIGKILL');
        reject(new Error(`server did not start in time:\n${run.output()}`));
      }
    }, 100);
  });
  return {
    url,
    dataDir,
    pid: child.pid,
    output: run.output,
    stop: (stopOpts = {}) => run.stop(stopOpts.graceMs ?? 15_000),
  };
}

/** A child `node <args>` run in the repository, what it writes kept. */
export interface CollectedChild {
  child: ChildProcess;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs: number): Promise<void>;
}

export function spawnCollecting(args: string[], env: NodeJS.ProcessEnv): CollectedChild {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: unknown) => {
    out += String(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    output: () => out,
    async stop(graceMs) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
