/**
 * Replica start: how long a fresh server process (`npm start`'s `node scripts/start.mjs`) takes
 * from spawn to its first answered `POST /api/perfumes/filter` on the real catalogue when it loads
 * the binary index snapshot. Target: ≤ 2 s on an idle machine, for a replica of a scale-out
 * deployment (the log on a Postgres server). Also prints the server's CPU time until then (the
 * steadier figure on a shared machine), the snapshot load time it logs and its resident memory.
 *
 * Postgres server (when `DATABASE_URL` is set): the seed's log is copied into a schema of the
 * bench's own (dropped at the end), a first process on it builds its index from the whole log and
 * writes the binary snapshot as it stops, then fresh processes start from that snapshot. One more
 * start builds the index from the log again (the other read models are caught up by then): its
 * rate beside `@orama/orama` inserting the same perfumes in this process, in the same run, with
 * the CPU time it took: the server's (all threads, and its main thread) and that of the Postgres
 * backends serving it.
 *
 * Embedded (PGlite in the data dir): starts from the binary snapshot; with `REPLICA_START_ALL=1`
 * also the previous JSON snapshot (every document inserted again) and a build from the whole log
 * (minutes: PGlite reads every event back).
 *
 * The data directory: `BENCH_DATA_DIR` when set, else the e2e seed (`.tmp/e2e-seed`) when present,
 * else a first start imports the shipped catalogue into a temporary one (minutes). Every start runs
 * on its own copy of it. A data dir imported before catalogued perfumes were stored compact (schema
 * version 2) holds version 1 payloads and builds from those; the bench prints which it holds.
 *
 *   DATABASE_URL=postgres://... npm run bench -- replica-start
 *   REPLICA_START_RUNS=5   starts from the binary snapshot (median reported; default 3)
 *   BENCH_TIMEOUT_S=900    the embedded build from the log reads every event back from PGlite
 *   BENCH_CPU_PROF_DIR=dir  each server started writes a CPU profile there as it stops
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { create, insertMultiple } from '@orama/orama';
import { type EventLog, openStore, type Store } from '@scentinel/platform';
import {
  InProcessSearchIndex,
  loadCatalogueReferenceData,
  type PerfumeDocument,
  readSnapshotFile,
} from '@scentinel/platform/search';
import {
  CATALOGUE_BATCH_SIZE,
  CATALOGUE_EVENT_TYPES,
  CATALOGUE_PROJECTION_VERSION,
  createCatalogueProjection,
  INDEX_SNAPSHOT_FILE,
  JSON_SNAPSHOT_FILE,
  loadCatalogueIndexSnapshot,
  saveCatalogueSnapshot,
} from '@scentinel/projections';
import { SEED_DIR, SEED_READY } from '../../e2e/support/seed.ts';
import { freePort, ROOT, spawnCollecting } from '../../e2e/support/server.ts';
import { serverBundle } from '../server-bundle.mjs';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';
import { log } from './lib/app-server.ts';
import { cpuSecondsOf, postgresBackendsOf } from './lib/pg-backends.ts';
import { processCpuSeconds } from './lib/proc-cpu.ts';
import { formatRatio, formatTable, median, type TableRow, verdict } from './lib/report.ts';

const TARGET_MS = 2_000;
const ORAMA_TARGET_RATIO = 2;

interface Start {
  /** Spawn → first 200 from the filter call. */
  firstAnswerMs: number;
  /** CPU time the server used until then (all its threads): what the start costs whatever the load. */
  cpuMs: number;
  /** The part of it on the server's main thread (JavaScript; garbage collection helpers and I/O are on others). */
  mainThreadCpuMs: number;
  /** CPU time of the Postgres backends serving the server's connections until then (Postgres server only). */
  postgresCpuMs: number | null;
  /** What the server logged for loading its index (`catalogue snapshot restored`), if it did. */
  restoreMs: number | null;
  /** What it logged when its projections had caught up with the log: time since they started, and the head. */
  caughtUp: { ms: number; position: number } | null;
  /** Milliseconds after spawn of each line the server logged before its first answer. */
  timeline: string[];
  rssMb: number;
  perfumes: number;
}

interface Database {
  url: string;
  schema: string;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds (user + system) one thread of a process has used so far, from /proc (Linux; the main thread's id is the pid). */
function threadCpuSeconds(pid: number, tid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

type LogLine = { msg?: string; time?: number; ms?: unknown; position?: number };

function logLines(out: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const line of out.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(line) as LogLine);
    } catch {
      // Not a log line.
    }
  }
  return lines;
}

