import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, helmetHeaders, securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  const server = Fastify({ logger: false });

  beforeAll(async () => {
    await server.register(securityHeaders, HELMET_OPTIONS);
    server.get('/json', async () => ({ ok: true }));
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
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('go on answers, errors, 404s and hijacked streams alike', async () => {
    const expected = helmetHeaders(HELMET_OPTIONS);
    for (const url of ['/json', '/boom', '/nowhere', '/stream']) {
      const res = await server.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect([url, name, res.headers[name]]).toEqual([url, name, value]);
    }
  });

  it('can be read and changed by a route', async () => {
    const res = await server.inject({ method: 'GET', url: '/docs' });
    expect(res.headers['content-security-policy']).toContain("style-src-elem 'self' 'unsafe-inline'");
  });
});
