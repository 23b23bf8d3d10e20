import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildUrl, errorDetail } from './api-client.ts';
import { STORAGE_KEYS } from './storage.ts';
import { memoryStorage } from './test-storage.ts';

type Call = { url: string; init: RequestInit };

function stubFetch(respond: (call: Call) => Promise<Response> | Response) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return Promise.resolve().then(() => respond(call));
  });
  return calls;
}

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('buildUrl', () => {
  it('prefixes /api and drops empty query values', () => {
    expect(
      buildUrl('/perfumes/enhanced', { limit: 50, skip: 0, search: '', brand: undefined, x: null }),
    ).toBe('/api/perfumes/enhanced?limit=50&skip=0');
    expect(buildUrl('brands')).toBe('/api/brands');
    expect(buildUrl('/p', { search: 'eau de toilette & co' })).toBe('/api/p?search=eau+de+toilette+%26+co');
  });
});

describe('apiRequest', () => {
  it('returns the JSON body and sends JSON bodies', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    await expect(apiRequest('/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/x');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError with status, detail and code from a problem body', async () => {
    stubFetch(() => json({ detail: 'Chemical not found', code: 'not_found' }, 404));
    const error = await apiRequest('/chemicals/search/1-11-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      detail: 'Chemical not found',
      code: 'not_found',
    });
    expect(errorDetail(error)).toBe('Chemical not found');
  });

  it('reports a server error without a JSON body by its status', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ kind: 'http', status: 502, detail: null });
  });

  it('reports a failed connection as a network error', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/x')).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('aborts after the timeout and reports a timeout', async () => {
    vi.useFakeTimers();
    stubFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('/slow', { timeoutMs: 30_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout' });
  });

  it('sends the stored session token as a bearer token', async () => {
    localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({
        session_token: 'tok-123',
        user: { id: 1, username: 'ann', email: 'a@b.c', role: 'admin' },
      }),
    );
    const calls = stubFetch(() => json([]));
    await apiRequest('/x');
    expect(headersOf(calls[0]).Authorization).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a session, and discards a corrupt one', async () => {
    localStorage.setItem(STORAGE_KEYS.session, '{not json');
    const calls = stubFetch(() => json([]));
    await apiRequest('/x');
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });
});
