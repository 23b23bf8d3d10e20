/**
 * The same ranking as `AlternativesFinder`, computed the slow obvious way: every perfume's card is
 * built and compared with the original feature by feature. The unit tests check the finder against
 * it and the benchmark measures the finder against it.
 */
import type { PerfumeCard } from '../catalogue.types.ts';
import { toPerfumeCard } from '../perfume-card.ts';
import { type AlternativesSource, isSafe, OPPOSITE_GENDER_FACTOR, rawFeatures } from './alternatives.ts';

export interface BruteForceHit {
  id: string;
  similarity: number;
}

/** Ids and similarities of the best `limit` safe alternatives, best first (ties by catalogue order). */
export function bruteForceAlternatives(
  source: AlternativesSource,
  original: PerfumeCard,
  excludedIds: ReadonlySet<string>,
  limit: number,
): BruteForceHit[] {
  const known = source.chemicals.known();
  const docs = [...source.documents()];
  const complete = docs.filter((d) => toPerfumeCard(d, known).data_category === 'complete');
  const df = new Map<string, number>();
  const raws = complete.map((d) => rawFeatures(d.perfume));
  for (const raw of raws) for (const k of raw.keys()) df.set(k, (df.get(k) ?? 0) + 1);
  const n = complete.length;
  const idf = (k: string) => Math.log(1 + n / (df.get(k) ?? 1));
  const vector = (raw: Map<string, number>) => {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [k, w] of raw) {
      if (!df.has(k)) continue;
      const x = w * idf(k);
      v.set(k, x);
      norm += x * x;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [k, x] of v) v.set(k, x / norm);
    return v;
  };
  const q = vector(rawFeatures(original));
  const opposite = (a: string | null, b: string | null) =>
    (a === 'masculine' && b === 'feminine') || (a === 'feminine' && b === 'masculine');
  const hits: (BruteForceHit & { order: number })[] = [];
  complete.forEach((doc, order) => {
    if (doc.perfume.id === original.id || !isSafe(doc, excludedIds, known)) return;
    const v = vector(raws[order]!);
    let dot = 0;
    for (const [k, x] of q) dot += x * (v.get(k) ?? 0);
    if (dot <= 0) return;
    const factor = opposite(original.gender, doc.perfume.gender) ? OPPOSITE_GENDER_FACTOR : 1;
    hits.push({ id: doc.perfume.id, similarity: Math.min(1, dot * factor), order });
  });
  hits.sort((a, b) => b.similarity - a.similarity || a.order - b.order);
  return hits.slice(0, limit).map(({ id, similarity }) => ({ id, similarity }));
}
