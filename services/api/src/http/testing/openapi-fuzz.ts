/**
 * Hostile requests generated from the API's own OpenAPI document: for every operation, a plausible
 * request built from its schemas, then the same request with each hostile value put in each place
 * the operation reads (path ids, query parameters, body fields, the whole body, the headers it
 * declares), plus malformed bodies of every kind. Deterministic: the same document gives the same
 * cases in the same order.
 */

export interface FuzzCase {
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A JSON value (sent as JSON), or raw bytes/text with the content type in `headers`. */
  body?: unknown;
  raw?: string | Buffer;
  /** What was changed, for failure messages. */
  mutation: string;
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  pattern?: string;
};

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** Strings that have broken servers: NUL, lone surrogates, prototype names, huge, injections. */
export const HOSTILE_STRINGS: readonly string[] = [
  'a\u0000b',
  'x\ud800y',
  '\udfff',
  'constructor',
  '__proto__',
  'toString',
  '',
  ' ',
  'x'.repeat(20_000),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u202egnp.exe',
  '%00',
  '🌸'.repeat(300),
  '1e999',
  '-1',
];

/** Values of the wrong type for a field. */
const WRONG_TYPES: readonly unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  [],
  {},
  ['x'],
  JSON.parse('{"__proto__":{"polluted":true}}'),
];

/** Path segments (already percent-encoded where they need to be). */
const HOSTILE_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%C3%28',
  'constructor',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  'x'.repeat(300),
  '..%2F..%2Fetc',
  '-1',
  '%25',
  '%F0%9F%8C%B8',
];

/** Query values (percent-encoded). */
const HOSTILE_QUERY: readonly string[] = [
  '%00',
  '%ED%A0%80',
  '%FF',
  'constructor',
  '-1',
  '1e999',
  '99999999999999999999',
  'NaN',
  'x'.repeat(5_000),
  '%27%20OR%201%3D1',
];

/** Whole bodies that are not what a JSON route expects. */
const RAW_BODIES: readonly { contentType: string; raw: string | Buffer; what: string }[] = [
  { contentType: 'application/json', raw: '{"a":', what: 'truncated JSON' },
  { contentType: 'application/json', raw: 'not json', what: 'not JSON' },
  { contentType: 'application/json', raw: '', what: 'empty JSON body' },
  { contentType: 'application/json', raw: '[]', what: 'array body' },
  { contentType: 'application/json', raw: 'null', what: 'null body' },
  { contentType: 'application/json', raw: '"\\u0000"', what: 'NUL string body' },
  {
    contentType: 'application/json',
    raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
    what: 'prototype pollution',
  },
  { contentType: 'application/json', raw: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, what: 'deep nesting' },
  {
    contentType: 'application/json',
    raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    what: 'invalid UTF-8',
  },
  {
    contentType: 'application/json; charset=utf-16',
    raw: Buffer.from('{"a":1}', 'utf16le'),
    what: 'UTF-16 body',
  },
  { contentType: 'text/plain', raw: 'hello', what: 'text body' },
  { contentType: 'application/x-www-form-urlencoded', raw: 'a=1&b=%00', what: 'form body' },
  { contentType: 'application/xml', raw: '<a/>', what: 'XML body' },
  { contentType: 'multipart/form-data', raw: 'garbage', what: 'multipart without boundary' },
];

const MULTIPART_BODIES = (): { contentType: string; raw: Buffer; what: string }[] => {
  const boundary = 'fuzzboundary123';
  const part = (name: string, filename: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
  const ct = `multipart/form-data; boundary=${boundary}`;
  return [
    {
      contentType: 'multipart/form-data',
      raw: Buffer.concat([part('file', 'a.png', pngHead), end]),
      what: 'no boundary',
    },
    {
      contentType: 'multipart/form-data; boundary=other',
      raw: Buffer.concat([part('file', 'a.png', pngHead), end]),
      what: 'wrong boundary',
    },
    {
      contentType: ct,
      raw: Buffer.concat([
        part('file', 'a.png', pngHead),
        part('file', 'b.png', pngHead),
        part('file', 'c.png', pngHead),
        end,
      ]),
      what: 'three files',
    },
    { contentType: ct, raw: Buffer.concat([part('file', 'a.png', pngHead), end]), what: 'undecodable image' },
    {
      contentType: ct,
      raw: Buffer.concat([part('file', 'a.png', Buffer.alloc(0)), end]),
      what: 'empty file',
    },
    { contentType: ct, raw: Buffer.concat([part('file', 'a.png', pngHead)]), what: 'truncated multipart' },
    {
      contentType: ct,
      raw: Buffer.concat([part('file\u0000', 'a\u0000.png', pngHead), end]),
      what: 'NUL in part names',
    },
  ];
};

/** A plausible value for a schema (enough to get past validation where the schema is simple). */
export function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const notNull = alternatives.find((s) => s.type !== 'null') ?? alternatives[0];
    return sample(notNull, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {})) out[name] = sample(prop, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'sample'.padEnd(schema.minLength ?? 0, 'x');
  }
}

