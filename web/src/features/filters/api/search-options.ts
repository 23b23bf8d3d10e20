import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Id } from '../../../types/api.ts';
import type { FilterKind } from '../filter-toggle.ts';
import { normalizeNotes } from './get-notes.ts';

/** Matches a filter list shows at most; typing narrows the rest. */
export const OPTIONS_LIMIT = 100;

export type FilterOption = {
  id: Id;
  name: string;
  cas_number?: string | null;
  /** The other name the typed text matched (a trade name such as `Lilial`), for a chemical. */
  matched_name?: string | null;
  category?: string | null;
  /** Perfumes using it, when the server says. */
  perfume_count?: number;
};

export type OptionPage = { items: FilterOption[]; total: number };

/** Names of every option seen, so chosen ones keep their names whatever the list shows now. */
const seenNames = new Map<string, string>();

export function optionName(id: Id): string | undefined {
  return seenNames.get(String(id));
}

function rememberNames(items: readonly FilterOption[]): void {
  for (const item of items) seenNames.set(String(item.id), item.name);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function totalOf(raw: unknown, fallback: number): number {
  return isRecord(raw) && typeof raw.total === 'number' ? raw.total : fallback;
}

export function normalizeChemicalOptions(raw: unknown): OptionPage {
  const list = isRecord(raw) && Array.isArray(raw.chemicals) ? raw.chemicals : Array.isArray(raw) ? raw : [];
  const items = list.flatMap((item): FilterOption[] => {
    if (!isRecord(item)) return [];
    const { id, name, cas_number, matched_name } = item;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof name !== 'string' || !name.trim())
      return [];
    return [
      {
        id,
        name,
        cas_number: typeof cas_number === 'string' ? cas_number : null,
        ...(typeof matched_name === 'string' && { matched_name }),
      },
    ];
  });
  return { items, total: totalOf(raw, items.length) };
}

export function normalizeNoteOptions(raw: unknown): OptionPage {
  const notes = normalizeNotes(raw);
  const counts = new Map<string, number>();
  if (isRecord(raw) && Array.isArray(raw.notes)) {
    for (const n of raw.notes) {
      if (isRecord(n) && typeof n.perfume_count === 'number')
        counts.set(String(n.id ?? n.name), n.perfume_count);
    }
  }
  const items = notes.map((n) => ({
    id: n.id,
    name: n.name,
    category: n.category ?? null,
    perfume_count: counts.get(String(n.id)),
  }));
  return { items, total: totalOf(raw, items.length) };
}

/**
 * One page of a filter list searched on the server over the whole set (ranked: the exact name
 * first, then names starting with the text, then the most used).
 */
export async function fetchOptions(kind: FilterKind, q: string, signal?: AbortSignal): Promise<OptionPage> {
  const query = { q, limit: OPTIONS_LIMIT };
  const page =
    kind === 'chemicals'
      ? normalizeChemicalOptions(await api.get<unknown>('/chemicals', { signal, query, timeoutMs: 30_000 }))
      : normalizeNoteOptions(await api.get<unknown>('/notes', { signal, query, timeoutMs: 30_000 }));
  rememberNames(page.items);
  return page;
}

export function useFilterOptions(kind: FilterKind, q: string) {
  return useQuery({
    queryKey: ['filter-options', kind, q.trim()] as const,
    queryFn: ({ signal }) => fetchOptions(kind, q.trim(), signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
