import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Fastify's schema compilers, each compiling a route's schema on the first request or answer that
 * needs it instead of every route's when the server gets ready. Compiling them all (response
 * serializers with fast-json-stringify, validators with Ajv, and Ajv itself with its formats)
 * took ~0.5 s of a start's CPU, so a starting replica answers its first search that much sooner.
 * What each compiled function does is unchanged; only a schema one of them refuses is now seen on
 * its route's first use rather than at start.
 */

type SerializerFactory = ReturnType<typeof SerializerSelector>;

export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => {
      serialize ??= compile(route);
      return serialize(doc);
    };
  };
};

/** What Fastify calls a validator with and reads back (`errors` after a `false`). */
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/** Fastify's default validator factory (Ajv, with the options and shared schemas Fastify gives). */
export function lazyValidators(
  externalSchemas: Parameters<ReturnType<typeof AjvCompiler>>[0],
  options?: Parameters<ReturnType<typeof AjvCompiler>>[1],
): FastifySchemaCompiler<unknown> {
  // Ajv itself (with its formats) is made on the first validation too.
  let compile: FastifySchemaCompiler<unknown> | undefined;
  return (route) => {
    let validate: Validate | undefined;
    const lazy: Validate = (data) => {
      compile ??= AjvCompiler()(externalSchemas, options) as unknown as FastifySchemaCompiler<unknown>;
      validate ??= compile(route) as Validate;
      const result = validate(data);
      lazy.errors = validate.errors;
      return result;
    };
    return lazy as ReturnType<FastifySchemaCompiler<unknown>>;
  };
}
