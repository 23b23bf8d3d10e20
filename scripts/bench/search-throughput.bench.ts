/**
 * Throughput of answers nobody asked before: a replayed search log (`lib/query-log.ts`: Zipf over
 * popular brands, notes, chemicals and perfumes, text with some typos, later pages; every request
 * distinct, so the app's answer cache never answers) sent to `POST /api/perfumes/filter` of
 * (a) a Fastify hello-world parsing the same requests, (b) the real app (embedded, the shipped
 * catalogue) and (c) the same endpoint on Postgres with GIN / trigram indexes (Fastify + pg,
 * `lib/pg-search.server.ts`, the same perfumes and the same lean list cards), each load by
 * autocannon in its own process with the same connections and duration, in one run.
 * Target: the app serves >= 5x the Postgres peer's requests per second at a p99 <= 20 ms.
 *
 *   npx tsx scripts/bench/search-throughput.bench.ts   (BENCH_HTTP_SECONDS=10, BENCH_HTTP_CONNECTIONS=10,
 *   BENCH_WARMUP_SECONDS=10: every target first serves 10 s of its part of the log, so what is
 *   measured is a running server (JIT, kept cards, Postgres buffers), not the first requests after
 *   a start; the measured requests come after those in the log, so none is a repeat)
 *
 * `BENCH_SEED_DATA_DIR=<dir>`: the app starts on a copy of that data directory (one where the app
 * already imported the catalogue and left its index snapshot) instead of importing it again.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { cleanCataloguePerfume, cleanImportedChemical } from '@scentinel/domain';
import { createPgClient, dropSchema, uniqueSchemaName } from '@scentinel/platform';
import {
  type Chemical,
  catalogueFixtures,
  listCard,
  type PerfumeDocument,
  toPerfumeCard,
} from '@scentinel/platform/search';
import { startServer } from '../../e2e/support/server.ts';
import { log, ROOT, startScriptServer, stopBenchApp } from './lib/app-server.ts';
import type { LoadResult, LoadSpec } from './lib/load-runner.ts';
import { loadPostgres } from './lib/pg-catalogue.ts';
import { processCpuSeconds } from './lib/proc-cpu.ts';
import { queryLog } from './lib/query-log.ts';
import { formatRatio, printTable, verdict } from './lib/report.ts';

const TARGET = { ratio: 5, p99Ms: 20 };
const LOG_SIZE = 60_000;
const LOAD_RUNNER = path.join(ROOT, 'scripts/bench/lib/load-runner.ts');
const DEFAULT_URL = 'postgres://root@127.0.0.1:5432/test';

function positiveIntEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

/**
 * The app on a fresh data directory (the first start imports the shipped catalogue), ready once
 * every projection has applied the whole log. The web client is not built: only the API is loaded.
 */
async function startApp(): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-throughput-app-'));
  const seed = process.env.BENCH_SEED_DATA_DIR;
  if (seed) cpSync(seed, dataDir, { recursive: true });
  const started = performance.now();
  log(
    seed
      ? `starting the app on a copy of ${seed}...`
      : 'starting the app (the first start imports the catalogue)...',
  );
  const server = await startServer({ dataDir, timeoutMs: 600_000 });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${server.url}/api/health`).catch(() => null);
    const health = res?.ok
      ? ((await res.json()) as { projections: { active: boolean; lag: number }[] })
      : null;
    if (health?.projections.filter((p) => p.active).every((p) => p.lag === 0)) {
      log(`app caught up with its log after ${((performance.now() - started) / 1000).toFixed(0)} s`);
      if (server.pid) await untilIdle(server.pid, deadline);
      log(`app ready (idle) after ${((performance.now() - started) / 1000).toFixed(0)} s`);
      return { url: server.url, pid: server.pid, stop };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the app did not catch up with its log in 600 s');
}

/**
 * Waits until the server is idle (under 10 % of a core over two one-second windows in a row): after
 * a start it still builds lookup tables in the background (e.g. the alternatives finder's vectors),
 * which would otherwise be measured as the cost of the first searches.
 */
async function untilIdle(pid: number, deadline: number): Promise<void> {
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    const before = processCpuSeconds(pid);
    await new Promise((r) => setTimeout(r, 1000));
    quiet = processCpuSeconds(pid) - before < 0.1 ? quiet + 1 : 0;
  }
}

function catalogue(): { docs: PerfumeDocument[]; known: Map<string, Chemical> } {
  const known = new Map<string, Chemical>();
  const raw = JSON.parse(readFileSync(path.join(ROOT, 'data/chemicals/chemicals.json'), 'utf8')) as unknown[];
  for (const r of raw) {
    try {
      const c = cleanImportedChemical(r);
      known.set(c.id, c);
    } catch {
      // Refused by the domain: left out, as the importer leaves it out.
    }
  }
  const text = gunzipSync(readFileSync(path.join(ROOT, 'data/catalogue/perfumes.jsonl.gz'))).toString('utf8');
  const docs = text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [catalogueFixtures.catalogued(cleanCataloguePerfume(JSON.parse(line)))];
      } catch {
        return [];
      }
    });
  return { docs, known };
}

async function load(
  name: string,
  url: string,
  logFile: string,
  pid: number | undefined,
  seconds: number,
  connections: number,
): Promise<LoadResult & { load?: number }> {
  const spec: LoadSpec = {
    url,
    body: '{}',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    connections,
    warmupSeconds: positiveIntEnv('BENCH_WARMUP_SECONDS', 10),
    seconds,
    decodeBodies: false,
    logFile,
    ...(pid ? { serverPid: pid } : {}),
  };
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', LOAD_RUNNER, JSON.stringify(spec)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${name}: the load runner exited with ${code}`)),
    );
  });
  const r = JSON.parse(out.trim().split('\n').at(-1) ?? '') as LoadResult & { load?: number };
  // Other jobs on the machine shift every figure, p99 most (the server waits for a core).
  r.load = os.loadavg()[0];
  if (r.non2xx > 0 || r.errors > 0) {
    throw new Error(
      `${name}: ${r.non2xx} non-2xx answers and ${r.errors} connection errors out of ${r.total}`,
    );
  }
  return r;
}

