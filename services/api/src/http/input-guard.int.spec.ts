/**
 * NUL characters, lone surrogates, invalid UTF-8 and other charsets, sent to the routes that write
 * (sign-in, registration, tracking, curation) through every part of a request: each is refused with
 * 400 (415 for a charset) and a `{detail, code}` body, and nothing reaches the event log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHarness } from '../auth/testing/accounts-harness.ts';

const SESSION = { 'x-session-id': 'sess-abcdef-123' };

describe('text hygiene: hostile strings are refused at the edge', () => {
  let h: Harness;
  let admin: string;

  beforeAll(async () => {
    h = await startHarness();
    admin = await h.adminToken();
    await h.seedPerfume({ id: 'hyg-perfume', name: 'Clean Eau', brand: 'Acme' });
  });
  afterAll(async () => h?.close());

  async function expectRefused(
    res: { statusCode: number; json(): unknown },
    status: number,
    before: number,
    code?: string,
  ) {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { detail?: unknown; code?: unknown };
    expect(typeof body.detail).toBe('string');
    expect(typeof body.code).toBe('string');
    if (code) expect(body.code).toBe(code);
    expect(await h.head()).toBe(before);
    return body as { detail: string; code: string };
  }

  const hostile = { nul: 'a\u0000b', surrogate: 'a\ud800b', lowSurrogate: '\udc00x' };

  for (const [kind, value] of Object.entries(hostile)) {
    it(`refuses a ${kind} in JSON bodies of sign-in, registration and tracking`, async () => {
      const before = await h.head();
      const login = await h.call('POST', '/api/auth/login', { body: { email: value, password: value } });
      const b1 = await expectRefused(login, 400, before, 'invalid_text');
      expect(b1.detail).toMatch(/body field '(email|password)'/);
      const register = await h.call('POST', '/api/auth/register', {
        body: { email: 'x@example.test', username: value, password: PASSWORD },
      });
      await expectRefused(register, 400, before, 'invalid_text');
      for (const [path, body] of [
        ['search', { query: value, results_count: 1 }],
        ['page-view', { page: value }],
        ['chemical-click', { chemical_id: value, chemical_name: 'x' }],
      ] as const) {
        const res = await h.call('POST', `/api/analytics/track/${path}`, { body, headers: SESSION });
        await expectRefused(res, 400, before, 'invalid_text');
      }
      // An object key, nested deep in an admin write.
      const nested = await h.call('POST', '/api/add-chemical-manual', {
        token: admin,
        body: { name: 'Fine', synonyms: ['ok', value] },
      });
      const b2 = await expectRefused(nested, 400, before, 'invalid_text');
      expect(b2.detail).toContain("'synonyms[1]'");
    });
  }

  it('refuses JSON escapes of NUL and surrogates as well as raw ones', async () => {
    const before = await h.head();
    for (const raw of ['{"email":"a\\u0000","password":"x"}', '{"email":"\\ud800","password":"x"}']) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      await expectRefused(res, 400, before, 'invalid_text');
    }
  });

  it('refuses bodies that are not UTF-8 instead of replacing the bytes', async () => {
    const before = await h.head();
    // 0xff and an encoded surrogate (CESU-8 0xed 0xa0 0x80) are not UTF-8.
    for (const bad of [Buffer.from([0xff]), Buffer.from([0xed, 0xa0, 0x80])]) {
      const payload = Buffer.concat([Buffer.from('{"page":"x'), bad, Buffer.from('"}')]);
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/analytics/track/page-view',
        headers: { 'content-type': 'application/json', ...SESSION },
        payload,
      });
      const body = await expectRefused(res, 400, before, 'invalid_text');
      expect(body.detail).toMatch(/not valid UTF-8/);
    }
  });

  it('answers 415 for a JSON body in another charset', async () => {
    const before = await h.head();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json; charset=utf-16' },
      payload: Buffer.from('{"email":"a@b.c","password":"x"}', 'utf16le'),
    });
    await expectRefused(res, 415, before, 'unsupported_media_type');
    // utf-8 spelled either way is accepted (it reaches the credentials check).
    for (const charset of ['UTF-8', 'utf8', '"utf-8"']) {
      const ok = await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': `application/json; charset=${charset}` },
        payload: '{"email":"nobody@example.test","password":"wrong password here"}',
      });
      expect(ok.statusCode).toBe(401);
    }
  });

  it('refuses NUL, encoded surrogates and invalid UTF-8 in path ids and query strings', async () => {
    const before = await h.head();
    const urls = [
      '/api/perfumes/hyg%00perfume/assign-chemicals',
      '/api/perfumes/hyg%ED%A0%80/assign-chemicals',
      '/api/perfumes/hyg%FF/assign-chemicals',
    ];
    for (const url of urls) {
      const res = await h.call('POST', url, { token: admin, body: { chemical_ids: ['x'] } });
      // A NUL is refused by the text check, bytes that are not UTF-8 already by the router.
      const body = await expectRefused(res, 400, before);
      expect(body.detail).toMatch(/^The address (holds a NUL|is not valid)/);
    }
    for (const query of ['?status=%00', '?status=a%C3', '?status=%ED%B0%80']) {
      const res = await h.call('GET', `/api/admin/accounts${query}`, { token: admin });
      await expectRefused(res, 400, before, 'invalid_text');
    }
    const history = await h.call('GET', '/api/chemicals/x%00y/history');
    await expectRefused(history, 400, before, 'invalid_text');
  });

  it('refuses bad text in the headers the API reads', async () => {
    const before = await h.head();
    const badSession = await h.call('POST', '/api/analytics/track/page-view', {
      body: { page: '/' },
      headers: { 'x-session-id': 'sess-\ud800-123' },
    });
    await expectRefused(badSession, 400, before, 'invalid_text');
    // Bytes from the socket arrive one character per byte: 0xc3 alone is not UTF-8.
    const badAgent = await h.call('POST', '/api/analytics/track/page-view', {
      body: { page: '/' },
      headers: { ...SESSION, 'user-agent': 'Mozilla \u00c3' },
    });
    const body = await expectRefused(badAgent, 400, before, 'invalid_text');
    expect(body.detail).toContain('user-agent');
    // The same bytes forming UTF-8 (é = 0xc3 0xa9) are fine.
    const goodAgent = await h.call('POST', '/api/analytics/track/page-view', {
      body: { page: '/' },
      headers: { ...SESSION, 'user-agent': 'Mozilla caf\u00c3\u00a9' },
    });
    expect(goodAgent.statusCode).toBe(202);
  });

  it('still accepts ordinary non-ASCII text', async () => {
    const res = await h.call('POST', '/api/analytics/track/search', {
      body: { query: 'Åsa Ñandú 香水 🌸', results_count: 3 },
      headers: SESSION,
    });
    expect(res.statusCode).toBe(202);
  });

  it('maps a Postgres data error to 400 as a backstop, writing nothing', async () => {
    const { email } = await h.signUp('regular_user');
    const before = await h.head();
    const append = h.eventLog.appendMany.bind(h.eventLog);
    // A value that got past the checks: Postgres refuses a NUL in text (22021) or JSON (22P05).
    h.eventLog.appendMany = async (batches) => {
      await h.sql.query('SELECT $1::text', ['a\u0000b']);
      return append(batches);
    };
    try {
      const res = await h.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
      const body = await expectRefused(res, 400, before, 'invalid_value');
      expect(body.detail).toMatch(/cannot be stored/);
    } finally {
      h.eventLog.appendMany = append;
    }
  });
});
