/**
 * Seeded synthetic catalogue for benchmarks only:
 *   npm run data:synthetic -- --count 500000 --seed 42 [--out .data/synthetic-500000.jsonl.gz]
 *
 * Records are built from the real vocabulary of data/ (brands, name words, notes by pyramid level,
 * accords, perfumers, concentrations; each as often as the catalogue uses it) and carry `synthetic: true` and ids `syn-<seed>-<n>`. Their
 * chemicals are inferred from their notes with data/chemicals/note-constituents.json, like the real
 * catalogue. Same count and seed → same bytes. Never written into data/catalogue.
 */
import { createWriteStream, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { Command, InvalidArgumentError } from 'commander';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { readText } from './io.ts';
import { inferChemicals, type NoteConstituent } from './notes-bridge.ts';
import type { Gender, NoteLists } from './types.ts';

export interface Vocabulary {
  brands: string[];
  nameWords: string[];
  notes: { top: string[]; middle: string[]; base: string[] };
  accords: string[];
  perfumers: string[];
  concentrations: string[];
  bridge: Map<string, NoteConstituent[]>;
  chemicalNames: Map<string, string>;
}

/** Sorted occurrence list: sampling it uniformly picks values as often as the catalogue uses them. */
const occurrences = (values: string[]) => values.sort();

/**
 * Vocabulary from the committed data files, weighted by use: a brand, name word, note (per pyramid
 * level), accord or perfumer comes up as often as in the real catalogue.
 */
export function vocabularyFrom(input: {
  perfumeLines: string;
  bridgeJson: string;
  chemicalsJson: string;
}): Vocabulary {
  const brands: string[] = [];
  const words: string[] = [];
  const accords: string[] = [];
  const perfumers: string[] = [];
  const concentrations: string[] = [];
  const notes = { top: [] as string[], middle: [] as string[], base: [] as string[] };
  for (const line of input.perfumeLines.split('\n')) {
    if (line.trim() === '') continue;
    const p = JSON.parse(line) as {
      brand: string;
      name: string;
      accords: string[];
      perfumer: string | null;
      concentration: string | null;
      notes: NoteLists;
    };
    brands.push(p.brand);
    for (const w of p.name.split(/\s+/)) if (/^\p{L}{3,}$/u.test(w)) words.push(w);
    accords.push(...p.accords);
    if (p.perfumer) perfumers.push(p.perfumer);
    if (p.concentration && !p.concentration.includes(',')) concentrations.push(p.concentration);
    notes.top.push(...p.notes.top);
    notes.middle.push(...p.notes.middle);
    notes.base.push(...p.notes.base);
  }
  const chemicals = JSON.parse(input.chemicalsJson) as Array<{ id: string; name: string }>;
  return {
    brands: occurrences(brands),
    nameWords: occurrences(words),
    notes: { top: occurrences(notes.top), middle: occurrences(notes.middle), base: occurrences(notes.base) },
    accords: occurrences(accords),
    perfumers: occurrences(perfumers),
    concentrations: occurrences(concentrations),
    bridge: new Map(Object.entries(JSON.parse(input.bridgeJson) as Record<string, NoteConstituent[]>)),
    chemicalNames: new Map(chemicals.map((c) => [c.id, c.name])),
  };
}

export interface SyntheticPerfume {
  id: string;
  name: string;
  brand: string;
  year_released: number | null;
  gender: Gender | null;
  perfumer: string | null;
  concentration: string | null;
  description: null;
  image_url: null;
  accords: string[];
  notes: NoteLists;
  chemicals: ReturnType<typeof inferChemicals>;
  field_sources: Record<string, never>;
  sources: ['synthetic'];
  synthetic: true;
}

const GENDERS: ReadonlyArray<Gender | null> = ['feminine', 'masculine', 'unisex', null];

/** Generates `count` synthetic perfumes; deterministic per (vocabulary, count, seed). */
export function generateSynthetic(vocab: Vocabulary, count: number, seed: number): SyntheticPerfume[] {
  return [...syntheticPerfumes(vocab, count, seed)];
}

/** The same perfumes one at a time (for large counts). */
export function* syntheticPerfumes(
  vocab: Vocabulary,
  count: number,
  seed: number,
): Generator<SyntheticPerfume> {
  if (vocab.brands.length === 0 || vocab.nameWords.length === 0)
    throw new Error('synthetic: empty vocabulary');
  const rng = xoroshiro128plus(seed);
  const int = (min: number, max: number) => uniformInt(rng, min, max);
  const one = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  const some = (list: readonly string[], min: number, max: number): string[] => {
    if (list.length === 0) return [];
    const picked = new Set<string>();
    const want = int(min, max);
    // Weighted lists repeat values: stop after a bounded number of draws.
    for (let draws = 0; picked.size < want && draws < want * 20; draws += 1) picked.add(one(list));
    return [...picked];
  };
  for (let n = 1; n <= count; n += 1) {
    const notes: NoteLists = {
      top: some(vocab.notes.top, 1, 5),
      middle: some(vocab.notes.middle, 1, 5),
      base: some(vocab.notes.base, 1, 5),
      unspecified: [],
    };
    yield {
      id: `syn-${seed}-${n}`,
      name: some(vocab.nameWords, 1, 3).join(' '),
      brand: one(vocab.brands),
      year_released: int(0, 9) < 3 ? null : int(1950, 2025),
      gender: one(GENDERS),
      perfumer: vocab.perfumers.length > 0 && int(0, 4) === 0 ? one(vocab.perfumers) : null,
      concentration: vocab.concentrations.length > 0 && int(0, 2) === 0 ? one(vocab.concentrations) : null,
      description: null,
      image_url: null,
      accords: some(vocab.accords, 3, 6),
      notes,
      chemicals: inferChemicals(notes, vocab.bridge, vocab.chemicalNames),
      field_sources: {},
      sources: ['synthetic'],
      synthetic: true,
    };
  }
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

/** Streams the perfumes as gzipped JSON Lines (fixed level, no flushes: same input → same bytes). */
async function writeSynthetic(path: string, perfumes: Iterable<SyntheticPerfume>): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  async function* chunks() {
    let buffer: string[] = [];
    for (const perfume of perfumes) {
      buffer.push(`${JSON.stringify(perfume)}\n`);
      if (buffer.length === 10_000) {
        yield buffer.join('');
        buffer = [];
      }
    }
    if (buffer.length > 0) yield buffer.join('');
  }
  await pipeline(Readable.from(chunks()), createGzip({ level: 9 }), createWriteStream(path));
}

async function main(argv: string[]): Promise<void> {
  const program = new Command()
    .name('data:synthetic')
    .description('Seeded synthetic perfume catalogue for benchmarks (never for data/catalogue)')
    .requiredOption('--count <n>', 'number of perfumes', positiveInt)
    .option(
      '--seed <n>',
      'random seed',
      (v) => {
        const n = Number(v);
        if (!Number.isSafeInteger(n)) throw new InvalidArgumentError('expected an integer');
        return n;
      },
      1,
    )
    .option('--out <path>', 'output .jsonl.gz (default .data/synthetic-<count>.jsonl.gz)')
    .option('--data <dir>', 'data directory with the built catalogue', join(repoRoot, 'data'));
  program.parse(argv);
  const opts = program.opts<{ count: number; seed: number; out?: string; data: string }>();
  const out = resolve(opts.out ?? join(repoRoot, '.data', `synthetic-${opts.count}.jsonl.gz`));
  const catalogueDir = resolve(join(repoRoot, 'data', 'catalogue'));
  if (!relative(catalogueDir, out).startsWith('..')) {
    throw new Error(`refusing to write synthetic data into ${catalogueDir}`);
  }
  const log = (line: string) => process.stderr.write(`[data:synthetic] ${line}\n`);
  log(`reading the vocabulary from ${opts.data}`);
  const vocab = vocabularyFrom({
    perfumeLines: readText(join(opts.data, 'catalogue', 'perfumes.jsonl.gz')),
    bridgeJson: readFileSync(join(opts.data, 'chemicals', 'note-constituents.json'), 'utf8'),
    chemicalsJson: readFileSync(join(opts.data, 'chemicals', 'chemicals.json'), 'utf8'),
  });
  log(
    `${vocab.brands.length} brands, ${vocab.nameWords.length} name words; generating ${opts.count} perfumes (seed ${opts.seed})`,
  );
  await writeSynthetic(out, syntheticPerfumes(vocab, opts.count, opts.seed));
  log(`wrote ${out} (${statSync(out).size} bytes)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv).catch((error: unknown) => {
    process.stderr.write(
      `[data:synthetic] failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
