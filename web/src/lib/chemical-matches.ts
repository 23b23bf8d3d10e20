import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Chemical, Id } from '../types/api.ts';
import { api } from './api-client.ts';
import { isRecord } from './is-record.ts';

/** Chemicals shown per picker search; the rest are counted and reached by typing. */
export const CHEMICAL_MATCHES_LIMIT = 100;

export type ChemicalMatches = { items: Chemical[]; total: number };

/**
 * The picker's page from `{ chemicals: [{ id, name, cas_number, allergen_flag, type?, description? }],
 * total }` (type and description kept when given: the chemical manager edits them).
 */
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
        ...(typeof item.type === 'string' && { type: item.type }),
        ...(typeof item.description === 'string' && { description: item.description }),
      },
    ];
  });
  const total = isRecord(raw) && typeof raw.total === 'number' ? raw.total : items.length;
  return { items, total };
}

/**
 * Chemicals matching `q`, searched over the whole set on the server (the exact name or CAS number
 * first, then by relevance and use; the most used when `q` is empty): no full-list download.
 * `limit` is how many are listed (the rest are only counted).
 */
export function useChemicalMatches(q: string, limit: number = CHEMICAL_MATCHES_LIMIT) {
  return useQuery({
    queryKey: ['chemicals', 'matches', q, limit] as const,
    queryFn: async ({ signal }) =>
      normalizeChemicalMatches(
        await api.get<unknown>('/chemicals', {
          signal,
          query: { q, limit },
          timeoutMs: 30_000,
        }),
      ),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** One page of a paged chemical list: every field the lists carry, and how many match in all. */
export type ChemicalPage = { chemicals: Chemical[]; total: number; hasMore: boolean };

export function normalizeChemicalPage(raw: unknown, skip: number): ChemicalPage {
  const chemicals = normalizeChemicalMatches(raw).items;
  const total = isRecord(raw) && typeof raw.total === 'number' ? raw.total : skip + chemicals.length;
  const hasMore =
    isRecord(raw) && typeof raw.has_more === 'boolean' ? raw.has_more : skip + chemicals.length < total;
  return { chemicals, total, hasMore };
}

/**
 * Every chemical matching `q` (all of them when empty), ranked as the pickers rank them, `pageSize`
 * at a time: the next page is fetched on demand, so any chemical is reachable without the full list.
 */
export function useChemicalPages(q: string, pageSize: number) {
  return useInfiniteQuery({
    queryKey: ['chemicals', 'pages', q, pageSize] as const,
    queryFn: async ({ pageParam, signal }) =>
      normalizeChemicalPage(
        await api.get<unknown>('/chemicals', {
          signal,
          query: { q, limit: pageSize, skip: pageParam },
          timeoutMs: 30_000,
        }),
        pageParam,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastSkip) => (last.hasMore ? lastSkip + pageSize : undefined),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** A chosen chemical: its id, and the name its chip shows (kept when it leaves the listed matches). */
export type ChemicalPick = { id: Id; name: string };

/** The picks with `chemical` added, or taken out when it was already picked (ids compared as text). */
export function togglePick(picks: readonly ChemicalPick[], chemical: ChemicalPick): ChemicalPick[] {
  const id = String(chemical.id);
  return picks.some((p) => String(p.id) === id)
    ? picks.filter((p) => String(p.id) !== id)
    : [...picks, { id: chemical.id, name: chemical.name }];
}

/**
 * The picks with `more` added after them, each id once; a pick named only by its id gets the name
 * `more` knows for it (a list card names only a few of a perfume's chemicals).
 */
export function mergePicks(picks: readonly ChemicalPick[], more: readonly ChemicalPick[]): ChemicalPick[] {
  const known = new Map(more.map((p) => [String(p.id), p.name]));
  const merged = picks.map((p) => {
    const name = known.get(String(p.id));
    return name && p.name === String(p.id) ? { ...p, name } : p;
  });
  const seen = new Set(merged.map((p) => String(p.id)));
  for (const p of more) {
    if (seen.has(String(p.id))) continue;
    seen.add(String(p.id));
    merged.push({ id: p.id, name: p.name });
  }
  return merged;
}
