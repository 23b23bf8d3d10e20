import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';

/** Distinct query strings (or path parameters) remembered per route and part. */
const MAX_REMEMBERED = 512;

/**
 * `TypeBoxValidatorCompiler`, remembering what it made of recent query strings and path
 * parameters. For those parts it runs TypeBox's reflective `Value.Convert` (strings to numbers and
 * booleans) before checking, on every request; the same query string always converts to the same
 * value, so a repeated one (a list page asked again, the next keystroke's search) reuses it. Bodies
 * are checked as they are, unchanged. Each request gets its own copy of a remembered value.
 */
export const rememberingValidatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  const validate = TypeBoxValidatorCompiler(route);
  if (route.httpPart === 'body') return validate;
  const remembered = new Map<string, Record<string, unknown>>();
  return (value: unknown) => {
    const key = flatKey(value);
    if (key === undefined) return validate(value);
    const hit = remembered.get(key);
    if (hit !== undefined) return { value: copy(hit) };
    const result = validate(value);
    if (
      typeof result === 'object' &&
      'value' in result &&
      result.error === undefined &&
      isRecord(result.value)
    ) {
      if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
      remembered.set(key, copy(result.value));
    }
    return result;
  };
};

/** A copy a handler may change freely (values are scalars or lists of them). */
function copy(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in value) {
    const v = value[name];
    out[name] = Array.isArray(v) ? [...v] : v;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A key for an object of strings (or string lists), as query strings and path parameters parse to
 * (JSON: unambiguous whatever the characters); undefined for anything else.
 */
function flatKey(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  for (const name in value) {
    const v = value[name];
    if (typeof v !== 'string' && !(Array.isArray(v) && v.every((x) => typeof x === 'string')))
      return undefined;
  }
  return JSON.stringify(value);
}
