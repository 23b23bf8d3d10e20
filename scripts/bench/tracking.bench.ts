/**
 * Tracking at public-traffic rates: usage tracking calls (`POST /api/analytics/track/search`)
 * accepted per second over HTTP by one API process on a Postgres server, with the calls grouped into
 * log writes (group commit), beside the same process writing the log once per call, in the same run.
 * Target: >= 20,000 calls/s accepted. Each variant runs on a fresh schema with the per-address
 * tracking limit lifted (the load comes from one address; `lib/tracking.server.ts`), autocannon in a
 * process of its own (`lib/load-runner.ts`).
 *
 * Accepted = stored: after the load, a burst of calls with session ids of their own is sent, and the
 * events stored for those sessions are counted right after the last answer: they must equal the
 * calls answered 202.
 *
 *   npm run bench -- tracking   (needs DATABASE_URL; BENCH_TRACKING_SECONDS=10, BENCH_TRACKING_CONNECTIONS=100)
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgClient, dropSchema, uniqueSchemaName } from '@scentinel/platform';
import { ROOT, startScriptServer } from './lib/app-server.ts';
import type { LoadResult, LoadSpec } from './lib/load-runner.ts';
import { formatRatio, printTable, type TableRow, verdict } from './lib/report.ts';

const TARGET_PER_SECOND = 20_000;
const LOAD_RUNNER = path.join(ROOT, 'scripts/bench/lib/load-runner.ts');
const SERVER = path.join(ROOT, 'scripts/bench/lib/tracking.server.ts');
const BODY = JSON.stringify({ query: 'rose oud', results_count: 42, category: 'perfume' });
const BURST = 2_000;

interface Variant {
  name: string;
  oneWritePerCall: boolean;
}

interface Measured {
  perSecond: number;
  /** Server CPU time per accepted call (µs), and the share of the run the server and autocannon were busy. */
  serverUsPerCall: number;
  serverBusy: number;
  clientBusy: number;
  p50: number;
  p99: number;
  burstAccepted: number;
  burstStored: number;
}

async function load(spec: LoadSpec): Promise<LoadResult> {
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
      code === 0 ? resolve(stdout) : reject(new Error(`the load runner exited with ${code}`)),
    );
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as LoadResult;
}

/** Sends `count` tracking calls, 50 at a time, each with a session of its own; returns the 202s. */
async function burst(base: string, sessions: string[]): Promise<number> {
  let accepted = 0;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < sessions.length; i = next++) {
      const response = await fetch(`${base}/api/analytics/track/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': sessions[i]! },
        body: BODY,
      });
      await response.arrayBuffer();
      if (response.status === 202) accepted++;
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return accepted;
}

async function measure(databaseUrl: string, variant: Variant): Promise<Measured> {
  const schema = uniqueSchemaName('bench_tracking');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-bench-tracking-'));
  const server = await startScriptServer(
    SERVER,
    {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      CATALOGUE_AUTOLOAD: 'false',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BENCH_TRACKING_ONE_WRITE_PER_CALL: variant.oneWritePerCall ? '1' : '0',
    },
    60_000,
  );
  const sql = await createPgClient(databaseUrl, { schema });
  try {
    const r = await load({
      url: `${server.url}/api/analytics/track/search`,
      body: BODY,
      headers: { 'content-type': 'application/json', 'x-session-id': `bench-${randomUUID()}` },
      connections: Number(process.env.BENCH_TRACKING_CONNECTIONS ?? 100),
      warmupSeconds: 2,
      seconds: Number(process.env.BENCH_TRACKING_SECONDS ?? 10),
      decodeBodies: false,
      ...(server.pid !== undefined && { serverPid: server.pid }),
    });
    if (r.non2xx > 0 || r.errors > 0) {
      throw new Error(`${variant.name}: ${r.non2xx} non-2xx answers and ${r.errors} errors of ${r.total}`);
    }
    const sessions = Array.from({ length: BURST }, (_, i) => `burst-${i}-${randomUUID().slice(0, 8)}`);
    const burstAccepted = await burst(server.url, sessions);
    const { rows } = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM events WHERE stream_id = ANY($1::text[])',
      [sessions.map((s) => `usage:${s}`)],
    );
    const serverCpu = r.serverCpuSeconds ?? Number.NaN;
    return {
      perSecond: r.reqPerSec,
      serverUsPerCall: (serverCpu * 1e6) / r.total,
      serverBusy: serverCpu / r.wallSeconds,
      clientBusy: r.clientCpuSeconds / r.wallSeconds,
      p50: r.p50,
      p99: r.p99,
      burstAccepted,
      burstStored: rows[0]!.n,
    };
  } finally {
    await server.stop();
    await dropSchema(sql).catch(() => {});
    await sql.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    process.stdout.write('\ntracking: skipped (set DATABASE_URL to a Postgres server)\n');
    return;
  }
  const grouped = await measure(databaseUrl, { name: 'group commit', oneWritePerCall: false });
  const single = await measure(databaseUrl, { name: 'one write per call', oneWritePerCall: true });
  const row = (name: string, m: Measured): TableRow => ({
    variant: name,
    'calls/s': Math.round(m.perSecond),
    'p50 ms': m.p50,
    'p99 ms': m.p99,
    'server µs/call': Math.round(m.serverUsPerCall),
    'server busy': `${Math.round(m.serverBusy * 100)}%`,
    'autocannon busy': `${Math.round(m.clientBusy * 100)}%`,
    'burst accepted': m.burstAccepted,
    'burst stored': m.burstStored,
    'accepted = stored': verdict(m.burstAccepted === m.burstStored),
  });
  printTable('Tracking calls accepted over HTTP, one API process, Postgres server', [
    row('group commit', grouped),
    row('one log write per call (peer)', single),
  ]);
  printTable('Tracking verdict', [
    {
      'group commit vs one write per call': formatRatio(grouped.perSecond, single.perSecond),
      target: `>= ${TARGET_PER_SECOND}/s`,
      'meets target': verdict(grouped.perSecond >= TARGET_PER_SECOND),
      'accepted = stored': verdict(
        grouped.burstAccepted === grouped.burstStored && single.burstAccepted === single.burstStored,
      ),
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
