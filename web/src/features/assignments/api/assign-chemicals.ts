import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
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
