import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRecord } from '../../../lib/is-record.ts';
import type { Id } from '../../../types/api.ts';

export type AssignChemicalsInput = { perfumeId: Id; chemicalIds: Id[] };

export function assignChemicals({ perfumeId, chemicalIds }: AssignChemicalsInput): Promise<unknown> {
  return api.post<unknown>(`/perfumes/${encodeURIComponent(String(perfumeId))}/assign-chemicals`, {
    chemical_ids: chemicalIds,
    assignment_type: 'replace',
  });
}

/** Replaces a perfume's declared chemicals; every perfume list and the summary are then refetched. */
export function useAssignChemicals() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignChemicals,
    onSuccess: () => client.invalidateQueries({ queryKey: ['perfumes'] }),
  });
}

/** A perfume's declared chemicals (id and name), from its full record (a list card holds only a few). */
export function declaredChemicals(raw: unknown): { id: Id; name: string }[] {
  if (!isRecord(raw) || !Array.isArray(raw.chemicals)) return [];
  return raw.chemicals.flatMap((c) => {
    if (!isRecord(c) || c.kind !== 'declared') return [];
    const id = c.chemical_id;
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    const name = typeof c.name === 'string' && c.name.trim() ? c.name : String(id);
    return [{ id, name }];
  });
}

/** What "replace" starts from: every declared chemical of the perfume. */
export function useDeclaredChemicals(perfumeId: Id) {
  return useQuery({
    queryKey: ['perfumes', 'declared', String(perfumeId)] as const,
    queryFn: async ({ signal }) =>
      declaredChemicals(
        await api.get<unknown>(`/perfumes/${encodeURIComponent(String(perfumeId))}`, { signal }),
      ),
    retry: false,
  });
}
