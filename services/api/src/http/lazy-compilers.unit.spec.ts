import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySerializers, lazyValidators } from './lazy-compilers.ts';

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

describe('lazyValidators', () => {
  const route = (schema: unknown) => ({ schema, method: 'POST', url: '/x', httpPart: 'body' }) as never;

  it('validates as Ajv does, with its errors after a refusal', () => {
    const validate = lazyValidators(
      {},
      { customOptions: {}, plugins: [] },
    )(route({ type: 'object', required: ['n'], properties: { n: { type: 'integer' } } })) as ((
      data: unknown,
    ) => unknown) & { errors?: { instancePath: string }[] };
    expect(validate({ n: 2 })).toBe(true);
    expect(validate({ n: 'two' })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/n');
    expect(validate({ n: 3 })).toBe(true);
  });

  it('compiles a schema only when its first request is validated', () => {
    const validate = lazyValidators(
      {},
      { customOptions: {}, plugins: [] },
    )(route({ type: 'no-such-type' })) as (data: unknown) => unknown;
    expect(() => validate({})).toThrow();
  });

  it('as the server’s validator factory, refuses a request its schema refuses', async () => {
    const app = Fastify();
    app.setSchemaController({ compilersFactory: { buildValidator: lazyValidators as never } });
    app.post(
      '/thing',
      { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } },
      async () => ({ ok: true }),
    );
    expect((await app.inject({ method: 'POST', url: '/thing', payload: { other: 1 } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/thing', payload: { name: 'rose' } })).statusCode).toBe(
      200,
    );
    await app.close();
  });
});
