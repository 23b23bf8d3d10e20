/**
 * Catalogue search bench: the in-process index against the same queries on
 * Postgres with GIN / trigram indexes over the same catalogue, in the same run.
 *
 * - query latency p50 / p99 over a mix (text prefix / name / multi-word / CAS, brand, category,
 *   include/exclude chemicals and notes, allergen-free, deep pages); targets: in-process p50 <= 0.1x
 *   and p99 <= 0.2x Postgres. Every query without text is also checked to agree (ids and total);
 *   text queries are not compared, as the peer keeps prefix tiers where the index ranks by relevance
 *   with typo tolerance (the relevance bench judges those);
 * - index memory (heap growth after GC, the index alone) for the real catalogue: target <= 64 MB;
 * - index build rate through the catalogue projection, events streamed in batches of 1000 as from
 *   the log (decoding not counted): target >= 300k events/s;
 * - the same comparison with Postgres (and memory, build rate) on a synthetic 500k catalogue when
 *   `.data/synthetic-500000.jsonl.gz` exists (or `npm run data:synthetic -- --count 500000` can make
 *   it within the time budget).
 *
 * Run alone: `npx tsx scripts/bench/search.bench.ts` (DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/test; a fresh schema, dropped afterwards). Bounded to ~8 minutes:
 * the synthetic part runs only when time is left; `SEARCH_BENCH=synthetic` runs it alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPgClient, dropSchema, uniqueSchemaName } from '@scentinel/platform';
import {
  type CatalogueQuery,
  type Chemical,
  catalogueFixtures,
  type InProcessSearchIndex,
  loadCatalogueReferenceData,
  type PerfumeDocument,
  prepareText,
} from '@scentinel/platform/search';
import {
  buildIndex,
  fileSource,
  floorRow,
  heapMb,
  lookupFloor,
  type Reference,
  realChemicals,
  standIn,
} from './lib/catalogue-build.ts';
import { loadPostgres, toSql } from './lib/pg-catalogue.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_URL = 'postgres://root@127.0.0.1:5432/test';
const TARGET = { p50: 0.1, p99: 0.2, memoryMb: 64, buildPerS: 300_000 };
const REAL_PERFUMES = path.join(ROOT, 'data', 'catalogue', 'perfumes.jsonl.gz');
const REAL_CHEMICALS = path.join(ROOT, 'data', 'chemicals', 'chemicals.json');
const SYNTHETIC = path.join(ROOT, '.data', 'synthetic-500000.jsonl.gz');
const BUDGET_MS = 480_000;

interface Sample {
  kind: string;
  q: CatalogueQuery;
}

// ---------------------------------------------------------------- query mix

function queryMix(
  docs: readonly PerfumeDocument[],
  chemicalsAll: readonly Chemical[],
  count: number,
): Sample[] {
  const rand = catalogueFixtures.prng(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const perfumes = docs.map((d) => d.perfume);
  const words = perfumes.flatMap((p) => p.name.split(/\s+/).filter((w) => /^[\p{L}]{3,}$/u.test(w)));
  const brands = [...new Set(perfumes.map((p) => p.brand))];
  const notes = [...new Set(perfumes.flatMap((p) => [...p.notes.top, ...p.notes.middle, ...p.notes.base]))];
  const linked = new Set(perfumes.flatMap((p) => p.chemicals.map((c) => c.chemical_id)));
  const chemicals = chemicalsAll.filter((c) => linked.has(c.id));
  const withCas = chemicals.filter((c) => c.cas_number);
  const page = () => ({ limit: 50, skip: rand() < 0.7 ? 0 : 50 * Math.floor(rand() * 4) });
  const makers: [string, () => CatalogueQuery][] = [
    ['browse default', () => ({ ...page() })],
    ['text prefix', () => ({ text: pick(words).slice(0, 3 + Math.floor(rand() * 2)), ...page() })],
    ['text name', () => ({ text: pick(perfumes).name, ...page() })],
    [
      'text multi-word',
      () => {
        const p = pick(perfumes);
        return { text: `${p.brand.split(' ')[0]} ${p.name.split(' ')[0]}`, ...page() };
      },
    ],
    ['text CAS', () => ({ text: pick(withCas).cas_number!, ...page() })],
    ['brand', () => ({ brands: [pick(brands)], ...page() })],
    [
      'category',
      () => ({ category: pick(['unspecific', 'hypoallergenic', 'complete'] as const), ...page() }),
    ],
    [
      'chemicals in/out',
      () => ({
        include_chemicals: [pick(chemicals).name],
        exclude_chemicals: [pick(withCas).cas_number!],
        ...page(),
      }),
    ],
    ['notes in/out', () => ({ include_notes: [pick(notes)], exclude_notes: [pick(notes)], ...page() })],
    [
      'allergen-free',
      () => ({ allergen_free: true, text: rand() < 0.5 ? pick(words).slice(0, 4) : undefined, ...page() }),
    ],
    [
      'deep page',
      () => ({
        include_unspecific: true,
        limit: 50,
        skip: Math.floor(rand() * Math.max(1, perfumes.length - 50)),
      }),
    ],
  ];
  const out: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const [kind, make] = makers[i % makers.length]!;
    out.push({ kind, q: make() });
  }
  return out;
}

// ---------------------------------------------------------------- measuring

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99) };
}

const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

/**
 * Runs every sample `reps` times and collects latencies per kind. The first round is a warm-up;
 * `onWarmUp` sees its answers (the Postgres run checks them against the index there).
 */
