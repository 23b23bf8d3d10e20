/**
 * Label scanner benchmark: ingredient precision/recall/F1, allergen recall and time per image on
 * one core for the pipeline (sharp pre-processing + Tesseract + parser + matcher), beside plain
 * `tesseract.js` on the same images (raw text split on commas, names looked up exactly).
 *
 *   npx tsx scripts/bench/scanner.bench.ts [--limit N] [--verbose]
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import {
  BrandIndex,
  ChemicalMatcher,
  DEFAULT_CHEMICALS_PATH,
  LocalScanEngine,
  loadBrandNames,
  matchKey,
  OcrPool,
  TESSERACT_LANG_PATH,
  waitForChemicalRecords,
} from '../../services/worker/src/index.ts';

const LABELS_DIR = path.resolve(import.meta.dirname, '../../services/worker/fixtures/labels');

interface Truth {
  file: string;
  product_identification: {
    brand: string | null;
    product_name: string | null;
    product_type: string | null;
    size_ml: number | null;
  };
  ingredients: { name: string; is_allergen: boolean }[];
  barcodes: string[];
  damage?: string[];
}

interface Predicted {
  name: string;
  is_allergen: boolean;
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
}

/** One-to-one greedy pairing of predicted and true ingredients that share a key. */
function score(
  truth: Truth['ingredients'],
  predicted: Predicted[],
): Score & { missed: string[]; extra: string[] } {
  const used = new Set<number>();
  const s = { tp: 0, fp: 0, fn: 0, allergenTp: 0, allergenFn: 0, allergenFp: 0 };
  const missed: string[] = [];
  const predKeys = predicted.map((p) => keysOf(p.name));
  for (const t of truth) {
    const tk = keysOf(t.name);
    const j = predKeys.findIndex((pk, i) => !used.has(i) && [...tk].some((k) => pk.has(k)));
    if (j < 0) {
      s.fn += 1;
      missed.push(t.name);
      if (t.is_allergen) s.allergenFn += 1;
      continue;
    }
    used.add(j);
    s.tp += 1;
    if (t.is_allergen) {
      if (predicted[j]!.is_allergen) s.allergenTp += 1;
      else s.allergenFn += 1;
    } else if (predicted[j]!.is_allergen) s.allergenFp += 1;
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
  const allergenRecall = sum('allergenTp') / Math.max(1, sum('allergenTp') + sum('allergenFn'));
  return {
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

export async function run(
  options: { limit?: number; verbose?: boolean; chemicalsPath?: string; skipPlain?: boolean } = {},
) {
  sharp.concurrency(1);
  const truths = loadTruths().slice(0, options.limit ?? Number.POSITIVE_INFINITY);
  const records = await waitForChemicalRecords(
    options.chemicalsPath ?? process.env.CHEMICALS_PATH ?? DEFAULT_CHEMICALS_PATH,
    {
      timeoutMs: 5_000,
    },
  );
  const matcher = new ChemicalMatcher(records);
  const exactAllergens = new Map<string, boolean>();
  for (const r of records) {
    for (const n of [r.inci_name, r.name, ...r.synonyms])
      if (n) exactAllergens.set(matchKey(n), r.allergen_flag || exactAllergens.get(matchKey(n)) === true);
  }

  const pool = await OcrPool.create({ size: 1 });
  // Brand names come from the shipped catalogue (not from the fixtures' ground truth).
  const engine = new LocalScanEngine(pool, { matcher, brands: new BrandIndex(await loadBrandNames()) });
  const baseline = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: TESSERACT_LANG_PATH,
    cacheMethod: 'none',
    gzip: true,
  });

  const ours: Score[] = [];
  const theirs: Score[] = [];
  const ourTimes: number[] = [];
  const theirTimes: number[] = [];
  // CPU time of the whole process (all threads): what an image costs on one core, whatever else
  // the machine is doing, beside the wall-clock time.
  const ourCpu: number[] = [];
  const theirCpu: number[] = [];
  const cpuSince = (c0: NodeJS.CpuUsage) => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  const fields = { brand: 0, product_name: 0, product_type: 0, size_ml: 0, barcodes: 0, barcodeTotal: 0 };
  try {
    for (const truth of truths) {
      const image = readFileSync(path.join(LABELS_DIR, truth.file));
      let t0 = performance.now();
      let c0 = process.cpuUsage();
      const result = await engine.analyze({ image, analysisType: 'comprehensive' });
      ourTimes.push(performance.now() - t0);
      ourCpu.push(cpuSince(c0));
      const s = score(truth.ingredients, result.ingredients);
      ours.push(s);
      const p = result.product_identification;
      if (
        p.brand &&
        truth.product_identification.brand &&
        matchKey(p.brand) === matchKey(truth.product_identification.brand)
      )
        fields.brand += 1;
      if (p.product_type === truth.product_identification.product_type) fields.product_type += 1;
      if (
        p.product_name &&
        truth.product_identification.product_name &&
        matchKey(p.product_name) === matchKey(truth.product_identification.product_name)
      )
        fields.product_name += 1;
      if (p.size_ml === truth.product_identification.size_ml) fields.size_ml += 1;
      fields.barcodeTotal += truth.barcodes.length;
      fields.barcodes += truth.barcodes.filter((b) =>
        result.codes_and_regulatory.barcodes.some((r) => r.number === b),
      ).length;

      if (options.verbose) {
        process.stdout.write(
          `${truth.file} [${(truth.damage ?? []).join(',')}] tp=${s.tp} fp=${s.fp} fn=${s.fn} (${ourTimes.at(-1)!.toFixed(0)} ms)\n` +
            (s.missed.length ? `   missed: ${s.missed.join(' | ')}\n` : '') +
            (s.extra.length ? `   extra:  ${s.extra.join(' | ')}\n` : ''),
        );
      }
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
      theirs.push(score(truth.ingredients, plain));
    }
  } finally {
    await pool.terminate();
    await baseline.terminate();
  }

  const pipeline = summarize(ours, ourTimes, ourCpu);
  const plain = summarize(theirs, theirTimes, theirCpu);
  const n = truths.length;
  const rows = [
    ['metric', 'pipeline', 'plain tesseract.js', 'target'],
    ['ingredient precision', pipeline.precision.toFixed(3), plain.precision.toFixed(3), ''],
    ['ingredient recall', pipeline.recall.toFixed(3), plain.recall.toFixed(3), ''],
    ['ingredient F1', pipeline.f1.toFixed(3), plain.f1.toFixed(3), '≥ 0.90'],
    ['allergen recall', pipeline.allergenRecall.toFixed(3), plain.allergenRecall.toFixed(3), '≥ 0.97'],
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
    `\nScanner benchmark: ${n} labels, ${records.length} chemicals in the database; one OCR thread, sharp concurrency 1, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores\n`,
  );
  for (const r of rows)
    process.stdout.write(
      `${r[0]!.padEnd(26)}${r[1]!.padStart(10)}${r[2]!.padStart(20)}${r[3]!.padStart(10)}\n`,
    );
  process.stdout.write(
    `F1 ratio pipeline/plain: ${(pipeline.f1 / Math.max(plain.f1, 1e-9)).toFixed(2)}x; time ratio: ${(pipeline.cpuP50Ms / Math.max(plain.cpuP50Ms, 1e-9)).toFixed(2)}x (CPU p50)\n` +
      `product fields right: brand ${fields.brand}/${n}, name ${fields.product_name}/${n}, type ${fields.product_type}/${n}, size ${fields.size_ml}/${n}; barcodes ${fields.barcodes}/${fields.barcodeTotal}\n`,
  );
  return { labels: n, pipeline, plain, productFields: fields };
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  const limitArg = process.argv.indexOf('--limit');
  await run({
    limit: limitArg > 0 ? Number(process.argv[limitArg + 1]) : undefined,
    verbose: process.argv.includes('--verbose'),
    skipPlain: process.argv.includes('--skip-plain'),
  });
}