/** Paths (as key lists) to every leaf of a sampled value. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [path];
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = leaf;
  return copy;
}

/** Every fuzz case for one document. `pathValues` gives real ids for path parameters by name. */
export function fuzzCases(
  doc: { paths: Record<string, Record<string, Operation>> },
  pathValues: Record<string, string> = {},
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const verb = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(verb)) continue;
      const operation = `${verb} ${template}`;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const headerParams = params.filter((p) => p.in === 'header');
      const baseHeaders: Record<string, string> = {};
      for (const h of headerParams) if (h.required) baseHeaders[h.name] = 'fuzz-session-0001';
      const fill = (overrides: Record<string, string> = {}) =>
        template.replace(
          /\{([^}]+)\}/g,
          (_, name: string) => overrides[name] ?? encodeURIComponent(pathValues[name] ?? 'sample'),
        );
      const baseUrl = fill();
      const content = op.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      const multipart = 'multipart/form-data' in content || /\/camera\/scan\/(product|jobs)$/.test(template);
      const baseBody = jsonSchema ? sample(jsonSchema) : undefined;
      const base = (mutation: string, url = baseUrl, extra: Partial<FuzzCase> = {}): FuzzCase => ({
        operation,
        method: verb,
        url,
        headers: { ...baseHeaders },
        ...(baseBody !== undefined && verb !== 'GET' && verb !== 'DELETE' ? { body: baseBody } : {}),
        mutation,
        ...extra,
      });

      cases.push(base('plausible request'));
      for (const p of pathParams) {
        for (const segment of HOSTILE_SEGMENTS) {
          cases.push(base(`path ${p.name}=${segment.slice(0, 20)}`, fill({ [p.name]: segment })));
        }
      }
      for (const q of queryParams) {
        for (const value of HOSTILE_QUERY) {
          cases.push(base(`query ${q.name}=${value.slice(0, 20)}`, `${baseUrl}?${q.name}=${value}`));
        }
        cases.push(base(`query ${q.name} repeated`, `${baseUrl}?${q.name}=a&${q.name}=b`));
      }
      for (const h of headerParams) {
        for (const value of ['a\ud800b', 'x'.repeat(4_000), '', 'constructor']) {
          cases.push(base(`header ${h.name}`, baseUrl, { headers: { ...baseHeaders, [h.name]: value } }));
        }
      }
      if (baseBody !== undefined && verb !== 'GET') {
        for (const path of leaves(baseBody)) {
          const where = path.join('.') || '(body)';
          for (const value of HOSTILE_STRINGS) {
            cases.push(
              base(`body ${where}=${JSON.stringify(value).slice(0, 20)}`, baseUrl, {
                body: withLeaf(baseBody, path, value),
              }),
            );
          }
          for (const value of WRONG_TYPES) {
            cases.push(
              base(`body ${where} as ${JSON.stringify(value)}`, baseUrl, {
                body: withLeaf(baseBody, path, value),
              }),
            );
          }
        }
        cases.push(
          base('body with an unknown NUL key', baseUrl, { body: { ...(baseBody as object), 'k\u0000': 1 } }),
        );
      }
      if (verb !== 'GET') {
        const raws = multipart ? [...RAW_BODIES, ...MULTIPART_BODIES()] : RAW_BODIES;
        for (const { contentType, raw, what } of raws) {
          cases.push({
            operation,
            method: verb,
            url: baseUrl,
            headers: { ...baseHeaders, 'content-type': contentType },
            raw,
            mutation: what,
          });
        }
      }
    }
  }
  return cases;
}
