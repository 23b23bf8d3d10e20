/**
 * Merges perfume rows of every source into one record per perfume.
 *
 * Identity: brand key + name key (services/domain/src/catalogue/normalize.ts). Brands are resolved
 * first: a Parfumo brand written `A / B` takes whichever spelling other rows use most, and a brand
 * whose tokens are all contained in another brand's tokens (`Dunhill` ⊂ `Alfred Dunhill`,
 * `Maison Margiela` ⊂ `Maison Martin Margiela`) is folded into it when both list the same perfumes
 * (see `resolveBrands`). Each field then takes the best value among the merged rows (FIELD_PRIORITY),
 * and `field_sources` records which source gave it.
 */
import { createHash } from 'node:crypto';
import {
  brandTokens,
  brandKey as computeBrandKey,
  nameKey,
  nameTokens,
  slugify,
} from '../../services/domain/src/catalogue/index.ts';
import {
  asciiLossy,
  brandSpellingAliases,
  brandSpellingKey,
  hasDiacritics,
  oneLetterApart,
  spellingClusters,
} from './duplicates.ts';
import type { Gender, NoteLists, PerfumeSourceKey, SourcePerfume } from './types.ts';

export { asciiLossy, oneLetterApart };

export interface PerfumeChemicalLink {
  chemical_id: string;
  name: string;
  source: 'inferred';
  from_note: string;
}

export interface MergedPerfume {
  id: string;
  name: string;
  brand: string;
  year_released: number | null;
  gender: Gender | null;
  perfumer: string | null;
  concentration: string | null;
  description: string | null;
  image_url: string | null;
  accords: string[];
  notes: NoteLists;
  chemicals: PerfumeChemicalLink[];
  field_sources: Record<string, PerfumeSourceKey>;
  sources: PerfumeSourceKey[];
  /** Ids that earlier builds gave to records now merged into this one (old links resolve). */
  merged_ids: string[];
}

/** A perfume as the identity passes leave it, before the spelling pass (see joinSpellings). */
interface Draft {
  key: string;
  rows: SourcePerfume[];
  base: string;
  perfume: MergedPerfume;
}

type Field =
  | 'name'
  | 'brand'
  | 'year_released'
  | 'gender'
  | 'perfumer'
  | 'concentration'
  | 'description'
  | 'image_url'
  | 'accords'
  | 'notes';

/** Source preference per field, best first. Sources not listed never give that field. */
export const FIELD_PRIORITY: Record<Field, readonly PerfumeSourceKey[]> = {
  // Names and brands: sources that keep the original punctuation and accents come first;
  // smellthings:fragrantica (names rebuilt from URL slugs: `Victoria S Secret`), perfume_database
  // (non-ASCII letters lost) and fra_cleaned (slugs) come last.
  name: [
    'all_brands_clean',
    'fragrantica_new',
    'parfumo_data_clean',
    'smellthings:parfumo',
    'perfume_data_final',
    '2011-2021_converted',
    'final_perfume_data',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'smellthings:fragrantica',
    'perfume_database',
    'fra_cleaned',
  ],
  brand: [
    'all_brands_clean',
    'fragrantica_new',
    'parfumo_data_clean',
    'smellthings:parfumo',
    'perfume_data_final',
    '2011-2021_converted',
    'final_perfume_data',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'smellthings:fragrantica',
    'perfume_database',
    'fra_cleaned',
  ],
  year_released: ['perfume_database', 'fragrantica_new', 'parfumo_data_clean'],
  gender: ['all_brands_clean', 'fragrantica_new', '2011-2021_converted', 'perfume_data_final'],
  perfumer: ['parfumo_data_clean'],
  concentration: [
    'parfumo_data_clean',
    'smellthings:parfumo',
    'smellthings:fragrantica',
    'fragrantica_new',
    'all_brands_clean',
    'perfume_database',
    'perfume_data_final',
    '2011-2021_converted',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'final_perfume_data',
    'fra_cleaned',
  ],
  description: ['final_perfume_data'],
  image_url: [
    'perfume_database',
    'smellthings:fragrantica',
    'fragrantica_new',
    'all_brands_clean',
    'final_perfume_data',
  ],
  accords: ['perfume_database', '2011-2021_converted', 'perfume_data_final', 'parfumo_data_clean'],
  // Notes: first the best shape (see notesQuality), then this order.
  notes: [
    'smellthings:fragrantica',
    'fragrantica_new',
    'perfume_database',
    '2011-2021_converted',
    'perfume_data_final',
    'parfumo_data_clean',
    'smellthings:parfumo',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'final_perfume_data',
    'fra_cleaned',
  ],
};

