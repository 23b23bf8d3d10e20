import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { rememberingValidatorCompiler } from './validator.ts';

const Query = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), search: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

function compile(httpPart: string) {
  return rememberingValidatorCompiler({
    schema: Query,
    httpPart,
    method: 'GET',
    url: '/x',
  } as FastifyRouteSchemaDef<TSchema>) as (value: unknown) => { value?: unknown; error?: unknown };
}

describe('rememberingValidatorCompiler', () => {
  it('converts query strings as TypeBox does, the same when asked again, with a fresh copy each time', () => {
    const validate = compile('querystring');
    const first = validate({ limit: '50', search: 'rose' });
    expect(first).toEqual({ value: { limit: 50, search: 'rose' } });
    (first.value as { limit: number }).limit = 7; // a handler changing its copy
    const again = validate({ limit: '50', search: 'rose' });
    expect(again).toEqual({ value: { limit: 50, search: 'rose' } });
    expect(again.value).not.toBe(first.value);
    expect(validate({ search: 'rose', limit: '50' })).toEqual({ value: { limit: 50, search: 'rose' } });
  });

  it('gives each request its own lists too', () => {
    const ListQuery = Type.Object({ brand: Type.Array(Type.String()) });
    const validate = rememberingValidatorCompiler({
      schema: ListQuery,
      httpPart: 'querystring',
      method: 'GET',
      url: '/x',
    } as FastifyRouteSchemaDef<TSchema>) as (value: unknown) => { value?: { brand: string[] } };
    const first = validate({ brand: ['a', 'b'] }).value!;
    first.brand.push('changed');
    expect(validate({ brand: ['a', 'b'] }).value).toEqual({ brand: ['a', 'b'] });
  });

  it('refuses bad input every time (errors are not remembered)', () => {
    const validate = compile('querystring');
    for (let i = 0; i < 2; i++) {
      expect(validate({ limit: 'fifty' }).error).toBeDefined();
      expect(validate({ limit: '500' }).error).toBeDefined();
      expect(validate({ other: '1' }).error).toBeDefined();
    }
  });

  it('tells apart values that only control characters would make alike', () => {
    const validate = compile('querystring');
    expect(validate({ search: 'a\u0000b' })).toEqual({ value: { search: 'a\u0000b' } });
    expect(validate({ search: 'a', limit: '1' })).toEqual({ value: { search: 'a', limit: 1 } });
    expect(validate({ search: 'a\u0000b' }).value).toEqual({ search: 'a\u0000b' });
  });

  it('checks bodies as they are, without converting them', () => {
    const validate = compile('body');
    expect(validate({ limit: 50 })).toEqual({ value: { limit: 50 } });
    expect(validate({ limit: '50' }).error).toBeDefined();
  });
});
