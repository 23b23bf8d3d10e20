/**
 * Label scanner benchmark: ingredient precision/recall/F1, allergen recall and time per image on
 * one core for the pipeline (sharp pre-processing + Tesseract + parser + vocabulary + matcher),
 * beside plain `tesseract.js` on the same images (raw text split on commas, names looked up
 * exactly); per condition of the degraded set (perspective, bottle warp, blur, glare, shadow, noise,
 * 400 px, heavy JPEG, combinations) and for the committed fixture labels, then overall.
 *
 *   npx tsx scripts/bench/scanner.bench.ts [--per-condition N] [--conditions a,b] [--skip-plain] [--verbose]
 *   (--verbose: each image's score, CPU, OCR passes and CPU per stage, then the stages' summary)
 *   SCANNER_BENCH_PER_CONDITION=N npm run bench -- scanner   (default 6 images per condition)
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { type AllergenTruth, allergenTruth } from '../../services/worker/fixtures/allergen-truth.ts';
import { CONDITIONS, type Condition, degradedSet } from '../../services/worker/fixtures/degraded-set.ts';
import {
  BrandIndex,
  ChemicalMatcher,
  cpuSince,
  DEFAULT_CHEMICALS_PATH,
  LocalScanEngine,
  loadBrandNames,
  matchKey,
  OcrPool,
  type OcrReading,
  TESSERACT_LANG_PATH,
  waitForChemicalRecords,
} from '../../services/worker/src/index.ts';
import { loadInciVocabulary } from '../../services/worker/src/scans/inci-vocabulary.ts';

const LABELS_DIR = path.resolve(import.meta.dirname, '../../services/worker/fixtures/labels');

interface Truth {
  file: string;
  source?: 'rendered' | 'photo';
  product_identification: {
    brand: string | null;
    product_name: string | null;
    product_type: string | null;
    size_ml: number | null;
  };
  ingredients: { name: string; is_allergen: boolean; is_prohibited?: boolean }[];
  barcodes: string[];
  damage?: string[];
}

interface Predicted {
  name: string;
  is_allergen: boolean;
  is_prohibited?: boolean;
}

/**
 * The truth's allergen and prohibited flags as the shipped chemical database defines them (what
 * the scanner reports from), not as the JSON was written: a regulatory change in the data cannot
 * leave the bench scoring against a stale list.
 */
function withDatabaseFlags(truth: Truth, flags: AllergenTruth): Truth {
  return {
    ...truth,
    ingredients: truth.ingredients.map((i) => ({
      ...i,
      is_allergen: flags.isAllergen(i.name),
      is_prohibited: flags.isProhibited(i.name),
    })),
  };
}

/** The keys an ingredient can be known by: whole text, text outside brackets, each bracketed or slashed part. */
function keysOf(name: string): Set<string> {
  const keys = new Set<string>();
  const add = (s: string) => {
    const k = matchKey(s);
    if (k.length >= 2) keys.add(k);
  };
  add(name);
  const outside = name.replace(/\([^)]*\)/g, ' ');
  add(outside);
  for (const m of name.matchAll(/\(([^)]*)\)/g)) add(m[1]!);
  for (const part of outside.split(/[\\/]/)) add(part);
  return keys;
}

interface Score {
  tp: number;
  fp: number;
  fn: number;
  allergenTp: number;
  allergenFn: number;
  allergenFp: number;
  prohibitedTp: number;
  prohibitedFn: number;
}

