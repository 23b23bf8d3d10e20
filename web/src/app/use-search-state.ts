import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SearchRun } from '../features/analytics/hooks.ts';
import { classifySearch, type SearchStatus } from '../lib/search-mode.ts';
import { navigate } from '../lib/url-state.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { activeFilterCount, type DataCategory, EMPTY_FILTERS, type PerfumeFilters } from '../types/api.ts';
import { type ChemicalLink, EMPTY_VIEW, type MainView, mainUrl } from './app-url.ts';

const INCLUDE_UNSPECIFIC_DELAY_MS = 100;

/** History entries pushed to open a dialog carry this, so closing it can go Back instead of piling up. */
const DIALOG_STATE = { dialog: true };

/**
 * What the main page searches and shows, kept in the address: each change is a history entry
 * (Back undoes it), a shared address restores it. The text box is local until submitted.
 */
export function useSearchState(view: MainView) {
  const [searchInput, setSearchInput] = useState(view.q);
  const [searchRun, setSearchRun] = useState<SearchRun | null>(null);
  const appliedIncludeUnspecific = useDebouncedValue(view.includeUnspecific, INCLUDE_UNSPECIFIC_DELAY_MS);

  // Back / Forward / a followed link change the submitted search: the box shows it.
  const lastQ = useRef(view.q);
  useEffect(() => {
    if (lastQ.current !== view.q) setSearchInput(view.q);
    lastQ.current = view.q;
  }, [view.q]);

  const viewRef = useRef(view);
  viewRef.current = view;
  const go = useCallback((patch: Partial<MainView>, options: { replace?: boolean; state?: object } = {}) => {
    navigate(mainUrl({ ...viewRef.current, ...patch }), options);
  }, []);

  const parsed = useMemo(() => classifySearch(view.q), [view.q]);
  const statusSearch: SearchStatus | null = parsed.kind === 'status' ? parsed.status : null;
  const search = parsed.kind === 'text' ? parsed.query : '';

  const runSearch = (value: string) => {
    const next = classifySearch(value);
    switch (next.kind) {
      case 'empty':
        go({ q: '', perfume: null });
        break;
      case 'status':
        go({ q: value.trim(), perfume: null });
        setSearchRun((run) => ({ id: (run?.id ?? 0) + 1, query: value.trim(), category: 'chemical' }));
        break;
      case 'cas':
        go({ cas: next.cas }, { state: DIALOG_STATE });
        break;
      case 'text':
        go({ q: next.query, perfume: null });
        setSearchRun((run) => ({ id: (run?.id ?? 0) + 1, query: next.query, category: 'perfume' }));
        break;
    }
  };

  /** Closes a dialog opened from the address: Back when this page pushed it, else the entry is rewritten. */
  const closeLinked = (patch: Partial<MainView>) => {
    const state: unknown = window.history.state;
    if (typeof state === 'object' && state !== null && 'dialog' in state) window.history.back();
    else go(patch, { replace: true });
  };

  const filterCount = activeFilterCount(view.filters);
  return {
    view,
    searchInput,
    setSearchInput,
    search,
    statusSearch,
    searchRun,
    runSearch,
    appliedIncludeUnspecific,
    filterCount,
    active: Boolean(search || view.brand || view.category || filterCount > 0 || statusSearch),
    setBrand: (brand: string) => go({ brand, perfume: null }),
    /** A brand chosen among the suggestions: its perfumes, with the typed text cleared. */
    pickBrand: (brand: string) => {
      setSearchInput('');
      go({ brand, q: '', perfume: null });
    },
    setCategory: (category: DataCategory) => go({ category, perfume: null }),
    setFilters: (filters: PerfumeFilters) => go({ filters, perfume: null }),
    setIncludeUnspecific: (includeUnspecific: boolean) => go({ includeUnspecific }, { replace: true }),
    resetAll: () => {
      setSearchInput('');
      go({ ...EMPTY_VIEW, filters: EMPTY_FILTERS });
    },
    openChemical: (chemical: ChemicalLink) => go({ chemical, cas: null }, { state: DIALOG_STATE }),
    closeChemical: () => closeLinked({ chemical: null }),
    closeCas: () => closeLinked({ cas: null }),
    showPerfume: (perfume: { id: string; name: string }) => {
      setSearchInput(perfume.name);
      go({ ...EMPTY_VIEW, q: perfume.name, perfume: perfume.id });
    },
    perfumeHref: (perfume: { id: string; name: string }) =>
      mainUrl({ ...EMPTY_VIEW, q: perfume.name, perfume: perfume.id }),
  };
}

export type SearchState = ReturnType<typeof useSearchState>;
