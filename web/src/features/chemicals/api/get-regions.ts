import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { normalizeChemicalList, normalizeRegions } from './chemical-normalize.ts';

export type RegionStatus = '' | 'prohibited' | 'restricted' | 'allergen' | 'prop65_listed';

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['chemicals', 'regions'] as const,
    queryFn: async ({ signal }) => normalizeRegions(await api.get<unknown>('/chemicals/regions', { signal })),
    staleTime: 10 * 60_000,
  });

export function useRegions() {
  return useQuery(regionsQueryOptions());
}

/** A region's chemicals per page (every one reachable with "load more"). */
export const REGION_PAGE_SIZE = 50;

export type RegionChemicalPage = {
  chemicals: ReturnType<typeof normalizeChemicalList>;
  total: number;
  hasMore: boolean;
};

async function fetchRegionPage(code: string, status: RegionStatus, skip: number, signal: AbortSignal) {
  try {
    const raw = await api.get<unknown>(`/chemicals/by-region/${encodeURIComponent(code)}`, {
      signal,
      query: { limit: REGION_PAGE_SIZE, skip, status },
    });
    const chemicals = normalizeChemicalList(raw);
    const record =
      typeof raw === 'object' && raw !== null ? (raw as { total?: unknown; has_more?: unknown }) : {};
    return {
      chemicals,
      total: typeof record.total === 'number' ? record.total : skip + chemicals.length,
      hasMore: typeof record.has_more === 'boolean' ? record.has_more : chemicals.length === REGION_PAGE_SIZE,
    };
  } catch (error) {
    // A regional chemical load failure shows an empty list.
    console.error(`Loading chemicals for region ${code} failed`, error);
    return { chemicals: [], total: skip, hasMore: false };
  }
}

export function useRegionChemicals(code: string | null, status: RegionStatus) {
  return useInfiniteQuery({
    queryKey: ['chemicals', 'by-region', code ?? '', status] as const,
    queryFn: ({ pageParam, signal }): Promise<RegionChemicalPage> =>
      fetchRegionPage(code ?? '', status, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastSkip) => (last.hasMore ? lastSkip + REGION_PAGE_SIZE : undefined),
    enabled: Boolean(code),
  });
}