/**
 * Starts the server as `npm start` does on `dataDir` (and the Postgres schema when given), times
 * its first filter answer, stops it (SIGTERM: it saves its snapshot on close).
 */
async function timedStart(dataDir: string, timeoutMs: number, database?: Database): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SKIP_WEB_BUILD: '1',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  delete env.REDIS_URL;
  delete env.KAFKA_BROKERS;
  delete env.ELASTICSEARCH_URL;
  if (database) {
    env.DATABASE_URL = database.url;
    env.DATABASE_SCHEMA = database.schema;
  }
  // Built beforehand when a source changed (by someone else meanwhile, say), so no timed start builds it.
  await serverBundle();
  const spawnedAt = Date.now();
  const started = performance.now();
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const run = spawnCollecting([...profile, ...SERVER_NODE_FLAGS, 'scripts/start.mjs'], env);
  const { child } = run;
  try {
    const deadline = started + timeoutMs;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the server exited with ${child.exitCode}:\n${run.output().slice(-3000)}`);
      if (performance.now() > deadline) throw new Error(`no answer within ${timeoutMs / 1000} s`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/perfumes/filter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ limit: 20 }),
        });
        if (res.ok) {
          const body = (await res.json()) as { total?: number };
          const firstAnswerMs = performance.now() - started;
          const cpuMs = processCpuSeconds(child.pid!) * 1000;
          const mainThreadCpuMs = threadCpuSeconds(child.pid!, child.pid!) * 1000;
          const postgresCpuMs = database ? cpuSecondsOf(postgresBackendsOf(child.pid!)) * 1000 : null;
          const lines = logLines(run.output());
          const restored = lines.find((l) => l.msg === 'catalogue snapshot restored');
          const caughtUp = lines.find((l) => l.msg === 'projections caught up');
          return {
            firstAnswerMs,
            cpuMs,
            mainThreadCpuMs,
            postgresCpuMs,
            restoreMs: typeof restored?.ms === 'number' ? restored.ms : null,
            caughtUp: caughtUp ? { ms: caughtUp.ms as number, position: caughtUp.position ?? 0 } : null,
            timeline: lines
              .filter(
                (l) => l.time !== undefined && l.msg !== 'incoming request' && l.msg !== 'request completed',
              )
              .map((l) => `${l.time! - spawnedAt} ms ${l.msg}`),
            rssMb: rssMb(child.pid!),
            perfumes: body.total ?? 0,
          };
        }
      } catch {
        // Not listening yet.
      }
      await sleep(10);
    }
  } finally {
    await run.stop(120_000);
  }
}

/** A data directory with the catalogue imported and a binary snapshot in it. */
async function baseDataDir(tmp: string): Promise<string> {
  const given = process.env.BENCH_DATA_DIR;
  const source = given ? path.resolve(given) : existsSync(SEED_READY) ? SEED_DIR : null;
  const base = path.join(tmp, 'base');
  if (source) {
    log(`data: a copy of ${source}`);
    cpSync(source, base, { recursive: true, filter: (src) => path.basename(src) !== '.ready' });
  } else {
    log('data: importing the shipped catalogue with a first start (minutes)...');
  }
  // A first start: it writes the binary snapshot on close unless it loaded one (it imports the
  // catalogue into an empty data dir, or builds from the log when the snapshot is of an older format).
  const first = await timedStart(base, 900_000);
  if (first.restoreMs === null) log('the data dir had no usable binary snapshot: the first start wrote one');
  if (!existsSync(path.join(base, 'snapshots', INDEX_SNAPSHOT_FILE))) {
    throw new Error('the first start wrote no binary index snapshot');
  }
  return base;
}

/** The log at the binary snapshot's position, as far as loading it asks (the id of that event). */
async function snapshotIndex(file: string) {
  const header = (await readSnapshotFile(file)).header as unknown as {
    position: number;
    eventId: string | null;
  };
  const eventLog = {
    readAll: async () => [{ position: header.position, id: header.eventId }],
  } as unknown as EventLog;
  const reference = await loadCatalogueReferenceData(path.join(ROOT, 'data'));
  const loaded = await loadCatalogueIndexSnapshot(file, eventLog, CATALOGUE_PROJECTION_VERSION, reference);
  if (!loaded.restored) throw new Error(`the binary snapshot did not load: ${loaded.reason}`);
  return { index: loaded.index, eventLog, position: header.position };
}

/** The previous format's snapshot of the same index at the same position, made from the binary one. */
async function writeJsonSnapshot(base: string, target: string): Promise<void> {
  const { index, eventLog, position } = await snapshotIndex(
    path.join(base, 'snapshots', INDEX_SNAPSHOT_FILE),
  );
  await saveCatalogueSnapshot(target, index, eventLog, position, CATALOGUE_PROJECTION_VERSION);
}

function copyOf(base: string, tmp: string, name: string): string {
  const dir = path.join(tmp, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(base, dir, { recursive: true });
  return dir;
}

const COLUMNS = 'position, id, stream_id, version, type, schema_version, data, metadata, recorded_at';

/** Copies the events (same positions and ids) and claimed unique keys of the embedded log in `dataDir` into `to`. */
async function copyLog(dataDir: string, to: Store): Promise<number> {
  const from = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' });
  try {
    let after = 0;
    for (;;) {
      const { rows } = await from.sql.query<Record<string, unknown>>(
        `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT 5000`,
        [after],
      );
      if (rows.length === 0) break;
      const column = (name: string, json = false) =>
        rows.map((r) => (json ? JSON.stringify(r[name]) : r[name]));
      await to.sql.query(
        `INSERT INTO events (${COLUMNS}) OVERRIDING SYSTEM VALUE
         SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::int[],
                              $7::jsonb[], $8::jsonb[], $9::timestamptz[])`,
        [
          column('position'),
          column('id'),
          column('stream_id'),
          column('version'),
          column('type'),
          column('schema_version'),
          column('data', true),
          column('metadata', true),
          column('recorded_at'),
        ],
      );
      after = rows.at(-1)!.position as number;
    }
    const keys = await from.sql.query<{ key: string; stream_id: string }>(
      'SELECT key, stream_id FROM event_unique_keys',
    );
    await to.sql.query(
      'INSERT INTO event_unique_keys (key, stream_id) SELECT * FROM unnest($1::text[], $2::text[])',
      [keys.rows.map((k) => k.key), keys.rows.map((k) => k.stream_id)],
    );
    await to.sql.query(
      `SELECT setval(pg_get_serial_sequence('events', 'position'), (SELECT max(position) FROM events))`,
    );
    return after;
  } finally {
    await from.close();
  }
}

/**
 * How many `PerfumeCatalogued` events of each schema version the log holds (`v2 102702`): a data dir
 * imported before version 2 holds version 1 payloads (links as objects), read as they are.
 */
async function cataloguedPayloads(store: Store): Promise<string> {
  const { rows } = await store.sql.query<{ schema_version: number; n: string }>(
    `SELECT schema_version, count(*) AS n FROM events WHERE type = 'PerfumeCatalogued' GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => `v${r.schema_version} ${r.n}`).join(', ') || 'none';
}

