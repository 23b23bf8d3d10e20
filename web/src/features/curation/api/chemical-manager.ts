import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Chemical, Id } from '../../../types/api.ts';

export const CHEMICAL_TYPES = ['natural', 'synthetic', 'essential_oil', 'aromatic_compound'] as const;
export type ChemicalType = (typeof CHEMICAL_TYPES)[number];

/** What the add and inline-edit forms hold (name and type required, the rest optional). */
export type ChemicalDraft = {
  name: string;
  type: ChemicalType;
  cas_number: string;
  description: string;
  allergen_flag: boolean;
};

export const EMPTY_DRAFT: ChemicalDraft = {
  name: '',
  type: 'natural',
  cas_number: '',
  description: '',
  allergen_flag: false,
};

export type ChemicalPayload = {
  name: string;
  type: ChemicalType;
  cas_number: string | null;
  description: string | null;
  allergen_flag: boolean;
};

export function draftOf(chemical: Chemical): ChemicalDraft {
  const type = (CHEMICAL_TYPES as readonly string[]).includes(chemical.type ?? '')
    ? (chemical.type as ChemicalType)
    : 'natural';
  return {
    name: chemical.name,
    type,
    cas_number: chemical.cas_number ?? '',
    description: chemical.description ?? '',
    allergen_flag: Boolean(chemical.allergen_flag),
  };
}

/** Trimmed values; blank optional texts become null. */
export function toPayload(draft: ChemicalDraft): ChemicalPayload {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    name: draft.name.trim(),
    type: draft.type,
    cas_number: text(draft.cas_number),
    description: text(draft.description),
    allergen_flag: draft.allergen_flag,
  };
}

/** The fields an edit changes (compared with the chemical as loaded). */
export function changedFields(original: Chemical, draft: ChemicalDraft): Partial<ChemicalPayload> {
  const before = toPayload(draftOf(original));
  const after = toPayload(draft);
  const changes: Partial<ChemicalPayload> = {};
  for (const key of Object.keys(after) as (keyof ChemicalPayload)[]) {
    if (after[key] !== before[key]) (changes as Record<string, unknown>)[key] = after[key];
  }
  return changes;
}

const path = (id: Id) => encodeURIComponent(String(id));

export async function addChemical(draft: ChemicalDraft): Promise<{ chemical: Chemical }> {
  return api.post<{ chemical: Chemical }>('/add-chemical-manual', toPayload(draft));
}

/** The chemical's current version, for optimistic concurrency (null when it cannot be read). */
export async function chemicalVersion(id: Id): Promise<number | null> {
  try {
    const history = await api.get<{ version?: unknown }>(`/chemicals/${path(id)}/history`, {
      timeoutMs: 10_000,
    });
    return typeof history.version === 'number' ? history.version : null;
  } catch {
    return null;
  }
}

export type EditInput = { id: Id; changes: Partial<ChemicalPayload>; expectedVersion: number | null };

export async function editChemical({ id, changes, expectedVersion }: EditInput): Promise<unknown> {
  return api.put<unknown>(`/edit-chemical/${path(id)}`, {
    ...changes,
    ...(expectedVersion !== null && { expected_version: expectedVersion }),
  });
}

export async function deleteChemical(id: Id): Promise<{ perfumes_affected?: number }> {
  return api.delete<{ perfumes_affected?: number }>(`/delete-chemical/${path(id)}`);
}

/** Chemical lists and every perfume list show the change: both are refetched. */
function useInvalidateCatalogue() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['chemicals'] }),
      client.invalidateQueries({ queryKey: ['perfumes'] }),
    ]);
}

export function useAddChemical() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: addChemical, onSuccess: invalidate });
}

export function useEditChemical() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: editChemical, onSuccess: invalidate });
}

export function useDeleteChemical() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: deleteChemical, onSuccess: invalidate });
}
