/**
 * "Find me a safe alternative": the perfumes that smell most like a given one and contain none of
 * a set of chemicals.
 *
 * Smell is approximated by what the catalogue records of it: accords (earlier ones weigh more) and
 * notes by position (base notes last longest on skin and weigh most, then heart, then top). Each
 * perfume becomes a sparse vector over those features, each feature scaled by how rare it is in the
 * catalogue (a shared "rose" says more than a shared "musk"), normalised to length 1; similarity
 * is the dot product (cosine). Perfumes of the opposite gender are ranked lower.
 *
 * Only perfumes with complete chemical data are candidates. A candidate is safe when none of its
 * filter chemicals (its visible links and, without a declared list, every chemical of its likely or
 * possible allergens: the same set the catalogue's "must not contain" filter reads) is excluded;
 * excluded references are resolved as the catalogue's filters resolve them, so a label name covers
 * every isomer sold under it.
 *
 * The vectors and postings are built from the index's documents and rebuilt when the index's
 * generation changes (at most once every `rebuildIntervalMs`); the perfumes returned are re-checked
 * against their live cards, so a stale build can only miss an alternative, never return an unsafe one.
 */
import { dataCategory, filterChemicalIds, noteKey, type PerfumeGender } from '@scentinel/domain';
import type { Chemical, PerfumeCard, PerfumeDocument } from '../catalogue.types.ts';
import type { ChemicalReadModel } from '../chemical-table.ts';
import { classifiable, labelName, toPerfumeCard, visibleLinks } from '../perfume-card.ts';

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

export interface ExcludedChemical {
  /** The reference as given. */
  ref: string;
  /** The label name (or chemical name) it resolved to. */
  name: string;
  chemical_ids: string[];
  /** How the original perfume contains it: declared / likely / possible, or null when it does not. */
  in_original: 'declared' | 'likely' | 'possible' | null;
}

export interface Alternative {
  perfume: PerfumeCard;
  /** Cosine similarity of the two perfumes' feature vectors (0..1), after the gender factor. */
  similarity: number;
  shares: SharedFeatures;
  /** The excluded chemicals the original contains and this perfume does not. */
  avoids: string[];
}

export interface AlternativesAnswer {
  perfume: PerfumeCard;
  excluded: ExcludedChemical[];
  items: Alternative[];
  /** Complete-data perfumes sharing at least one accord or note with the original. */
  candidates: number;
}

export class UnknownChemicalError extends Error {
  constructor(readonly refs: string[]) {
    super(`No chemical matches ${refs.map((r) => `'${r}'`).join(', ')}`);
  }
}

