/**
 * Limits only a real socket shows: a request whose body stalls is answered 408 and closed; a
 * request line and headers over Node's 16 kB limit get 431; both with the `{detail, code}` body.
 * And the standard security headers on the API's answers.
 */
import net from 'node:net';
import { loadConfig } from '@scentinel/platform/config';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app as appPlugin } from '../app.ts';
import { API_SERVER_OPTIONS } from './errors.ts';

/** Sends `request` raw and reads until the server closes (or `ms` pass). */
function rawExchange(
  port: number,
  request: string,
  ms = 10_000,
): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: Number.POSITIVE_INFINITY });
    }, ms);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('error', reject);
  });
}

function parse(text: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

describe('server limits on a real socket', () => {
  let server: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    server = Fastify({
      ...API_SERVER_OPTIONS,
      // The production values are 60 s and 15 s; the same mechanism, shortened.
      requestTimeout: 1_500,
      http: { headersTimeout: 1_000, connectionsCheckingInterval: 200 },
      logger: false,
    });
    await server.register(appPlugin, {
      deps: {
        config: loadConfig({ WEB_DIST: '/nonexistent' }),
        health: async () => ({ eventLogPosition: 0, projections: [] }),
      },
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => server?.close());

  it('answers 408 {detail, code} and closes a request whose body stalls', async () => {
    const { text, closedAfterMs } = await rawExchange(
      port,
      'POST /api/health HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
    );
    expect(closedAfterMs).toBeLessThan(5_000);
    const answer = parse(text);
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ code: 'timeout' });
    expect((answer.body as { detail: string }).detail).toMatch(/not received in time/);
  });

  it('answers 431 {detail, code} for a 100 kB query string', async () => {
    const { text } = await rawExchange(
      port,
      `GET /api/health?q=${'x'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    const answer = parse(text);
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.body).toMatchObject({ code: 'headers_too_large' });
    expect(typeof (answer.body as { detail: unknown }).detail).toBe('string');
  });

  it('sends the standard security headers with API answers', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // A data answer is never a page: its policy allows nothing, and nothing may frame it.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // Refusals carry them too.
    const refused = await server.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