/**
 * 3 = a real pyramid (at least two of top/middle/base), 2 = a single pyramid level,
 * 1 = a flat list, 0 = no notes.
 */
export function notesQuality(notes: NoteLists): number {
  const levels = [notes.top, notes.middle, notes.base].filter((l) => l.length > 0).length;
  if (levels >= 2) return 3;
  if (levels === 1) return 2;
  return notes.unspecified.length > 0 ? 1 : 0;
}

interface BrandResolution {
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

function rowSpellings(row: SourcePerfume): string[] {
  return [row.brand, ...row.brandAlternatives];
}

const LOSSY_SOURCE: PerfumeSourceKey = 'perfume_database';

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

type Family = 'fragrantica' | 'parfumo' | 'luckyscent';

const FAMILY: Record<PerfumeSourceKey, Family> = {
  perfume_database: 'fragrantica',
  fra_cleaned: 'fragrantica',
  all_brands_clean: 'fragrantica',
  '2011-2021_converted': 'fragrantica',
  perfume_data_final: 'fragrantica',
  'smellthings:fragrantica': 'fragrantica',
  fragrantica_new: 'fragrantica',
  parfumo_data_clean: 'parfumo',
  'smellthings:parfumo': 'parfumo',
  final_perfume_data: 'luckyscent',
  luckyscent_notes: 'luckyscent',
  'smellthings:luckyscent': 'luckyscent',
};

/**
 * Fragrantica, Parfumo and Luckyscent spell some names differently (`Pentachord Auburn` /
 * `Pentachords Auburn`, `Eternity Summer for Men 2014` / `Eternity For Men Summer 2014`). Within a
 * brand, a perfume known to one family only is joined to a perfume of other families when the two
 * have the same words in another order, or names of 8+ letters one letter apart (never a digit), and
 * each is the other's only such match.
 */
export function fuzzyMerge(groups: ReadonlyMap<string, SourcePerfume[]>): {
  groups: Map<string, SourcePerfume[]>;
  fuzzyMerges: { count: number; examples: Array<[string, string]> };
} {
  const familyCache = new Map<string, Set<Family>>();
  const sourceCache = new Map<string, Set<PerfumeSourceKey>>();
  for (const [key, rows] of groups) {
    familyCache.set(key, new Set(rows.map((r) => FAMILY[r.source])));
    sourceCache.set(key, new Set(rows.map((r) => r.source)));
  }
  const families = (key: string) => familyCache.get(key)!;
  const sourcesOf = (key: string) => sourceCache.get(key)!;
  const disjoint = (a: Set<Family>, b: Set<Family>) => [...a].every((f) => !b.has(f));
  const byBrand = new Map<string, string[]>();
  for (const key of [...groups.keys()].sort()) {
    const brand = key.slice(0, key.indexOf('|'));
    const list = byBrand.get(brand);
    if (list) list.push(key);
    else byBrand.set(brand, [key]);
  }
  const wordSet = (key: string) => {
    const row = groups.get(key)![0]!;
    return nameTokens(row.name, row.brand).sort().join(' ');
  };
  const push = (index: Map<string, string[]>, k: string, v: string) => {
    const list = index.get(k);
    if (list) list.push(v);
    else index.set(k, [v]);
  };
  const nameOf = (key: string) => key.slice(key.indexOf('|') + 1);
  /** Deletion variants of a name: the name itself and the name minus one letter (not a digit). */
  const variants = (name: string): string[] => {
    const out = [name];
    for (let j = 0; j < name.length; j += 1) {
      if (!/\d/.test(name[j]!)) out.push(name.slice(0, j) + name.slice(j + 1));
    }
    return out;
  };
  const into = new Map<string, string>();
  const targets = new Set<string>();
  for (const pool of byBrand.values()) {
    if (pool.length < 2) continue;
    const brand = pool[0]!.slice(0, pool[0]!.indexOf('|'));
    const byWords = new Map<string, string[]>();
    const byName = new Map<string, string[]>();
    const byVariant = new Map<string, string[]>();
    const words = new Map<string, string>();
    for (const key of pool) {
      const w = wordSet(key);
      words.set(key, w);
      if (w !== '') push(byWords, w, key);
      push(byName, nameOf(key), key);
      if (nameOf(key).length >= 8) for (const v of new Set(variants(nameOf(key)))) push(byVariant, v, key);
    }
    /** The name with one occurrence of the brand key (4+ letters) removed, for each occurrence. */
    const brandRemovals = (name: string): string[] => {
      const out: string[] = [];
      if (brand.length < 4 || name.length <= brand.length) return out;
      for (let i = name.indexOf(brand); i >= 0; i = name.indexOf(brand, i + 1)) {
        out.push(name.slice(0, i) + name.slice(i + brand.length));
      }
      return out;
    };
    const withoutBrand = new Map<string, string[]>();
    for (const key of pool) for (const plain of brandRemovals(nameOf(key))) push(withoutBrand, plain, key);
    const candidatesOf = (key: string): string[] => {
      const name = nameOf(key);
      const found = new Set<string>();
      // Parfumo titles sometimes carry the brand: `N°5 L'Eau Chanel` = `N°5 L'Eau`,
      // `N°5 L'Eau Chanel (All-Over Spray)` = `N°5 L'Eau All-Over Spray`.
      const suffixed = [
        ...brandRemovals(name).flatMap((plain) => byName.get(plain) ?? []),
        ...(withoutBrand.get(name) ?? []),
      ];
      for (const other of suffixed) {
        if (other !== key && [...sourcesOf(other)].every((src) => !sourcesOf(key).has(src))) found.add(other);
      }
      const similar = [...(byWords.get(words.get(key)!) ?? [])];
      if (name.length >= 8)
        for (const v of new Set(variants(name))) similar.push(...(byVariant.get(v) ?? []));
      for (const other of similar) {
        if (other === key || found.has(other) || !disjoint(families(key), families(other))) continue;
        if (words.get(other) === words.get(key) || oneLetterApart(name, nameOf(other))) found.add(other);
      }
      return [...found];
    };
    for (const key of pool) {
      if (families(key).size !== 1 || into.has(key) || targets.has(key)) continue;
      const candidates = candidatesOf(key);
      if (candidates.length !== 1) continue;
      const target = candidates[0]!;
      if (into.has(target)) continue;
      const back = candidatesOf(target);
      if (back.length === 1 && back[0] === key) {
        // The better-attested perfume keeps its key and name: more rows, then not smellthings-only
        // (that scrape cut brand words out of names, `Vanilla ama` for `Vanilla Diorama`, and kept
        // Parfumo's brand-suffixed titles, `N°5 L'Eau Chanel`), then the longer name.
        const size = (k: string) => groups.get(k)!.length;
        const solid = (k: string) => Number([...sourcesOf(k)].some((src) => !src.startsWith('smellthings:')));
        const keyWins =
          size(key) - size(target) ||
          solid(key) - solid(target) ||
          nameOf(key).length - nameOf(target).length;
        const [from, to] = keyWins > 0 ? [target, key] : [key, target];
        if (into.has(to) || targets.has(from)) continue;
        into.set(from, to);
        targets.add(to);
      }
    }
  }
  const merged = new Map<string, SourcePerfume[]>();
  for (const [key, rows] of groups) {
    const target = into.get(key) ?? key;
    const list = merged.get(target);
    if (list) list.push(...rows);
    else merged.set(target, [...rows]);
  }
  const examples = [...into.entries()]
    .sort()
    .slice(0, 20)
    .map(([a, b]): [string, string] => [groups.get(a)![0]!.name, groups.get(b)![0]!.name]);
  return { groups: merged, fuzzyMerges: { count: into.size, examples } };
}

function byRow(a: SourcePerfume, b: SourcePerfume): number {
  return a.row - b.row;
}

/** Rows without a concentration (the plain perfume) first, then source row order. */
function plainFirst(a: SourcePerfume, b: SourcePerfume): number {
  return Number(a.concentration !== null) - Number(b.concentration !== null) || byRow(a, b);
}

function pick<T>(
  rows: readonly SourcePerfume[],
  field: Field,
  value: (row: SourcePerfume) => T | null,
  order: (a: SourcePerfume, b: SourcePerfume) => number = plainFirst,
): { value: T; source: PerfumeSourceKey } | null {
  for (const source of FIELD_PRIORITY[field]) {
    const candidates = rows.filter((r) => r.source === source && value(r) !== null).sort(order);
    const first = candidates[0];
    if (first) return { value: value(first)!, source };
  }
  return null;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

export interface MergeResult {
  perfumes: MergedPerfume[];
  /** Source rows folded into a perfume another row already gave. */
  duplicatesMerged: number;
  /** perfume_database.csv rows matched through their lossy (accent-less) names. */
  lossyMatches: number;
  /** Perfumes joined across source families by the fuzzy pass (examples first 20). */
  fuzzyMerges: { count: number; examples: Array<[string, string]> };
  brandAliases: Array<[string, string]>;
  /** Spelling pass (joinSpellings): records merged into another, brand spellings unified. */
  spellingMerges: SpellingMerges;
  /** Perfumes per number of distinct sources. */
  bySourceCount: Record<number, number>;
}

/** Merges source rows into perfumes sorted by id (see the module comment). */
export function mergePerfumes(rows: readonly SourcePerfume[]): MergeResult {
  const brands = resolveBrands(rows);
  const rowKeys = rows.map((row) => {
    const spellings = rowSpellings(row);
    const name = spellings
      .map((b) => nameKey(row.name, b))
      .reduce((shortest, k) => (k.length < shortest.length ? k : shortest));
    return `${brands.keyOf(row)}|${name}`;
  });

  const ownKeys = [...rowKeys];

  // perfume_database.csv rows that match nothing: try the lossy form of the other rows' names.
  const otherKeys = new Set<string>();
  const lossyIndex = new Map<string, Set<string>>();
  rows.forEach((row, i) => {
    if (row.source === LOSSY_SOURCE) return;
    otherKeys.add(rowKeys[i]!);
    const lossy = `${brands.keyOf(row)}|${nameKey(asciiLossy(row.name), asciiLossy(row.brand))}`;
    let set = lossyIndex.get(lossy);
    if (!set) {
      set = new Set();
      lossyIndex.set(lossy, set);
    }
    set.add(rowKeys[i]!);
  });
  let lossyMatches = 0;
  const unmatched: number[] = [];
  rows.forEach((row, i) => {
    if (row.source !== LOSSY_SOURCE || otherKeys.has(rowKeys[i]!)) return;
    const targets = lossyIndex.get(rowKeys[i]!);
    if (targets && targets.size === 1) {
      rowKeys[i] = [...targets][0]!;
      lossyMatches += 1;
    } else unmatched.push(i);
  });
  // When the other sources folded the accent instead (`Água` → `agua`, perfume_database: `gua`),
  // the lossy key is the other key with one letter missing.
  const pendingBrands = new Set(unmatched.map((i) => brands.keyOf(rows[i]!)));
  const deletions = new Map<string, Set<string>>();
  for (const key of otherKeys) {
    const bar = key.indexOf('|');
    if (!pendingBrands.has(key.slice(0, bar))) continue;
    const name = key.slice(bar + 1);
    if (name.length < 6) continue;
    for (let j = 0; j < name.length; j += 1) {
      if (/\d/.test(name[j]!)) continue;
      const variant = `${key.slice(0, bar)}|${name.slice(0, j)}${name.slice(j + 1)}`;
      let set = deletions.get(variant);
      if (!set) {
        set = new Set();
        deletions.set(variant, set);
      }
      set.add(key);
    }
  }
  for (const i of unmatched) {
    const targets = deletions.get(rowKeys[i]!);
    if (targets && targets.size === 1) {
      rowKeys[i] = [...targets][0]!;
      lossyMatches += 1;
    }
  }

  // Each row's own key, before the lossy and fuzzy passes moved it into another perfume.
  const ownKey = new Map<SourcePerfume, string>();
  rows.forEach((row, i) => {
    if (rowKeys[i] !== ownKeys[i]) ownKey.set(row, ownKeys[i]!);
  });
  const initial = new Map<string, SourcePerfume[]>();
  rows.forEach((row, i) => {
    const key = rowKeys[i]!;
    const list = initial.get(key);
    if (list) list.push(row);
    else initial.set(key, [row]);
  });
  const { groups, fuzzyMerges } = fuzzyMerge(initial);
  for (const [key, list] of groups) {
    for (const row of list)
      if (!ownKey.has(row) && !initial.get(key)?.includes(row)) ownKey.set(row, '(fuzzy)');
  }

  const bySourceCount: Record<number, number> = {};
  const assemble = (key: string, group: SourcePerfume[]): Draft => {
    const fieldSources: Record<string, PerfumeSourceKey> = {};
    const take = <T>(field: Field, picked: { value: T; source: PerfumeSourceKey } | null): T | null => {
      if (!picked) return null;
      fieldSources[field] = picked.source;
      return picked.value;
    };
    const brandKeyOfGroup = key.slice(0, key.indexOf('|'));
    const brandPick = pick(group, 'brand', (r) => (brands.keyOf(r) === brandKeyOfGroup ? r.brand : null));
    const brand = brands.display.get(brandKeyOfGroup) ?? brandPick?.value ?? group[0]!.brand;
    if (brandPick) fieldSources.brand = brandPick.source;
    // The name comes from rows that define the perfume's key, not from rows matched by spelling
    // (`gua Refrescante` of perfume_database, `N°5 L'Eau Chanel` with the brand appended).
    const defining = group.filter((r) => (ownKey.get(r) ?? key) === key);
    const namedBy = defining.length > 0 ? defining : group;
    const name = withAccentsFrom(
      take(
        'name',
        pick(namedBy, 'name', (r) => r.name),
      ) ?? group[0]!.name,
      namedBy.map((r) => r.name),
    );
    const year = take(
      'year_released',
      pick(
        group,
        'year_released',
        (r) => r.year,
        (a, b) => (a.year ?? 9999) - (b.year ?? 9999) || byRow(a, b),
      ),
    );
    const gender = take(
      'gender',
      pick(group, 'gender', (r) => r.gender),
    );
    const perfumer = take(
      'perfumer',
      pick(group, 'perfumer', (r) => r.perfumer),
    );
    // Merged variants (EdT, EdP, Parfum of one perfume) list every concentration the rows name.
    const concentrationPick = pick(group, 'concentration', (r) => r.concentration);
    const concentrations = [
      ...new Set(group.map((r) => r.concentration).filter((c): c is string => c !== null)),
    ].sort();
    const concentration = concentrationPick ? concentrations.join(', ') : null;
    if (concentrationPick) fieldSources.concentration = concentrationPick.source;
    const description = take(
      'description',
      pick(
        group,
        'description',
        (r) => r.description,
        (a, b) => (b.description?.length ?? 0) - (a.description?.length ?? 0) || byRow(a, b),
      ),
    );
    const image = take(
      'image_url',
      pick(group, 'image_url', (r) => r.imageUrl),
    );
    const accords =
      take(
        'accords',
        pick(group, 'accords', (r) => (r.accords.length > 0 ? r.accords : null)),
      ) ?? [];
    const bestQuality = Math.max(...group.map((r) => notesQuality(r.notes)));
    const notes =
      bestQuality === 0
        ? { top: [], middle: [], base: [], unspecified: [] }
        : (take(
            'notes',
            pick(group, 'notes', (r) => (notesQuality(r.notes) === bestQuality ? r.notes : null)),
          ) ?? { top: [], middle: [], base: [], unspecified: [] });
    const sources = [...new Set(group.map((r) => r.source))].sort();
    const brandSlug = slugify(brand) || `b${shortHash(brandKeyOfGroup)}`;
    const nameSlug = slugify(name) || `p${shortHash(key)}`;
    return {
      key,
      rows: group,
      base: `${brandSlug}--${nameSlug}`,
      perfume: {
        id: '',
        name,
        brand,
        year_released: year,
        gender,
        perfumer,
        concentration,
        description,
        image_url: image,
        accords: [...accords],
        notes: {
          top: [...notes.top],
          middle: [...notes.middle],
          base: [...notes.base],
          unspecified: [...notes.unspecified],
        },
        chemicals: [],
        field_sources: fieldSources,
        sources,
        merged_ids: [],
      },
    };
  };
  const drafts: Draft[] = [...groups.keys()].sort().map((key) => assemble(key, groups.get(key)!));
  // Unique ids (the ids every earlier build gave): the slug, then `-2`, `-3`, ... in key order for slugs shared by different keys.
  const taken = new Set<string>();
  const firstOfBase = new Set<string>();
  for (const draft of drafts) {
    if (!firstOfBase.has(draft.base)) {
      firstOfBase.add(draft.base);
      taken.add(draft.base);
      draft.perfume.id = draft.base;
    }
  }
  for (const draft of drafts) {
    if (draft.perfume.id !== '') continue;
    let n = 2;
    while (taken.has(`${draft.base}-${n}`)) n += 1;
    draft.perfume.id = `${draft.base}-${n}`;
    taken.add(draft.perfume.id);
  }
  const spelling = joinSpellings(drafts, assemble);
  for (const perfume of spelling.perfumes) {
    bySourceCount[perfume.sources.length] = (bySourceCount[perfume.sources.length] ?? 0) + 1;
  }
  const perfumes = spelling.perfumes.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    perfumes,
    duplicatesMerged: rows.length - perfumes.length,
    lossyMatches,
    fuzzyMerges,
    brandAliases: brands.aliases,
    spellingMerges: spelling.stats,
    bySourceCount,
  };
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

export interface SpellingMerges {
  /** Records (as the identity passes left them) merged into another record. */
  merged: number;
  /** Of those, perfume_database records joined through a shared Fragrantica id. */
  byFragranticaId: number;
  /** Brand spellings folded into another spelling of the house. */
  brandSpellings: number;
  /** Examples (first 20 by id): [absorbed name (brand), kept name (brand)]. */
  examples: Array<[string, string]>;
}

const FRAGRANTICA_ID = /^https:\/\/fimgs\.net\/mdimg\/perfume\/375x500\.(\d+)\.jpg$/;
/** Rows whose image URL carries the perfume's Fragrantica id. */
const FRAGRANTICA_ID_SOURCES = new Set<PerfumeSourceKey>([
  'perfume_database',
  'smellthings:fragrantica',
  'fragrantica_new',
  'all_brands_clean',
]);

/** Names that stop on a linking word lost their end (`Flower by` for `Flower by Kenzo`). */
const DANGLING_END = /(?:^|\s)(?:by|de|di|du|des|of|par|pour|la|le|les|l|d|von|da|del)$/i;

/** Names no source spells fully: perfume_database (non-ASCII lost) and fra_cleaned (URL slugs). */
const WEAK_NAME_SOURCES = new Set<PerfumeSourceKey>(['perfume_database', 'fra_cleaned']);

/**
 * The spelling pass, after the key-based identity passes:
 * 1. a record named only by perfume_database (its name lost every non-ASCII letter) joins the one
 *    other record whose rows share its Fragrantica id (same Fragrantica page = same perfume);
 * 2. records that are spellings of one perfume (scripts/data/duplicates.ts: accents, numbering,
 *    punctuation, a copy of the brand in the name, a trailing concentration, a brand spelt two
 *    ways, a name that lost its non-ASCII letters) are merged;
 * 3. every brand spelt two ways takes the house's main spelling (the accented one, else the more
 *    common one).
 * The merged record keeps the id, key and name of its best member — a name not from
 * perfume_database/fra_cleaned, not cut after a linking word, then the most rows and sources — with
 * the accents any member writes; `merged_ids` lists the ids the other members had.
 */
function joinSpellings(
  drafts: readonly Draft[],
  assemble: (key: string, group: SourcePerfume[]) => Draft,
): { perfumes: MergedPerfume[]; stats: SpellingMerges } {
  const parent = drafts.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r]!;
    parent[i] = r;
    return r;
  };
  const union = (a: number, b: number): boolean => {
    const [ra, rb] = [find(a), find(b)];
    if (ra === rb) return false;
    parent[Math.max(ra, rb)] = Math.min(ra, rb);
    return true;
  };

