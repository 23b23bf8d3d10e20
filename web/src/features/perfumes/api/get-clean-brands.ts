import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRecord } from '../../../lib/is-record.ts';

export type DerivedCleanBrand = {
  name: string;
  allergenFree: number;
  complete: number;
  /** 0–1 */
  share: number;
  avoids: string[];
};

export type DerivedCleanBrands = {
  brands: DerivedCleanBrand[];
  method: { minAllergenFree: number; trackedAllergens: number; commonChecked: number } | null;
};

const int = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Reads GET /perfumes/clean-brands; anything malformed is left out. */
export function normalizeCleanBrands(raw: unknown): DerivedCleanBrands {
  if (!isRecord(raw)) return { brands: [], method: null };
  const brands = (Array.isArray(raw.brands) ? raw.brands : []).flatMap((item): DerivedCleanBrand[] => {
    if (!isRecord(item) || typeof item.name !== 'string' || !item.name) return [];
    return [
      {
        name: item.name,
        allergenFree: int(item.allergen_free_perfumes),
        complete: int(item.complete_perfumes),
        share: int(item.share),
        avoids: Array.isArray(item.avoids)
          ? item.avoids.filter((a): a is string => typeof a === 'string')
          : [],
      },
    ];
  });
  const method = isRecord(raw.method)
    ? {
        minAllergenFree: int(raw.method.min_allergen_free_perfumes),
        trackedAllergens: int(raw.method.tracked_allergens),
        commonChecked: int(raw.method.common_allergens_checked),
      }
    : null;
  return { brands, method };
}

/** Clean brands derived from the catalogue (fetched when the hypoallergenic alert opens). */
export function useCleanBrands() {
  return useQuery({
    queryKey: ['perfumes', 'clean-brands'] as const,
    queryFn: async ({ signal }) =>
      normalizeCleanBrands(await api.get<unknown>('/perfumes/clean-brands', { signal })),
    staleTime: 10 * 60_000,
  });
}