/** `@orama/orama` indexing the catalogue's perfumes with the fields our index searches and filters on; perfumes/s. */
async function oramaInsertRate(documents: PerfumeDocument[]): Promise<number> {
  const orama = create({
    schema: {
      name: 'string',
      brand: 'string',
      perfumer: 'string',
      concentration: 'string',
      gender: 'string',
      year: 'number',
      accords: 'string[]',
      notes: 'string[]',
      chemicals: 'string[]',
    } as const,
  });
  const docs = documents.map(({ perfume: p }) => ({
    id: p.id,
    name: p.name,
    brand: p.brand,
    perfumer: p.perfumer ?? '',
    concentration: p.concentration ?? '',
    gender: p.gender ?? '',
    year: p.year_released ?? 0,
    accords: p.accords,
    notes: [...p.notes.top, ...p.notes.middle, ...p.notes.base, ...p.notes.unspecified],
    chemicals: p.chemicals.map((c) => c.chemical_id),
  }));
  const started = performance.now();
  await insertMultiple(orama, docs, 1000);
  return docs.length / ((performance.now() - started) / 1000);
}

/**
 * The catalogue projection building a fresh index in this process from the catalogue's events,
 * read from the log page by page as the server's projection reads them; only applying the pages is
 * timed (reading and decoding them is not): the index build alone, beside the server's end-to-end
 * figure. The pages are read one at a time, so the build runs on a heap of its own size.
 */
