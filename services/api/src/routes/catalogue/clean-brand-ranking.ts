/**
 * Clean brands, derived from this catalogue: the brands whose perfumes with complete ingredient data
 * are allergen-free (no tracked EU allergen linked) most often, each with the most widely used
 * allergens none of its complete perfumes contain. Computed from the search index and kept until the
 * catalogue's counts change.
 */
import type { SearchIndex } from '@scentinel/platform/search';

export interface RankedCleanBrand {
  name: string;
  /** Its perfumes with complete data and no tracked allergen. */
  allergen_free_perfumes: number;
  /** Its perfumes with complete data. */
  complete_perfumes: number;
  /** allergen_free_perfumes / complete_perfumes, 0–1, three decimals. */
  share: number;
  /** The catalogue's most used allergens that none of its complete perfumes contains, most used first. */
  avoids: string[];
}

export interface CleanBrandRanking {
  brands: RankedCleanBrand[];
  /** How the list was made, as numbers the client words in its own language. */
  method: {
    min_allergen_free_perfumes: number;
    tracked_allergens: number;
    common_allergens_checked: number;
    hypoallergenic_perfumes: number;
  };
}

export interface RankingOptions {
  limit: number;
  /** A brand needs at least this many allergen-free perfumes (one lucky perfume is no pattern). */
  minAllergenFree: number;
  /** How many of the most used allergens are checked for each brand. */
  commonAllergens: number;
}

export const DEFAULT_RANKING: RankingOptions = { limit: 5, minAllergenFree: 3, commonAllergens: 8 };

const PAGE = 500;
const CANDIDATES = 25;

export async function rankCleanBrands(
  index: SearchIndex,
  options: RankingOptions = DEFAULT_RANKING,
): Promise<CleanBrandRanking> {
  const stats = await index.stats();
  const allergens = index.chemicals.byStatus('allergen');
  const method = {
    min_allergen_free_perfumes: options.minAllergenFree,
    tracked_allergens: new Set(allergens.map((c) => c.name)).size,
    common_allergens_checked: options.commonAllergens,
    hypoallergenic_perfumes: stats.hypoallergenic,
  };
  if (stats.hypoallergenic === 0) return { brands: [], method };

  const free = new Map<string, number>();
  for (let skip = 0; skip < stats.hypoallergenic; skip += PAGE) {
    const page = await index.search({ category: 'hypoallergenic', limit: PAGE, skip });
    for (const card of page.items) {
      if (card.brand) free.set(card.brand, (free.get(card.brand) ?? 0) + 1);
    }
    if (!page.has_more) break;
  }
  const candidates = [...free.entries()]
    .filter(([, n]) => n >= options.minAllergenFree)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, CANDIDATES);

  const rated: Omit<RankedCleanBrand, 'avoids'>[] = [];
  for (const [name, n] of candidates) {
    const complete = (await index.search({ category: 'complete', brands: [name], limit: 1, skip: 0 })).total;
    if (complete === 0) continue;
    rated.push({
      name,
      allergen_free_perfumes: n,
      complete_perfumes: complete,
      share: Math.round((n / complete) * 1000) / 1000,
    });
  }
  rated.sort(
    (a, b) =>
      b.share - a.share ||
      b.allergen_free_perfumes - a.allergen_free_perfumes ||
      a.name.localeCompare(b.name),
  );
  const chosen = rated.slice(0, options.limit);

  // The most used allergens across the catalogue, then which of them each brand never uses.
  const usage: { id: string; name: string; perfumes: number }[] = [];
  for (const chemical of allergens) {
    usage.push({
      id: chemical.id,
      name: chemical.name,
      perfumes: (await index.chemicalUsage(chemical.id, 0)).total_perfumes,
    });
  }
  const common = usage
    .filter((u) => u.perfumes > 0)
    .sort((a, b) => b.perfumes - a.perfumes || a.name.localeCompare(b.name))
    .slice(0, options.commonAllergens);

  const brands: RankedCleanBrand[] = [];
  for (const brand of chosen) {
    const avoids: string[] = [];
    for (const allergen of common) {
      const using = await index.search({
        category: 'complete',
        brands: [brand.name],
        include_chemicals: [allergen.id],
        limit: 1,
        skip: 0,
      });
      if (using.total === 0) avoids.push(allergen.name);
    }
    brands.push({ ...brand, avoids });
  }
  return { brands, method };
}

const cache = new WeakMap<SearchIndex, { key: string; ranking: Promise<CleanBrandRanking> }>();

/** The ranking for the catalogue as it is now: recomputed only when its counts change. */
export async function cleanBrandRanking(index: SearchIndex): Promise<CleanBrandRanking> {
  const stats = await index.stats();
  const key = `${stats.total_perfumes}:${stats.complete}:${stats.hypoallergenic}`;
  const held = cache.get(index);
  if (held && held.key === key) return held.ranking;
  const ranking = rankCleanBrands(index);
  cache.set(index, { key, ranking });
  ranking.catch(() => cache.delete(index));
  return ranking;
}
