/**
 * Event log bench: the Postgres event log adapter against plain SQL on the
 * same server, in the same run.
 *
 * - append latency, one event and a 100-event batch, vs a plain INSERT of the same rows into a table
 *   with the same columns and no checks (target: <= 1.5x);
 * - read-all + decode throughput vs a plain SELECT of the same rows (target: >= 300k events/s).
 *
 * Run alone: `npx tsx scripts/bench/event-log.bench.ts` (DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/test; a fresh schema that is dropped afterwards).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  createPgClient,
  dropSchema,
  type NewEvent,
  PostgresEventLog,
  type SqlClient,
  uniqueSchemaName,
} from '@scentinel/platform';

const DEFAULT_URL = 'postgres://root@127.0.0.1:5432/test';
const APPEND_RATIO_TARGET = 1.5;
const READ_TARGET_PER_S = 300_000;
const READ_EVENTS = 60_000;
const READ_PAGE = 10_000;

const PLAIN_TABLE = `CREATE TABLE plain_events (
  position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id uuid NOT NULL,
  stream_id text NOT NULL,
  version integer NOT NULL,
  type text NOT NULL,
  schema_version integer NOT NULL DEFAULT 1,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id()
)`;
const PLAIN_INSERT_ONE = `INSERT INTO plain_events (id, stream_id, version, type, schema_version, data, metadata)
  VALUES ($1, $2, $3, $4, $5, $6, $7)`;
const PLAIN_INSERT_MANY = `INSERT INTO plain_events (id, stream_id, version, type, schema_version, data, metadata)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[])`;
const PLAIN_SELECT = `SELECT position, id, stream_id, version, type, schema_version, data, metadata, recorded_at
  FROM events WHERE position > $1 ORDER BY position LIMIT $2`;

interface Row {
  measure: string;
  adapter: string;
  plain: string;
  ratio: string;
  target: string;
  ok: string;
}

export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL ?? DEFAULT_URL;
  const client = await createPgClient(url, { schema: uniqueSchemaName('bench_event_log'), max: 2 });
  const log = await PostgresEventLog.create(client);
  try {
    await client.exec(PLAIN_TABLE);
    const rows: Row[] = [];
    rows.push(await benchAppends('append 1 event', client, log, 1, { warmup: 30, max: 600, budgetMs: 8000 }));
    rows.push(
      await benchAppends('append 100 events', client, log, 100, { warmup: 10, max: 150, budgetMs: 12_000 }),
    );
    await seed(log, READ_EVENTS);
    rows.push(await benchReadAll(client, log));
    console.log(`\nEvent log (Postgres server, schema ${client.schema})`);
    console.table(rows);
  } finally {
    await log.close();
    await dropSchema(client);
    await client.close();
  }
}

async function benchAppends(
  measure: string,
  client: SqlClient,
  log: PostgresEventLog,
  batch: number,
  limits: { warmup: number; max: number; budgetMs: number },
): Promise<Row> {
  const streams = Array.from({ length: 20 }, () => ({ id: `chemical:${randomUUID()}`, version: 0 }));
  const adapterMs: number[] = [];
  const plainMs: number[] = [];
  const started = performance.now();
  for (let i = 0; i < limits.warmup + limits.max; i++) {
    if (i >= limits.warmup && performance.now() - started > limits.budgetMs) break;
    const stream = streams[i % streams.length]!;
    const events = Array.from({ length: batch }, () => sampleEvent());
    const plainEvents = Array.from({ length: batch }, () => sampleEvent());
    // Alternate which goes first so neither always runs on a warmer cache.
    const runAdapter = async () => {
      const t = performance.now();
      const r = await log.append(stream.id, events, stream.version);
      stream.version = r.nextExpectedVersion;
      return performance.now() - t;
    };
    const runPlain = async () => {
      const t = performance.now();
      await plainInsert(client, `plain:${stream.id}`, plainEvents);
      return performance.now() - t;
    };
    let a: number;
    let p: number;
    if (i % 2 === 0) {
      a = await runAdapter();
      p = await runPlain();
    } else {
      p = await runPlain();
      a = await runAdapter();
    }
    if (i >= limits.warmup) {
      adapterMs.push(a);
      plainMs.push(p);
    }
  }
  const adapter = median(adapterMs);
  const plain = median(plainMs);
  const ratio = adapter / plain;
  return {
    measure: `${measure} (median of ${adapterMs.length}; p95 ${percentile(adapterMs, 0.95).toFixed(3)} vs ${percentile(plainMs, 0.95).toFixed(3)} ms)`,
    adapter: `${adapter.toFixed(3)} ms`,
    plain: `${plain.toFixed(3)} ms`,
    ratio: `${ratio.toFixed(2)}x`,
    target: `<= ${APPEND_RATIO_TARGET}x`,
    ok: ratio <= APPEND_RATIO_TARGET ? 'yes' : 'NO',
  };
}

let plainVersion = 0;
async function plainInsert(client: SqlClient, streamId: string, events: NewEvent[]): Promise<void> {
  if (events.length === 1) {
    const e = events[0]!;
    await client.query(PLAIN_INSERT_ONE, [
      e.id,
      streamId,
      ++plainVersion,
      e.type,
      1,
      JSON.stringify(e.data),
      JSON.stringify(e.metadata),
    ]);
    return;
  }
  await client.query(PLAIN_INSERT_MANY, [
    events.map((e) => e.id),
    events.map(() => streamId),
    events.map(() => ++plainVersion),
    events.map((e) => e.type),
    events.map(() => 1),
    events.map((e) => JSON.stringify(e.data)),
    events.map((e) => JSON.stringify(e.metadata)),
  ]);
}

/** Tops the log up to `total` events with 1000-event appends. */
async function seed(log: PostgresEventLog, total: number): Promise<void> {
  let have = await countEvents(log);
  let n = 0;
  while (have < total) {
    const size = Math.min(1000, total - have);
    await log.append(`usage:seed-${n++}`, Array.from({ length: size }, sampleEvent), 0);
    have += size;
  }
}

