/**
 * The API's OpenAPI document, built from the route schemas without a database or a scanner: the
 * real app is registered with deps that are never called (building the document runs no
 * handler), then `@fastify/swagger` answers the document.
 */
import { InMemoryEventLog } from '@scentinel/platform';
import { loadConfig } from '@scentinel/platform/config';
import Fastify from 'fastify';
import { app } from '../app.ts';
import type { Access } from '../auth/authentication.ts';
import type { AppDeps } from '../deps.ts';
import { API_SERVER_OPTIONS } from '../http/errors.ts';

export interface OpenApiDocument {
  info: { title: string; description?: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

export interface OpenApiOperation {
  /** Who may call (the route's access guard), added here: OpenAPI only knows the auth schemes. */
  'x-access'?: Access;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
};

/** A stand-in for a dependency the document never uses: any call is a bug and says so. */
function unused(name: string): never {
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (key === 'then') return undefined;
        return () => {
          throw new Error(`${name}.${String(key)} was called while building the API document`);
        };
      },
    },
  ) as never;
}

export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const server = Fastify({ ...API_SERVER_OPTIONS, logger: false });
  const eventLog = new InMemoryEventLog();
  const deps: AppDeps = {
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '.tmp/no-web-dist' }, process.cwd()),
    health: unused('health'),
    accounts: {
      eventLog,
      accounts: unused('accounts'),
      claims: unused('claims'),
      contributions: unused('contributions'),
      catalogue: unused('catalogue'),
      waitForPosition: unused('waitForPosition'),
    },
    analytics: { eventLog, usage: unused('usage') },
    scans: {
      queue: unused('queue'),
      events: unused('scan events'),
      mode: 'in-process',
      waitTimeoutMs: 60_000,
      isDecodableImage: unused('isDecodableImage'),
      close: async () => {},
    },
    catalogue: unused('catalogue'),
  };
  const guards = new Map<string, Access>();
  server.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access) for (const method of methods) guards.set(`${method.toLowerCase()} ${route.url}`, access);
  });
  await server.register(app, { deps });
  await server.ready();
  try {
    const doc = structuredClone(server.swagger()) as unknown as OpenApiDocument;
    for (const [route, operations] of Object.entries(doc.paths)) {
      // OpenAPI writes path parameters as `{id}`, Fastify as `:id`.
      const url = route.replace(/\{([^}]+)\}/g, ':$1');
      for (const [method, operation] of Object.entries(operations)) {
        const access = guards.get(`${method} ${url}`);
        if (access) operation['x-access'] = access;
      }
    }
    return doc;
  } finally {
    await server.close();
    await eventLog.close();
  }
}
