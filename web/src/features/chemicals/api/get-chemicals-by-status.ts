import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Chemical } from '../../../types/api.ts';
import { normalizeChemicalList, resultsFound } from './chemical-normalize.ts';

export type RegulatoryStatus = 'prohibited' | 'restricted' | 'allergen' | 'prop65';

/** Chemicals of a status per page; "load more" reaches the rest. */
export const STATUS_PAGE_SIZE = 50;

export type StatusPage = { chemicals: Chemical[]; resultsFound: number; hasMore: boolean };

/** The chemicals loaded so far, and how many the status has in all. */
export type StatusResults = { chemicals: Chemical[]; resultsFound: number };

/** One page of a by-status answer: its chemicals, the status's count and whether more follow. */
export function normalizeStatusPage(raw: unknown, skip: number): StatusPage {
  const chemicals = normalizeChemicalList(raw);
  const found = resultsFound(raw, skip + chemicals.length);
  const record = typeof raw === 'object' && raw !== null ? (raw as { has_more?: unknown }) : {};
  const hasMore = typeof record.has_more === 'boolean' ? record.has_more : skip + chemicals.length < found;
  return { chemicals, resultsFound: found, hasMore };
}

/** The loaded pages as one list, with the count the first page gave. */
export function joinStatusPages(data: InfiniteData<StatusPage, number>): StatusResults {
  return {
    chemicals: data.pages.flatMap((page) => page.chemicals),
    resultsFound: data.pages[0]?.resultsFound ?? 0,
  };
}

/** A status's chemicals, 50 at a time (every one reachable with `fetchNextPage`). */
export function useChemicalsByStatus(status: RegulatoryStatus | null) {
  return useInfiniteQuery({
    queryKey: ['chemicals', 'by-status', status ?? 'prohibited'] as const,
    queryFn: async ({ pageParam, signal }) =>
      normalizeStatusPage(
        await api.get<unknown>(`/chemicals/by-status/${status ?? 'prohibited'}`, {
          signal,
          query: { limit: STATUS_PAGE_SIZE, skip: pageParam },
        }),
        pageParam,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastSkip) => (last.hasMore ? lastSkip + STATUS_PAGE_SIZE : undefined),
    select: joinStatusPages,
    enabled: status !== null,
  });
}