export async function run(): Promise<void> {
  const seconds = positiveIntEnv('BENCH_HTTP_SECONDS', 10);
  const connections = positiveIntEnv('BENCH_HTTP_CONNECTIONS', 10);
  const { docs, known } = catalogue();
  const requests = queryLog(
    docs.map((d) => d.perfume),
    LOG_SIZE,
  );
  const kinds = new Map<string, number>();
  for (const r of requests) kinds.set(r.kind, (kinds.get(r.kind) ?? 0) + 1);
  log(
    `query log: ${requests.length} distinct requests (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ` +
      `${connections} connections, ${positiveIntEnv('BENCH_WARMUP_SECONDS', 10)} s warm-up + ${seconds} s per target`,
  );
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'scentinel-search-throughput-'));
  const logFile = path.join(tmp, 'log.jsonl');
  writeFileSync(
    logFile,
    `${requests.map((r) => JSON.stringify({ path: r.path, body: r.body })).join('\n')}\n`,
  );

  const schema = uniqueSchemaName('bench_throughput');
  const sql = await createPgClient(process.env.DATABASE_URL ?? DEFAULT_URL, { schema, max: 1 });
  try {
    // The app imports its catalogue while the Postgres peer loads.
    const appStarting = startApp();
    appStarting.catch(() => {});
    const t0 = performance.now();
    // Rows answer with the lean list card the app answers with.
    await loadPostgres(sql, docs, known, (d) => listCard(toPerfumeCard(d, known)));
    log(`Postgres peer loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s (schema ${schema})`);
    docs.length = 0;
    const app = await appStarting;
    const hello = await startScriptServer(path.join(ROOT, 'scripts/bench/lib/hello-world.server.ts'));
    const pgServer = await startScriptServer(path.join(ROOT, 'scripts/bench/lib/pg-search.server.ts'), {
      PG_SEARCH_SCHEMA: schema,
    });
    try {
      // Every target gets its own part of the log, so the app never sees a request twice.
      const part = (k: number) => {
        const file = path.join(tmp, `log-${k}.jsonl`);
        const slice = requests.slice((k * requests.length) / 3, ((k + 1) * requests.length) / 3);
        writeFileSync(
          file,
          `${slice.map((r) => JSON.stringify({ path: r.path, body: r.body })).join('\n')}\n`,
        );
        return file;
      };
      const helloR = await load(
        'hello-world',
        `${hello.url}/api/perfumes/filter`,
        part(0),
        hello.pid,
        seconds,
        connections,
      );
      const appR = await load(
        'app',
        `${app.url}/api/perfumes/filter`,
        part(1),
        app.pid,
        seconds,
        connections,
      );
      const pgR = await load(
        'postgres',
        `${pgServer.url}/api/perfumes/filter`,
        part(2),
        pgServer.pid,
        seconds,
        connections,
      );
      const row = (name: string, r: LoadResult & { load?: number }) => ({
        target: name,
        'req/s': Math.round(r.reqPerSec),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'vs hello': formatRatio(r.reqPerSec, helloR.reqPerSec),
        'vs postgres': formatRatio(r.reqPerSec, pgR.reqPerSec),
        'server ms CPU/req':
          r.serverCpuSeconds === null ? 'n/a' : ((r.serverCpuSeconds * 1000) / r.total).toFixed(2),
        requests: r.total,
        'load avg':
          r.load === undefined ? 'n/a' : `${r.load.toFixed(1)} / ${os.availableParallelism()} cores`,
      });
      printTable('POST /api/perfumes/filter, a replayed log of distinct searches (nothing cached)', [
        row('Fastify hello-world', helloR),
        row('app (in-process index)', appR),
        row('Postgres GIN/trigram (Fastify + pg)', pgR),
      ]);
      const ratio = appR.reqPerSec / pgR.reqPerSec;
      printTable('Targets', [
        {
          target: `app req/s >= ${TARGET.ratio}x Postgres`,
          value: `${ratio.toFixed(2)}x`,
          met: verdict(ratio >= TARGET.ratio),
        },
        {
          target: `app p99 <= ${TARGET.p99Ms} ms`,
          value: `${appR.p99} ms`,
          met: verdict(appR.p99 <= TARGET.p99Ms),
        },
      ]);
    } finally {
      await hello.stop();
      await pgServer.stop();
      await app.stop();
    }
  } finally {
    await dropSchema(sql);
    await sql.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await run();
  } finally {
    await stopBenchApp();
  }
}
