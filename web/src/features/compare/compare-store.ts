import { useSyncExternalStore } from 'react';

export const MAX_COMPARED = 3;

export type Compared = { id: string; name: string };

let selected: readonly Compared[] = [];
const listeners = new Set<() => void>();

function set(next: readonly Compared[]) {
  selected = next;
  for (const listener of listeners) listener();
}

/** Adds or removes a perfume; a fourth one is refused (returns false). */
export function toggleCompared(perfume: Compared): boolean {
  if (selected.some((p) => p.id === perfume.id)) {
    set(selected.filter((p) => p.id !== perfume.id));
    return true;
  }
  if (selected.length >= MAX_COMPARED) return false;
  set([...selected, perfume]);
  return true;
}

export function clearCompared(): void {
  set([]);
}

/** The perfumes chosen for comparison (kept for this visit only). */
export function useCompared(): readonly Compared[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => selected,
    () => selected,
  );
}
