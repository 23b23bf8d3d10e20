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
import { nameKey, slugify } from '../../services/domain/src/catalogue/index.ts';
import { asciiLossy, oneLetterApart } from './duplicates.ts';
import { LOSSY_SOURCE, resolveBrands, rowSpellings, withAccentsFrom } from './merge-brands.ts';
import { fuzzyMerge } from './merge-fuzzy.ts';
import {
  byRow,
  type Draft,
  FIELD_PRIORITY,
  type Field,
  type MergedPerfume,
  notesQuality,
  type PerfumeChemicalLink,
  pick,
} from './merge-record.ts';
import { joinSpellings, type SpellingMerges } from './merge-spellings.ts';
import type { PerfumeSourceKey, SourcePerfume } from './types.ts';

export type { MergedPerfume, PerfumeChemicalLink, SpellingMerges };
export {
  asciiLossy,
  FIELD_PRIORITY,
  fuzzyMerge,
  notesQuality,
  oneLetterApart,
  resolveBrands,
  withAccentsFrom,
};

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
