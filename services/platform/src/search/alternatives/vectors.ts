/**
 * The finder's vectors: each complete-data perfume's accords and notes as a sparse feature vector
 * (idf-scaled, normalised to length 1), the postings per feature and per filter chemical, and the
 * exclusion masks kept per set of excluded chemicals.
 */
import { dataCategory, filterChemicalIds, noteKey, type PerfumeGender } from '@scentinel/domain';
import type { Chemical, PerfumeCard, PerfumeDocument } from '../catalogue.types.ts';
import type { ChemicalReadModel } from '../chemical-table.ts';
import { classifiable, visibleLinks } from '../perfume-card.ts';

/** What the finder reads: the in-process index satisfies it. */
export interface AlternativesSource {
  readonly chemicals: ChemicalReadModel;
  readonly generation: number | null;
  documents(): Iterable<PerfumeDocument>;
  getPerfume(id: string): PerfumeDocument | null | Promise<PerfumeDocument | null>;
}

export const NOTE_POSITIONS = ['top', 'middle', 'base', 'unspecified'] as const;
export type NotePosition = (typeof NOTE_POSITIONS)[number];

/** Weight of a note by its position in the pyramid. */
export const POSITION_WEIGHT: Readonly<Record<NotePosition, number>> = {
  top: 0.8,
  middle: 1.0,
  base: 1.2,
  unspecified: 0.9,
};
/** The first accord weighs 1.2, each later one a little less, down to 0.6. */
const accordWeight = (rank: number) => Math.max(0.6, 1.2 - rank * 0.1);
/** Similarity factor between a masculine and a feminine perfume (other pairs: 1). */
export const OPPOSITE_GENDER_FACTOR = 0.8;

export interface SharedFeatures {
  accords: string[];
  notes: Record<NotePosition, string[]>;
}

/** One build of the vectors: features are dense ints, documents dense ints over eligible perfumes. */
export interface Build {
  generation: number | null;
  at: number;
  ids: string[];
  docOf: Map<string, number>;
  genders: Uint8Array;
  /** Per document: its features (CSR over `featStart`), weights normalised to length 1. */
  featStart: Int32Array;
  feats: Int32Array;
  weights: Float32Array;
  /** Per feature: documents having it and their weights (CSR over `postStart`). */
  postStart: Int32Array;
  postDocs: Int32Array;
  postWeights: Float32Array;
  featureKeys: string[];
  featureIds: Map<string, number>;
  /** Idf per feature. */
  idf: Float32Array;
  /** Chemical id → documents linking it (sorted). */
  chemPostings: Map<string, Int32Array>;
  /** Recently used exclusion masks, by their sorted chemical ids. */
  masks: Map<string, Uint8Array>;
}

const GENDER_CODE: Record<PerfumeGender, number> = { masculine: 1, feminine: 2, unisex: 3 };

export function genderCode(g: PerfumeGender | null | undefined): number {
  return g ? (GENDER_CODE[g] ?? 0) : 0;
}

export function genderFactor(a: number, b: number): number {
  return (a === 1 && b === 2) || (a === 2 && b === 1) ? OPPOSITE_GENDER_FACTOR : 1;
}

/** The raw (unscaled) features of a perfume: `a:<accord>` and `n:<position>:<note key>`. */
export function rawFeatures(p: Pick<PerfumeCard, 'accords' | 'notes'>): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, w: number) => out.set(key, Math.max(out.get(key) ?? 0, w));
  p.accords.forEach((a, i) => {
    const k = noteKey(a);
    if (k) add(`a:${k}`, accordWeight(i));
  });
  for (const pos of NOTE_POSITIONS) {
    for (const note of p.notes[pos] ?? []) {
      const k = noteKey(note);
      // The same note in another position still counts as the same note, a little less.
      if (k) add(`n:${k}`, POSITION_WEIGHT[pos]);
    }
  }
  return out;
}

/** What two perfumes share, named as the original names it. */
export function sharedFeatures(
  original: Pick<PerfumeCard, 'accords' | 'notes'>,
  other: Pick<PerfumeCard, 'accords' | 'notes'>,
): SharedFeatures {
  const otherAccords = new Set(other.accords.map(noteKey));
  const otherNotes = new Set(NOTE_POSITIONS.flatMap((p) => (other.notes[p] ?? []).map(noteKey)));
  const notes = {} as Record<NotePosition, string[]>;
  for (const pos of NOTE_POSITIONS) {
    notes[pos] = (original.notes[pos] ?? []).filter((n) => otherNotes.has(noteKey(n)));
  }
  return { accords: original.accords.filter((a) => otherAccords.has(noteKey(a))), notes };
}

/** Exclusion masks kept per build: a person's profile is the same from one request to the next. */
const MASKS_KEPT = 32;