async function inProcessBuild(eventLog: EventLog) {
  const index = new InProcessSearchIndex(await loadCatalogueReferenceData(path.join(ROOT, 'data')));
  const projection = createCatalogueProjection(index);
  let readMs = 0;
  let buildMs = 0;
  let after = 0;
  for (;;) {
    const readStarted = performance.now();
    const batch = await eventLog.readAll({
      after,
      limit: CATALOGUE_BATCH_SIZE,
      dataTypes: CATALOGUE_EVENT_TYPES,
    });
    readMs += performance.now() - readStarted;
    if (batch.length === 0) break;
    const started = performance.now();
    await projection.applyAll(batch);
    buildMs += performance.now() - started;
    after = batch.at(-1)!.position;
  }
  const started = performance.now();
  index.warm();
  buildMs += performance.now() - started;
  let perfumes = 0;
  for (const _ of index.documents()) perfumes++;
  return { events: after, readMs, buildMs, perfumes };
}

type Row = (label: string, s: Start, firstAnswerMs?: number) => TableRow;

function rowsAgainst(best: Start): Row {
  return (label, s, firstAnswerMs = s.firstAnswerMs) => ({
    start: label,
    'answer total': s.perfumes,
    'first answer ms': Math.round(firstAnswerMs),
    'server CPU ms': Math.round(s.cpuMs),
    'index load ms': s.restoreMs === null ? '-' : s.restoreMs,
    'RSS MB': Math.round(s.rssMb),
    'vs binary': formatRatio(firstAnswerMs, best.firstAnswerMs),
    'CPU vs binary': formatRatio(s.cpuMs, best.cpuMs),
  });
}

/** The median start of `starts` (each figure its own median), with the timeline of the median run. */
function medianOf(starts: Start[]): Start {
  const firstAnswerMs = median(starts.map((s) => s.firstAnswerMs));
  const middle = starts.find((s) => s.firstAnswerMs === firstAnswerMs) ?? starts[0]!;
  return {
    ...middle,
    firstAnswerMs,
    restoreMs: median(starts.map((s) => s.restoreMs ?? Number.NaN)),
    cpuMs: median(starts.map((s) => s.cpuMs)),
    mainThreadCpuMs: median(starts.map((s) => s.mainThreadCpuMs)),
    rssMb: median(starts.map((s) => s.rssMb)),
  };
}

async function startsFrom(dir: () => string, runs: number, label: string, database?: Database) {
  const starts: Start[] = [];
  for (let i = 0; i < runs; i++) {
    starts.push(await timedStart(dir(), 300_000, database));
    const s = starts.at(-1)!;
    log(`${label} ${i + 1}/${runs}: ${s.firstAnswerMs.toFixed(0)} ms, CPU ${s.cpuMs.toFixed(0)} ms`);
  }
  return starts;
}

function report(title: string, rows: TableRow[], best: Start): void {
  process.stdout.write(`\n${title}\n\n${formatTable(rows)}\n`);
  process.stdout.write(
    `\nfirst answer from the binary snapshot ≤ ${TARGET_MS} ms: ${verdict(best.firstAnswerMs <= TARGET_MS)} (${Math.round(best.firstAnswerMs)} ms, server CPU ${Math.round(best.cpuMs)} ms; load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)\n`,
  );
  process.stdout.write(`timeline of the median start:\n${best.timeline.map((l) => `  ${l}`).join('\n')}\n`);
}

