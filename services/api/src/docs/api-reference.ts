/**
 * Writes `docs/api.md`, the API reference, from the OpenAPI document the routes' schemas make
 * (`npm run docs:api`). A unit test fails when the committed file differs from what this writes.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
} from './openapi-document.ts';

export const API_REFERENCE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/api.md',
);

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
/** How deep nested object fields are listed (`a.b.c`); deeper ones show as `object`. */
const MAX_DEPTH = 3;

const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;

function variants(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}

/** `string`, `integer[]`, `"a" \| "b"`, `object \| null`, … */
export function typeName(schema: JsonSchema | undefined): string {
  if (schema === undefined) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf || schema.oneOf) return [...new Set(variants(schema).map(typeName))].join(' | ');
  if (schema.allOf) return 'object';
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  const item = (items: JsonSchema | undefined) => {
    const name = typeName(items);
    return name.includes(' | ') ? `(${name})[]` : `${name}[]`;
  };
  return types.map((t) => (t === 'array' ? item(schema.items) : t)).join(' | ');
}

function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  const inner = variants(schema).find((v) => v.type !== 'null') ?? schema;
  for (const s of [schema, inner]) {
    if (s.minLength !== undefined) out.push(`min length ${s.minLength}`);
    if (s.maxLength !== undefined) out.push(`max length ${s.maxLength}`);
    if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
    if (s.maximum !== undefined) out.push(`≤ ${s.maximum}`);
    if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
    if (s.format !== undefined) out.push(`format ${s.format}`);
    if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
    if (s === inner) break;
  }
  return [...new Set(out)];
}

