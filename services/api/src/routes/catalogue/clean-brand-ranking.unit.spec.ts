import { describe, expect, it } from 'vitest';
import { buildCatalogueApp, loadIndex, smallCatalogue } from './catalogue.testing.ts';
import { rankCleanBrands } from './clean-brand-ranking.ts';

describe('clean brands derived from the catalogue', () => {
  it('ranks brands by the share of their complete perfumes that are allergen-free, naming what they avoid', async () => {
    const index = loadIndex(smallCatalogue());
    const hypo = await index.search({ category: 'hypoallergenic', limit: 50, skip: 0 });
    const complete = await index.search({ category: 'complete', limit: 50, skip: 0 });
    const ranking = await rankCleanBrands(index, { limit: 5, minAllergenFree: 1, commonAllergens: 8 });
    expect(ranking.method.hypoallergenic_perfumes).toBe(hypo.total);
    expect(ranking.brands.length).toBeGreaterThan(0);
    // Every listed brand: its counts are what the index holds for it.
    for (const brand of ranking.brands) {
      const free = hypo.items.filter((p) => p.brand === brand.name).length;
      const all = complete.items.filter((p) => p.brand === brand.name).length;
      expect(brand).toMatchObject({ allergen_free_perfumes: free, complete_perfumes: all });
      expect(brand.share).toBeCloseTo(free / all, 3);
      // An avoided allergen is in none of the brand's complete perfumes.
      for (const name of brand.avoids) {
        const used = complete.items.some(
          (p) => p.brand === brand.name && p.chemicals.some((c) => c.name === name),
        );
        expect(used, `${brand.name} uses ${name}`).toBe(false);
      }
    }
    // Highest share first; every brand with an allergen-free perfume is listed (there are fewer than 5).
    const shares = ranking.brands.map((b) => b.share);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    expect(new Set(ranking.brands.map((b) => b.name))).toEqual(new Set(hypo.items.map((p) => p.brand)));
  });

  it('leaves out brands with fewer allergen-free perfumes than the minimum', async () => {
    const ranking = await rankCleanBrands(loadIndex(smallCatalogue()), {
      limit: 5,
      minAllergenFree: 2,
      commonAllergens: 8,
    });
    expect(ranking.brands).toEqual([]);
  });

  it('answers GET /api/perfumes/clean-brands with the method, and refuses unknown parameters', async () => {
    const app = await buildCatalogueApp();
    try {
      const ok = await app.inject({ method: 'GET', url: '/api/perfumes/clean-brands' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().method).toMatchObject({ min_allergen_free_perfumes: 3, common_allergens_checked: 8 });
      const bad = await app.inject({ method: 'GET', url: '/api/perfumes/clean-brands?limit=abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('code');
    } finally {
      await app.close();
    }
  });
});
