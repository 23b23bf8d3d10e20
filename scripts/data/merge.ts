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
import { brandKey, brandTokens, nameKey, slugify } from '../../services/domain/src/catalogue/index.ts';
import type { Gender, NoteLists, PerfumeSourceKey, SourcePerfume } from './types.ts';

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
  // Names and brands: sources that keep the original punctuation and accents come first.
  name: [
    'smellthings:fragrantica',
    'fragrantica_new',
    'all_brands_clean',
    'perfume_data_final',
    '2011-2021_converted',
    'parfumo_data_clean',
    'smellthings:parfumo',
    'perfume_database',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'final_perfume_data',
    'fra_cleaned',
  ],
  brand: [
    'perfume_database',
    'smellthings:fragrantica',
    'fragrantica_new',
    'all_brands_clean',
    'perfume_data_final',
    '2011-2021_converted',
    'parfumo_data_clean',
    'smellthings:parfumo',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'final_perfume_data',
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

function rowSpellings(row: SourcePerfume): string[] {
  return [row.brand, ...row.brandAlternatives];
}

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

  // Index brands by token to find those containing all tokens of a smaller brand.
  const byToken = new Map<string, string[]>();
  const keys = [...tokens.keys()].sort();
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
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let k = key;
    while (parent.has(k)) k = parent.get(k)!;
    return k;
  };
  const aliases: Array<[string, string]> = [];
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
    const enough = bestOverlap >= 2 || (bestOverlap >= 1 && smallNames.size <= 2);
    if (best !== null && !tie && enough) {
      const a = find(small);
      const b = find(best);
      if (a !== b) {
        // Fold into the brand with more perfumes (then the smaller key), so the result is order-free.
        const [from, to] = (names.get(a)!.size > names.get(b)!.size || (names.get(a)!.size === names.get(b)!.size && a < b)) ? [b, a] : [a, b];
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
    display.set(key, sorted[0]![0]);
  }
  return { keyOf: (row) => find(primaryKey(row)), display, aliases: aliases.sort() };
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
  brandAliases: Array<[string, string]>;
  /** Perfumes per number of distinct sources. */
  bySourceCount: Record<number, number>;
}

/** Merges source rows into perfumes sorted by id (see the module comment). */
export function mergePerfumes(rows: readonly SourcePerfume[]): MergeResult {
  const brands = resolveBrands(rows);
  const groups = new Map<string, SourcePerfume[]>();
  for (const row of rows) {
    const brand = brands.keyOf(row);
    const spellings = [row.brand, ...row.brandAlternatives];
    const name = spellings
      .map((b) => nameKey(row.name, b))
      .reduce((shortest, k) => (k.length < shortest.length ? k : shortest));
    const key = `${brand}|${name}`;
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }

  const drafts: Array<{ key: string; base: string; perfume: MergedPerfume }> = [];
  const bySourceCount: Record<number, number> = {};
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key)!;
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
    const name = take('name', pick(group, 'name', (r) => r.name)) ?? group[0]!.name;
    const year = take(
      'year_released',
      pick(group, 'year_released', (r) => r.year, (a, b) => (a.year ?? 9999) - (b.year ?? 9999) || byRow(a, b)),
    );
    const gender = take('gender', pick(group, 'gender', (r) => r.gender));
    const perfumer = take('perfumer', pick(group, 'perfumer', (r) => r.perfumer));
    const concentration = take(
      'concentration',
      pick(group, 'concentration', (r) => r.concentration, (a, b) => (a.year ?? 9999) - (b.year ?? 9999) || byRow(a, b)),
    );
    const description = take(
      'description',
      pick(group, 'description', (r) => r.description, (a, b) => (b.description?.length ?? 0) - (a.description?.length ?? 0) || byRow(a, b)),
    );
    const image = take('image_url', pick(group, 'image_url', (r) => r.imageUrl));
    const accords = take('accords', pick(group, 'accords', (r) => (r.accords.length > 0 ? r.accords : null))) ?? [];
    const bestQuality = Math.max(...group.map((r) => notesQuality(r.notes)));
    const notes =
      bestQuality === 0
        ? { top: [], middle: [], base: [], unspecified: [] }
        : (take(
            'notes',
            pick(group, 'notes', (r) => (notesQuality(r.notes) === bestQuality ? r.notes : null)),
          ) ?? { top: [], middle: [], base: [], unspecified: [] });
    const sources = [...new Set(group.map((r) => r.source))].sort();
    bySourceCount[sources.length] = (bySourceCount[sources.length] ?? 0) + 1;
    const brandSlug = slugify(brand) || `b${shortHash(brandKeyOfGroup)}`;
    const nameSlug = slugify(name) || `p${shortHash(key)}`;
    drafts.push({
      key,
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
        notes: { top: [...notes.top], middle: [...notes.middle], base: [...notes.base], unspecified: [...notes.unspecified] },
        chemicals: [],
        field_sources: fieldSources,
        sources,
      },
    });
  }

  // Unique ids: the slug, then `-2`, `-3`, ... in key order for slugs shared by different keys.
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
  const perfumes = drafts.map((d) => d.perfume).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    perfumes,
    duplicatesMerged: rows.length - perfumes.length,
    brandAliases: brands.aliases,
    bySourceCount,
  };
}
