/**
 * The usage tracker (docs/analytics-api.md): fire-and-forget
 * POSTs under /api/analytics/track/… carrying this page load's session id and, while tracking is
 * on, a visitor id kept in local storage. A tracking failure is only logged: it must never reach
 * the user or break the action it reports.
 */
import { buildUrl } from './api-client.ts';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** What the server accepts as a session or visitor id. */
export const TRACKING_ID_PATTERN = /^[A-Za-z0-9_.-]{6,128}$/;

let pageSessionId: string | null = null;
// Used when local storage cannot keep the visitor id, so the id at least holds for this page load.
let memoryVisitorId: string | null = null;

type RandomSource = Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>>;

/**
 * A random id. `crypto.randomUUID()` exists only in secure contexts (HTTPS, localhost), so a page
 * served over plain HTTP falls back to random bytes in hex.
 */
export function createTrackingId(source: RandomSource | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof source?.getRandomValues === 'function') source.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** On unless switched off: anything but a stored "false" counts as on. */
export function isTrackingEnabled(): boolean {
  return readStorage(STORAGE_KEYS.analyticsEnabled) !== 'false';
}

/** Remembers the choice; switching off also forgets the visitor id. */
export function setTrackingEnabled(enabled: boolean): void {
  writeStorage(STORAGE_KEYS.analyticsEnabled, enabled ? 'true' : 'false');
  if (!enabled) {
    removeStorage(STORAGE_KEYS.visitorId);
    memoryVisitorId = null;
  }
}

/** One id per page load. */
export function trackingSessionId(): string {
  pageSessionId ??= createTrackingId();
  return pageSessionId;
}

function visitorId(): string {
  const stored = readStorage(STORAGE_KEYS.visitorId);
  if (stored !== null && TRACKING_ID_PATTERN.test(stored)) return stored;
  memoryVisitorId ??= createTrackingId();
  writeStorage(STORAGE_KEYS.visitorId, memoryVisitorId);
  return memoryVisitorId;
}

/** X-Session-ID and X-Visitor-ID while tracking is on, else nothing (also sent with sign-in and registration). */
export function trackingHeaders(): Record<string, string> {
  if (!isTrackingEnabled()) return {};
  return { 'X-Session-ID': trackingSessionId(), 'X-Visitor-ID': visitorId() };
}

/** Resolves once the call is done or has failed; never rejects. */
async function send(path: string, body: Record<string, unknown>): Promise<void> {
  if (!isTrackingEnabled()) {
    // Said once per skipped event, so a check that nothing was sent can wait for this instead of a pause.
    console.debug(`Usage tracking is off: ${path} not sent`);
    return;
  }
  try {
    const response = await fetch(buildUrl(`/analytics/track/${path}`), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...trackingHeaders() },
      body: JSON.stringify(body),
      // A page view sent just before a reload (language change) still arrives.
      keepalive: true,
    });
    if (!response.ok) console.debug(`Usage tracking (${path}) was refused: ${response.status}`);
  } catch (error) {
    console.debug(`Usage tracking (${path}) failed`, error);
  }
}

// The server's limits: a longer text would get the whole call refused.
const MAX_TEXT = 500;
const MAX_REFERRER = 2000;

export function trackPageView(page: string, referrer: string | null = null): Promise<void> {
  return send('page-view', {
    page: page.slice(0, MAX_TEXT),
    referrer: referrer?.slice(0, MAX_REFERRER) ?? null,
  });
}

/** A perfume "view": its card's description expanded or one of its chemicals opened. */
export function trackPerfumeView(perfumeId: string | number): Promise<void> {
  return trackPageView(`/perfume/${perfumeId}`);
}

export type SearchCategory = 'perfume' | 'chemical' | null;

export function trackSearch(query: string, resultsCount: number, category: SearchCategory): Promise<void> {
  return send('search', {
    query: query.slice(0, MAX_TEXT),
    results_count: Math.max(0, Math.trunc(resultsCount)),
    category,
  });
}

export type ChemicalClickSource = 'search' | 'perfume_card' | 'cas_modal' | 'regulatory';

export function trackChemicalClick(
  chemicalId: string | number,
  chemicalName: string,
  source: ChemicalClickSource = 'search',
): Promise<void> {
  return send('chemical-click', { chemical_id: chemicalId, chemical_name: chemicalName, source });
}

export type ScanReport = {
  analysisType: string;
  success: boolean;
  ingredientsFound: number;
  /** Seconds. */
  processingTime: number;
};

export function trackScan(report: ScanReport): Promise<void> {
  return send('scan', {
    analysis_type: report.analysisType,
    success: report.success,
    ingredients_found: Math.max(0, Math.trunc(report.ingredientsFound)),
    processing_time: Math.max(0, report.processingTime),
  });
}
