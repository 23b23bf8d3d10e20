/**
 * Write → visible in search: how long after an append returns does the in-process catalogue
 * index (fed live by its projection through the projector runtime) answer with the change?
 * Target: p99 ≤ 100 ms. Peer, measured in the same run: the append's own latency.
 *
 * Runs on PGlite (the embedded default), on the Postgres server (DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/test) in a fresh schema, and on the Postgres server with the
 * projector fed through Kafka (the Kafka test broker, librdkafka's mock cluster).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Actor, chemicals, perfumes } from '@scentinel/domain';
import {
  createPgClient,
  createPgliteClient,
  dropSchema,
  type EventLog,
  PostgresEventLog,
  type SqlClient,
  uniqueSchemaName,
} from '@scentinel/platform';
import { startKafkaFanOut } from '@scentinel/platform/event-bus';
import { startKafkaTestBroker } from '@scentinel/platform/event-bus/testing';
import { catalogueFixtures, InProcessSearchIndex } from '@scentinel/platform/search';
import { createCatalogueProjection, ProjectionRuntime } from '@scentinel/projections';
import { formatRatio, formatTable, percentile, verdict } from './lib/report.ts';

const PERFUMES = 5_000;
const WRITES = 200;
const TARGET_P99_MS = 100;

const admin: Actor = { kind: 'account', id: 'bench-admin', role: 'admin', status: 'active' };
const meta = () => ({
  actorId: admin.id,
  actorRole: 'admin',
  requestId: null,
  occurredAt: new Date().toISOString(),
});

/** How the projector runtime gets its events: straight from the log, or through Kafka. */
interface FanOut {
  eventLog: EventLog;
  /** Resolves once the live tail is ready (Kafka: its consumer joined). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

async function measure(
  label: string,
  sql: SqlClient,
  fanOut?: (log: PostgresEventLog) => Promise<FanOut>,
): Promise<Record<string, string | number>> {
  const log = await PostgresEventLog.create(sql);
  const known = catalogueFixtures.fixtureChemicals();
  const docs = catalogueFixtures.generateCatalogue(7, PERFUMES);
  // Seed the log: chemicals, then perfumes, through the domain's own import commands.
  const system: Actor = { kind: 'system', id: 'bench' };
  const now = new Date().toISOString();
  const seed = [
    ...known.map((c) => ({
      streamId: `chemical:${c.id}`,
      events: chemicals.decide({ type: 'ImportChemical', data: { chemical: c } }, chemicals.initialState, {
        now,
        actor: system,
      }),
    })),
    ...docs.map((d) => ({
      streamId: `perfume:${d.perfume.id}`,
      events: perfumes.decide(
        { type: 'CataloguePerfume', data: { perfume: d.perfume } },
        perfumes.initialState,
        {
          now,
          actor: system,
        },
      ),
    })),
  ];
  for (let i = 0; i < seed.length; i += 1000) {
    await log.appendMany(
      seed.slice(i, i + 1000).map((s) => ({
        streamId: s.streamId,
        expectedVersion: 0,
        events: s.events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta() })),
      })),
    );
  }

  const index = new InProcessSearchIndex({
    regions: catalogueFixtures.fixtureRegions,
    notes: catalogueFixtures.fixtureNotes,
  });
  const tails = await fanOut?.(log);
  const runtime = new ProjectionRuntime({
    sql,
    eventLog: tails?.eventLog ?? log,
    projections: [createCatalogueProjection(index)],
  });
  await runtime.start();
  await runtime.waitForPosition(await log.headPosition(), 120_000);
  await tails?.ready();

  const knownByName = Object.fromEntries(known.map((c) => [c.id, { name: c.name }]));
  const appendMs: number[] = [];
  const visibleMs: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const doc = docs[(i * 37) % docs.length]!;
    const chemical = known[i % known.length]!;
    const streamId = `perfume:${doc.perfume.id}`;
    const history = await log.readStream(streamId);
    const state = history.reduce(
      (s, e) => perfumes.evolve(s, { type: e.type, data: e.data } as perfumes.PerfumeEvent),
      perfumes.initialState,
    );
    const events = perfumes.decide(
      {
        type: 'AssignChemicals',
        data: {
          perfume_id: doc.perfume.id,
          assignment_type: 'replace',
          chemicals: [{ chemical_id: chemical.id }],
        },
      },
      state,
      { now: new Date().toISOString(), actor: admin, knownChemicals: knownByName },
    );
    if (events.length === 0) continue;
    const t0 = performance.now();
    await log.append(
      streamId,
      events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta() })),
      history.length,
    );
    const t1 = performance.now();
    // Visible: the index's card for this perfume now declares exactly that chemical.
    for (;;) {
      const card = index.getPerfume(doc.perfume.id);
      if (card?.declared.length === 1 && card.declared[0]?.chemical_id === chemical.id) break;
      await new Promise((r) => setImmediate(r));
    }
    const t2 = performance.now();
    appendMs.push(t1 - t0);
    visibleMs.push(t2 - t0);
  }
  await runtime.stop();
  await tails?.close();
  await log.close();

  const p99 = percentile(visibleMs, 0.99);
  return {
    store: label,
    writes: visibleMs.length,
    'append p50 ms': percentile(appendMs, 0.5).toFixed(2),
    'visible p50 ms': percentile(visibleMs, 0.5).toFixed(2),
    'visible p99 ms': p99.toFixed(2),
    'p99 / append p99': formatRatio(p99, percentile(appendMs, 0.99)),
    [`p99 ≤ ${TARGET_P99_MS} ms`]: verdict(p99 <= TARGET_P99_MS),
  };
}

export async function run(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const lite = await createPgliteClient('memory://');
  try {
    rows.push(await measure('PGlite', lite));
  } finally {
    await lite.close();
  }
  const url = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const schema = uniqueSchemaName('bench_visibility');
  const pg = await createPgClient(url, { schema });
  try {
    rows.push(await measure('Postgres server', pg));
  } finally {
    await dropSchema(pg);
    await pg.close();
  }
  // Scale-out: the runtime tails Kafka (librdkafka's mock cluster), fed by the outbox relay.
  const broker = await startKafkaTestBroker(1, ['bench.events:6']);
  const kafkaSchema = uniqueSchemaName('bench_visibility_kafka');
  const pgKafka = await createPgClient(url, { schema: kafkaSchema });
  try {
    rows.push(
      await measure('Postgres server + Kafka', pgKafka, async (log) => {
        const fanOut = await startKafkaFanOut({
          brokers: broker.brokers,
          topic: 'bench.events',
          idempotent: false,
          sql: pgKafka,
          eventLog: log,
        });
        return {
          eventLog: fanOut.eventLog,
          ready: async () => {
            while (fanOut.health().tails.joined < 1) await new Promise((r) => setTimeout(r, 50));
          },
          close: () => fanOut.close(),
        };
      }),
    );
  } finally {
    await dropSchema(pgKafka);
    await pgKafka.close();
    await broker.stop();
  }
  console.log(
    `\nWrite → visible in search (${PERFUMES} perfumes, ${WRITES} assignments, live projector runtime;` +
      ' with Kafka: append → relay → topic → tail → index)',
  );
  console.log(formatTable(rows));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
