/**
 * Tracking at public-traffic rates: usage tracking calls (`POST /api/analytics/track/search`)
 * accepted per second over HTTP by one API process on a Postgres server, with the calls grouped into
 * log writes (group commit), beside the same process writing the log once per call, and beside a
 * Fastify hello-world answering the same request on the same machine, in the same run (the ceiling
 * for one Node process with the load generator on the same 2 cores). Target: >= 20,000 calls/s
 * accepted. Each variant runs on a fresh schema with the per-address tracking limit lifted (the
 * load comes from one address; `lib/tracking.server.ts`), autocannon in a process of its own
 * (`lib/load-runner.ts`). Requests carry a browser's User-Agent, as the web client's do.
 *
 * Beside the server's CPU per answer, the CPU of the Postgres backends serving its connections
 * (found through /proc when Postgres runs on this machine) over the measured run, per answer.
 *
 * The load is closed-loop (each connection sends its next call when the last one is answered), so
 * calls/s = connections / latency, and every answer waits for a log commit: the default of 256
 * connections stands for many browsers each sending now and then (no pipelining: browsers do not
 * pipeline).
 *
 * Accepted = stored, and the rollups count exactly the accepted calls: after a warm-up (a session
 * of its own, twice as long as the hello-world's), the measured run sends an exact number of calls (sized from the warm-up's rate) with
 * one session id and waits for every answer, then a burst of calls with a session id each is sent.
 * The events stored for those sessions are counted right after the last answer (they must equal
 * the calls answered 202). Then the server is stopped, the usage rollup is rebuilt from the log
 * (blue/green, as an operator would), and the rebuilt rollup must count, per session, exactly the
 * calls accepted, and in total exactly the events in the log.
 *
 *   npm run bench -- tracking   (needs DATABASE_URL; BENCH_TRACKING_SECONDS=10, BENCH_TRACKING_CONNECTIONS=256)
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgClient, dropSchema, openStore, uniqueSchemaName } from '@scentinel/platform';
import { createRuntime } from '@scentinel/projections';
import { ROOT, startScriptServer } from './lib/app-server.ts';
import type { LoadResult, LoadSpec } from './lib/load-runner.ts';
import { cpuSecondsOf, postgresBackendsOf } from './lib/pg-backends.ts';
import { formatRatio, printTable, type TableRow, verdict } from './lib/report.ts';

const TARGET_PER_SECOND = 20_000;
const LOAD_RUNNER = path.join(ROOT, 'scripts/bench/lib/load-runner.ts');
const SERVER = path.join(ROOT, 'scripts/bench/lib/tracking.server.ts');
const HELLO = path.join(ROOT, 'scripts/bench/lib/hello-world.server.ts');
const BODY = JSON.stringify({ query: 'rose oud', results_count: 42, category: 'perfume' });
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BURST = 2_000;
const WARMUP_SECONDS = 3;
const SECONDS = Number(process.env.BENCH_TRACKING_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_TRACKING_CONNECTIONS ?? 256);

interface Variant {
  name: string;
  oneWritePerCall: boolean;
}

interface Rate {
  perSecond: number;
  /** Server and load generator CPU time per answer (µs), and the share of the run each was busy. */
  serverUsPerCall: number;
  clientUsPerCall: number;
  serverBusy: number;
  clientBusy: number;
  p50: number;
  p99: number;
}

