import { useSyncExternalStore } from 'react';

/**
 * The address bar as React state, on the History API: `navigate` pushes (or replaces) an entry,
 * Back and Forward (popstate) re-render every reader. One route table lives with the app; this
 * module only knows URLs.
 */
const CHANGE = 'scentinel:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

/** The current path and query (e.g. `/?q=rose`), updated on every navigation. */
export function useCurrentUrl(): string {
  return useSyncExternalStore(subscribe, snapshot, () => '/');
}

/** Goes to `url` (same origin): a new history entry, or the current one replaced. No-op when unchanged. */
export function navigate(url: string, options: { replace?: boolean } = {}): void {
  if (url === snapshot()) return;
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(CHANGE));
}
