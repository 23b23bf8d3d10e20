/**
 * Brand resolution for the perfume merge: one key per house. A Parfumo brand written `A / B` takes
 * whichever spelling other rows use most, and a brand whose tokens are all contained in another
 * brand's tokens (`Dunhill` ⊂ `Alfred Dunhill`) is folded into it when both list the same perfumes.
 * Also the accent restoring shared with the spelling pass (`withAccentsFrom`).
 */
import {
  brandTokens,
  brandKey as computeBrandKey,
  nameKey,
} from '../../services/domain/src/catalogue/index.ts';
import { asciiLossy, hasDiacritics } from './duplicates.ts';
import { FIELD_PRIORITY } from './merge-record.ts';
import type { PerfumeSourceKey, SourcePerfume } from './types.ts';

export interface BrandResolution {
  /** Canonical brand key of a row. */
  keyOf(row: SourcePerfume): string;
  /** Display brand per canonical key. */
  display: Map<string, string>;
  /** Aliases folded into another brand: [alias key, canonical key]. */
  aliases: Array<[string, string]>;
}

const brandKeyCache = new Map<string, string>();

/** brandKey, memoised: the same few thousand brand spellings recur on 200k rows. */
function brandKey(brand: string): string {
  let key = brandKeyCache.get(brand);
  if (key === undefined) {
    key = computeBrandKey(brand);
    brandKeyCache.set(brand, key);
  }
  return key;
}

export function rowSpellings(row: SourcePerfume): string[] {
  return [row.brand, ...row.brandAlternatives];
}

export const LOSSY_SOURCE: PerfumeSourceKey = 'perfume_database';

/**
 * Resolves brand spellings to one key per house (see the module comment). Deterministic: brands are
 * visited in key order and ties break on key order.
 */
