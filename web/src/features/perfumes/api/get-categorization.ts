import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type CategoryCount = { count: number; percentage: number };

export type Categorization = {
  total_perfumes: number;
  complete_chemical_data: CategoryCount;
  unspecific_chemical_ingredients: CategoryCount;
};

function count(value: unknown): CategoryCount {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    count: typeof record.count === 'number' ? record.count : 0,
    percentage: typeof record.percentage === 'number' ? record.percentage : 0,
  };
}

export async function getCategorization(options: { timeoutMs?: number } = {}): Promise<Categorization> {
  const raw = await api.get<Record<string, unknown>>('/categorize-perfumes', options);
  return {
    total_perfumes: typeof raw?.total_perfumes === 'number' ? raw.total_perfumes : 0,
    complete_chemical_data: count(raw?.complete_chemical_data),
    unspecific_chemical_ingredients: count(raw?.unspecific_chemical_ingredients),
  };
}

export const categorizationQueryKey = ['perfumes', 'categorization'] as const;

export const categorizationQueryOptions = () =>
  queryOptions({ queryKey: categorizationQueryKey, queryFn: () => getCategorization({ timeoutMs: 30_000 }) });

export function useCategorization() {
  return useQuery(categorizationQueryOptions());
}
