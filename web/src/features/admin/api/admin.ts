import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type PendingAccount = {
  id: string;
  username: string;
  email: string;
  role: string;
  status: string;
  registered_at: string;
};

export type ReviewChemical = {
  name: string;
  type: string;
  cas_number: string | null;
  concentration_min: number | null;
  concentration_max: number | null;
  allergen_flag: boolean;
};

export type ReviewContribution = {
  id: string;
  status: string;
  perfume_id: string;
  perfume_name: string;
  contributor_username: string | null;
  contributor_role: string;
  contributor_notes: string | null;
  submitted_at: string;
  chemical_data: ReviewChemical[];
  perfume: {
    id: string;
    name: string;
    brand: string;
    chemicals: { chemical_id: string; name: string; kind: string }[];
  } | null;
};

export const pendingAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'accounts', 'pending'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ accounts?: PendingAccount[] }>('/admin/accounts', {
          signal,
          query: { status: 'pending', limit: 200 },
        })
      ).accounts ?? [],
    retry: false,
  });

export const submittedContributionsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'contributions', 'submitted'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ contributions?: ReviewContribution[] }>('/admin/contributions', {
          signal,
          query: { status: 'submitted', limit: 50 },
        })
      ).contributions ?? [],
    retry: false,
  });

export function usePendingAccounts() {
  return useQuery(pendingAccountsQueryOptions());
}

export function useSubmittedContributions() {
  return useQuery(submittedContributionsQueryOptions());
}

export type ReviewInput = {
  kind: 'accounts' | 'contributions';
  id: string;
  decision: 'approve' | 'reject';
  reason?: string;
};

export function review({ kind, id, decision, reason }: ReviewInput): Promise<unknown> {
  const url = `/admin/${kind}/${encodeURIComponent(id)}/${decision}`;
  return decision === 'approve' ? api.post<unknown>(url) : api.post<unknown>(url, { reason: reason ?? '' });
}

/** Approve or reject; the review lists refresh, and perfume lists too (an approval changes a perfume). */
export function useReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: review,
    onSuccess: (_answer, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin'] }),
        input.kind === 'contributions' ? client.invalidateQueries({ queryKey: ['perfumes'] }) : null,
        input.kind === 'contributions' ? client.invalidateQueries({ queryKey: ['chemicals'] }) : null,
      ]),
  });
}
