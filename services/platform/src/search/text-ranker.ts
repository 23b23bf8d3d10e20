/**
 * Ranks the perfumes matching a text query by relevance (`relevance.ts`).
 *
 * A perfume matches when every query word matches a word of its name or brand: exactly, as a
 * prefix (the last word only, the one being typed, from two letters on), or within the word's typo allowance (`typoBudget`; the first letter must agree, as the
 * dictionary is scanned from it). A query naming a chemical (its CAS number or its name) also
 * matches the perfumes containing it, after the name and brand matches.
 *
 * Each query word is expanded once against the name and brand dictionaries (exact words first,
 * then prefixes, then typos), and the expansions' posting lists are walked into per-document
 * accumulators (which words matched, in the name or the brand, with how many typos and prefixes).
 * Only documents matched by every word are scored; the page is cut from the best keys.
 */
import * as B from './bitset.ts';
import type { PostingList } from './posting-list.ts';
import { type MatchFacts, relevanceKey } from './relevance.ts';
import { editDistanceWithin, MIN_PREFIX, typoBudget } from './search-text.ts';
import type { TokenDictionary } from './token-dictionary.ts';

/** What the ranker reads of the index. */
export interface RankerSource {
  /** Name word → documents. */
  readonly nameWords: TokenDictionary;
  /** Brand word → brand ids. */
  readonly brandWords: TokenDictionary;
  brandDocs(brandId: number): PostingList | undefined;
  brandOf(doc: number): number;
  /** The distinct `searchWords` of a brand. */
  brandWordList(brandId: number): readonly string[];
  nameOf(doc: number): string;
  /** The name's `searchWords` (in order, duplicates kept). */
  nameWordList(doc: number): readonly string[];
  /** Distinct `searchWords` of the name. */
  nameWordCount(doc: number): number;
  sourceCount(doc: number): number;
  year(doc: number): number | null;
  /** Documents containing a chemical the query text names (CAS number or chemical name). */
  chemicalDocs(text: string): readonly PostingList[];
}

/** One expansion of a query word: a dictionary word and what matching it costs. */
interface Expansion {
  word: string;
  typos: number;
  prefix: boolean;
}

const NAME = 1;
const BRAND = 2;
/** Query words whose expansions are kept (oldest dropped first). */
const EXPANSIONS_KEPT = 4096;

export class TextRanker {
  private matched = new Uint16Array(0);
  private inName = new Uint16Array(0);
  private inBrand = new Uint16Array(0);
  private typos = new Uint8Array(0);
  private prefixes = new Uint8Array(0);
  private readonly touched: number[] = [];
  private readonly hits: number[] = [];
  private keys = new Float64Array(0);
  private scratch = new Float64Array(0);

  constructor(private readonly source: RankerSource) {}

  /** Makes room for documents `0 .. capacity - 1`. */
  resize(capacity: number): void {
    const grow = (a: Uint8Array) => {
      const next = new Uint8Array(capacity);
      next.set(a.subarray(0, Math.min(a.length, capacity)));
      return next;
    };
    const grow16 = (a: Uint16Array) => {
      const next = new Uint16Array(capacity);
      next.set(a.subarray(0, Math.min(a.length, capacity)));
      return next;
    };
    this.matched = grow16(this.matched);
    this.inName = grow16(this.inName);
    this.inBrand = grow16(this.inBrand);
    this.typos = grow(this.typos);
    this.prefixes = grow(this.prefixes);
  }

