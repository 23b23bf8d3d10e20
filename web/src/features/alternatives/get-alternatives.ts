import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type Basis = 'declared' | 'likely' | 'possible';

export type AlternativeItem = {
  perfume: { id: string; name: string; brand: string; accords: string[]; image_url: string | null };
  similarity: number;
  shares: { accords: string[]; notes: Record<'top' | 'middle' | 'base' | 'unspecified', string[]> };
  avoids: string[];
};

export type AlternativesAnswer = {
  perfume: { id: string; name: string; brand: string };
  excluded: { ref: string; name: string; in_original: Basis | null }[];
  candidates: number;
  items: AlternativeItem[];
};

export const ALTERNATIVES_LIMIT = 10;

export function useAlternatives(perfumeId: string, excluded: readonly string[]) {
  return useQuery({
    queryKey: ['alternatives', perfumeId, [...excluded].sort()],
    queryFn: ({ signal }) =>
      api.get<AlternativesAnswer>(`/perfumes/${encodeURIComponent(perfumeId)}/alternatives`, {
        // Chemical ids have no commas: one comma-separated parameter keeps the address short.
        query: { exclude_chemicals: excluded.join(','), limit: ALTERNATIVES_LIMIT },
        signal,
      }),
    staleTime: 60_000,
  });
}
