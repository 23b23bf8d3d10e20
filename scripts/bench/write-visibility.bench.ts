/**
 * Write → visible in search: how long after an append returns does the in-process catalogue
 * index (fed live by its projection through the projector runtime) answer with the change?
 * Target: p99 ≤ 100 ms. Peer, measured in the same run: the append's own latency.
 *
 * Runs on PGlite (the embedded default) and, when DATABASE_URL is set (default
 * postgres://root@127.0.0.1:5432/test), on the Postgres server in a fresh schema.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Actor, chemicals, perfumes } from '@scentinel/domain';
import {
  createPgClient,
  createPgliteClient,
  dropSchema,
  PostgresEventLog,
  type SqlClient,
  uniqueSchemaName,
} from '@scentinel/platform';
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

async function measure(label: string, sql: SqlClient): Promise<Record<string, string | number>> {
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
  const runtime = new ProjectionRuntime({
    sql,
    eventLog: log,
    projections: [createCatalogueProjection(index)],
  });
  await runtime.start();
  await runtime.waitForPosition(await log.headPosition(), 120_000);

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
  console.log(
    `\nWrite → visible in search (${PERFUMES} perfumes, ${WRITES} assignments, live projector runtime)`,
  );
  console.log(formatTable(rows));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