  // 1. Fragrantica ids.
  const byFid = new Map<string, Set<number>>();
  drafts.forEach((d, i) => {
    for (const row of d.rows) {
      if (row.source === LOSSY_SOURCE || !FRAGRANTICA_ID_SOURCES.has(row.source)) continue;
      const fid = FRAGRANTICA_ID.exec(row.imageUrl ?? '')?.[1];
      if (!fid) continue;
      let set = byFid.get(fid);
      if (!set) {
        set = new Set();
        byFid.set(fid, set);
      }
      set.add(i);
    }
  });
  let byFragranticaId = 0;
  drafts.forEach((d, i) => {
    if (d.perfume.field_sources.name !== LOSSY_SOURCE) return;
    const others = new Set<number>();
    for (const row of d.rows) {
      if (row.source !== LOSSY_SOURCE) continue;
      const fid = FRAGRANTICA_ID.exec(row.imageUrl ?? '')?.[1];
      for (const j of (fid && byFid.get(fid)) || []) if (j !== i) others.add(j);
    }
    if (others.size === 1 && union(i, [...others][0]!)) byFragranticaId += 1;
  });

  // 2. Spellings; 3. brand display per house.
  const records = drafts.map((d) => ({ name: d.perfume.name, brand: d.perfume.brand }));
  for (const cluster of spellingClusters(records)) for (const i of cluster.slice(1)) union(cluster[0]!, i);
  const aliases = brandSpellingAliases(records);
  const displayOfKey = new Map<string, Map<string, number>>();
  for (const d of drafts) {
    const key = brandSpellingKey(d.perfume.brand);
    let votes = displayOfKey.get(key);
    if (!votes) {
      votes = new Map();
      displayOfKey.set(key, votes);
    }
    votes.set(d.perfume.brand, (votes.get(d.perfume.brand) ?? 0) + 1);
  }
  const brandDisplay = (brand: string): string => {
    const main = aliases.get(brandSpellingKey(brand));
    if (main === undefined) return brand;
    const votes = [...(displayOfKey.get(main) ?? new Map<string, number>()).entries()];
    votes.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return votes[0]?.[0] ?? brand;
  };

