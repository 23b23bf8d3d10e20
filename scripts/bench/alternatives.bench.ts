/**
 * Safe-alternatives bench: `AlternativesFinder` (sparse vectors, candidates from the postings of
 * the perfume's accords and notes) against a scan of every complete-data perfume with the same
 * vectors precomputed (the obvious way), on the real catalogue, in the same run.
 *
 * - latency p50 / p99 of `find` (wall time, and the CPU time each query used: when the machine's
 *   load exceeds its cores, the CPU time is judged, since wall time then mostly measures the wait) over sampled perfumes with exclusion sets as patients bring them
 *   (none, one allergen, Fragrance mix I, Fragrance mix II, both mixes): target p99 <= 50 ms;
 * - both must return the same perfumes in the same order;
 * - the one-off vector build time and the heap it keeps are printed.
 *
 * After 20 unmeasured warm-up queries, queries cycle through the five profiles, as one person's requests repeat their profile: the finder
 * keeps exclusion masks per profile (the first query of each pays for building it).
 *
 * Run alone: `npx tsx scripts/bench/alternatives.bench.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { cleanCataloguePerfume, cleanImportedChemical, noteKey } from '@scentinel/domain';
import {
  AlternativesFinder,
  type Chemical,
  classify,
  InProcessSearchIndex,
  loadCatalogueReferenceData,
  type PerfumeDocument,
  visibleLinks,
} from '@scentinel/platform/search';
import { expandProfile, PATCH_TEST_PREFIX } from '../../services/domain/src/allergens/patch-test.ts';
import { jsonLines } from './lib/catalogue-build.ts';
import { formatRatio, percentile, printTable, verdict } from './lib/report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PERFUMES = path.join(ROOT, 'data', 'catalogue', 'perfumes.jsonl.gz');
const CHEMICALS = path.join(ROOT, 'data', 'chemicals', 'chemicals.json');
const TARGET_P99_MS = 50;
const SAMPLES = Number(process.env.ALTERNATIVES_SAMPLES ?? 300);
const PEER_SAMPLES = Number(process.env.ALTERNATIVES_PEER_SAMPLES ?? 40);
const LIMIT = 10;
const WARMUP = 20;

/** Patch-test results as patients bring them, expanded as the web client expands them. */
const FM1 = expandProfile([`${PATCH_TEST_PREFIX}fm1`]);
const FM2 = expandProfile([`${PATCH_TEST_PREFIX}fm2`]);
const PROFILES: { label: string; refs: string[] }[] = [
  { label: 'none', refs: [] },
  { label: 'linalool', refs: ['Linalool'] },
  { label: 'FM I', refs: FM1 },
  { label: 'FM II', refs: FM2 },
  { label: 'FM I + II', refs: [...FM1, ...FM2] },
];

function heapMb(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  const m = process.memoryUsage();
  // Typed arrays live outside the JS heap: count them too.
  return (m.heapUsed + m.arrayBuffers) / 1_048_576;
}

export async function loadIndex(): Promise<InProcessSearchIndex> {
  const reference = await loadCatalogueReferenceData(ROOT);
  const index = new InProcessSearchIndex({ regions: reference.regions, notes: reference.notes });
  const chemicals = JSON.parse(readFileSync(CHEMICALS, 'utf8')) as unknown[];
  for (const raw of chemicals) {
    try {
      index.upsertChemical(cleanImportedChemical(raw) as Chemical);
    } catch {
      // refused by the domain's validation, as the importer would refuse it
    }
  }
  let position = 0;
  for (const raw of jsonLines(PERFUMES)) {
    try {
      const perfume = cleanCataloguePerfume(raw);
      index.upsertPerfume(
        { perfume, notesAssigned: false, declared: [], removedChemicalIds: [] },
        ++position,
      );
    } catch {
      // refused
    }
  }
  index.warm();
  return index;
}

/** The peer: every complete perfume's vector precomputed, each query compared with all of them. */
class ScanPeer {
  private readonly docs: {
    id: string;
    gender: string | null;
    vec: Map<string, number>;
    chems: Set<string>;
  }[] = [];

