import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Chemical } from '../types/api.ts';
import { api } from './api-client.ts';
import { isRecord } from './is-record.ts';

/** Chemicals shown per picker search; the rest are counted and reached by typing. */
export const CHEMICAL_MATCHES_LIMIT = 100;

export type ChemicalMatches = { items: Chemical[]; total: number };

/** The picker's page from `{ chemicals: [{ id, name, cas_number, allergen_flag }], total }`. */
export function normalizeChemicalMatches(raw: unknown): ChemicalMatches {
  const list = isRecord(raw) && Array.isArray(raw.chemicals) ? raw.chemicals : [];
  const items = list.flatMap((item): Chemical[] => {
    if (!isRecord(item)) return [];
    const { id, name } = item;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof name !== 'string' || !name.trim())
      return [];
    return [
      {
        id,
        name,
        cas_number: typeof item.cas_number === 'string' ? item.cas_number : null,
        allergen_flag: item.allergen_flag === true,
      },
    ];
  });
  const total = isRecord(raw) && typeof raw.total === 'number' ? raw.total : items.length;
  return { items, total };
}

/**
 * Chemicals matching `q`, searched over the whole set on the server (the exact name or CAS number
 * first, then by relevance and use; the most used when `q` is empty): no full-list download.
 */
export function useChemicalMatches(q: string) {
  return useQuery({
    queryKey: ['chemicals', 'matches', q] as const,
    queryFn: async ({ signal }) =>
      normalizeChemicalMatches(
        await api.get<unknown>('/chemicals', {
          signal,
          query: { q, limit: CHEMICAL_MATCHES_LIMIT },
          timeoutMs: 30_000,
        }),
      ),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
