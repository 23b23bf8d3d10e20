import { useEffect, useRef } from 'react';
import { type SearchCategory, trackPageView, trackSearch } from '../../lib/usage-tracker.ts';

/** The home page view goes out 1 s after start. */
export const HOME_PAGE_VIEW_DELAY_MS = 1000;

export function useHomePageView(): void {
  useEffect(() => {
    const timer = setTimeout(
      () => void trackPageView('/', document.referrer || null),
      HOME_PAGE_VIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, []);
}

/** A submitted search; `id` tells a repeated search for the same text from the earlier one. */
export type SearchRun = { id: number; query: string; category: Exclude<SearchCategory, null> };

/** Reports each submitted search once, as soon as its result count is known (null until then). */
export function useSearchTracking(run: SearchRun | null, resultsCount: number | null): void {
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (!run || resultsCount === null || reported.current === run.id) return;
    reported.current = run.id;
    void trackSearch(run.query, resultsCount, run.category);
  }, [run, resultsCount]);
}
