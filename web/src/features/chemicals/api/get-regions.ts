import { queryOptions, useQuery } from '@tanstack/react-query';
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

export const regionChemicalsQueryOptions = (code: string, status: RegionStatus) =>
  queryOptions({
    queryKey: ['chemicals', 'by-region', code, status] as const,
    queryFn: async ({ signal }) => {
      try {
        const raw = await api.get<unknown>(`/chemicals/by-region/${encodeURIComponent(code)}`, {
          signal,
          query: { limit: 50, skip: 0, status },
        });
        return normalizeChemicalList(raw);
      } catch (error) {
        // A regional chemical load failure shows an empty list.
        console.error(`Loading chemicals for region ${code} failed`, error);
        return [];
      }
    },
  });

export function useRegionChemicals(code: string | null, status: RegionStatus) {
  return useQuery({ ...regionChemicalsQueryOptions(code ?? '', status), enabled: Boolean(code) });
}
