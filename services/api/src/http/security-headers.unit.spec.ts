import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_HEADERS,
  HELMET_OPTIONS,
  helmetHeaders,
  SECURITY_HEADER_OPTIONS,
  securityHeaders,
} from './security-headers.ts';

describe('security headers', () => {
  const server = Fastify({ logger: false });

  beforeAll(async () => {
    await server.register(securityHeaders, SECURITY_HEADER_OPTIONS);
    server.get('/json', async () => ({ ok: true }));
    server.get('/api/json', async () => ({ ok: true }));
    server.get('/api/boom', async () => {
      throw new Error('boom');
    });
    server.get('/api/docs', async () => 'docs page');
    server.get('/api/stream', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.end('event: done\n\n');
    });
    server.get('/boom', async () => {
      throw new Error('boom');
    });
    // As the API docs pages do: read the policy set for the answer and loosen one directive.
    server.get('/docs', async (_request, reply) => {
      const csp = String(reply.getHeader('content-security-policy'));
      reply.header(
        'content-security-policy',
        csp.replace("style-src-elem 'self'", "style-src-elem 'self' 'unsafe-inline'"),
      );
      return 'docs';
    });
    // As the scan event stream does: the answer is written past Fastify.
    server.get('/stream', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.end('event: done\n\n');
    });
    await server.ready();
  });
  afterAll(() => server.close());

  it('are the headers helmet sets for the options, policy included', () => {
    const headers = helmetHeaders(HELMET_OPTIONS);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    const csp = headers['content-security-policy']!;
    expect(csp).toContain("frame-ancestors 'none'");
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    // The page's scripts and style elements only from the site itself; nothing evaluated.
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src-elem')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-eval');
  });

  it('go on answers, errors, 404s and hijacked streams alike', async () => {
    const expected = helmetHeaders(HELMET_OPTIONS);
    for (const url of ['/json', '/boom', '/nowhere', '/stream']) {
      const res = await server.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect([url, name, res.headers[name]]).toEqual([url, name, value]);
    }
  });

  it("are the API's own on API answers, errors, 404s and streams, and the page's on its docs page", async () => {
    const page = helmetHeaders(HELMET_OPTIONS);
    for (const url of [
      '/api/json',
      '/api/boom',
      '/api/nowhere',
      '/api/stream',
      '/api/json?q=%2Fapi%2Fdocs',
    ]) {
      const res = await server.inject({ method: 'GET', url });
      expect([url, res.headers]).toMatchObject([url, API_HEADERS]);
      // None of the page's document-only headers.
      expect([url, res.headers['cross-origin-opener-policy'], res.headers['x-dns-prefetch-control']]).toEqual(
        [url, undefined, undefined],
      );
    }
    const docs = await server.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.headers).toMatchObject(page);
  });

  it('give an API answer a policy that allows nothing and may not be framed', () => {
    const directives = API_HEADERS['content-security-policy']!.split(';').map((d) => d.trim());
    expect(directives).toEqual(["default-src 'none'", "frame-ancestors 'none'"]);
    expect(API_HEADERS['x-content-type-options']).toBe('nosniff');
    expect(API_HEADERS['x-frame-options']).toBe('DENY');
  });

  it('can be read and changed by a route', async () => {
    const res = await server.inject({ method: 'GET', url: '/docs' });
    expect(res.headers['content-security-policy']).toContain("style-src-elem 'self' 'unsafe-inline'");
  });
});