export function resolveBrands(rows: readonly SourcePerfume[]): BrandResolution {
  const rowCount = new Map<string, number>();
  for (const row of rows) {
    if (row.brandAlternatives.length > 0) continue;
    const key = brandKey(row.brand);
    rowCount.set(key, (rowCount.get(key) ?? 0) + 1);
  }
  const primaryKey = (row: SourcePerfume): string => {
    const keys = rowSpellings(row).map(brandKey);
    let best = keys[0]!;
    for (const key of keys.slice(1)) {
      if ((rowCount.get(key) ?? 0) > (rowCount.get(best) ?? 0)) best = key;
    }
    return best;
  };

  // Perfume names per brand key, and the tokens of each brand key.
  const names = new Map<string, Set<string>>();
  const tokens = new Map<string, string[]>();
  for (const row of rows) {
    const key = primaryKey(row);
    const spelling = rowSpellings(row).find((b) => brandKey(b) === key) ?? row.brand;
    if (!tokens.has(key)) tokens.set(key, brandTokens(spelling));
    let set = names.get(key);
    if (!set) {
      set = new Set();
      names.set(key, set);
    }
    set.add(nameKey(row.name, spelling));
  }

  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let k = key;
    while (parent.has(k)) k = parent.get(k)!;
    return k;
  };
  const aliases: Array<[string, string]> = [];

  // Brands known only from perfume_database.csv whose lossy form names exactly one other brand.
  const lossyOnly = new Set<string>();
  const otherBrands = new Map<string, Set<string>>();
  for (const row of rows) {
    const key = primaryKey(row);
    if (row.source === LOSSY_SOURCE) lossyOnly.add(key);
    else {
      const lossyKey = brandKey(asciiLossy(row.brand));
      let set = otherBrands.get(lossyKey);
      if (!set) {
        set = new Set();
        otherBrands.set(lossyKey, set);
      }
      set.add(key);
    }
  }
  for (const row of rows) if (row.source !== LOSSY_SOURCE) lossyOnly.delete(primaryKey(row));
  for (const key of [...lossyOnly].sort()) {
    const targets = otherBrands.get(key);
    if (targets && targets.size === 1) {
      const target = [...targets][0]!;
      if (target !== key) {
        parent.set(key, target);
        aliases.push([key, target]);
      }
    }
  }

  // Index brands by token to find those containing all tokens of a smaller brand.
  const byToken = new Map<string, string[]>();
  const keys = [...tokens.keys()].filter((k) => !parent.has(k)).sort();
  for (const key of keys) {
    for (const token of new Set(tokens.get(key))) {
      let list = byToken.get(token);
      if (!list) {
        list = [];
        byToken.set(token, list);
      }
      list.push(key);
    }
  }
  for (const small of keys) {
    const smallTokens = [...new Set(tokens.get(small))];
    const smallNames = names.get(small)!;
    let candidates: string[] | null = null;
    for (const token of smallTokens) {
      const list = byToken.get(token) ?? [];
      candidates = candidates === null ? list : candidates.filter((k) => list.includes(k));
    }
    let best: string | null = null;
    let bestOverlap = 0;
    let tie = false;
    for (const big of candidates ?? []) {
      if (big === small || (tokens.get(big)?.length ?? 0) <= smallTokens.length) continue;
      let overlap = 0;
      for (const n of names.get(big)!) if (smallNames.has(n)) overlap += 1;
      if (overlap > bestOverlap) {
        best = big;
        bestOverlap = overlap;
        tie = false;
      } else if (overlap === bestOverlap && overlap > 0) {
        tie = true;
      }
    }
    // Short brand keys (`My`, `Sage`) are common words: they need more shared perfumes.
    const needed = small.length < 5 ? 3 : 2;
    const enough = bestOverlap >= needed || (bestOverlap >= 1 && smallNames.size <= 2 && small.length >= 5);
    if (best !== null && !tie && enough) {
      const a = find(small);
      const b = find(best);
      if (a !== b) {
        // Fold into the brand with more perfumes (then the smaller key), so the result is order-free.
        const [from, to] =
          names.get(a)!.size > names.get(b)!.size || (names.get(a)!.size === names.get(b)!.size && a < b)
            ? [b, a]
            : [a, b];
        parent.set(from, to);
        aliases.push([from, to]);
      }
    }
  }

  // Display spelling per canonical brand: best source, then most frequent spelling, then code order.
  const spellingVotes = new Map<string, Map<string, [number, number]>>();
  const brandRank = new Map(FIELD_PRIORITY.brand.map((s, i) => [s, i]));
  for (const row of rows) {
    const key = find(primaryKey(row));
    const spelling = rowSpellings(row).find((b) => brandKey(b) === primaryKey(row)) ?? row.brand;
    const rank = brandRank.get(row.source) ?? 99;
    let votes = spellingVotes.get(key);
    if (!votes) {
      votes = new Map();
      spellingVotes.set(key, votes);
    }
    const current = votes.get(spelling);
    if (!current) votes.set(spelling, [rank, 1]);
    else votes.set(spelling, [Math.min(current[0], rank), current[1] + 1]);
  }
  const display = new Map<string, string>();
  for (const [key, votes] of spellingVotes) {
    const sorted = [...votes.entries()].sort(
      (a, b) => a[1][0] - b[1][0] || b[1][1] - a[1][1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
    );
    // The house's accents come back when another source writes them (`Estee Lauder` → `Estée Lauder`).
    display.set(
      key,
      withAccentsFrom(
        sorted[0]![0],
        sorted.map(([spelling]) => spelling),
      ),
    );
  }
  return { keyOf: (row) => find(primaryKey(row)), display, aliases: aliases.sort() };
}

/**
 * Gives the words of `text` the accents another spelling of the same word has (`Irresistible` →
 * `Irrésistible` when a merged row writes it so). A word is only changed letter for letter, keeping
 * its case, when the other spelling has the same letters once accents are dropped.
 */
export function withAccentsFrom(text: string, spellings: readonly string[]): string {
  const accented = new Map<string, string>();
  for (const spelling of spellings) {
    for (const word of spelling.normalize('NFC').split(/[\s\-–—/]+/)) {
      if (!hasDiacritics(word)) continue;
      const plain = word
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
      if (plain.length === [...word].length && !accented.has(plain)) accented.set(plain, word);
    }
  }
  if (accented.size === 0) return text;
  return text.normalize('NFC').replace(/[^\s\-–—/]+/g, (word) => {
    if (hasDiacritics(word)) return word;
    const source = accented.get(word.toLowerCase());
    if (!source) return word;
    const letters = [...source];
    return [...word]
      .map((c, i) => {
        const other = letters[i]!;
        if (
          other
            .normalize('NFD')
            .replace(/\p{M}+/gu, '')
            .toLowerCase() !== c.toLowerCase()
        )
          return c;
        return c === c.toUpperCase() && c !== c.toLowerCase() ? other.toUpperCase() : other.toLowerCase();
      })
      .join('');
  });
}