async function countEvents(log: PostgresEventLog): Promise<number> {
  let count = 0;
  let after = 0;
  for (;;) {
    const page = await log.readAll({ after, limit: READ_PAGE });
    if (page.length === 0) return count;
    count += page.length;
    after = page.at(-1)!.position;
  }
}

async function benchReadAll(client: SqlClient, log: PostgresEventLog): Promise<Row> {
  const adapterRuns: number[] = [];
  const plainRuns: number[] = [];
  let total = 0;
  for (let round = 0; round < 4; round++) {
    // Round 0 is warmup.
    let t = performance.now();
    let count = 0;
    let after = 0;
    for (;;) {
      const page = await log.readAll({ after, limit: READ_PAGE });
      if (page.length === 0) break;
      count += page.length;
      after = page.at(-1)!.position;
    }
    const adapterS = (performance.now() - t) / 1000;
    total = count;

    t = performance.now();
    let plainCount = 0;
    let cursor = 0;
    for (;;) {
      const { rows } = await client.query<{ position: number }>(PLAIN_SELECT, [cursor, READ_PAGE]);
      if (rows.length === 0) break;
      plainCount += rows.length;
      cursor = rows.at(-1)!.position;
    }
    const plainS = (performance.now() - t) / 1000;
    if (round > 0) {
      adapterRuns.push(count / adapterS);
      plainRuns.push(plainCount / plainS);
    }
  }
  const adapter = median(adapterRuns);
  const plain = median(plainRuns);
  return {
    measure: `read all + decode ${total} events (median of ${adapterRuns.length} runs)`,
    adapter: `${Math.round(adapter).toLocaleString('en')} ev/s`,
    plain: `${Math.round(plain).toLocaleString('en')} ev/s`,
    ratio: `${(adapter / plain).toFixed(2)}x`,
    target: `>= ${READ_TARGET_PER_S.toLocaleString('en')} ev/s`,
    ok: adapter >= READ_TARGET_PER_S ? 'yes' : 'NO',
  };
}

/** A realistic event: a chemical edit with a few fields, and the usual metadata. */
function sampleEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: 'ChemicalEdited',
    data: {
      chemicalId: 4711,
      name: 'Hydroxycitronellal',
      casNumber: '107-75-5',
      allergen: true,
      concentration: { leaveOn: 0.001, rinseOff: 0.01 },
      notes: 'Restricted under IFRA 51; declare above threshold on the label.',
      synonyms: ['Laurine', 'Citronellal hydrate'],
    },
    metadata: {
      actorId: randomUUID(),
      actorRole: 'admin',
      requestId: randomUUID(),
      occurredAt: new Date().toISOString(),
    },
  };
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