async function timeQueries<T>(
  samples: Sample[],
  reps: number,
  fn: (q: CatalogueQuery) => Promise<T>,
  onWarmUp?: (sample: Sample, answer: T) => Promise<void> | void,
) {
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  for (let r = 0; r < reps; r++) {
    for (const sample of samples) {
      const t0 = performance.now();
      const answer = await fn(sample.q);
      const ms = performance.now() - t0;
      if (r === 0) {
        await onWarmUp?.(sample, answer);
        continue;
      }
      all.push(ms);
      const list = byKind.get(sample.kind) ?? [];
      list.push(ms);
      byKind.set(sample.kind, list);
    }
  }
  return { all, byKind };
}

function buildRow(label: string, events: number, seconds: number, cpuSeconds: number) {
  const rate = events / seconds;
  return {
    measure: `index build rate (${label})`,
    value:
      `${Math.round(rate).toLocaleString('en')} events/s (${events} in ${seconds.toFixed(2)} s;` +
      ` ${Math.round(events / cpuSeconds).toLocaleString('en')} per CPU-second)`,
    target: `>= ${TARGET.buildPerS.toLocaleString('en')}`,
    ok: rate >= TARGET.buildPerS ? 'yes' : 'NO',
  };
}

function memoryRow(label: string, mb: number) {
  return {
    measure: `index memory (${label})`,
    value: `${mb.toFixed(1)} MB`,
    target: `<= ${TARGET.memoryMb} MB`,
    ok: mb <= TARGET.memoryMb ? 'yes' : 'NO',
  };
}

export async function run(): Promise<void> {
  const started = performance.now();
  if (process.env.SEARCH_BENCH === 'synthetic') {
    await syntheticRun(await loadCatalogueReferenceData(path.join(ROOT, 'data')), started);
    return;
  }
  const reference = await realCatalogueRun();
  await syntheticRun(reference, started);
}

/** The real catalogue (or a stand-in): in-process vs Postgres, memory, build rate. */
async function realCatalogueRun(): Promise<Reference> {
  const real = existsSync(REAL_PERFUMES);
  const reference = real
    ? await loadCatalogueReferenceData(path.join(ROOT, 'data'))
    : { notes: catalogueFixtures.fixtureNotes, regions: catalogueFixtures.fixtureRegions };
  const source = real
    ? fileSource('real catalogue', REAL_PERFUMES, realChemicals(REAL_CHEMICALS))
    : standIn(70_000);

  const { index, events, seconds, cpuSeconds, heapDeltaMb } = await buildIndex(source, reference);
  console.log(
    `\nCatalogue search bench: ${source.label}, ${(await index.stats()).total_perfumes} perfumes, ${source.chemicals.length} chemicals`,
  );
  const samples = queryMix([...index.documents()], source.chemicals, 330);
  await compareWithPostgres(index, samples, reference, { indexReps: 6, pgReps: 2 });
  console.table([
    memoryRow(source.label, heapDeltaMb),
    buildRow(source.label, events, seconds, cpuSeconds),
    floorRow(source.label, lookupFloor(source), seconds),
  ]);
  return reference;
}

/**
 * Times the samples on the index and on the Postgres peer loaded with the same documents, checks
 * that every answer to a query without text agrees (ids in order and total), and prints the ratios
 * per query kind.
 */