/** One-to-one greedy pairing of predicted and true ingredients that share a key. */
function score(
  truth: Truth['ingredients'],
  predicted: Predicted[],
): Score & { missed: string[]; extra: string[] } {
  const used = new Set<number>();
  const s = {
    tp: 0,
    fp: 0,
    fn: 0,
    allergenTp: 0,
    allergenFn: 0,
    allergenFp: 0,
    prohibitedTp: 0,
    prohibitedFn: 0,
  };
  const missed: string[] = [];
  const predKeys = predicted.map((p) => keysOf(p.name));
  for (const t of truth) {
    const tk = keysOf(t.name);
    const j = predKeys.findIndex((pk, i) => !used.has(i) && [...tk].some((k) => pk.has(k)));
    if (j < 0) {
      s.fn += 1;
      missed.push(t.name);
      if (t.is_allergen) s.allergenFn += 1;
      if (t.is_prohibited) s.prohibitedFn += 1;
      continue;
    }
    used.add(j);
    s.tp += 1;
    if (t.is_allergen) {
      if (predicted[j]!.is_allergen) s.allergenTp += 1;
      else s.allergenFn += 1;
    } else if (predicted[j]!.is_allergen) s.allergenFp += 1;
    if (t.is_prohibited) {
      if (predicted[j]!.is_prohibited) s.prohibitedTp += 1;
      else s.prohibitedFn += 1;
    }
  }
  const extra = predicted.filter((_, i) => !used.has(i)).map((p) => p.name);
  s.fp = extra.length;
  return { ...s, missed, extra };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

function summarize(scores: Score[], times: number[], cpu: number[]) {
  const sum = (k: keyof Score) => scores.reduce((a, s) => a + s[k], 0);
  const tp = sum('tp');
  const precision = tp / Math.max(1, tp + sum('fp'));
  const recall = tp / Math.max(1, tp + sum('fn'));
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  // No allergen in the truth: nothing to recall (printed as a dash).
  const allergens = sum('allergenTp') + sum('allergenFn');
  const allergenRecall = allergens === 0 ? Number.NaN : sum('allergenTp') / allergens;
  const prohibited = sum('prohibitedTp') + sum('prohibitedFn');
  return {
    prohibitedRecall: prohibited === 0 ? Number.NaN : sum('prohibitedTp') / prohibited,
    precision,
    recall,
    f1,
    allergenRecall,
    allergenFalsePositives: sum('allergenFp'),
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    cpuP50Ms: percentile(cpu, 50),
    cpuP95Ms: percentile(cpu, 95),
  };
}

export function loadTruths(dir = LABELS_DIR): Truth[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Truth);
}

type ConditionName = Condition | 'fixtures' | 'real-photos';

interface BenchImage {
  id: string;
  condition: ConditionName;
  image: Buffer;
  truth: Truth;
}

/**
 * The real photos with a transcription (all of them, whatever `perCondition`), the committed fixture
 * labels (mild damage), then the degraded set, `perCondition` images each.
 */
async function* benchImages(
  perCondition: number,
  conditions: readonly ConditionName[],
): AsyncGenerator<BenchImage> {
  if (conditions.includes('real-photos')) {
    for (const truth of loadTruths().filter((t) => t.source === 'photo')) {
      yield {
        id: truth.file,
        condition: 'real-photos',
        image: readFileSync(path.join(LABELS_DIR, truth.file)),
        truth,
      };
    }
  }
  if (conditions.includes('fixtures')) {
    const truths = loadTruths().filter((t) => t.source !== 'photo');
    const stride = 7;
    for (let k = 0; k < Math.min(perCondition, truths.length); k += 1) {
      const truth = truths[(k * stride) % truths.length]!;
      yield {
        id: truth.file,
        condition: 'fixtures',
        image: readFileSync(path.join(LABELS_DIR, truth.file)),
        truth,
      };
    }
  }
  const degraded = conditions.filter((c): c is Condition => c !== 'fixtures' && c !== 'real-photos');
  if (degraded.length === 0) return;
  for await (const d of degradedSet({ perCondition, conditions: degraded })) {
    yield { id: `${d.id}.${d.condition}`, condition: d.condition, image: d.image, truth: d.truth as Truth };
  }
}

