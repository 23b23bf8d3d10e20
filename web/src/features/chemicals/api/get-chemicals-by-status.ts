import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Chemical } from '../../../types/api.ts';
import { normalizeChemicalList, resultsFound } from './chemical-normalize.ts';

export type RegulatoryStatus = 'prohibited' | 'restricted' | 'allergen' | 'prop65';

export type StatusResults = { chemicals: Chemical[]; resultsFound: number };

export const chemicalsByStatusQueryOptions = (status: RegulatoryStatus) =>
  queryOptions({
    queryKey: ['chemicals', 'by-status', status] as const,
    queryFn: async ({ signal }): Promise<StatusResults> => {
      const raw = await api.get<unknown>(`/chemicals/by-status/${status}`, { signal });
      const chemicals = normalizeChemicalList(raw);
      return { chemicals, resultsFound: resultsFound(raw, chemicals.length) };
    },
  });

export function useChemicalsByStatus(status: RegulatoryStatus | null) {
  return useQuery({ ...chemicalsByStatusQueryOptions(status ?? 'prohibited'), enabled: status !== null });
}