  constructor(private readonly index: InProcessSearchIndex) {
    const known = index.chemicals.known();
    const df = new Map<string, number>();
    const raws: { doc: PerfumeDocument; raw: Map<string, number>; chems: Set<string> }[] = [];
    for (const doc of index.documents()) {
      const links = visibleLinks(doc);
      if (classify(doc.perfume, links, known).category !== 'complete') continue;
      const raw = features(doc);
      for (const k of raw.keys()) df.set(k, (df.get(k) ?? 0) + 1);
      const chems = new Set(links.map((l) => l.chemical_id));
      if (!doc.perfume.label)
        for (const e of doc.perfume.allergen_estimates ?? []) {
          chems.add(e.chemical_id);
          for (const id of (e as { member_ids?: string[] }).member_ids ?? []) chems.add(id);
        }
      raws.push({ doc, raw, chems });
    }
    this.n = raws.length;
    this.df = df;
    for (const { doc, raw, chems } of raws) {
      this.docs.push({ id: doc.perfume.id, gender: doc.perfume.gender, vec: this.vector(raw), chems });
    }
  }

  private readonly n: number;
  private readonly df: Map<string, number>;

  private vector(raw: Map<string, number>): Map<string, number> {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [k, w] of raw) {
      const df = this.df.get(k);
      if (df === undefined) continue;
      const x = w * Math.log(1 + this.n / df);
      v.set(k, x);
      norm += x * x;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [k, x] of v) v.set(k, x / norm);
    return v;
  }

  find(id: string, refs: string[], limit: number): string[] {
    const doc = this.index.getPerfume(id)!;
    const excluded = new Set(refs.flatMap((r) => this.index.chemicals.resolve(r)));
    const q = this.vector(features(doc));
    const g = doc.perfume.gender;
    const hits: { id: string; score: number; order: number }[] = [];
    this.docs.forEach((d, order) => {
      if (d.id === id) return;
      for (const c of d.chems) if (excluded.has(c)) return;
      let dot = 0;
      for (const [k, x] of q) dot += x * (d.vec.get(k) ?? 0);
      if (dot <= 0) return;
      const opposite =
        (g === 'masculine' && d.gender === 'feminine') || (g === 'feminine' && d.gender === 'masculine');
      hits.push({ id: d.id, score: Math.fround(Math.min(1, dot * (opposite ? 0.8 : 1))), order });
    });
    hits.sort((a, b) => b.score - a.score || a.order - b.order);
    return hits.slice(0, limit).map((h) => h.id);
  }
}

/** The same features the finder uses (accords by rank, notes by position). */
function features(doc: PerfumeDocument): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, w: number) => out.set(key, Math.max(out.get(key) ?? 0, w));
  doc.perfume.accords.forEach((a, i) => {
    const k = noteKey(a);
    if (k) add(`a:${k}`, Math.max(0.6, 1.2 - i * 0.1));
  });
  const weight = { top: 0.8, middle: 1.0, base: 1.2, unspecified: 0.9 } as const;
  for (const pos of ['top', 'middle', 'base', 'unspecified'] as const) {
    for (const note of doc.perfume.notes[pos] ?? []) {
      const k = noteKey(note);
      if (k) add(`n:${k}`, weight[pos]);
    }
  }
  return out;
}

