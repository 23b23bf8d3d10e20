import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { normalizeChemicalList } from './chemical-normalize.ts';

export const chemicalsQueryKey = ['chemicals', 'list'] as const;

export const chemicalsQueryOptions = () =>
  queryOptions({
    queryKey: chemicalsQueryKey,
    queryFn: async ({ signal }) =>
      normalizeChemicalList(await api.get<unknown>('/chemicals', { signal, timeoutMs: 30_000 })),
    staleTime: 5 * 60_000,
  });

/** The full chemical list (Advanced Filters, My allergens). Only fetched while `enabled`. */
export function useChemicals(enabled = true) {
  return useQuery({ ...chemicalsQueryOptions(), enabled });
}