export async function run(
  options: {
    perCondition?: number;
    conditions?: readonly ConditionName[];
    verbose?: boolean;
    chemicalsPath?: string;
    skipPlain?: boolean;
  } = {},
) {
  sharp.concurrency(1);
  const perCondition = options.perCondition ?? Number(process.env.SCANNER_BENCH_PER_CONDITION ?? 6);
  const conditions = options.conditions ?? ['real-photos', 'fixtures', ...CONDITIONS];
  const records = await waitForChemicalRecords(
    options.chemicalsPath ?? process.env.CHEMICALS_PATH ?? DEFAULT_CHEMICALS_PATH,
    {
      timeoutMs: 5_000,
    },
  );
  const matcher = new ChemicalMatcher(records);
  const flags = allergenTruth(records);
  const prohibitedIds = new Set(records.filter((r) => r.prohibited).map((r) => r.id));
  const vocabulary = await loadInciVocabulary();
  const exactAllergens = new Map<string, boolean>();
  for (const r of records) {
    for (const n of [r.inci_name, r.name, ...r.synonyms])
      if (n) exactAllergens.set(matchKey(n), r.allergen_flag || exactAllergens.get(matchKey(n)) === true);
  }

  const pool = await OcrPool.create({ size: 1 });
  // OCR passes per image (hard images are read more than once), for the verbose listing.
  let passes = 0;
  let current = '';
  // CPU per OCR pass kind for the image being read (see `stages`).
  const ocrCpu = new Map<string, number>();
  // SCANNER_BENCH_OCR_CACHE=<dir>: readings kept on disk by the image's bytes, for working on what
  // comes after OCR (the times then measure nothing; never for reported figures).
  const cacheDir = process.env.SCANNER_BENCH_OCR_CACHE;
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  for (const method of ['recognize', 'recognizeAsBlock'] as const) {
    const read = pool[method].bind(pool);
    pool[method] = async (png: Buffer) => {
      passes += 1;
      // CPU of the pass (the OCR thread's, as nothing else runs meanwhile): the first look apart.
      const from = process.cpuUsage();
      const stage = passes === 1 ? 'ocr first' : 'ocr more';
      try {
        return await cachedRead(png);
      } finally {
        ocrCpu.set(stage, (ocrCpu.get(stage) ?? 0) + cpuSince(from));
      }
    };
    const cachedRead = async (png: Buffer) => {
      if (!cacheDir) return read(png);
      const file = path.join(cacheDir, `${createHash('sha1').update(method).update(png).digest('hex')}.json`);
      let reading: OcrReading;
      if (existsSync(file)) reading = JSON.parse(readFileSync(file, 'utf8')) as OcrReading;
      else {
        reading = await read(png);
        writeFileSync(file, JSON.stringify(reading));
      }
      appendFileSync(path.join(cacheDir, 'readings.txt'), `=== ${current} ${method}\n${reading.text}\n`);
      return reading;
    };
  }
  // Brand names come from the shipped catalogue (not from the fixtures' ground truth).
  const engine = new LocalScanEngine(pool, {
    matcher,
    brands: new BrandIndex(await loadBrandNames()),
    vocabulary,
  });
  engine.profile = new Map();
  // CPU per stage and image: the engine's stages, with its reading split into the OCR passes
  // (first look, others) and the rest (preparing the other looks' images).
  const stageTotals = new Map<string, number[]>();
  const stages = (): [string, number][] => {
    const p = engine.profile!;
    const ocr = (ocrCpu.get('ocr first') ?? 0) + (ocrCpu.get('ocr more') ?? 0);
    return [
      ['decode', p.get('decode') ?? 0],
      ['deblur', p.get('deblur') ?? 0],
      ['flatten', p.get('flatten') ?? 0],
      ['prepare', p.get('prepare') ?? 0],
      ['ocr first', ocrCpu.get('ocr first') ?? 0],
      ['ocr more', ocrCpu.get('ocr more') ?? 0],
      ['looks prep', Math.max(0, (p.get('read') ?? 0) - ocr)],
      ['analysis', p.get('analysis') ?? 0],
    ];
  };
  const baseline = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: TESSERACT_LANG_PATH,
    cacheMethod: 'none',
    gzip: true,
  });

  const byCondition = new Map<ConditionName, { ours: Score[]; theirs: Score[] }>();
  const ours: Score[] = [];
  const theirs: Score[] = [];
  const ourTimes: number[] = [];
  const theirTimes: number[] = [];
  // CPU time of the whole process (all threads): what an image costs on one core, whatever else
  // the machine is doing, beside the wall-clock time.
  const ourCpu: number[] = [];
  const theirCpu: number[] = [];
  let images = 0;
  try {
    for await (const bench of benchImages(perCondition, conditions)) {
      const { id, condition, image } = bench;
      current = id;
      const truth = withDatabaseFlags(bench.truth, flags);
      images += 1;
      const group = byCondition.get(condition) ?? { ours: [], theirs: [] };
      byCondition.set(condition, group);
      let t0 = performance.now();
      let c0 = process.cpuUsage();
      passes = 0;
      ocrCpu.clear();
      engine.profile!.clear();
      const result = await engine.analyze({ image, analysisType: 'ingredients' });
      ourTimes.push(performance.now() - t0);
      ourCpu.push(cpuSince(c0));
      const s = score(
        truth.ingredients,
        result.ingredients.map((i) => ({
          ...i,
          is_prohibited: i.chemical_id !== null && prohibitedIds.has(i.chemical_id),
        })),
      );
      ours.push(s);
      group.ours.push(s);
      const split = stages();
      for (const [name, ms] of split) stageTotals.set(name, [...(stageTotals.get(name) ?? []), ms]);
      if (options.verbose) {
        process.stdout.write(
          `${id} tp=${s.tp} fp=${s.fp} fn=${s.fn} allergens=${s.allergenTp}/${s.allergenTp + s.allergenFn} (${ourTimes.at(-1)!.toFixed(0)} ms, ${ourCpu.at(-1)!.toFixed(0)} ms CPU, ${passes} OCR passes)\n` +
            `   CPU ms: ${split.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}\n` +
            (s.missed.length ? `   missed: ${s.missed.join(' | ')}\n` : '') +
            (s.extra.length ? `   extra:  ${s.extra.join(' | ')}\n` : ''),
        );
      } else if (images % 10 === 0) process.stderr.write(`[scanner bench] ${images} images\n`);
      if (options.skipPlain) continue;
      t0 = performance.now();
      c0 = process.cpuUsage();
      const { data } = await baseline.recognize(image);
      theirTimes.push(performance.now() - t0);
      theirCpu.push(cpuSince(c0));
      const plain = data.text
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== '')
        .map((name) => ({ name, is_allergen: exactAllergens.get(matchKey(name)) === true }));
      const p = score(truth.ingredients, plain);
      theirs.push(p);
      group.theirs.push(p);
    }
  } finally {
    await pool.terminate();
    await baseline.terminate();
  }

  const pipeline = summarize(ours, ourTimes, ourCpu);
  const plain = summarize(theirs, theirTimes, theirCpu);
  const perConditionRows = [...byCondition.entries()].map(([name, g]) => ({
    name,
    images: g.ours.length,
    pipeline: summarize(g.ours, [], []),
    plain: summarize(g.theirs, [], []),
  }));
  const isDegraded = (name: ConditionName) => name !== 'fixtures' && name !== 'real-photos';
  const worstRecall = Math.min(
    ...perConditionRows.filter((r) => isDegraded(r.name)).map((r) => r.pipeline.recall),
  );
  // The targets are for the degraded set; the committed fixtures and real photos are reported beside.
  const degradedGroups = [...byCondition.entries()].filter(([name]) => isDegraded(name)).map(([, g]) => g);
  const degraded = summarize(
    degradedGroups.flatMap((g) => g.ours),
    [],
    [],
  );
  const degradedPlain = summarize(
    degradedGroups.flatMap((g) => g.theirs),
    [],
    [],
  );
  const f = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(3));
  const rows = [
    ['metric', 'pipeline', 'plain tesseract.js', 'target'],
    ['degraded precision', f(degraded.precision), f(degradedPlain.precision), '≥ 0.95'],
    ['degraded recall', f(degraded.recall), f(degradedPlain.recall), '≥ 0.95'],
    ['worst condition recall', f(worstRecall), '', '≥ 0.90'],
    ['degraded allergen recall', f(degraded.allergenRecall), f(degradedPlain.allergenRecall), '≥ 0.99'],
    ['all images precision', f(pipeline.precision), f(plain.precision), ''],
    ['all images recall', f(pipeline.recall), f(plain.recall), ''],
    ['all images F1', f(pipeline.f1), f(plain.f1), ''],
    ['all images allergen recall', f(pipeline.allergenRecall), f(plain.allergenRecall), ''],
    ['all images prohibited recall', f(pipeline.prohibitedRecall), '', ''],
    [
      'allergen false flags',
      String(pipeline.allergenFalsePositives),
      String(plain.allergenFalsePositives),
      '',
    ],
    ['p50 CPU ms / image', pipeline.cpuP50Ms.toFixed(0), plain.cpuP50Ms.toFixed(0), '≤ 1500'],
    ['p95 CPU ms / image', pipeline.cpuP95Ms.toFixed(0), plain.cpuP95Ms.toFixed(0), ''],
    ['p50 wall ms / image', pipeline.p50Ms.toFixed(0), plain.p50Ms.toFixed(0), ''],
    ['p95 wall ms / image', pipeline.p95Ms.toFixed(0), plain.p95Ms.toFixed(0), ''],
  ];
  process.stdout.write(
    `\nScanner benchmark: ${images} images (the real photos, then ${perCondition} per condition: committed fixtures and the degraded set), ` +
      `${records.length} chemicals, ${vocabulary?.size ?? 0} vocabulary names; one OCR thread, sharp concurrency 1, ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores\n`,
  );
  process.stdout.write(
    `${'condition'.padEnd(16)}${'images'.padStart(7)}${'recall'.padStart(8)}${'precision'.padStart(10)}${'allergens'.padStart(10)}   ${'plain recall'.padStart(12)}${'precision'.padStart(10)}${'allergens'.padStart(10)}\n`,
  );
  for (const r of perConditionRows)
    process.stdout.write(
      `${r.name.padEnd(16)}${String(r.images).padStart(7)}${f(r.pipeline.recall).padStart(8)}${f(r.pipeline.precision).padStart(10)}${f(r.pipeline.allergenRecall).padStart(10)}   ${f(r.plain.recall).padStart(12)}${f(r.plain.precision).padStart(10)}${f(r.plain.allergenRecall).padStart(10)}\n`,
    );
  process.stdout.write('\n');
  for (const r of rows)
    process.stdout.write(
      `${r[0]!.padEnd(30)}${r[1]!.padStart(10)}${r[2]!.padStart(20)}${r[3]!.padStart(10)}\n`,
    );
  if (options.verbose) {
    process.stdout.write('\nCPU per stage, ms per image: median / mean / share of all CPU\n');
    const all = ourCpu.reduce((a, b) => a + b, 0);
    for (const [name, values] of stageTotals) {
      const total = values.reduce((a, b) => a + b, 0);
      process.stdout.write(
        `${name.padEnd(14)}${percentile(values, 50).toFixed(0).padStart(7)}${(total / values.length).toFixed(0).padStart(7)}${`${((100 * total) / Math.max(1, all)).toFixed(0)}%`.padStart(6)}\n`,
      );
    }
  }
  if (theirs.length > 0)
    process.stdout.write(
      `F1 ratio pipeline/plain: ${(pipeline.f1 / Math.max(plain.f1, 1e-9)).toFixed(2)}x; time ratio: ${(pipeline.cpuP50Ms / Math.max(plain.cpuP50Ms, 1e-9)).toFixed(2)}x (CPU p50)\n`,
    );
  return { images, pipeline, plain, degraded, perCondition: perConditionRows, worstRecall };
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const only = arg('--conditions');
  await run({
    perCondition: arg('--per-condition') ? Number(arg('--per-condition')) : undefined,
    conditions: only ? (only.split(',') as ConditionName[]) : undefined,
    verbose: process.argv.includes('--verbose'),
    skipPlain: process.argv.includes('--skip-plain'),
  });
}