/** 1 for every document linking an excluded chemical. */
export function exclusionMask(b: Build, excludedIds: ReadonlySet<string>): Uint8Array {
  const lists = [...excludedIds].filter((id) => b.chemPostings.has(id)).sort();
  const key = lists.join('\n');
  const kept = b.masks.get(key);
  if (kept) {
    // Most recently used last.
    b.masks.delete(key);
    b.masks.set(key, kept);
    return kept;
  }
  const mask = new Uint8Array(b.ids.length);
  for (const id of lists) {
    const docs = b.chemPostings.get(id)!;
    for (let i = 0; i < docs.length; i++) mask[docs[i]!] = 1;
  }
  b.masks.set(key, mask);
  if (b.masks.size > MASKS_KEPT) b.masks.delete(b.masks.keys().next().value!);
  return mask;
}

/** Complete data and none of the excluded chemicals among its filter chemicals. */
export function isSafe(
  doc: PerfumeDocument,
  excluded: ReadonlySet<string>,
  known: ReadonlyMap<string, Chemical>,
): boolean {
  const perfume = classifiable(doc.perfume, visibleLinks(doc));
  if (dataCategory(perfume, known) !== 'complete') return false;
  return !filterChemicalIds(perfume).some((id) => excluded.has(id));
}

/** Builds the vectors and postings of every complete-data perfume. */
export function buildVectors(source: AlternativesSource, at: number): Build {
  const steps = buildSteps(source, at);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The same, yielding to other work between slices of `SLICE` perfumes. */
export async function buildVectorsInSlices(source: AlternativesSource, at: number): Promise<Build> {
  const steps = buildSteps(source, at);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

const SLICE = 500;

function* buildSteps(source: AlternativesSource, at: number): Generator<void, Build> {
  const known = source.chemicals.known();
  const generation = source.generation;
  const ids: string[] = [];
  const genders: number[] = [];
  const docFeatures: Map<string, number>[] = [];
  const chemLists = new Map<string, number[]>();
  const df = new Map<string, number>();
  let seen = 0;
  for (const doc of source.documents()) {
    if (++seen % SLICE === 0) yield;
    const links = visibleLinks(doc);
    const p = doc.perfume;
    const perfume = classifiable(p, links);
    if (dataCategory(perfume, known) !== 'complete') continue;
    const d = ids.length;
    ids.push(p.id);
    genders.push(genderCode(p.gender));
    const raw = rawFeatures(p);
    docFeatures.push(raw);
    for (const key of raw.keys()) df.set(key, (df.get(key) ?? 0) + 1);
    for (const id of filterChemicalIds(perfume)) {
      const list = chemLists.get(id);
      if (list) list.push(d);
      else chemLists.set(id, [d]);
    }
  }
  const n = ids.length;
  const featureKeys = [...df.keys()];
  const featureIds = new Map(featureKeys.map((k, i) => [k, i]));
  const idf = new Float32Array(featureKeys.length);
  featureKeys.forEach((k, i) => {
    idf[i] = Math.log(1 + n / (df.get(k) ?? 1));
  });

  // Documents' normalised vectors (CSR), then postings per feature (CSR).
  const featStart = new Int32Array(n + 1);
  let total = 0;
  for (let d = 0; d < n; d++) {
    featStart[d] = total;
    total += docFeatures[d]!.size;
  }
  featStart[n] = total;
  const feats = new Int32Array(total);
  const weights = new Float32Array(total);
  const postCount = new Int32Array(featureKeys.length + 1);
  for (let d = 0; d < n; d++) {
    let norm = 0;
    let j = featStart[d]!;
    for (const [key, w] of docFeatures[d]!) {
      const f = featureIds.get(key)!;
      const v = w * idf[f]!;
      feats[j] = f;
      weights[j] = v;
      norm += v * v;
      postCount[f + 1]!++;
      j++;
    }
    norm = Math.sqrt(norm) || 1;
    for (let k = featStart[d]!; k < j; k++) weights[k]! /= norm;
  }
  const postStart = new Int32Array(featureKeys.length + 1);
  for (let f = 0; f < featureKeys.length; f++) postStart[f + 1] = postStart[f]! + postCount[f + 1]!;
  const fill = postStart.slice(0, featureKeys.length);
  const postDocs = new Int32Array(total);
  const postWeights = new Float32Array(total);
  for (let d = 0; d < n; d++) {
    for (let k = featStart[d]!; k < featStart[d + 1]!; k++) {
      const f = feats[k]!;
      const at2 = fill[f]!++;
      postDocs[at2] = d;
      postWeights[at2] = weights[k]!;
    }
  }
  const chemPostings = new Map<string, Int32Array>();
  for (const [id, list] of chemLists) chemPostings.set(id, Int32Array.from(list));
  return {
    generation,
    at,
    ids,
    docOf: new Map(ids.map((id, d) => [id, d])),
    genders: Uint8Array.from(genders),
    featStart,
    feats,
    weights,
    postStart,
    postDocs,
    postWeights,
    featureKeys,
    featureIds,
    idf,
    chemPostings,
    masks: new Map(),
  };
}
