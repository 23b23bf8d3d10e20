/**
 * The real product for the HTTP and web benches, started once per bench run and shared: the web
 * client is rebuilt (so its size is today's), copied to a temporary folder together with a static
 * hello page (the LCP floor, served by the same server), and `scripts/start.ts` runs as a child
 * process on a temporary DATA_DIR (first start imports the shipped catalogue) with `LOG_LEVEL=warn`.
 * Benches wait until every projection has caught up with the event log before measuring.
 *
 * `BENCH_DATA_DIR=<dir>` keeps and reuses the data directory between runs (skips the import).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CollectedChild,
  freePort,
  ROOT,
  spawnCollecting,
  startServer,
} from '../../../e2e/support/server.ts';
import { SERVER_NODE_FLAGS } from '../../server-node-flags.mjs';

export { ROOT };

export const HELLO_PAGE = '/bench-hello.html';

/** A static page with a heading and a paragraph: what the fastest possible page on this server costs. */
const HELLO_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Hello</title>
  </head>
  <body>
    <h1>Hello, world</h1>
    <p>A static page served by the Scentinel server, the floor for the main page's LCP.</p>
  </body>
</html>
`;

export interface BenchApp {
  url: string;
  /** The server's process id (for its CPU time). */
  pid: number | undefined;
  /** The copy of web/dist the server serves. */
  webDist: string;
  stop(): Promise<void>;
}

let shared: Promise<BenchApp> | undefined;

/** The shared product server, started on first use. */
export function benchApp(): Promise<BenchApp> {
  shared ??= startBenchApp();
  return shared;
}

/** Stops the shared server if one was started (safe to call more than once). */
export async function stopBenchApp(): Promise<void> {
  const pending = shared;
  shared = undefined;
  if (!pending) return;
  const app = await pending.catch(() => undefined);
  await app?.stop();
}

/** `npm run build -w web`; throws with the build output when it fails. */
export function buildWeb(): void {
  const res = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) {
    throw new Error(`the web client failed to build (npm run build -w web):\n${res.stdout}\n${res.stderr}`);
  }
}

async function startBenchApp(): Promise<BenchApp> {
  const started = Date.now();
  buildWeb();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'scentinel-bench-'));
  const webDist = path.join(tmp, 'web');
  cpSync(path.join(ROOT, 'web/dist'), webDist, { recursive: true });
  writeFileSync(path.join(webDist, HELLO_PAGE.slice(1)), HELLO_HTML);
  const keptDataDir = process.env.BENCH_DATA_DIR;
  const dataDir = keptDataDir ? path.resolve(keptDataDir) : path.join(tmp, 'data');
  mkdirSync(dataDir, { recursive: true });
  const cleanup = () => rmSync(tmp, { recursive: true, force: true });

  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    log(`starting the app (DATA_DIR ${dataDir}; the first start imports the catalogue)...`);
    server = await startServer({ dataDir, env: { WEB_DIST: webDist }, timeoutMs: 420_000 });
  } catch (err) {
    cleanup();
    throw err;
  }
  try {
    await waitUntilCaughtUp(server.url, 300_000);
    const res = await fetch(`${server.url}/api/perfumes/enhanced?limit=1&category=all`);
    const body = (await res.json()) as { total?: number };
    if (!res.ok || !body.total) {
      throw new Error(
        `the app serves no perfumes (GET /api/perfumes/enhanced: ${res.status}, total ${body.total}); is data/ built (npm run data:build)?`,
      );
    }
    log(
      `app ready at ${server.url} with ${body.total} perfumes after ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } catch (err) {
    await server.stop();
    cleanup();
    throw err;
  }
  return {
    url: server.url,
    pid: server.pid,
    webDist,
    async stop() {
      await server.stop();
      cleanup();
    },
  };
}

interface Health {
  status: string;
  projections: { name: string; active: boolean; lag: number; status: string }[];
}

/** Polls `/api/health` until every active projection has applied the whole log. */
async function waitUntilCaughtUp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        const health = (await res.json()) as Health;
        const active = health.projections.filter((p) => p.active);
        const failed = active.find((p) => p.status === 'failed');
        if (failed) throw new Error(`projection ${failed.name} failed; see the server log`);
        if (active.every((p) => p.lag === 0)) return;
        last = active.map((p) => `${p.name} lag ${p.lag}`).join(', ');
      } else {
        last = `GET /api/health answered ${res.status}`;
      }
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('projection')) throw err;
      last = String(err);
    }
    await sleep(500);
  }
  throw new Error(`the app's projections did not catch up in ${timeoutMs / 1000} s (${last})`);
}

export interface ChildServer {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export type SpawnedScript = CollectedChild;

/**
 * Runs a TypeScript script under tsx with exactly `env` and the server's Node flags, collecting what
 * it writes. With `BENCH_CPU_PROF_DIR` set, the script writes a CPU profile there when it exits.
 */
export function spawnScript(script: string, env: NodeJS.ProcessEnv): SpawnedScript {
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return spawnCollecting([...profile, ...SERVER_NODE_FLAGS, '--import', 'tsx', script], env);
}

/** Runs a TypeScript server script with `PORT` (and `env`) set and waits until it answers HTTP on `/`. */
export async function startScriptServer(
  script: string,
  env: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<ChildServer> {
  const port = await freePort();
  const run = spawnScript(script, { ...process.env, ...env, PORT: String(port) });
  const { child } = run;
  const url = `http://127.0.0.1:${port}`;
  const stop = () => run.stop(5000);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${run.output()}`);
    try {
      await fetch(`${url}/`);
      return { url, pid: child.pid, stop };
    } catch {
      await sleep(100);
    }
  }
  await stop();
  throw new Error(`${script} did not answer in ${timeoutMs / 1000} s:\n${run.output()}`);
}

export function log(message: string): void {
  process.stdout.write(`  ${message}\n`);
}