async function compareWithPostgres(
  index: InProcessSearchIndex,
  samples: Sample[],
  reference: Reference,
  reps: { indexReps: number; pgReps: number },
): Promise<void> {
  const url = process.env.DATABASE_URL ?? DEFAULT_URL;
  const sql = await createPgClient(url, { schema: uniqueSchemaName('bench_search'), max: 1 });
  const rows: Record<string, string>[] = [];
  let mismatches = 0;
  const compared = samples.filter((s) => prepareText(s.q.text) === null).length;
  try {
    const t0 = performance.now();
    await loadPostgres(sql, index.documents(), index.chemicals.known());
    console.log(
      `Postgres peer loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s (schema ${sql.schema})`,
    );
    // Only the index stays alive while it is timed.
    heapMb();
    const inProcess = await timeQueries(samples, reps.indexReps, (q) => index.search(q));
    const taxonomy = new Map(reference.notes.map((n) => [n.id, n]));
    const runPg = async (q: CatalogueQuery) => {
      const { sql: text, params } = toSql(q, index, taxonomy);
      const { rows } = await sql.query<{ id: string | null; card: unknown; total: string }>(text, params);
      return { total: Number(rows[0]?.total ?? 0), ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])) };
    };
    const postgres = await timeQueries(samples, reps.pgReps, runPg, async ({ kind, q }, got) => {
      if (prepareText(q.text) !== null) return;
      const want = await index.search(q);
      const wantIds = want.items.map((p) => p.id);
      if (got.total !== want.total || JSON.stringify(got.ids) !== JSON.stringify(wantIds)) {
        mismatches++;
        if (process.env.BENCH_DEBUG) {
          console.log(kind, JSON.stringify(q), {
            pg: [got.total, got.ids.slice(0, 5)],
            index: [want.total, wantIds.slice(0, 5)],
          });
        }
      }
    });
    const kinds = [...new Set(samples.map((s) => s.kind))];
    for (const kind of [...kinds, 'ALL']) {
      const a = stats(kind === 'ALL' ? inProcess.all : (inProcess.byKind.get(kind) ?? []));
      const b = stats(kind === 'ALL' ? postgres.all : (postgres.byKind.get(kind) ?? []));
      rows.push({
        queries: kind,
        'in-process p50': fmt(a.p50),
        'postgres p50': fmt(b.p50),
        'p50 ratio': (a.p50 / b.p50).toFixed(3),
        'in-process p99': fmt(a.p99),
        'postgres p99': fmt(b.p99),
        'p99 ratio': (a.p99 / b.p99).toFixed(3),
        ok: a.p50 / b.p50 <= TARGET.p50 && a.p99 / b.p99 <= TARGET.p99 ? 'yes' : 'NO',
      });
    }
  } finally {
    await dropSchema(sql);
    await sql.close();
  }
  console.table(rows);
  console.log(
    `Queries without text agreeing with Postgres (ids in order and total): ${compared - mismatches}/${compared}` +
      ` | targets: p50 ratio <= ${TARGET.p50}, p99 ratio <= ${TARGET.p99}`,
  );
}

async function syntheticRun(reference: Reference, started: number): Promise<void> {
  const left = BUDGET_MS - (performance.now() - started);
  if (
    !existsSync(SYNTHETIC) &&
    existsSync(path.join(ROOT, 'scripts', 'data', 'synthetic.ts')) &&
    left > 100_000
  ) {
    console.log('Generating the synthetic 500k catalogue (npm run data:synthetic -- --count 500000)…');
    spawnSync('npm', ['run', 'data:synthetic', '--', '--count', '500000'], {
      cwd: ROOT,
      stdio: 'inherit',
      timeout: Math.floor(left - 70_000),
    });
  }
  if (!existsSync(SYNTHETIC)) {
    console.log(
      `Synthetic 500k run skipped: ${path.relative(ROOT, SYNTHETIC)} is absent and could not be made in time.`,
    );
    return;
  }
  if (BUDGET_MS - (performance.now() - started) < 240_000) {
    console.log('Synthetic 500k run skipped: not enough of the time budget left.');
    return;
  }
  const source = fileSource('synthetic 500k', SYNTHETIC, realChemicals(REAL_CHEMICALS));
  const { index, events, seconds, cpuSeconds, heapDeltaMb } = await buildIndex(source, reference);
  console.log(`\nCatalogue search bench: ${source.label}, ${(await index.stats()).total_perfumes} perfumes`);
  const samples = queryMix([...index.documents(100)], source.chemicals, 220);
  await compareWithPostgres(index, samples, reference, { indexReps: 3, pgReps: 2 });
  console.table([
    {
      measure: 'index memory (synthetic 500k)',
      value: `${heapDeltaMb.toFixed(1)} MB`,
      target: '(64 MB is for the real catalogue)',
      ok: '',
    },
    buildRow('synthetic 500k', events, seconds, cpuSeconds),
    floorRow('synthetic 500k', lookupFloor(source), seconds),
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run();
}
