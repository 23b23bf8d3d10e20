import { parseProfile } from '../../lib/allergen-profile.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';
import type { AllergenProfileItem } from '../../types/api.ts';

/** The address parameter a shared profile travels in. */
export const SHARE_PARAM = 'allergy_profile';
const MAX_ITEMS = 60;

/** How many allergens a shared link preset on this start (0: none). */
let appliedFromLink = 0;
export function sharedProfileApplied(): number {
  return appliedFromLink;
}

/** `id~name` pairs joined by `|` (ids and names are URI-encoded by URLSearchParams). */
export function encodeProfile(items: readonly AllergenProfileItem[]): string {
  return items
    .slice(0, MAX_ITEMS)
    .map((item) => `${String(item.id).replaceAll('|', '')}~${item.name.replaceAll('|', '/')}`)
    .join('|');
}

export function decodeProfile(value: string): AllergenProfileItem[] {
  const items = value
    .split('|')
    .slice(0, MAX_ITEMS)
    .map((pair) => {
      const at = pair.indexOf('~');
      return at <= 0 ? null : { id: pair.slice(0, at), name: pair.slice(at + 1).slice(0, 200) };
    })
    .filter((x) => x !== null);
  return parseProfile(items) ?? [];
}

/** The link that opens the product with these allergens preset and "Safe for me" on. */
export function shareUrl(
  items: readonly AllergenProfileItem[],
  origin = globalThis.location?.origin ?? '',
): string {
  return `${origin}/?${new URLSearchParams({ [SHARE_PARAM]: encodeProfile(items) }).toString()}`;
}

/**
 * On start: a shared profile in the address replaces this browser's list and turns "Safe for me"
 * on; the parameter is then removed from the address (the rest of it is kept).
 */
export function applySharedProfile(): boolean {
  const location = globalThis.location;
  if (!location) return false;
  const url = new URL(location.href);
  const value = url.searchParams.get(SHARE_PARAM);
  if (value === null) return false;
  const items = decodeProfile(value);
  url.searchParams.delete(SHARE_PARAM);
  globalThis.history?.replaceState(globalThis.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (items.length === 0) return false;
  writeStorage(STORAGE_KEYS.allergenProfile, JSON.stringify(items));
  writeStorage(STORAGE_KEYS.safeForMe, 'true');
  appliedFromLink = items.length;
  return readStorage(STORAGE_KEYS.safeForMe) === 'true';
}
