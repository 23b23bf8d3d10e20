/**
 * Usage analytics over HTTP (docs/analytics-api.md): tracking calls append usage events for the
 * caller's session, sign-in and registration are recorded, and the admin reads answer from the
 * usage rollup; every refusal is a 4xx with a `detail` and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_KEY, type Harness, PASSWORD, startHarness } from '../../auth/testing/accounts-harness.ts';
import { ANALYTICS_ADMIN_DETAIL, BAD_ADMIN_KEY_DETAIL } from './analytics.routes.ts';

const SESSION = 'session-aaaa-0001';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const track = (
  path: string,
  body: unknown,
  headers: Record<string, string> = { 'x-session-id': SESSION },
  token?: string,
) => h.call('POST', `/api/analytics/track/${path}`, { body, headers, token: token ?? null });

/**
 * Waits until the read models hold every event appended so far. Not `h.head()`: that is the
 * readers' watermark, which can still lag behind committed appends while a projection's own
 * transaction is open.
 */
async function settle() {
  const { rows } = await h.sql.query<{ last: number }>(
    'SELECT coalesce(max(position), 0)::int AS last FROM events',
  );
  expect(await h.runtime.waitForPosition(rows[0]!.last, 10_000)).toBe(true);
}

describe('tracking calls', () => {
  it('append a usage event for the session, with device, country, visitor and account', async () => {
    const { token, id } = await h.signUp('regular_user', 'tracked');
    const res = await track(
      'search',
      { query: '  Rose ', results_count: 12, category: 'perfume' },
      {
        'x-session-id': 'session-track-1',
        'x-visitor-id': 'visitor-1',
        'user-agent': IPHONE,
        'accept-language': 'sv-SE,sv;q=0.9',
      },
      token!,
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'tracked' });
    await track(
      'page-view',
      { page: '/', referrer: null },
      { 'x-session-id': 'session-track-1', 'cf-ipcountry': 'de' },
    );
    const events = await h.eventLog.readStream('usage:session-track-1');
    expect(events.map((e) => e.type)).toEqual(['SearchTracked', 'PageViewed']);
    expect(events[0]!.data).toMatchObject({
      session_id: 'session-track-1',
      visitor_id: 'visitor-1',
      device: 'mobile',
      country: 'SE',
      account_id: id,
      query: 'Rose',
      results_count: 12,
      category: 'perfume',
    });
    expect(events[1]!.data).toMatchObject({ country: 'DE', account_id: null, visitor_id: null, page: '/' });
    expect(events[0]!.metadata.occurredAt).toBe(h.clock.now.toISOString());
  });

  it('accept every tracking kind', async () => {
    const headers = { 'x-session-id': 'session-kinds-1' };
    const answers = await Promise.all([
      track(
        'scan',
        { analysis_type: 'ingredients', success: true, ingredients_found: 9, processing_time: 1.25 },
        headers,
      ),
      track('scan', { success: false, ingredients_found: 0, processing_time: 0 }, headers),
      track('chemical-click', { chemical_id: 42, chemical_name: 'Linalool' }, headers),
      track(
        'chemical-click',
        { chemical_id: 'chem-7', chemical_name: 'Limonene', source: 'perfume_card' },
        headers,
      ),
      track('page-view', { page: '/regions/EU' }, headers),
      track('search', { query: 'prohibited', results_count: 3, category: 'chemical' }, headers),
      track('search', { query: 'x', results_count: 0 }, headers),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202, 202, 202]);
    const events = await h.eventLog.readStream('usage:session-kinds-1');
    const scans = events.filter((e) => e.type === 'ScanTracked').map((e) => e.data);
    expect(scans).toContainEqual(expect.objectContaining({ analysis_type: 'comprehensive', success: false }));
    const clicks = events.filter((e) => e.type === 'ChemicalClicked').map((e) => e.data);
    expect(clicks).toContainEqual(expect.objectContaining({ chemical_id: '42', source: 'search' }));
    expect(clicks).toContainEqual(expect.objectContaining({ chemical_id: 'chem-7', source: 'perfume_card' }));
  });

  it('refuse bad input with a 400 detail and write nothing', async () => {
    const cases: [string, unknown, Record<string, string>?][] = [
      ['search', { query: 'rose', results_count: 1 }, {}], // no session header
      ['search', { query: 'rose', results_count: 1 }, { 'x-session-id': 'bad id!' }],
      ['search', { query: 'rose', results_count: 1 }, { 'x-session-id': 'abc' }], // too short
      ['search', { query: 'rose' }],
      ['search', { query: 42, results_count: 1 }],
      ['search', { query: 'rose', results_count: -1 }],
      ['search', { query: 'rose', results_count: 1.5 }],
      ['search', { query: 'rose', results_count: '3' }],
      ['search', { query: 'rose', results_count: 1, category: 'brand' }],
      ['search', { query: 'r'.repeat(501), results_count: 1 }],
      ['search', [1, 2]],
      ['scan', { success: 'yes', ingredients_found: 1, processing_time: 1 }],
      ['scan', { success: true, ingredients_found: 1, processing_time: -2 }],
      ['scan', { success: true, ingredients_found: 1, processing_time: 1, analysis_type: 'x-ray' }],
      ['scan', { success: true }],
      ['chemical-click', { chemical_name: 'Linalool' }],
      ['chemical-click', { chemical_id: '', chemical_name: 'Linalool' }],
      ['chemical-click', { chemical_id: 'c1', chemical_name: '' }],
      ['chemical-click', { chemical_id: { id: 1 }, chemical_name: 'Linalool' }],
      ['page-view', {}],
      ['page-view', { page: '' }],
      ['page-view', { page: '/', referrer: 5 }],
    ];
    for (const [path, body, headers] of cases) {
      const res = await track(path, body, headers ?? { 'x-session-id': SESSION });
      expect(res.statusCode, `${path} ${JSON.stringify(body)} ${JSON.stringify(headers)}`).toBe(400);
      expect(typeof res.json().detail).toBe('string');
      expect(res.json().detail.length).toBeGreaterThan(0);
    }
    const noSession = await track('search', { query: 'rose', results_count: 1 }, {});
    expect(noSession.json().detail).toMatch(/x-session-id/i);
    const badSession = await track(
      'search',
      { query: 'rose', results_count: 1 },
      { 'x-session-id': 'bad id!' },
    );
    expect(badSession.json().detail).toMatch(/session id/i);

    const text = await track('search', 'not json');
    expect(text.statusCode).toBe(415);
    expect(typeof text.json().detail).toBe('string');
    const big = await track('page-view', { page: '/', referrer: 'r'.repeat(9_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toBe('Request body is too large');
    // Nothing reached the log for any session these calls named. (The log's head is not compared:
    // it is a watermark that may still move up to earlier tests' appends.)
    for (const session of [SESSION, 'bad id!', 'abc']) {
      expect(await h.eventLog.readStream(`usage:${session}`)).toEqual([]);
    }
  });

  it('answer 404 for an unknown tracking kind', async () => {
    const res = await track('purchase', { amount: 1 });
    expect(res.statusCode).toBe(404);
    expect(typeof res.json().detail).toBe('string');
  });

  it('rate-limit a flood from one client with a 429 detail', async () => {
    const limited = await startHarness({ trackingRateLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.call('POST', '/api/analytics/track/page-view', {
          body: { page: '/' },
          headers: { 'x-session-id': 'session-flood-1' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().detail).toMatch(/Too many tracking calls\. Please wait \d+ seconds?\./);
          // The window is a minute from the first call: the caller is told when to come back.
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
        }
      }
      expect(codes).toEqual([202, 202, 202, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-in and registration', () => {
  it('are recorded with their outcome when the call carries a session id', async () => {
    const headers = { 'x-session-id': 'session-auth-1', 'user-agent': DESKTOP };
    const registered = await h.call('POST', '/api/auth/register', {
      body: { email: 'maker@auth.test', username: 'maker-auth', password: PASSWORD, role: 'manufacturer' },
      headers,
    });
    expect(registered.statusCode).toBe(201);
    const accountId = registered.json().user.id as string;
    const wrong = await h.call('POST', '/api/auth/login', {
      body: { email: 'maker@auth.test', password: 'not the password' },
      headers,
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await h.call('POST', '/api/auth/login', {
      body: { email: 'maker@auth.test', password: PASSWORD },
      headers,
    });
    expect(ok.statusCode).toBe(200);
    // Untracked: no session id, and a malformed call.
    await h.call('POST', '/api/auth/login', { body: { email: 'maker@auth.test', password: PASSWORD } });
    await h.call('POST', '/api/auth/login', { body: { email: 'x' }, headers });

    await expect
      .poll(async () => (await h.eventLog.readStream('usage:session-auth-1')).map((e) => [e.type, e.data]))
      .toEqual([
        [
          'RegistrationTracked',
          expect.objectContaining({ success: true, role: 'manufacturer', account_id: accountId }),
        ],
        ['LoginTracked', expect.objectContaining({ success: false, account_id: null })],
        [
          'LoginTracked',
          expect.objectContaining({ success: true, account_id: accountId, device: 'desktop' }),
        ],
      ]);
  });
});

describe('admin analytics', () => {
  const admin = async () => ({ token: await h.adminToken() });

  it('refuses anyone but an admin or the admin key', async () => {
    const { token: userToken } = await h.signUp('regular_user', 'curious');
    const url = '/api/analytics/admin/dashboard?period=week';
    const anonymous = await h.call('GET', url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(ANALYTICS_ADMIN_DETAIL);
    const user = await h.call('GET', url, { token: userToken! });
    expect(user.statusCode).toBe(403);
    expect(typeof user.json().detail).toBe('string');
    const wrongKey = await h.call('GET', url, { headers: { 'x-admin-key': 'guess-guess-guess-guess' } });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json().detail).toBe(BAD_ADMIN_KEY_DETAIL);
    const almostKey = await h.call('GET', url, {
      headers: { 'x-admin-key': `${ADMIN_API_KEY.slice(0, -1)}x` },
    });
    expect(almostKey.statusCode).toBe(401);
    const badToken = await h.call('GET', url, { token: 'not-a-token' });
    expect(badToken.statusCode).toBe(401);
    expect((await h.call('GET', url, { headers: { 'x-admin-key': ADMIN_API_KEY } })).statusCode).toBe(200);
    expect((await h.call('GET', url, await admin())).statusCode).toBe(200);
    for (const path of ['metrics/daily', 'popular-content?content_type=chemical', 'real-time', 'export']) {
      const res = await h.call('GET', `/api/analytics/admin/${path}`, { token: userToken! });
      expect(res.statusCode, path).toBe(403);
    }
  });

  it('refuses bad parameters with a 400 detail', async () => {
    const bad = [
      'dashboard?period=decade',
      'metrics/daily?days=0',
      'metrics/daily?days=400',
      'metrics/daily?days=seven',
      'popular-content',
      'popular-content?content_type=brand',
      'popular-content?content_type=chemical&limit=0',
      'popular-content?content_type=chemical&limit=101',
      'popular-content?content_type=chemical&period=forever',
      'export?format=csv',
      'export?period=1',
    ];
    for (const path of bad) {
      const res = await h.call('GET', `/api/analytics/admin/${path}`, await admin());
      expect(res.statusCode, path).toBe(400);
      expect(res.json().detail.length, path).toBeGreaterThan(0);
    }
  });

  it('answers the dashboard, daily metrics, popular content, live activity and the export', async () => {
    // The clock moves past the admin session's expiry: these reads use the admin key.
    const byKey = { headers: { 'x-admin-key': ADMIN_API_KEY } };
    await h.seedPerfume({ id: 'p-rose', name: 'Rose Absolue', brand: 'Maison Test' });
    h.clock.now = new Date('2026-02-10T09:00:00.000Z');
    const s = (id: string, extra: Record<string, string> = {}) => ({ 'x-session-id': id, ...extra });
    // Three sessions today: two from the same visitor (one on a phone, in Sweden), one that scans.
    await track(
      'page-view',
      { page: '/' },
      s('session-d-1', { 'x-visitor-id': 'visitor-d', 'user-agent': IPHONE, 'cf-ipcountry': 'SE' }),
    );
    await track('search', { query: 'Rose', results_count: 5, category: 'perfume' }, s('session-d-1'));
    h.clock.advance(90_000);
    await track('page-view', { page: '/perfume/p-rose' }, s('session-d-1'));
    await track(
      'search',
      { query: 'rose ', results_count: 5 },
      s('session-d-2', { 'x-visitor-id': 'visitor-d', 'user-agent': DESKTOP }),
    );
    await track(
      'chemical-click',
      { chemical_id: 'c-lin', chemical_name: 'Linalool' },
      s('session-d-3', { 'user-agent': DESKTOP, 'accept-language': 'de-DE' }),
    );
    await track('scan', { success: true, ingredients_found: 7, processing_time: 2 }, s('session-d-3'));
    await track('page-view', { page: '/perfume/p-gone' }, s('session-d-3'));
    // Two days ago: one session.
    h.clock.now = new Date('2026-02-08T15:00:00.000Z');
    await track('search', { query: 'oud', results_count: 2 }, s('session-d-4', { 'user-agent': DESKTOP }));
    h.clock.now = new Date('2026-02-10T09:03:00.000Z');
    await settle();

    const today = await h.call('GET', '/api/analytics/admin/dashboard?period=today', byKey);
    expect(today.statusCode).toBe(200);
    expect(today.json()).toEqual({
      period: 'today',
      from: '2026-02-10',
      to: '2026-02-10',
      total_sessions: 3,
      unique_visitors: 2,
      page_views: 3,
      avg_session_duration: 30, // (90 + 0 + 0) / 3
      total_searches: 2,
      total_scans: 1,
      camera_usage_rate: 33.3,
      device_breakdown: { desktop: 2, mobile: 1 },
      country_breakdown: { DE: 1, SE: 1, unknown: 1 },
    });
    const week = (await h.call('GET', '/api/analytics/admin/dashboard', byKey)).json();
    expect(week).toMatchObject({ period: 'week', from: '2026-02-04', total_sessions: 4, total_searches: 3 });

    const daily = (await h.call('GET', '/api/analytics/admin/metrics/daily?days=7', byKey)).json();
    expect(daily.days).toBe(7);
    expect(daily.metrics).toHaveLength(7);
    expect(daily.metrics[0]).toEqual({
      date: '2026-02-04',
      unique_sessions: 0,
      total_searches: 0,
      total_scans: 0,
    });
    expect(daily.metrics[4]).toEqual({
      date: '2026-02-08',
      unique_sessions: 1,
      total_searches: 1,
      total_scans: 0,
    });
    expect(daily.metrics[6]).toEqual({
      date: '2026-02-10',
      unique_sessions: 3,
      total_searches: 2,
      total_scans: 1,
    });
    expect(
      (await h.call('GET', '/api/analytics/admin/metrics/daily?days=365', byKey)).json().metrics,
    ).toHaveLength(365);

    const popular = async (type: string, extra = '') =>
      (
        await h.call('GET', `/api/analytics/admin/popular-content?content_type=${type}${extra}`, byKey)
      ).json();
    expect(await popular('search_term')).toEqual({
      content_type: 'search_term',
      period: 'month',
      popular_content: [
        { name: 'rose', count: 2 },
        { name: 'oud', count: 1 },
      ],
    });
    expect((await popular('search_term', '&period=today')).popular_content).toEqual([
      { name: 'rose', count: 2 },
    ]);
    expect((await popular('search_term', '&limit=1')).popular_content).toHaveLength(1);
    expect((await popular('chemical')).popular_content).toEqual([{ name: 'Linalool', count: 1 }]);
    expect((await popular('perfume')).popular_content).toEqual([
      { name: 'Rose Absolue – Maison Test', count: 1 },
      { name: 'p-gone', count: 1 }, // no longer catalogued: its id
    ]);

    const live = (await h.call('GET', '/api/analytics/admin/real-time', byKey)).json();
    expect(live).toEqual({ active_sessions: 3, events_last_hour: 7, as_of: '2026-02-10T09:03:00.000Z' });

    const exported = await h.call('GET', '/api/analytics/admin/export?format=json&period=today', byKey);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="scentinel-analytics-today-2026-02-10.json"',
    );
    const file = exported.json();
    expect(file).toMatchObject({
      period: 'today',
      exported_at: '2026-02-10T09:03:00.000Z',
      dashboard: today.json(),
      daily_metrics: [daily.metrics[6]],
      popular_content: {
        search_term: [{ name: 'rose', count: 2 }],
        chemical: [{ name: 'Linalool', count: 1 }],
      },
    });
    expect(file.popular_content.perfume).toHaveLength(2);
  });
});