/** The object an (optional, nullable or intersected) schema describes, if it is one. */
function objectOf(schema: JsonSchema | undefined): JsonSchema | null {
  if (schema === undefined) return null;
  if (schema.allOf) {
    const parts = schema.allOf.map(objectOf).filter((p): p is JsonSchema => p !== null);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  if (schema.anyOf || schema.oneOf) {
    const objects = variants(schema)
      .map(objectOf)
      .filter((o): o is JsonSchema => o !== null);
    return objects.length === 1 ? objects[0]! : null;
  }
  return schema.type === 'object' && schema.properties && Object.keys(schema.properties).length > 0
    ? schema
    : null;
}

interface Field {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

function fields(schema: JsonSchema, prefix = '', depth = 1): Field[] {
  const object = objectOf(schema);
  if (object === null) return [];
  const required = new Set(object.required ?? []);
  const out: Field[] = [];
  for (const [name, prop] of Object.entries(object.properties ?? {})) {
    const full = `${prefix}${name}`;
    const nested = objectOf(prop);
    const items = variants(prop).find((v) => v.type === 'array')?.items;
    const nestedItems = objectOf(items);
    out.push({
      name: full,
      type: nested ? typeName(prop).replace(/\bobject\b/, 'object') : typeName(prop),
      required: required.has(name),
      notes: [prop.description, ...constraints(prop)].filter(Boolean).join('; '),
    });
    if (depth < MAX_DEPTH && nested) out.push(...fields(nested, `${full}.`, depth + 1));
    else if (depth < MAX_DEPTH && nestedItems) out.push(...fields(nestedItems, `${full}[].`, depth + 1));
  }
  return out;
}

function fieldTable(rows: Field[]): string[] {
  return [
    '| field | type | required | notes |',
    '|---|---|---|---|',
    ...rows.map(
      (f) => `| ${code(f.name)} | ${cell(code(f.type))} | ${f.required ? 'yes' : ''} | ${cell(f.notes)} |`,
    ),
  ];
}

function access(operation: OpenApiOperation): string {
  const schemes = new Set((operation.security ?? []).flatMap((s) => Object.keys(s)));
  const guard = operation['x-access'];
  const who =
    guard?.kind === 'admin'
      ? 'an admin'
      : guard?.kind === 'contributor'
        ? 'an approved manufacturer or retailer'
        : guard?.kind === 'signed-in'
          ? 'any signed-in account'
          : schemes.has('adminKey')
            ? 'an admin'
            : schemes.size === 0
              ? 'anyone'
              : 'the holder of';
  const ways: string[] = [];
  if (schemes.has('bearer')) ways.push('a session (`Authorization: Bearer <session token>`)');
  if (schemes.has('adminKey')) ways.push('the `X-Admin-Key` header');
  if (ways.length === 0) return who;
  return who === 'the holder of' ? `the holder of ${ways.join(' or ')}` : `${who}, with ${ways.join(' or ')}`;
}

function responseSummary(status: string, body: JsonSchema | undefined): string {
  const object = objectOf(body);
  if (Number(status) >= 400) {
    const props = Object.keys(object?.properties ?? {});
    return props.join(',') === 'detail,code' ? '`{ detail, code }` problem' : cell(code(typeName(body)));
  }
  if (object)
    return `object: ${Object.keys(object.properties ?? {})
      .map(code)
      .join(', ')}`;
  return body ? cell(code(typeName(body))) : '';
}

function operationSection(method: string, route: string, operation: OpenApiOperation): string[] {
  const lines = [`### ${method.toUpperCase()} ${code(route)}`, ''];
  if (operation.summary) lines.push(`${operation.summary}.`.replace(/\.\.$/, '.'), '');
  if (operation.description) lines.push(operation.description, '');
  lines.push(`Who may call: ${access(operation)}.`, '');
  const parameters = operation.parameters ?? [];
  if (parameters.length > 0) {
    lines.push('| parameter | in | type | required | notes |', '|---|---|---|---|---|');
    for (const p of parameters) {
      const notes = [p.description ?? p.schema?.description, ...(p.schema ? constraints(p.schema) : [])]
        .filter(Boolean)
        .join('; ');
      lines.push(
        `| ${code(p.name)} | ${p.in} | ${cell(code(typeName(p.schema)))} | ${p.required ? 'yes' : ''} | ${cell(notes)} |`,
      );
    }
    lines.push('');
  }
  for (const [contentType, media] of Object.entries(operation.requestBody?.content ?? {})) {
    const rows = media.schema ? fields(media.schema) : [];
    lines.push(`Body (${code(contentType)})${rows.length > 0 ? ':' : '.'}`, '');
    if (rows.length > 0) lines.push(...fieldTable(rows), '');
  }
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length > 0) {
    lines.push('| status | answer |', '|---|---|');
    for (const [status, response] of responses) {
      const body = Object.values(response.content ?? {})[0]?.schema;
      lines.push(`| ${status} | ${responseSummary(status, body)} |`);
    }
    lines.push('');
  }
  return lines;
}

/** The reference as Markdown: operations grouped by tag, each with access, inputs and answers. */
export function renderApiReference(doc: OpenApiDocument): string {
  const byTag = new Map<string, [string, string, OpenApiOperation][]>();
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHOD_ORDER.includes(method)) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const list = byTag.get(tag) ?? [];
      list.push([method, route, operation]);
      byTag.set(tag, list);
    }
  }
  const tags = [...byTag.keys()].sort();
  const lines = [
    `# ${doc.info.title} reference`,
    '',
    '<!-- Generated by `npm run docs:api` from the OpenAPI document; do not edit by hand. -->',
    '',
    `${doc.info.description ?? ''} The running server serves the same document at \`/api/docs/json\` and a browsable page at \`/api/docs\`.`,
    '',
    'Signed-in calls send the session token from sign-in or registration as `Authorization: Bearer <token>`. Refusals answer a `{ detail, code }` body: `detail` is a sentence for the user, `code` one of `validation` (400), `unauthorized` (401), `forbidden` (403), `not_found` (404), `conflict` or `invalid_state` (409), `rate_limited` (429), `unavailable` (503) and a few more specific ones.',
    '',
    '## Contents',
    '',
    ...tags.map(
      (tag) => `- [${tag}](#${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}) (${byTag.get(tag)!.length})`,
    ),
    '',
  ];
  for (const tag of tags) {
    lines.push(`## ${tag}`, '');
    const operations = byTag
      .get(tag)!
      .sort(
        ([ma, ra], [mb, rb]) => ra.localeCompare(rb) || METHOD_ORDER.indexOf(ma) - METHOD_ORDER.indexOf(mb),
      );
    for (const [method, route, operation] of operations)
      lines.push(...operationSection(method, route, operation));
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

export async function writeApiReference(file = API_REFERENCE_FILE): Promise<void> {
  await writeFile(file, renderApiReference(await buildOpenApiDocument()));
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  await writeApiReference();
  process.stdout.write(`wrote ${path.relative(process.cwd(), API_REFERENCE_FILE)}\n`);
}
