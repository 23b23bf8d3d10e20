import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SessionUser } from '../../../lib/session.ts';
import type { Id } from '../../../types/api.ts';

export const CONTRIBUTION_TYPES = ['natural', 'synthetic', 'essential_oil', 'aromatic_compound'] as const;
export type ContributionType = (typeof CONTRIBUTION_TYPES)[number];

/** The perfume picker lists at most 100 perfumes; typing searches the whole catalogue. */
export const PICKER_LIMIT = 100;

/** One editable row of the form; concentrations are kept as typed. */
export type ContributionRow = {
  key: number;
  name: string;
  /** Default synthetic. */
  type: ContributionType;
  cas_number: string;
  concentration_min: string;
  concentration_max: string;
  allergen_flag: boolean;
};

let nextKey = 1;
export function emptyRow(): ContributionRow {
  return {
    key: nextKey++,
    name: '',
    type: 'synthetic',
    cas_number: '',
    concentration_min: '',
    concentration_max: '',
    allergen_flag: false,
  };
}

export type ContributionEntry = {
  name: string;
  type: ContributionType;
  cas_number: string | null;
  concentration_min: number | null;
  concentration_max: number | null;
  allergen_flag: boolean;
};

/** An empty concentration is sent as null; other texts as numbers. */
export function concentration(value: string): number | null {
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export function toEntry(row: ContributionRow): ContributionEntry {
  return {
    name: row.name.trim(),
    type: row.type,
    cas_number: row.cas_number.trim() === '' ? null : row.cas_number.trim(),
    concentration_min: concentration(row.concentration_min),
    concentration_max: concentration(row.concentration_max),
    allergen_flag: row.allergen_flag,
  };
}

/** The submission body: the contribution, with the contributor's id and role (the server checks them). */
export function contributionBody(
  user: SessionUser,
  perfumeId: string,
  rows: ContributionRow[],
  notes: string,
) {
  return {
    contribution: {
      perfume_id: perfumeId,
      chemical_data: rows.map(toEntry),
      contributor_notes: notes.trim() === '' ? null : notes.trim(),
    },
    contributor_id: user.id,
    contributor_role: user.role,
  };
}

export type PerfumeOption = { id: Id; name: string; brand: string };

export function normalizePerfumeOptions(raw: unknown): PerfumeOption[] {
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'object' && raw !== null && Array.isArray((raw as { perfumes?: unknown }).perfumes)
      ? (raw as { perfumes: unknown[] }).perfumes
      : [];
  return list.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name, brand } = item as { id?: unknown; name?: unknown; brand?: unknown };
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof name !== 'string') return [];
    return [{ id, name, brand: typeof brand === 'string' ? brand : '' }];
  });
}

/**
 * At most 100 perfumes of the whole catalogue (complete and unspecific alike) matching the typed
 * text, best matches first, with how many match in all.
 */
export const perfumeOptionsQueryOptions = (search = '') =>
  queryOptions({
    queryKey: ['perfumes', 'contribution-picker', search.trim()] as const,
    queryFn: async ({ signal }) => {
      const raw = await api.get<unknown>('/perfumes/enhanced', {
        signal,
        query: { limit: PICKER_LIMIT, skip: 0, category: 'all', search: search.trim() },
      });
      const perfumes = normalizePerfumeOptions(raw);
      const total =
        typeof raw === 'object' && raw !== null && typeof (raw as { total?: unknown }).total === 'number'
          ? (raw as { total: number }).total
          : perfumes.length;
      return { perfumes, total };
    },
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export function usePerfumeOptions(search = '') {
  return useQuery(perfumeOptionsQueryOptions(search));
}

export type MyContribution = {
  id: string;
  status: string;
  perfume_name: string;
  submitted_at: string;
  rejection_reason: string | null;
  chemical_data: { name: string }[];
};

export const myContributionsQueryOptions = () =>
  queryOptions({
    queryKey: ['contributions', 'mine'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ contributions?: MyContribution[] }>('/contributions/mine', { signal }))
        .contributions ?? [],
    retry: false,
  });

export function useMyContributions(enabled: boolean) {
  return useQuery({ ...myContributionsQueryOptions(), enabled });
}

export function useSubmitContribution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnType<typeof contributionBody>) =>
      api.post<unknown>('/contributions/submit-chemical-data', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['contributions'] }),
  });
}