interface Measured extends Rate {
  /** CPU of the Postgres backends serving the server's connections, per answer (µs; NaN: not on this machine). */
  postgresUsPerCall: number;
  accepted: number;
  stored: number;
  burstAccepted: number;
  burstStored: number;
  /** The rebuilt rollup: the measured session's events, burst sessions counted once, all events. */
  rollupLoad: number;
  rollupBurst: number;
  rollupTotal: number;
  logTotal: number;
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

function rate(r: LoadResult): Rate {
  const serverCpu = r.serverCpuSeconds ?? Number.NaN;
  return {
    // Answers over the wall time of the run (an exact-amount run ends with a partial second).
    perSecond: r.total / r.wallSeconds,
    serverUsPerCall: (serverCpu * 1e6) / r.total,
    clientUsPerCall: (r.clientCpuSeconds * 1e6) / r.total,
    serverBusy: serverCpu / r.wallSeconds,
    clientBusy: r.clientCpuSeconds / r.wallSeconds,
    p50: r.p50,
    p99: r.p99,
  };
}

function checkAnswers(name: string, r: LoadResult): void {
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) {
    throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts`);
  }
}

/** Sends one tracking call per session, 50 at a time; returns the 202s. */
async function burst(base: string, sessions: string[]): Promise<number> {
  let accepted = 0;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < sessions.length; i = next++) {
      const response = await fetch(`${base}/api/analytics/track/search`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-session-id': sessions[i]!,
          'user-agent': USER_AGENT,
        },
        body: BODY,
      });
      await response.arrayBuffer();
      if (response.status === 202) accepted++;
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return accepted;
}

async function measureHello(): Promise<Rate> {
  const server = await startScriptServer(HELLO);
  try {
    const r = await load({
      url: `${server.url}/api/perfumes/filter`,
      body: BODY,
      headers: {
        'content-type': 'application/json',
        'x-session-id': 'bench-hello',
        'user-agent': USER_AGENT,
      },
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
      decodeBodies: false,
      ...(server.pid !== undefined && { serverPid: server.pid }),
    });
    checkAnswers('hello-world', r);
    return rate(r);
  } finally {
    await server.stop();
  }
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
      // The production level: the tracking routes must not log every call.
      LOG_LEVEL: 'info',
      BENCH_TRACKING_ONE_WRITE_PER_CALL: variant.oneWritePerCall ? '1' : '0',
    },
    60_000,
  );
  const sql = await createPgClient(databaseUrl, { schema });
  let stopped = false;
  try {
    const spec = (session: string) => ({
      url: `${server.url}/api/analytics/track/search`,
      body: BODY,
      headers: { 'content-type': 'application/json', 'x-session-id': session, 'user-agent': USER_AGENT },
      connections: CONNECTIONS,
      decodeBodies: false,
      ...(server.pid !== undefined && { serverPid: server.pid }),
    });
    // Two warm-ups: the first brings the server (and Postgres) up to speed, the second gives the
    // rate the measured run is sized from.
    const warmSession = `warm-${randomUUID()}`;
    const warm = await load({ ...spec(warmSession), warmupSeconds: WARMUP_SECONDS, seconds: WARMUP_SECONDS });
    checkAnswers(`${variant.name} warm-up`, warm);
    // The measured run: as many calls as the warm-up's rate gives in SECONDS, every one answered.
    const session = `load-${randomUUID()}`;
    const amount = Math.max(CONNECTIONS, Math.round((warm.total / warm.wallSeconds) * SECONDS));
    // The server's connections are open after the warm-ups: their backends' CPU over the run.
    const backends = server.pid !== undefined ? postgresBackendsOf(server.pid) : [];
    const postgres0 = cpuSecondsOf(backends);
    const r = await load({ ...spec(session), warmupSeconds: 0, seconds: SECONDS, amount });
    const postgresCpu = cpuSecondsOf(backends) - postgres0;
    checkAnswers(variant.name, r);
    const sessions = Array.from({ length: BURST }, (_, i) => `burst-${i}-${randomUUID().slice(0, 8)}`);
    const burstAccepted = await burst(server.url, sessions);
    const storedFor = async (ids: string[]) => {
      const { rows } = await sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM events WHERE stream_id = ANY($1::text[])',
        [ids.map((s) => `usage:${s}`)],
      );
      return rows[0]!.n;
    };
    const stored = await storedFor([session]);
    const burstStored = await storedFor(sessions);
    await server.stop();
    stopped = true;
    const rollup = await rebuiltRollup(databaseUrl, schema, dataDir, session, sessions);
    return {
      ...rate(r),
      postgresUsPerCall: backends.length > 0 ? (postgresCpu * 1e6) / r.total : Number.NaN,
      accepted: r.ok,
      stored,
      burstAccepted,
      burstStored,
      ...rollup,
    };
  } finally {
    if (!stopped) await server.stop();
    await dropSchema(sql).catch(() => {});
    await sql.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Rebuilds the usage rollup from the log and reads what it counts. */
async function rebuiltRollup(
  databaseUrl: string,
  schema: string,
  dataDir: string,
  session: string,
  burstSessions: string[],
): Promise<Pick<Measured, 'rollupLoad' | 'rollupBurst' | 'rollupTotal' | 'logTotal'>> {
  const store = await openStore({ databaseUrl, databaseSchema: schema, dataDir });
  try {
    const runtime = createRuntime({ sql: store.sql, eventLog: store.eventLog });
    const { version } = await runtime.rebuild('usage_rollup');
    const sessionsTable = `usage_sessions_v${version}`;
    const count = async (query: string, params: unknown[] = []) =>
      Number((await store.sql.query<{ n: string | number }>(query, params)).rows[0]?.n ?? 0);
    return {
      rollupLoad: await count(
        `SELECT coalesce(sum(events), 0) AS n FROM ${sessionsTable} WHERE session_id = $1`,
        [session],
      ),
      rollupBurst: await count(
        `SELECT coalesce(sum(events), 0) AS n FROM ${sessionsTable} WHERE session_id = ANY($1::text[])`,
        [burstSessions],
      ),
      rollupTotal: await count(`SELECT coalesce(sum(count), 0) AS n FROM usage_daily_v${version}`),
      logTotal: await count("SELECT count(*) AS n FROM events WHERE stream_id LIKE 'usage:%'"),
    };
  } finally {
    await store.close();
  }
}

export async function run(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    process.stdout.write('\ntracking: skipped (set DATABASE_URL to a Postgres server)\n');
    return;
  }
  process.stdout.write(
    `\n  autocannon: ${CONNECTIONS} connections, no pipelining, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per target; ${loadAverage()}\n`,
  );
  const helloBefore = await measureHello();
  const grouped = await measure(databaseUrl, { name: 'group commit', oneWritePerCall: false });
  const single = await measure(databaseUrl, { name: 'one write per call', oneWritePerCall: true });
  const helloAfter = await measureHello();
  // The hello-world runs before and after, and the peer is their mean, so a quieter or busier
  // stretch of the machine does not land on one side of the ratio only.
  const mean = (a: number, b: number) => (a + b) / 2;
  const hello: Rate = {
    perSecond: mean(helloBefore.perSecond, helloAfter.perSecond),
    serverUsPerCall: mean(helloBefore.serverUsPerCall, helloAfter.serverUsPerCall),
    clientUsPerCall: mean(helloBefore.clientUsPerCall, helloAfter.clientUsPerCall),
    serverBusy: mean(helloBefore.serverBusy, helloAfter.serverBusy),
    clientBusy: mean(helloBefore.clientBusy, helloAfter.clientBusy),
    p50: mean(helloBefore.p50, helloAfter.p50),
    p99: mean(helloBefore.p99, helloAfter.p99),
  };
  const rateRow = (name: string, m: Rate & { postgresUsPerCall?: number }): TableRow => ({
    target: name,
    'calls/s': Math.round(m.perSecond),
    'p50 ms': m.p50,
    'p99 ms': m.p99,
    'server µs/call': Math.round(m.serverUsPerCall),
    'its Postgres backends µs/call':
      m.postgresUsPerCall === undefined || Number.isNaN(m.postgresUsPerCall)
        ? '-'
        : Math.round(m.postgresUsPerCall),
    'autocannon µs/call': Math.round(m.clientUsPerCall),
    'server busy': `${Math.round(m.serverBusy * 100)}%`,
    'autocannon busy': `${Math.round(m.clientBusy * 100)}%`,
  });
  printTable('Tracking calls accepted over HTTP, one API process, Postgres server', [
    rateRow('group commit', grouped),
    rateRow('one log write per call (peer)', single),
    rateRow('Fastify hello-world, same request (peer, mean of before and after)', hello),
  ]);
  const storedRow = (name: string, m: Measured): TableRow => ({
    variant: name,
    'measured: accepted': m.accepted,
    stored: m.stored,
    'burst: accepted': m.burstAccepted,
    'burst stored': m.burstStored,
    'rebuilt rollup: measured': m.rollupLoad,
    'rollup: burst': m.rollupBurst,
    'rollup: all events': m.rollupTotal,
    'events in the log': m.logTotal,
    'all equal': verdict(exact(m)),
  });
  printTable('Accepted = stored = counted by the rebuilt usage rollup', [
    storedRow('group commit', grouped),
    storedRow('one log write per call', single),
  ]);
  // Other jobs on the machine shift every figure (Postgres round trips wait for a CPU too).
  process.stdout.write(`\n  after the run: ${loadAverage()}\n`);
  printTable('Tracking verdict', [
    {
      'group commit vs one write per call': formatRatio(grouped.perSecond, single.perSecond),
      'group commit vs hello-world': formatRatio(grouped.perSecond, hello.perSecond),
      target: `>= ${TARGET_PER_SECOND}/s`,
      'meets target': verdict(grouped.perSecond >= TARGET_PER_SECOND),
      'hello-world reaches target': verdict(hello.perSecond >= TARGET_PER_SECOND),
      'accepted = stored = rollup': verdict(exact(grouped) && exact(single)),
    },
  ]);
}

function loadAverage(): string {
  const [one, five] = os.loadavg();
  return `load average ${one!.toFixed(1)} (1 min), ${five!.toFixed(1)} (5 min) on ${os.cpus().length} cores`;
}

function exact(m: Measured): boolean {
  return (
    m.accepted === m.stored &&
    m.burstAccepted === m.burstStored &&
    m.rollupLoad === m.accepted &&
    m.rollupBurst === m.burstAccepted &&
    m.rollupTotal === m.logTotal
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
