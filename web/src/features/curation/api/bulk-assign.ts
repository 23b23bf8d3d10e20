import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRecord } from '../../../lib/is-record.ts';
import type { Id } from '../../../types/api.ts';

export const BULK_ACTIONS = ['add', 'remove', 'replace'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Perfumes of one brand per page. */
export const BRAND_PERFUMES_LIMIT = 50;

export type BrandPerfume = { id: Id; name: string; brand: string; chemical_count: number };

function listOf(raw: unknown, ...keys: string[]): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (!isRecord(raw)) return [];
  for (const key of keys) if (Array.isArray(raw[key])) return raw[key] as unknown[];
  return [];
}

/** Brand names from `["A", …]`, `[{ name }]` or `{ brands: […] }`, unique, in the server's order. */
export function normalizeBrandNames(raw: unknown): string[] {
  const names = listOf(raw, 'brands').flatMap((item) => {
    const name = typeof item === 'string' ? item : isRecord(item) ? (item.name ?? item.brand) : null;
    return typeof name === 'string' && name.trim() ? [name.trim()] : [];
  });
  return [...new Set(names)];
}

export function normalizeBrandPerfumes(raw: unknown): BrandPerfume[] {
  return listOf(raw, 'perfumes', 'results').flatMap((item) => {
    if (!isRecord(item)) return [];
    const { id, name } = item;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof name !== 'string') return [];
    const chemicals = Array.isArray(item.chemicals) ? item.chemicals.length : 0;
    return [
      {
        id,
        name,
        brand: typeof item.brand === 'string' ? item.brand : '',
        chemical_count: typeof item.chemical_count === 'number' ? item.chemical_count : chemicals,
      },
    ];
  });
}

/** Brands offered per search: the server ranks the whole set, exact and popular names first. */
export const BRAND_MATCHES_LIMIT = 50;

export const curationBrandsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['curation', 'brands', q] as const,
    queryFn: async ({ signal }) =>
      normalizeBrandNames(
        await api.get<unknown>(`/brands?q=${encodeURIComponent(q)}&limit=${BRAND_MATCHES_LIMIT}`, { signal }),
      ),
    staleTime: 10 * 60_000,
    placeholderData: (previous) => previous,
  });

/** Brands matching what was typed (none until something is typed). */
export function useCurationBrands(q: string) {
  return useQuery({ ...curationBrandsQueryOptions(q.trim()), enabled: q.trim() !== '' });
}

/** The brand a typed value names: a listed match equal to it, ignoring case and outer spaces. */
export function chosenBrand(typed: string, matches: readonly string[]): string {
  const wanted = typed.trim().toLocaleLowerCase();
  return wanted === '' ? '' : (matches.find((name) => name.toLocaleLowerCase() === wanted) ?? '');
}

/** One page of a brand's perfumes, with how many the brand has. */
export type BrandPerfumePage = { perfumes: BrandPerfume[]; total: number | null; hasMore: boolean };

export function normalizeBrandPerfumePage(raw: unknown): BrandPerfumePage {
  const perfumes = normalizeBrandPerfumes(raw);
  const total = isRecord(raw) && typeof raw.total === 'number' ? raw.total : null;
  const hasMore =
    isRecord(raw) && typeof raw.has_more === 'boolean'
      ? raw.has_more
      : perfumes.length === BRAND_PERFUMES_LIMIT;
  return { perfumes, total, hasMore };
}

/** A brand's perfumes, 50 at a time: every one is reachable with "load more". */
export function useBrandPerfumes(brand: string) {
  return useInfiniteQuery({
    // Under `perfumes` so that assignments (which invalidate `perfumes`) refresh the counts.
    queryKey: ['perfumes', 'by-brand', brand] as const,
    queryFn: async ({ pageParam, signal }) =>
      normalizeBrandPerfumePage(
        await api.get<unknown>(`/get-perfumes-by-brand/${encodeURIComponent(brand)}`, {
          signal,
          query: { limit: BRAND_PERFUMES_LIMIT, skip: pageParam },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastSkip) =>
      last.hasMore ? lastSkip + BRAND_PERFUMES_LIMIT : undefined,
    enabled: brand !== '',
    retry: false,
  });
}

export type BulkAssignInput = { perfumeIds: Id[]; chemicalIds: Id[]; action: BulkAction };

export async function bulkAssign({
  perfumeIds,
  chemicalIds,
  action,
}: BulkAssignInput): Promise<{ updated_count: number }> {
  const answer = await api.post<{ updated_count?: unknown }>('/bulk-assign-chemicals', {
    perfume_ids: perfumeIds,
    chemical_ids: chemicalIds,
    action,
  });
  return { updated_count: typeof answer.updated_count === 'number' ? answer.updated_count : 0 };
}

export function useBulkAssign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkAssign,
    onSuccess: () => client.invalidateQueries({ queryKey: ['perfumes'] }),
  });
}
