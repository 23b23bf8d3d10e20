import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRecord } from '../../../lib/is-record.ts';
import { classifySearch } from '../../../lib/search-mode.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { normalizePerfumePage, type Perfume } from './perfume-normalize.ts';

/** Perfumes offered under the search box while typing. */
export const SUGGESTION_LIMIT = 6;
/** Brands and chemicals offered beside them (only names a word of which starts with the text). */
export const OTHER_SUGGESTION_LIMIT = 2;
export const SUGGEST_MIN_CHARS = 2;
/** Typing pause before asking (the answer itself takes a few ms). */
export const SUGGEST_DELAY_MS = 120;

export type BrandSuggestion = { name: string; perfumeCount: number };
/** A chemical under the search box; `alias` is the other name the text matched (`Lilial`), if any. */
export type ChemicalSuggestion = { id: string; name: string; cas: string | null; alias: string | null };
export type Suggestions = {
  brands: BrandSuggestion[];
  perfumes: Perfume[];
  chemicals: ChemicalSuggestion[];
  total: number | null;
};

/** The text worth suggesting perfumes for: plain text of 2+ characters (not a CAS number or a status keyword). */
export function suggestionText(input: string): string | null {
  const mode = classifySearch(input);
  return mode.kind === 'text' && mode.query.length >= SUGGEST_MIN_CHARS ? mode.query : null;
}

/** Lower case, accents and symbols dropped: how a typed prefix is compared with a name's words. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether a brand or chemical name is what the text starts to spell: the whole name, or one of its
 * words, begins with it ("chan" → Chanel; "lina" → Linalool; not "Merchant").
 */
export function startsToSpell(name: string, text: string): boolean {
  const n = fold(name);
  const q = fold(text);
  if (q === '') return false;
  return n.startsWith(q) || n.split(' ').some((word) => word.startsWith(q));
}

function records(raw: unknown, key: string): Record<string, unknown>[] {
  const list = isRecord(raw) ? raw[key] : null;
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

export function normalizeBrandSuggestions(raw: unknown, text: string): BrandSuggestion[] {
  return records(raw, 'brands')
    .filter((b) => typeof b.name === 'string' && startsToSpell(b.name, text))
    .map((b) => ({
      name: b.name as string,
      perfumeCount: typeof b.perfume_count === 'number' ? b.perfume_count : 0,
    }))
    .slice(0, OTHER_SUGGESTION_LIMIT);
}

export function normalizeChemicalSuggestions(raw: unknown, text: string): ChemicalSuggestion[] {
  return records(raw, 'chemicals')
    .flatMap((c): ChemicalSuggestion[] => {
      if (typeof c.id !== 'string' || typeof c.name !== 'string') return [];
      const cas = typeof c.cas_number === 'string' && c.cas_number !== '' ? c.cas_number : null;
      if (startsToSpell(c.name, text)) return [{ id: c.id, name: c.name, cas, alias: null }];
      // Found by another name (a trade name, an INCI name): offered under that name too.
      const alias = typeof c.matched_name === 'string' ? c.matched_name : null;
      return alias !== null && startsToSpell(alias, text) ? [{ id: c.id, name: c.name, cas, alias }] : [];
    })
    .slice(0, OTHER_SUGGESTION_LIMIT);
}

export async function fetchSuggestions(text: string, signal?: AbortSignal): Promise<Suggestions> {
  const options = { signal, timeoutMs: 10_000 };
  const picker = { q: text, limit: OTHER_SUGGESTION_LIMIT, skip: 0 };
  // Brands and chemicals are extras: if their lists fail, the perfumes are still offered.
  const [perfumes, brands, chemicals] = await Promise.all([
    api.get<unknown>('/perfumes/enhanced', {
      ...options,
      query: { search: text, limit: SUGGESTION_LIMIT, skip: 0, include_unspecific: true },
    }),
    api.get<unknown>('/brands', { ...options, query: picker }).catch(() => null),
    api.get<unknown>('/chemicals', { ...options, query: picker }).catch(() => null),
  ]);
  const page = normalizePerfumePage(perfumes);
  return {
    brands: normalizeBrandSuggestions(brands, text),
    perfumes: page.perfumes.slice(0, SUGGESTION_LIMIT),
    chemicals: normalizeChemicalSuggestions(chemicals, text),
    total: page.total,
  };
}

/** Brands, perfumes and chemicals matching what is typed so far; nothing for short or special input. */
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