/** One build of the vectors: features are dense ints, documents dense ints over eligible perfumes. */
interface Build {
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

function genderCode(g: PerfumeGender | null | undefined): number {
  return g ? (GENDER_CODE[g] ?? 0) : 0;
}

function genderFactor(a: number, b: number): number {
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

export interface AlternativesOptions {
  /** Minimum time between two rebuilds after writes (default 5 s). */
  rebuildIntervalMs?: number;
  now?: () => number;
}

export class AlternativesFinder {
  private build: Build | null = null;
  private building: Promise<Build> | null = null;
  private readonly rebuildIntervalMs: number;
  private readonly now: () => number;
  private scores = new Float32Array(0);
  private touched = new Int32Array(0);

  constructor(
    private readonly source: AlternativesSource,
    options: AlternativesOptions = {},
  ) {
    this.rebuildIntervalMs = options.rebuildIntervalMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** Builds the vectors now (benchmarks, tests) rather than on the first request. */
  warm(): void {
    if (!this.build) this.build = buildVectors(this.source, this.now());
  }

  /** Builds the vectors in the background, a slice at a time, without holding up other work. */
  warmInBackground(): Promise<void> {
    return this.ready().then(() => undefined);
  }

  /** Eligible (complete-data) perfumes in the current build (0 before the first one). */
  get size(): number {
    return this.build?.ids.length ?? 0;
  }

  /**
   * The build to answer from: the first one is awaited; after writes, the previous one keeps
   * answering (results are re-checked live) while a new one is made in the background.
   */
  private async ready(): Promise<Build> {
    const b = this.build;
    const gen = this.source.generation;
    const stale =
      !b || (gen !== b.generation && (gen === null || this.now() - b.at >= this.rebuildIntervalMs));
    if (stale && !this.building) {
      this.building = buildVectorsInSlices(this.source, this.now()).then(
        (built) => {
          this.build = built;
          this.building = null;
          return built;
        },
        (err: unknown) => {
          this.building = null;
          throw err;
        },
      );
    }
    if (b) return b;
    return this.building!;
  }

  /**
   * Resolves excluded references; throws `UnknownChemicalError` naming those that match no chemical
   * (an allergen the finder cannot recognise must not be silently ignored).
   */
  resolveExcluded(refs: readonly string[]): { ref: string; name: string; chemical_ids: string[] }[] {
    const known = this.source.chemicals.known();
    const unknown: string[] = [];
    const out = refs.flatMap((ref) => {
      const ids = this.source.chemicals.resolve(ref);
      if (ids.length === 0) {
        unknown.push(ref);
        return [];
      }
      const first = known.get(ids[0]!);
      return [{ ref, name: first ? labelName(first) : ref, chemical_ids: ids }];
    });
    if (unknown.length > 0) throw new UnknownChemicalError(unknown);
    return out;
  }

  /** Null when the perfume is unknown. */
  async find(id: string, excludeRefs: readonly string[], limit: number): Promise<AlternativesAnswer | null> {
    const resolved = this.resolveExcluded(excludeRefs);
    const doc = await this.source.getPerfume(id);
    if (!doc) return null;
    const known = this.source.chemicals.known();
    const original = toPerfumeCard(doc, known);
    const excludedIds = new Set(resolved.flatMap((r) => r.chemical_ids));
    const excluded: ExcludedChemical[] = resolved.map((r) => {
      const hit = original.allergens.find((a) => r.chemical_ids.includes(a.chemical_id));
      const linked = original.chemicals.some((c) => r.chemical_ids.includes(c.chemical_id));
      return { ...r, in_original: hit ? hit.basis : linked ? 'declared' : null };
    });
    const avoids = excluded.filter((e) => e.in_original !== null).map((e) => e.name);

    const build = await this.ready();
    const ranked = this.rank(build, original, excludedIds, limit);
    const items: Alternative[] = [];
    for (const { doc: d, score } of ranked.order) {
      if (items.length >= limit) break;
      const candidateId = ranked.build.ids[d]!;
      if (candidateId === original.id) continue;
      const live = await this.source.getPerfume(candidateId);
      if (!live || !isSafe(live, excludedIds, known)) continue;
      const card = toPerfumeCard(live, known);
      items.push({
        perfume: card,
        similarity: Math.round(score * 1000) / 1000,
        shares: sharedFeatures(original, card),
        avoids,
      });
    }
    return { perfume: original, excluded, items, candidates: ranked.candidates };
  }

  /** Candidates sharing a feature with the perfume, safe in the build, best first (lazily sorted). */
  private rank(
    b: Build,
    original: PerfumeCard,
    excludedIds: ReadonlySet<string>,
    limit: number,
  ): { build: Build; order: Iterable<{ doc: number; score: number }>; candidates: number } {
    const n = b.ids.length;
    if (this.scores.length < n) {
      this.scores = new Float32Array(n);
      this.touched = new Int32Array(n);
    }
    const scores = this.scores;
    const touched = this.touched;
    const mask = exclusionMask(b, excludedIds);
    // The query vector, scaled as the documents are.
    const raw = rawFeatures(original);
    const qf: number[] = [];
    const qw: number[] = [];
    let norm = 0;
    for (const [key, w] of raw) {
      const f = b.featureIds.get(key);
      if (f === undefined) continue;
      const v = w * b.idf[f]!;
      qf.push(f);
      qw.push(v);
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    let count = 0;
    const postDocs = b.postDocs;
    const postWeights = b.postWeights;
    for (let i = 0; i < qf.length; i++) {
      const f = qf[i]!;
      const wq = qw[i]! / norm;
      for (let p = b.postStart[f]!, end = b.postStart[f + 1]!; p < end; p++) {
        const d = postDocs[p]!;
        if (mask[d] === 1) continue;
        if (scores[d] === 0) touched[count++] = d;
        scores[d]! += wq * postWeights[p]!;
      }
    }
    const g = genderCode(original.gender);
    const self = b.docOf.get(original.id) ?? -1;
    // Keep the best few (a stale build may lose some to the live check); the rest only if needed.
    const keep = Math.min(count, limit * 2 + 16);
    const top = new TopK(keep);
    for (let i = 0; i < count; i++) {
      const d = touched[i]!;
      const score = Math.min(1, Math.fround(scores[d]! * genderFactor(g, b.genders[d]!)));
      scores[d] = 0;
      if (d !== self) top.offer(d, score);
    }
    const hits = top.sorted();
    const rest = (): { doc: number; score: number }[] => {
      // Recomputed only when more than `keep` candidates had to be skipped.
      const chosen = new Set(hits.map((h) => h.doc));
      const all = this.rank(b, original, excludedIds, Number.MAX_SAFE_INTEGER >> 2);
      return [...all.order].filter((h) => !chosen.has(h.doc));
    };
    const candidates = self >= 0 && scoresTouched(touched, count, self) ? count - 1 : count;
    return { build: b, order: thenRest(hits, keep < count ? rest : null), candidates };
  }
}

/** Exclusion masks kept per build: a person's profile is the same from one request to the next. */
const MASKS_KEPT = 32;

/** 1 for every document linking an excluded chemical. */
function exclusionMask(b: Build, excludedIds: ReadonlySet<string>): Uint8Array {
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

function scoresTouched(touched: Int32Array, count: number, doc: number): boolean {
  for (let i = 0; i < count; i++) if (touched[i] === doc) return true;
  return false;
}

function* thenRest<T>(first: T[], rest: (() => T[]) | null): Iterable<T> {
  yield* first;
  if (rest) yield* rest();
}

const better = (sa: number, da: number, sb: number, db: number) => sa > sb || (sa === sb && da < db);

/** The best `k` (score, doc) pairs seen: a bounded min-heap over typed arrays. */
class TopK {
  private readonly docs: Int32Array;
  private readonly scores: Float32Array;
  private size = 0;
  constructor(private readonly k: number) {
    this.docs = new Int32Array(k);
    this.scores = new Float32Array(k);
  }

  offer(doc: number, score: number): void {
    if (this.k === 0) return;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!better(this.scores[parent]!, this.docs[parent]!, score, doc)) break;
        this.docs[i] = this.docs[parent]!;
        this.scores[i] = this.scores[parent]!;
        i = parent;
      }
      this.docs[i] = doc;
      this.scores[i] = score;
      return;
    }
    // The root is the worst kept: replace it only with a better one.
    if (!better(score, doc, this.scores[0]!, this.docs[0]!)) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      let worst = l;
      if (r < this.size && better(this.scores[l]!, this.docs[l]!, this.scores[r]!, this.docs[r]!)) worst = r;
      if (!better(score, doc, this.scores[worst]!, this.docs[worst]!)) break;
      this.docs[i] = this.docs[worst]!;
      this.scores[i] = this.scores[worst]!;
      i = worst;
    }
    this.docs[i] = doc;
    this.scores[i] = score;
  }

  sorted(): { doc: number; score: number }[] {
    const out: { doc: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ doc: this.docs[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.doc - b.doc);
  }
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
