import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ChemicalLookup, Id } from '../../../types/api.ts';
import { normalizeLookup } from './chemical-normalize.ts';

export const casLookupQueryOptions = (cas: string) =>
  queryOptions({
    queryKey: ['chemicals', 'search', cas] as const,
    queryFn: async ({ signal }): Promise<ChemicalLookup> =>
      normalizeLookup(
        await api.get<unknown>(`/chemicals/search/${encodeURIComponent(cas)}`, { signal }),
        cas,
      ),
    retry: false,
  });

/** CAS Search Results modal: GET /chemicals/search/{cas}. */
export function useCasLookup(cas: string) {
  return useQuery(casLookupQueryOptions(cas));
}

export const idLookupQueryOptions = (id: Id) =>
  queryOptions({
    queryKey: ['chemicals', 'search-by-id', String(id)] as const,
    queryFn: async ({ signal }): Promise<ChemicalLookup> =>
      normalizeLookup(
        await api.get<unknown>(`/chemicals/search-by-id/${encodeURIComponent(String(id))}`, { signal }),
        '',
      ),
    retry: false,
  });

/** Chemical detail: the CAS lookup when the chemical has a CAS number, else the lookup by id. */
export function useChemicalDetail(ref: { id: Id | null; cas_number?: string | null }) {
  const byCas = Boolean(ref.cas_number);
  const options = byCas ? casLookupQueryOptions(ref.cas_number ?? '') : idLookupQueryOptions(ref.id ?? '');
  return useQuery({
    ...(options as ReturnType<typeof casLookupQueryOptions>),
    enabled: byCas || ref.id !== null,
  });
}
