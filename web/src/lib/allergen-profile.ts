import { useCallback, useState } from 'react';
import type { AllergenProfileItem, Id } from '../types/api.ts';
import { readJson, readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** Reads a stored profile; anything malformed is dropped. */
export function parseProfile(value: unknown): AllergenProfileItem[] | null {
  if (!Array.isArray(value)) return null;
  const seen = new Set<string>();
  return value.flatMap((item): AllergenProfileItem[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name } = item as { id?: unknown; name?: unknown };
    if ((typeof id !== 'number' && typeof id !== 'string') || typeof name !== 'string' || !name) return [];
    if (seen.has(String(id))) return [];
    seen.add(String(id));
    return [{ id, name }];
  });
}

export function toggleProfileItem(
  items: AllergenProfileItem[],
  item: AllergenProfileItem,
): AllergenProfileItem[] {
  return items.some((x) => String(x.id) === String(item.id))
    ? items.filter((x) => String(x.id) !== String(item.id))
    : [...items, { id: item.id, name: item.name }];
}

/** "My allergens": chosen chemicals and the "Safe for me" switch, kept in local storage. */
export function useAllergenProfile() {
  const [items, setItems] = useState<AllergenProfileItem[]>(
    () => readJson(STORAGE_KEYS.allergenProfile, parseProfile) ?? [],
  );
  const [safeForMe, setSafeForMeState] = useState(() => readStorage(STORAGE_KEYS.safeForMe) === 'true');

  const save = useCallback((next: AllergenProfileItem[]) => {
    setItems(next);
    writeStorage(STORAGE_KEYS.allergenProfile, JSON.stringify(next));
  }, []);

  const toggle = useCallback(
    (item: AllergenProfileItem) =>
      setItems((current) => {
        const next = toggleProfileItem(current, item);
        writeStorage(STORAGE_KEYS.allergenProfile, JSON.stringify(next));
        return next;
      }),
    [],
  );

  const setSafeForMe = useCallback((value: boolean) => {
    setSafeForMeState(value);
    writeStorage(STORAGE_KEYS.safeForMe, String(value));
  }, []);

  const has = useCallback((id: Id) => items.some((x) => String(x.id) === String(id)), [items]);

  return { items, toggle, clear: () => save([]), has, safeForMe, setSafeForMe };
}