  /**
   * Appends the page (`skip`, `limit`) of the documents in `filter` matching `words` (query words,
   * `queryWords`) or the chemical named by `rawText`, best first; returns how many match.
   */
  rank(
    words: readonly string[],
    rawText: string,
    filter: B.Bits,
    skip: number,
    limit: number,
    out: number[],
  ) {
    const touched = this.touched;
    touched.length = 0;
    const expansions = words.map((w, i) =>
      this.expandKept(w, i === words.length - 1 && w.length >= MIN_PREFIX),
    );
    const full = (1 << words.length) - 1;
    // The word with the fewest expansions' documents admits documents; the others only mark them.
    let first = -1;
    let firstSize = Number.POSITIVE_INFINITY;
    expansions.forEach((exps, i) => {
      const size = this.postingsSize(exps);
      if (size < firstSize) {
        first = i;
        firstSize = size;
      }
    });
    if (first >= 0) this.accumulate(first, expansions[first]!, true);
    expansions.forEach((exps, i) => {
      if (i !== first) this.accumulate(i, exps, false);
    });

    const hits = this.hits;
    hits.length = 0;
    const { matched } = this;
    for (const d of touched) if (matched[d] === full && B.testBit(filter, d)) hits.push(d);
    const textHits = hits.length;
    // Perfumes containing a chemical the text names, when not already matched by name or brand.
    const lists = this.source.chemicalDocs(rawText);
    const seen = lists.length > 1 ? new Set<number>() : null;
    for (const list of lists) {
      for (const d of list.view()) {
        if ((matched[d] === full && words.length > 0) || !B.testBit(filter, d)) continue;
        if (seen) {
          if (seen.has(d)) continue;
          seen.add(d);
        }
        hits.push(d);
      }
    }
    const total = hits.length;
    if (this.keys.length < total) this.keys = new Float64Array(Math.max(total, this.keys.length * 2));
    const keys = this.keys;
    const nameSets = expansions.map((exps) => new Set(exps.map((e) => e.word)));
    const brandWhole = new Map<number, boolean>();
    for (let k = 0; k < total; k++) {
      const d = hits[k]!;
      keys[k] = relevanceKey(this.facts(d, k >= textHits, words, nameSets, brandWhole));
    }
    this.page(total, skip, limit, out);
    for (const d of touched) {
      matched[d] = 0;
      this.inName[d] = 0;
      this.inBrand[d] = 0;
      this.typos[d] = 0;
      this.prefixes[d] = 0;
    }
    touched.length = 0;
    return total;
  }

  /**
   * What `expand` made of recent query words, while the dictionaries hold the same tokens: people
   * type the same words in many different searches (brands, popular names), and the typo scan is
   * most of a text query's cost.
   */
  private readonly expansions = new Map<string, readonly Expansion[]>();
  private expansionsVersion = '';

  private expandKept(word: string, last: boolean): readonly Expansion[] {
    const version = `${this.source.nameWords.version} ${this.source.brandWords.version}`;
    if (version !== this.expansionsVersion) {
      this.expansions.clear();
      this.expansionsVersion = version;
    }
    const key = last ? `+${word}` : word;
    let kept = this.expansions.get(key);
    if (kept === undefined) {
      kept = this.expand(word, last);
      if (this.expansions.size >= EXPANSIONS_KEPT)
        this.expansions.delete(this.expansions.keys().next().value!);
      this.expansions.set(key, kept);
    }
    return kept;
  }

  /** The dictionary words a query word matches, best first (exact, prefixes of the last word, one typo, two). */
  expand(word: string, last: boolean): Expansion[] {
    const out: Expansion[] = [{ word, typos: 0, prefix: false }];
    const seen = new Set([word]);
    const collect = (dict: TokenDictionary) => {
      dict.forEachTokenWithPrefix(word, (token) => {
        if (seen.has(token)) return;
        seen.add(token);
        out.push({ word: token, typos: 0, prefix: true });
      });
    };
    if (last) {
      collect(this.source.nameWords);
      collect(this.source.brandWords);
    }
    const budget = typoBudget(word);
    if (budget > 0) {
      const fuzzy: Expansion[] = [];
      const scan = (dict: TokenDictionary) => {
        dict.forEachTypoCandidate(word, budget, (token) => {
          if (seen.has(token)) return;
          const d = editDistanceWithin(word, token, budget);
          if (d > budget) return;
          seen.add(token);
          fuzzy.push({ word: token, typos: d, prefix: false });
        });
      };
      scan(this.source.nameWords);
      scan(this.source.brandWords);
      fuzzy.sort((a, b) => a.typos - b.typos);
      out.push(...fuzzy);
    }
    return out;
  }

  private postingsSize(exps: readonly Expansion[]): number {
    let n = 0;
    for (const e of exps) {
      n += this.source.nameWords.get(e.word)?.length ?? 0;
      for (const b of this.source.brandWords.get(e.word) ?? []) n += this.source.brandDocs(b)?.size ?? 0;
    }
    return n;
  }

