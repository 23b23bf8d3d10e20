/**
 * The fuzzy pass of the perfume merge: joins a perfume known to one source family to the same
 * perfume spelt differently by another family (word order, one letter, a brand copy in the name).
 */
import { nameTokens } from '../../services/domain/src/catalogue/index.ts';
import { oneLetterApart } from './duplicates.ts';
import type { PerfumeSourceKey, SourcePerfume } from './types.ts';

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
