import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './storage.ts';
import { memoryStorage } from './test-storage.ts';
import {
  createTrackingId,
  isTrackingEnabled,
  setTrackingEnabled,
  TRACKING_ID_PATTERN,
  trackChemicalClick,
  trackingHeaders,
  trackingSessionId,
  trackPageView,
  trackPerfumeView,
  trackScan,
  trackSearch,
} from './usage-tracker.ts';

type Call = { url: string; init: RequestInit };

function stubFetch(answer: () => Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const accepted = () => Promise.resolve(new Response('{"status":"tracked"}', { status: 202 }));
const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;
const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.init.body)) as Record<string, unknown>;

describe('usage tracker', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('enabled flag', () => {
    it('is on by default', () => {
      expect(isTrackingEnabled()).toBe(true);
    });

    it('is persisted as "true" / "false"', () => {
      setTrackingEnabled(false);
      expect(localStorage.getItem(STORAGE_KEYS.analyticsEnabled)).toBe('false');
      expect(isTrackingEnabled()).toBe(false);
      setTrackingEnabled(true);
      expect(localStorage.getItem(STORAGE_KEYS.analyticsEnabled)).toBe('true');
      expect(isTrackingEnabled()).toBe(true);
    });

    it('reads a flag stored by an earlier page load', () => {
      localStorage.setItem(STORAGE_KEYS.analyticsEnabled, 'false');
      expect(isTrackingEnabled()).toBe(false);
    });

    it('forgets the visitor id when switched off', () => {
      trackingHeaders();
      expect(localStorage.getItem(STORAGE_KEYS.visitorId)).not.toBeNull();
      setTrackingEnabled(false);
      expect(localStorage.getItem(STORAGE_KEYS.visitorId)).toBeNull();
    });
  });

  describe('ids and headers', () => {
    it('sends one session id per page load and a visitor id kept in local storage', () => {
      const first = trackingHeaders();
      const second = trackingHeaders();
      expect(first['X-Session-ID']).toBe(trackingSessionId());
      expect(second['X-Session-ID']).toBe(first['X-Session-ID']);
      expect(first['X-Session-ID']).toMatch(TRACKING_ID_PATTERN);
      expect(first['X-Visitor-ID']).toMatch(TRACKING_ID_PATTERN);
      expect(localStorage.getItem(STORAGE_KEYS.visitorId)).toBe(first['X-Visitor-ID']);
      expect(second['X-Visitor-ID']).toBe(first['X-Visitor-ID']);
    });

    it('keeps a visitor id stored earlier and replaces a malformed one', () => {
      localStorage.setItem(STORAGE_KEYS.visitorId, 'visitor-from-before');
      expect(trackingHeaders()['X-Visitor-ID']).toBe('visitor-from-before');
      localStorage.setItem(STORAGE_KEYS.visitorId, 'bad id!');
      const replaced = trackingHeaders()['X-Visitor-ID'];
      expect(replaced).toMatch(TRACKING_ID_PATTERN);
      expect(localStorage.getItem(STORAGE_KEYS.visitorId)).toBe(replaced);
    });

    it('gives no headers while switched off', () => {
      setTrackingEnabled(false);
      expect(trackingHeaders()).toEqual({});
      expect(localStorage.getItem(STORAGE_KEYS.visitorId)).toBeNull();
    });

    it('falls back when crypto.randomUUID is unavailable (plain HTTP)', () => {
      const fromRandomValues = createTrackingId({ getRandomValues: (array) => array });
      expect(fromRandomValues).toBe('0'.repeat(32));
      const withoutCrypto = createTrackingId({});
      expect(withoutCrypto).toMatch(/^[0-9a-f]{32}$/);
      expect(createTrackingId(undefined)).toMatch(TRACKING_ID_PATTERN);
      expect(createTrackingId({ randomUUID: () => '11111111-2222-3333-4444-555555555555' })).toBe(
        '11111111-2222-3333-4444-555555555555',
      );
    });
  });

  describe('calls', () => {
    it('posts each kind under /api/analytics/track with the tracking headers', async () => {
      const calls = stubFetch(accepted);
      await trackPageView('/', 'https://example.org/');
      await trackPerfumeView('p-42');
      await trackSearch('  Rose ', 12, 'perfume');
      await trackChemicalClick('c-1', 'Linalool', 'perfume_card');
      await trackChemicalClick(7, 'Coumarin');
      await trackScan({
        analysisType: 'ingredients',
        success: true,
        ingredientsFound: 9,
        processingTime: 1.25,
      });

      expect(calls.map((call) => call.url)).toEqual([
        '/api/analytics/track/page-view',
        '/api/analytics/track/page-view',
        '/api/analytics/track/search',
        '/api/analytics/track/chemical-click',
        '/api/analytics/track/chemical-click',
        '/api/analytics/track/scan',
      ]);
      for (const call of calls) {
        expect(call.init.method).toBe('POST');
        const headers = headersOf(call);
        expect(headers['Content-Type']).toBe('application/json');
        expect(headers['X-Session-ID']).toBe(trackingSessionId());
        expect(headers['X-Visitor-ID']).toBe(localStorage.getItem(STORAGE_KEYS.visitorId));
      }
      expect(calls.map(bodyOf)).toEqual([
        { page: '/', referrer: 'https://example.org/' },
        { page: '/perfume/p-42', referrer: null },
        { query: '  Rose ', results_count: 12, category: 'perfume' },
        { chemical_id: 'c-1', chemical_name: 'Linalool', source: 'perfume_card' },
        { chemical_id: 7, chemical_name: 'Coumarin', source: 'search' },
        { analysis_type: 'ingredients', success: true, ingredients_found: 9, processing_time: 1.25 },
      ]);
    });

    it('keeps texts within the server limits', async () => {
      const calls = stubFetch(accepted);
      await trackSearch('x'.repeat(600), -3, null);
      expect(bodyOf(calls[0])).toEqual({ query: 'x'.repeat(500), results_count: 0, category: null });
      await trackPageView(`/${'p'.repeat(600)}`, `https://example.org/${'r'.repeat(3000)}`);
      const view = bodyOf(calls[1]) as { page: string; referrer: string };
      expect([view.page.length, view.referrer.length]).toEqual([500, 2000]);
    });

    it('sends nothing while switched off', async () => {
      const calls = stubFetch(accepted);
      setTrackingEnabled(false);
      await trackPageView('/');
      await trackSearch('rose', 1, 'perfume');
      await trackChemicalClick('c-1', 'Linalool');
      await trackScan({
        analysisType: 'comprehensive',
        success: false,
        ingredientsFound: 0,
        processingTime: 0,
      });
      expect(calls).toEqual([]);
    });

    it('swallows network failures and refusals, logging them only', async () => {
      const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
      stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      await expect(trackPageView('/')).resolves.toBeUndefined();
      stubFetch(() => Promise.resolve(new Response('{"detail":"bad"}', { status: 400 })));
      await expect(trackSearch('rose', 1, 'perfume')).resolves.toBeUndefined();
      vi.stubGlobal('fetch', () => {
        throw new Error('fetch is not a function');
      });
      await expect(trackChemicalClick('c', 'C')).resolves.toBeUndefined();
      expect(debug).toHaveBeenCalledTimes(3);
    });
  });
});
