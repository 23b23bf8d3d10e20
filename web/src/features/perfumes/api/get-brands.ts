import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Reads `["Chanel", ...]`, `[{ name }]` or `{ brands: [...] }` into sorted unique brand names. */
export function normalizeBrands(raw: unknown): string[] {
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'object' && raw !== null && Array.isArray((raw as { brands?: unknown }).brands)
      ? (raw as { brands: unknown[] }).brands
      : [];
  const names = list.flatMap((item) => {
    if (typeof item === 'string') return item.trim() ? [item.trim()] : [];
    if (typeof item === 'object' && item !== null) {
      const name = (item as { name?: unknown; brand?: unknown }).name ?? (item as { brand?: unknown }).brand;
      return typeof name === 'string' && name.trim() ? [name.trim()] : [];
    }
    return [];
  });
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

export async function getBrands(): Promise<string[]> {
  return normalizeBrands(await api.get<unknown>('/brands', { timeoutMs: 30_000 }));
}

export const brandsQueryOptions = () =>
  queryOptions({ queryKey: ['perfumes', 'brands'] as const, queryFn: getBrands, staleTime: 10 * 60_000 });

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
