import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { classifySearch } from '../../../lib/search-mode.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { normalizePerfumePage, type Perfume } from './perfume-normalize.ts';

/** Perfumes offered under the search box while typing. */
export const SUGGESTION_LIMIT = 6;
export const SUGGEST_MIN_CHARS = 2;
/** Typing pause before asking (the answer itself takes a few ms). */
export const SUGGEST_DELAY_MS = 120;

export type Suggestions = { perfumes: Perfume[]; total: number | null };

/** The text worth suggesting perfumes for: plain text of 2+ characters (not a CAS number or a status keyword). */
export function suggestionText(input: string): string | null {
  const mode = classifySearch(input);
  return mode.kind === 'text' && mode.query.length >= SUGGEST_MIN_CHARS ? mode.query : null;
}

export async function fetchSuggestions(text: string, signal?: AbortSignal): Promise<Suggestions> {
  const raw = await api.get<unknown>('/perfumes/enhanced', {
    query: { search: text, limit: SUGGESTION_LIMIT, skip: 0, include_unspecific: true },
    signal,
    timeoutMs: 10_000,
  });
  const page = normalizePerfumePage(raw);
  return { perfumes: page.perfumes.slice(0, SUGGESTION_LIMIT), total: page.total };
}

/** Perfumes matching what is typed so far (every perfume, best matches first); nothing for short or special input. */
export function useSuggestions(input: string) {
  const text = suggestionText(useDebouncedValue(input, SUGGEST_DELAY_MS));
  const query = useQuery({
    queryKey: ['perfumes', 'suggest', text],
    queryFn: ({ signal }) => fetchSuggestions(text ?? '', signal),
    enabled: text !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return { text, data: text === null ? undefined : query.data };
}