  const members = new Map<number, number[]>();
  drafts.forEach((_, i) => {
    const root = find(i);
    const list = members.get(root);
    if (list) list.push(i);
    else members.set(root, [i]);
  });
  const rank = (d: Draft): number[] => [
    WEAK_NAME_SOURCES.has(d.perfume.field_sources.name as PerfumeSourceKey) ? 1 : 0,
    DANGLING_END.test(d.perfume.name) ? 1 : 0,
    -d.rows.length,
    -d.perfume.sources.length,
  ];
  const perfumes: MergedPerfume[] = [];
  const examples: Array<[string, string]> = [];
  let merged = 0;
  for (const list of members.values()) {
    const group = list.map((i) => drafts[i]!);
    if (group.length === 1) {
      const only = group[0]!.perfume;
      perfumes.push({ ...only, brand: brandDisplay(only.brand) });
      continue;
    }
    group.sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      for (let k = 0; k < ra.length; k += 1) if (ra[k] !== rb[k]) return ra[k]! - rb[k]!;
      return a.perfume.id < b.perfume.id ? -1 : 1;
    });
    const best = group[0]!;
    const whole = assemble(
      best.key,
      group.flatMap((d) => d.rows),
    ).perfume;
    const names = group.flatMap((d) => [d.perfume.name, ...d.rows.map((r) => r.name)]);
    const perfume: MergedPerfume = {
      ...whole,
      id: best.perfume.id,
      name: withAccentsFrom(best.perfume.name, names),
      brand: brandDisplay(best.perfume.brand),
      field_sources: {
        ...whole.field_sources,
        name: best.perfume.field_sources.name!,
        brand: best.perfume.field_sources.brand ?? whole.field_sources.brand!,
      },
      merged_ids: group
        .slice(1)
        .map((d) => d.perfume.id)
        .sort(),
    };
    perfumes.push(perfume);
    merged += group.length - 1;
    for (const d of group.slice(1)) {
      examples.push([`${d.perfume.name} (${d.perfume.brand})`, `${perfume.name} (${perfume.brand})`]);
    }
  }
  examples.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    perfumes,
    stats: { merged, byFragranticaId, brandSpellings: aliases.size, examples: examples.slice(0, 20) },
  };
}