export async function run(): Promise<void> {
  if (!existsSync(PERFUMES)) throw new Error(`${PERFUMES} is missing: run the data build first`);
  let t = performance.now();
  const index = await loadIndex();
  console.log(`alternatives: catalogue loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const before = heapMb();
  const finder = new AlternativesFinder(index);
  t = performance.now();
  finder.warm();
  const buildMs = performance.now() - t;
  const keptMb = heapMb() - before;
  t = performance.now();
  const peer = new ScanPeer(index);
  const peerBuildMs = performance.now() - t;

  // Every k-th complete perfume, so samples spread over the catalogue.
  const ids = [...index.documents(Math.max(1, Math.floor(102_000 / (SAMPLES * 3))))]
    .filter((d) => d.perfume.accords.length + d.perfume.notes.base.length > 0)
    .map((d) => d.perfume.id)
    .slice(0, SAMPLES);

  // Warm-up (not measured): the first calls compile the hot loops.
  for (const [i, id] of ids.slice(0, WARMUP).entries())
    await finder.find(id, PROFILES[i % PROFILES.length]!.refs, LIMIT);

  const ours: number[] = [];
  const oursCpu: number[] = [];
  const theirs: number[] = [];
  let disagreements = 0;
  let compared = 0;
  for (const [i, id] of ids.entries()) {
    const profile = PROFILES[i % PROFILES.length]!;
    const cpu = process.cpuUsage();
    const s = performance.now();
    const answer = await finder.find(id, profile.refs, LIMIT);
    ours.push(performance.now() - s);
    const used = process.cpuUsage(cpu);
    oursCpu.push((used.user + used.system) / 1000);
    if (i < PEER_SAMPLES) {
      const s2 = performance.now();
      const expected = peer.find(id, profile.refs, LIMIT);
      theirs.push(performance.now() - s2);
      compared++;
      const got = answer!.items.map((a) => a.perfume.id);
      if (got.join('|') !== expected.join('|')) {
        disagreements++;
        if (disagreements <= 3) console.log(`disagree on ${id} (${profile.label}):`, got, expected);
      }
    }
  }
  const p50 = percentile(ours, 0.5);
  const p99 = percentile(ours, 0.99);
  const cpuP50 = percentile(oursCpu, 0.5);
  const cpuP99 = percentile(oursCpu, 0.99);
  const load = loadavg()[0]!;
  const crowded = load > availableParallelism();
  const peerP50 = percentile(theirs, 0.5);
  const peerP99 = percentile(theirs, 0.99);
  printTable('safe alternatives on the real catalogue', [
    {
      measure: 'p50 latency',
      finder: `${p50.toFixed(2)} ms`,
      'scan peer': `${peerP50.toFixed(1)} ms`,
      ratio: formatRatio(p50, peerP50),
      target: '-',
      pass: '-',
    },
    {
      measure: 'p99 latency',
      finder: `${p99.toFixed(2)} ms`,
      'scan peer': `${peerP99.toFixed(1)} ms`,
      ratio: formatRatio(p99, peerP99),
      target: `<= ${TARGET_P99_MS} ms`,
      pass: crowded
        ? `${verdict(p99 <= TARGET_P99_MS)} (load ${load.toFixed(1)})`
        : verdict(p99 <= TARGET_P99_MS),
    },
    {
      measure: 'CPU per query p50 / p99',
      finder: `${cpuP50.toFixed(2)} / ${cpuP99.toFixed(2)} ms`,
      'scan peer': '-',
      ratio: '-',
      target: `p99 <= ${TARGET_P99_MS} ms`,
      pass: verdict(cpuP99 <= TARGET_P99_MS),
    },
    {
      measure: 'same answers',
      finder: `${compared - disagreements}/${compared}`,
      'scan peer': '-',
      ratio: '-',
      target: 'all',
      pass: verdict(disagreements === 0),
    },
    {
      measure: 'vector build',
      finder: `${buildMs.toFixed(0)} ms`,
      'scan peer': `${peerBuildMs.toFixed(0)} ms`,
      ratio: formatRatio(buildMs, peerBuildMs),
      target: '-',
      pass: '-',
    },
    {
      measure: 'heap kept',
      finder: `${keptMb.toFixed(1)} MB`,
      'scan peer': '-',
      ratio: '-',
      target: '-',
      pass: '-',
    },
  ]);
  console.log(`${finder.size} complete-data perfumes indexed; ${ids.length} queries, ${compared} compared`);
  // On a machine running more work than it has cores, wall time measures the queue for the CPU;
  // then the CPU the queries used is what is judged (both are printed).
  const judged = crowded ? cpuP99 : p99;
  if (crowded)
    console.log(
      `load average ${load.toFixed(1)} on ${availableParallelism()} cores: judging CPU time per query`,
    );
  if (judged > TARGET_P99_MS) throw new Error(`p99 ${judged.toFixed(1)} ms exceeds ${TARGET_P99_MS} ms`);
  if (disagreements > 0) throw new Error(`${disagreements} answers differ from the scan peer`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