  /** Marks word `i`'s matches; only `admit` lets documents not seen yet in. */
  private accumulate(i: number, exps: readonly Expansion[], admit: boolean): void {
    const bit = 1 << i;
    const { matched, inName, inBrand, typos, prefixes, touched } = this;
    const hit = (d: number, e: Expansion, where: number) => {
      const m = matched[d]!;
      if (m === 0 && !admit) return;
      if ((m & bit) === 0) {
        if (m === 0) touched.push(d);
        matched[d] = m | bit;
        typos[d] = typos[d]! + e.typos;
        if (e.prefix) prefixes[d] = prefixes[d]! + 1;
      }
      if (where === NAME) inName[d] = inName[d]! | bit;
      else inBrand[d] = inBrand[d]! | bit;
    };
    for (const e of exps) {
      const docs = this.source.nameWords.get(e.word);
      if (docs) for (let k = 0; k < docs.length; k++) hit(docs[k]!, e, NAME);
      for (const b of this.source.brandWords.get(e.word) ?? []) {
        const list = this.source.brandDocs(b);
        if (!list) continue;
        const view = list.view();
        for (let k = 0; k < view.length; k++) hit(view[k]!, e, BRAND);
      }
    }
  }

  private facts(
    d: number,
    chemicalOnly: boolean,
    words: readonly string[],
    nameSets: readonly Set<string>[],
    brandWhole: Map<number, boolean>,
  ): MatchFacts {
    const s = this.source;
    const name = s.nameOf(d);
    const nameMask = chemicalOnly ? 0 : this.inName[d]!;
    const nameHits = B.popcount32(nameMask);
    const brandId = s.brandOf(d);
    const brandHit = !chemicalOnly && this.inBrand[d] !== 0;
    let whole = false;
    if (brandHit) {
      const known = brandWhole.get(brandId);
      whole = known ?? s.brandWordList(brandId).every((w) => nameSets.some((set) => set.has(w)));
      if (known === undefined) brandWhole.set(brandId, whole);
    }
    return {
      chemicalOnly,
      typos: chemicalOnly ? 0 : this.typos[d]!,
      nameHits,
      nameWords: chemicalOnly ? 0 : s.nameWordCount(d),
      brandHit,
      brandWhole: whole,
      inOrder: nameHits < 2 || inOrder(s.nameWordList(d), words, nameSets, nameMask),
      prefixes: chemicalOnly ? 0 : this.prefixes[d]!,
      sources: s.sourceCount(d),
      brandSize: s.brandDocs(brandId)?.size ?? 0,
      nameLength: name.length,
      year: s.year(d),
    };
  }

  /** Appends the documents ranked `skip .. skip + limit - 1` among `hits[0 .. total - 1]`. */
  private page(total: number, skip: number, limit: number, out: number[]): void {
    const end = Math.min(total, skip + limit);
    if (skip >= end) return;
    const keys = this.keys;
    const hits = this.hits;
    let threshold = Number.POSITIVE_INFINITY;
    if (end < total && total > 256) {
      if (this.scratch.length < total) this.scratch = new Float64Array(this.keys.length);
      const scratch = this.scratch;
      scratch.set(keys.subarray(0, total));
      threshold = kthSmallest(scratch, total, end - 1);
    }
    const order: number[] = [];
    for (let k = 0; k < total; k++) if (keys[k]! <= threshold) order.push(k);
    order.sort((a, b) => keys[a]! - keys[b]! || hits[a]! - hits[b]!);
    for (let k = skip; k < end && k < order.length; k++) out.push(hits[order[k]!]!);
  }
}

/**
 * The `k`-th smallest (from 0) of `a[0 .. n - 1]`, reordering `a` (quickselect, median of three):
 * the page's cut-off key without sorting every match.
 */
export function kthSmallest(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot.
    let x = a[lo]!;
    let y = a[mid]!;
    let z = a[hi]!;
    if (x > y) [x, y] = [y, x];
    if (y > z) [y, z] = [z, y];
    if (x > y) [x, y] = [y, x];
    const pivot = y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[lo]!;
}

/**
 * Whether the query words found in the name (bits of `mask`) appear in the name in query order:
 * each one's first matching name word comes after the previous one's.
 */
export function inOrder(
  nameWords: readonly string[],
  words: readonly string[],
  matchSets: readonly ReadonlySet<string>[],
  mask: number,
): boolean {
  let last = -1;
  for (let i = 0; i < words.length; i++) {
    if ((mask & (1 << i)) === 0) continue;
    const at = nameWords.findIndex((w) => matchSets[i]!.has(w));
    if (at < 0) continue;
    if (at <= last) return false;
    last = at;
  }
  return true;
}
