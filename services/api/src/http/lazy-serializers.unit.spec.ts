import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySerializers } from './lazy-serializers.ts';

describe('lazySerializers', () => {
  it('serializes as the schema says (unknown properties left out, types coerced)', () => {
    const compile = lazySerializers({}, {});
    const serialize = compile({
      method: 'GET',
      url: '/x',
      httpStatus: '200',
      schema: {
        type: 'object',
        properties: { id: { type: 'string' }, count: { type: 'integer' } },
      },
    });
    expect(JSON.parse(serialize({ id: 'a', count: '3', secret: 'no' }))).toEqual({ id: 'a', count: 3 });
  });

  it('compiles a schema only when its first answer is written', () => {
    const compile = lazySerializers({}, {});
    // A schema fast-json-stringify refuses: the failure shows on the first answer, not before.
    const serialize = compile({
      method: 'GET',
      url: '/x',
      httpStatus: '200',
      schema: { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } },
    });
    expect(() => serialize({ a: 1 })).toThrow();
  });

  it('as the server’s serializer factory, answers with the route’s schema', async () => {
    const app = Fastify();
    app.setSchemaController({ compilersFactory: { buildSerializer: lazySerializers } });
    app.get(
      '/thing',
      {
        schema: {
          response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
        },
      },
      async () => ({ name: 'rose', internal: true }),
    );
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.json()).toEqual({ name: 'rose' });
    await app.close();
  });
});
