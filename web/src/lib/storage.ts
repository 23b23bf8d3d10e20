// Local-storage access that never throws (private mode, disabled storage, quota).

export const STORAGE_KEYS = {
  session: 'scentinel.session',
  language: 'scentinel.language',
  logoClicks: 'scentinel.logoClicks',
  allergenProfile: 'scentinel.allergenProfile',
  safeForMe: 'scentinel.safeForMe',
  /** Usage tracking on or off: "true" or "false" (absent means on). */
  analyticsEnabled: 'scentinel.analyticsEnabled',
  /** A random id for this browser, kept only while usage tracking is on. */
  visitorId: 'scentinel.visitorId',
  /** Sent as X-Admin-Key with the admin analytics calls when present (set by hand; no UI). */
  adminKey: 'scentinel.adminKey',
} as const;

export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage unavailable: the value simply is not remembered.
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // ignore
  }
}

export function readJson<T>(key: string, parse: (value: unknown) => T | null): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    const value = parse(JSON.parse(raw));
    if (value === null) removeStorage(key);
    return value;
  } catch {
    removeStorage(key);
    return null;
  }
}
