import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';

export const LOGO_CLICK_THRESHOLD = 5;

/** Counts a logo click in local storage; true (and the counter restarts) on the 5th click. */
export function registerLogoClick(): boolean {
  const stored = Number.parseInt(readStorage(STORAGE_KEYS.logoClicks) ?? '0', 10);
  const clicks = (Number.isFinite(stored) && stored > 0 ? stored : 0) + 1;
  if (clicks >= LOGO_CLICK_THRESHOLD) {
    writeStorage(STORAGE_KEYS.logoClicks, '0');
    return true;
  }
  writeStorage(STORAGE_KEYS.logoClicks, String(clicks));
  return false;
}
