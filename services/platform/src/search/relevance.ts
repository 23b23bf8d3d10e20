/**
 * What makes one text match better than another, as one number (lower is better), shared by the
 * index's ranker and the brute-force oracle. In order of weight:
 *
 * 1. a name or brand match before a match through a chemical the perfume contains (CAS or name);
 * 2. fewer typos over the query's words;
 * 3. the whole name matched (every word of the name is a query word, brand words aside); else the
 *    query names the whole brand (a brand search lists the house); else some query word is in the
 *    name; else the perfume matched by part of its brand only;
 * 4. fewer name words left unmatched (covered names before their flankers);
 * 5. the last word matched whole rather than as a prefix (the word still being typed);
 * 6. popularity: listed by more of the independent source catalogues;
 * 7. a query word matched the brand;
 * 8. the query's name words in the name's order;
 * 9. from a larger house, then shorter names, then older ones.
 *
 * Ties keep catalogue order.
 */

/** What is known about one perfume's match. */
export interface MatchFacts {
  /** Matched only through a chemical named by the query (no name/brand match). */
  chemicalOnly: boolean;
  typos: number;
  /** Query words matching a word of the name. */
  nameHits: number;
  /** Distinct words of the name (`searchWords`). */
  nameWords: number;
  brandHit: boolean;
  /** Every word of the brand matched a query word. */
  brandWhole: boolean;
  inOrder: boolean;
  prefixes: number;
  /** Source catalogues listing the perfume. */
  sources: number;
  /** Perfumes of the same brand. */
  brandSize: number;
  nameLength: number;
  year: number | null;
}

const clamp = (v: number, max: number) => (v < 0 ? 0 : v > max ? max : v);

/** The facts as one sortable number below 2^53 (lower is better). */
export function relevanceKey(f: MatchFacts): number {
  const missing = f.nameWords - f.nameHits;
  const whole = f.nameWords > 0 && missing <= 0;
  let key = f.chemicalOnly ? 1 : 0;
  key = key * 16 + clamp(f.typos, 15);
  const tier = whole ? 0 : f.brandWhole ? 1 : f.nameHits > 0 ? 2 : 3;
  key = key * 4 + tier;
  key = key * 64 + clamp(missing, 63);
  key = key * 16 + clamp(f.prefixes, 15);
  key = key * 16 + (15 - clamp(f.sources, 15));
  key = key * 2 + (f.brandHit ? 0 : 1);
  key = key * 2 + (f.inOrder ? 0 : 1);
  key = key * 32 + (31 - clamp(Math.floor(2 * Math.log2(f.brandSize + 1)), 31));
  key = key * 256 + clamp(f.nameLength, 255);
  key = key * 512 + (f.year === null ? 511 : clamp(f.year - 1700, 510));
  return key;
}
