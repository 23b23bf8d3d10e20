/**
 * The spelling pass of the perfume merge, after the key-based identity passes: records that are
 * spellings of one perfume are merged and every house gets one brand spelling.
 */
import { brandSpellingAliases, brandSpellingKey, spellingClusters } from './duplicates.ts';
import { LOSSY_SOURCE, withAccentsFrom } from './merge-brands.ts';
import type { Draft, MergedPerfume } from './merge-record.ts';
import type { PerfumeSourceKey, SourcePerfume } from './types.ts';

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
export function joinSpellings(
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
