/**
 * Relevance bench: does the perfume a person means come first? A judged set of known-item queries
 * built from the catalogue (`lib/known-item-queries.ts`: name, brand + name, name + brand, typos,
 * missing accents, number-sign spellings, names cut short) is run against the in-process index and,
 * in the same run, against MiniSearch and Orama indexing the same perfumes (name and brand, name
 * boosted, prefix and typo tolerance on; MiniSearch also boosts by the same popularity signal, the
 * number of source catalogues listing a perfume). Scored as top-1 accuracy and mean reciprocal
 * rank over the first 10 results. Target: top-1 >= 0.95 and ahead of both peers.
 *
 * Run alone: `npx tsx scripts/bench/relevance.bench.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { cleanCataloguePerfume, cleanImportedChemical } from '@scentinel/domain';
import { catalogueFixtures, InProcessSearchIndex } from '@scentinel/platform/search';
import MiniSearch from 'minisearch';
import {
  type CataloguePerfumeLike,
  itemKey,
  type KnownItemQuery,
  knownItemQueries,
  plain,
  QUERY_KINDS,
  score,
} from './lib/known-item-queries.ts';
import { median, printTable, type TableRow, verdict } from './lib/report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PERFUMES = path.join(ROOT, 'data', 'catalogue', 'perfumes.jsonl.gz');
const CHEMICALS = path.join(ROOT, 'data', 'chemicals', 'chemicals.json');
const PER_KIND = 60;
const TOP = 10;
const TARGET_TOP1 = 0.95;

type Ranked = { id: string; key: string }[];

interface Engine {
  name: string;
  build: () => Promise<void> | void;
  query: (text: string) => Promise<string[]> | string[];
}

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

export async function run(): Promise<void> {
  const lines = gunzipSync(readFileSync(PERFUMES)).toString('utf8').split('\n').filter(Boolean);
  const docs = lines.flatMap((line) => {
    try {
      return [catalogueFixtures.catalogued(cleanCataloguePerfume(JSON.parse(line)))];
    } catch {
      return [];
    }
  });
  const perfumes: CataloguePerfumeLike[] = docs.map((d) => d.perfume);
  const keyOf = new Map(perfumes.map((p) => [p.id, itemKey(p)]));
  const sourcesOf = new Map(perfumes.map((p) => [p.id, p.sources.length]));
  const queries = knownItemQueries(perfumes, PER_KIND);
  log(`${perfumes.length} perfumes; ${queries.length} judged queries (${PER_KIND} at most per kind)`);

  const index = new InProcessSearchIndex();
  const mini = new MiniSearch<CataloguePerfumeLike>({
    fields: ['name', 'brand'],
    idField: 'id',
    processTerm: (term) => plain(term) || null,
    searchOptions: {
      boost: { name: 2 },
      prefix: true,
      fuzzy: 0.2,
      boostDocument: (id) => 1 + Math.log2(1 + (sourcesOf.get(String(id)) ?? 0)) / 4,
    },
  });
  const orama = create({ schema: { id: 'string', name: 'string', brand: 'string' } as const });
  const engines: Engine[] = [
    {
      name: 'in-process index',
      build: () => {
        for (const raw of JSON.parse(readFileSync(CHEMICALS, 'utf8')) as unknown[]) {
          try {
            index.upsertChemical(cleanImportedChemical(raw));
          } catch {
            // Records the domain refuses are left out, as the importer would.
          }
        }
        for (const doc of docs) index.upsertPerfume(doc);
        index.warm();
      },
      query: (text) =>
        index.searchSync({ text, limit: TOP, skip: 0, category: 'all' }).items.map((card) => card.id),
    },
    {
      name: 'MiniSearch',
      build: () =>
        mini.addAll(perfumes.map((p) => ({ id: p.id, name: p.name, brand: p.brand, sources: [] }))),
      query: (text) =>
        mini
          .search(text)
          .slice(0, TOP)
          .map((r) => String(r.id)),
    },
    {
      name: '@orama/orama',
      build: async () => {
        await insertMultiple(
          orama,
          perfumes.map((p) => ({ id: p.id, name: p.name, brand: p.brand })),
          5000,
        );
      },
      query: async (text) => {
        const result = await oramaSearch(orama, {
          term: text,
          properties: ['name', 'brand'],
          boost: { name: 2 },
          tolerance: 1,
          limit: TOP,
        });
        return result.hits.map((h) => String(h.document.id));
      },
    },
  ];

  const rows: TableRow[] = [];
  const kindRows: TableRow[] = QUERY_KINDS.map((kind) => ({
    kind,
    queries: queries.filter((q) => q.kind === kind).length,
  }));
  const results = new Map<string, { top1: number; mrr: number }>();
  const misses: string[] = [];
  for (const engine of engines) {
    const t0 = performance.now();
    await engine.build();
    const buildS = (performance.now() - t0) / 1000;
    const ranked: Ranked[] = [];
    const times: number[] = [];
    for (const q of queries) {
      const started = performance.now();
      const ids = await engine.query(q.text);
      times.push(performance.now() - started);
      ranked.push(ids.map((id) => ({ id, key: keyOf.get(id) ?? '' })));
    }
    const overall = score(queries, ranked);
    results.set(engine.name, overall);
    rows.push({
      engine: engine.name,
      'top-1': overall.top1.toFixed(3),
      MRR: overall.mrr.toFixed(3),
      'median ms/query': median(times).toFixed(3),
      'build s': buildS.toFixed(1),
    });
    QUERY_KINDS.forEach((kind, i) => {
      const picked = queries.map((q, k) => [q, ranked[k]!] as const).filter(([q]) => q.kind === kind);
      const s = score(
        picked.map(([q]) => q),
        picked.map(([, r]) => r),
      );
      kindRows[i]![engine.name] = s.top1.toFixed(2);
    });
    if (engine.name === 'in-process index') {
      queries.forEach((q: KnownItemQuery, k) => {
        const first = ranked[k]![0];
        if (!first || (first.id !== q.target && first.key !== q.key))
          misses.push(`  [${q.kind}] "${q.text}" → ${first?.id ?? '(nothing)'} (wanted ${q.target})`);
      });
    }
    log(`${engine.name}: built in ${buildS.toFixed(1)} s, top-1 ${overall.top1.toFixed(3)}`);
  }

  printTable('Known-item relevance (same perfumes, same queries, same run)', rows);
  printTable('Top-1 accuracy by query kind', kindRows);
  if (misses.length > 0)
    log(`\nIn-process misses (${misses.length}), first 25:\n${misses.slice(0, 25).join('\n')}`);
  const ours = results.get('in-process index')!;
  const peers = [...results.entries()].filter(([name]) => name !== 'in-process index');
  printTable('Targets', [
    {
      target: `top-1 >= ${TARGET_TOP1}`,
      value: ours.top1.toFixed(3),
      met: verdict(ours.top1 >= TARGET_TOP1),
    },
    ...peers.map(([name, s]) => ({
      target: `top-1 ahead of ${name}`,
      value: `${ours.top1.toFixed(3)} vs ${s.top1.toFixed(3)}`,
      met: verdict(ours.top1 > s.top1),
    })),
  ]);
}

const isEntry = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntry) await run();
