import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activeFilterCount, type DataCategory, type PerfumeFilters } from '../../../types/api.ts';
import {
  normalizePerfume,
  normalizePerfumePage,
  type Perfume,
  type PerfumePage,
} from './perfume-normalize.ts';

export const PAGE_SIZE = 50;

export type PerfumeListParams = {
  search: string;
  brand: string;
  category: DataCategory;
  filters: PerfumeFilters;
  includeUnspecific: boolean;
  /** Chemical ids (a visitor's allergens) each card reports when it links them (`Perfume.flagged`). */
  flagChemicals?: string[];
};

/** The server reports at most this many chemicals per card. */
const MAX_FLAGGED = 100;

export const DEFAULT_LIST_PARAMS: PerfumeListParams = {
  search: '',
  brand: '',
  category: '',
  filters: {
    includeChemicals: [],
    excludeChemicals: [],
    includeNotes: [],
    excludeNotes: [],
    allergenFree: false,
  },
  includeUnspecific: false,
};

/** Picks the catalogue endpoint for the current search, brand, category and filters. */
export async function fetchPerfumePage(
  params: PerfumeListParams,
  skip: number,
  { limit = PAGE_SIZE, ...options }: { timeoutMs?: number; signal?: AbortSignal; limit?: number } = {},
): Promise<PerfumePage> {
  const { search, brand, category, filters, includeUnspecific, flagChemicals = [] } = params;
  const flag =
    flagChemicals.length > 0 ? [...flagChemicals].sort().slice(0, MAX_FLAGGED).join(',') : undefined;
  const paging = { limit, skip, flag_chemicals: flag };
  if (activeFilterCount(filters) > 0) {
    const raw = await api.post<unknown>(
      '/perfumes/filter',
      {
        include_chemicals: filters.includeChemicals,
        exclude_chemicals: filters.excludeChemicals,
        include_notes: filters.includeNotes,
        exclude_notes: filters.excludeNotes,
        brands: brand ? [brand] : [],
        allergen_free: filters.allergenFree,
        category: category || null,
      },
      { ...options, query: { ...paging, search, include_unspecific: includeUnspecific || undefined } },
    );
    return normalizePerfumePage(raw);
  }
  if (category === 'hypoallergenic') {
    const raw = await api.get<unknown>('/perfumes/hypoallergenic', {
      ...options,
      query: { ...paging, allergen_tolerance: 'low', include_unspecific: true, brand, search },
    });
    return normalizePerfumePage(raw);
  }
  const raw = await api.get<unknown>('/perfumes/enhanced', {
    ...options,
    query: { ...paging, category, search, brand, include_unspecific: includeUnspecific || undefined },
  });
  return normalizePerfumePage(raw);
}

export function hasNextPage(lastPage: PerfumePage): boolean {
  return lastPage.hasMore ?? lastPage.perfumes.length === PAGE_SIZE;
}

export const perfumeListQueryKey = (params: PerfumeListParams) => ['perfumes', 'list', params] as const;

export const perfumeListQueryOptions = (params: PerfumeListParams) =>
  infiniteQueryOptions({
    queryKey: perfumeListQueryKey(params),
    queryFn: ({ pageParam, signal }) => fetchPerfumePage(params, pageParam, { signal, timeoutMs: 30_000 }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastSkip) =>
      hasNextPage(lastPage) ? lastSkip + PAGE_SIZE : undefined,
  });

export function usePerfumeList(params: PerfumeListParams, enabled = true) {
  return useInfiniteQuery({ ...perfumeListQueryOptions(params), enabled });
}

/** How many perfumes a list would hold, read from a one-card page (for a count beside another list). */
export function usePerfumeTotal(params: PerfumeListParams, enabled = true) {
  return useQuery({
    queryKey: ['perfumes', 'total', params] as const,
    queryFn: async ({ signal }) =>
      (await fetchPerfumePage(params, 0, { signal, timeoutMs: 30_000, limit: 1 })).total,
    enabled,
  });
}

/** One perfume in full (every chemical and allergen with its evidence), as a list card opens. */
export async function fetchPerfume(id: string, signal?: AbortSignal): Promise<Perfume> {
  const perfume = normalizePerfume(await api.get<unknown>(`/perfumes/${encodeURIComponent(id)}`, { signal }));
  if (!perfume) throw new Error(`The server answered no perfume for ${id}`);
  return perfume;
}

/** The full perfume behind a list card, fetched once the card is opened (`enabled`). */
export function usePerfumeDetail(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['perfumes', 'detail', id] as const,
    queryFn: ({ signal }) => fetchPerfume(id, signal),
    enabled,
    staleTime: 60_000,
  });
}