async function postgresStarts(base: string, tmp: string, url: string, runs: number): Promise<void> {
  const database: Database = { url, schema: `bench_replica_${process.pid}` };
  const store = await openStore({ dataDir: tmp, databaseUrl: url, databaseSchema: database.schema });
  try {
    const copyStarted = performance.now();
    const head = await copyLog(copyOf(base, tmp, 'log-source'), store);
    log(
      `log copied into schema ${database.schema}: ${head} events in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s`,
    );
    rmSync(path.join(tmp, 'log-source'), { recursive: true, force: true });
    const payloads = await cataloguedPayloads(store);
    log(`catalogued perfumes by payload schema version: ${payloads}`);

    // The first process builds the index and every read model from the log, and writes the snapshot as it stops.
    const shared = path.join(tmp, 'pg-shared');
    mkdirSync(shared);
    const writer = await timedStart(shared, 900_000, database);
    log(`first process (everything from the log): ${writer.firstAnswerMs.toFixed(0)} ms`);
    if (!existsSync(path.join(shared, 'snapshots', INDEX_SNAPSHOT_FILE))) {
      throw new Error('the first process wrote no binary index snapshot');
    }
    const binary = await startsFrom(
      () => copyOf(shared, tmp, 'pg-replica'),
      runs,
      'Postgres: binary snapshot start',
      database,
    );
    const rebuildDir = path.join(tmp, 'pg-rebuild');
    rmSync(rebuildDir, { recursive: true, force: true });
    mkdirSync(rebuildDir);
    const rebuild = await timedStart(rebuildDir, 900_000, database);
    log(`Postgres: index built from the log: ${rebuild.firstAnswerMs.toFixed(0)} ms`);

    const best = medianOf(binary);
    const row = rowsAgainst(best);
    report(
      `Postgres server (log of ${head} events in schema ${database.schema})`,
      [
        row(`binary snapshot (median of ${runs})`, best),
        row('index built from the log', rebuild),
        row('first process (index and read models from the log)', writer),
      ],
      best,
    );

    const built = rebuild.caughtUp;
    const { index } = await snapshotIndex(path.join(shared, 'snapshots', INDEX_SNAPSHOT_FILE));
    const documents = [...index.documents()];
    const oramaRate = await oramaInsertRate(documents);
    const alone = await inProcessBuild(store.eventLog);
    const fmtRate = (r: number) => Math.round(r).toLocaleString('en');
    if (built && built.ms > 0) {
      const rate = built.position / (built.ms / 1000);
      process.stdout.write(
        `\nfull build from the Postgres log (end to end, the target): ${fmtRate(rate)} events/s (${built.position} events in ${built.ms} ms from the runtime's start to caught up, reading and decoding the log included; server CPU of that start ${(rebuild.cpuMs / 1000).toFixed(2)} s, ${(rebuild.mainThreadCpuMs / 1000).toFixed(2)} s of it on the main thread; Postgres backends ${rebuild.postgresCpuMs === null ? '-' : `${(rebuild.postgresCpuMs / 1000).toFixed(2)} s`}); @orama/orama inserting the same ${documents.length} perfumes (already in memory, in this process): ${fmtRate(oramaRate)} perfumes/s; ${formatRatio(rate, oramaRate)} (≥ ${ORAMA_TARGET_RATIO}x: ${verdict(rate >= ORAMA_TARGET_RATIO * oramaRate)}; load ${os.loadavg()[0]!.toFixed(1)}; perfume payloads: ${payloads})\n`,
      );
    }
    const aloneRate = alone.events / (alone.buildMs / 1000);
    process.stdout.write(
      `for comparison, not the target: the catalogue projection in this process building a fresh index from the same events, read from the log page by page (reading and decoding, ${(alone.readMs / 1000).toFixed(2)} s, not timed), applying only: ${fmtRate(aloneRate)} events/s (${alone.events} events, ${alone.perfumes} perfumes, in ${Math.round(alone.buildMs)} ms); ${formatRatio(aloneRate, oramaRate)} @orama/orama's rate\n`,
    );
    if (alone.perfumes !== documents.length) {
      throw new Error(
        `the in-process build holds ${alone.perfumes} perfumes, the snapshot of the server's build ${documents.length}`,
      );
    }
  } finally {
    await store.sql.exec(`DROP SCHEMA IF EXISTS "${database.schema}" CASCADE`).catch(() => {});
    await store.close();
  }
}

export async function run(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'scentinel-replica-start-'));
  try {
    const base = await baseDataDir(tmp);
    const runs = Math.max(1, Number(process.env.REPLICA_START_RUNS ?? 3));

    const url = process.env.DATABASE_URL;
    if (url) await postgresStarts(base, tmp, url, runs);
    else log('DATABASE_URL not set: the Postgres server starts are skipped');

    const binary = await startsFrom(
      () => copyOf(base, tmp, 'binary'),
      runs,
      'embedded: binary snapshot start',
    );
    const best = medianOf(binary);
    const row = rowsAgainst(best);
    const rows = [row(`binary snapshot (median of ${runs})`, best)];
    if (process.env.REPLICA_START_ALL === '1') {
      const jsonDir = copyOf(base, tmp, 'json');
      rmSync(path.join(jsonDir, 'snapshots', INDEX_SNAPSHOT_FILE));
      await writeJsonSnapshot(base, path.join(jsonDir, 'snapshots', JSON_SNAPSHOT_FILE));
      const json = await timedStart(jsonDir, 600_000);
      log(`embedded: previous JSON snapshot start: ${json.firstAnswerMs.toFixed(0)} ms`);
      const rebuildDir = copyOf(base, tmp, 'rebuild');
      rmSync(path.join(rebuildDir, 'snapshots'), { recursive: true, force: true });
      const rebuild = await timedStart(rebuildDir, 900_000);
      log(`embedded: full rebuild from the log start: ${rebuild.firstAnswerMs.toFixed(0)} ms`);
      rows.push(row('previous JSON snapshot', json), row('full rebuild from the log', rebuild));
    }
    report('Embedded (PGlite in the data dir)', rows, best);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
