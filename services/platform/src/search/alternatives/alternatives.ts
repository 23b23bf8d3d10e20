import type { PerfumeCard } from '../catalogue.types.ts';
import { labelName, toPerfumeCard } from '../perfume-card.ts';
import {
  type AlternativesSource,
  type Build,
  buildVectors,
  buildVectorsInSlices,
  exclusionMask,
  genderCode,
  genderFactor,
  isSafe,
  rawFeatures,
  type SharedFeatures,
  sharedFeatures,
} from './vectors.ts';

/** Re-exported for the brute-force peer and the package index. */
export {
  type AlternativesSource,
  isSafe,
  OPPOSITE_GENDER_FACTOR,
  rawFeatures,
  type SharedFeatures,
  sharedFeatures,
} from './vectors.ts';

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
