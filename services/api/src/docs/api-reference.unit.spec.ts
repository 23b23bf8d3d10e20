import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE_FILE, renderApiReference, typeName } from './api-reference.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document.ts';

describe('docs/api.md', () => {
  it('is what `npm run docs:api` writes from the current routes (regenerate it when this fails)', async () => {
    const committed = await readFile(API_REFERENCE_FILE, 'utf8');
    const current = renderApiReference(await buildOpenApiDocument());
    expect(committed === current, 'docs/api.md is stale: run `npm run docs:api` and commit it').toBe(true);
  }, 30_000);

  it('lists every operation of the OpenAPI document once, with who may call it', async () => {
    const doc = await buildOpenApiDocument();
    const markdown = renderApiReference(doc);
    const operations = Object.entries(doc.paths).flatMap(([route, ops]) =>
      Object.keys(ops).map((method) => `### ${method.toUpperCase()} \`${route}\``),
    );
    expect(operations.length).toBeGreaterThanOrEqual(40);
    for (const heading of operations) expect(markdown.split(`${heading}\n`).length - 1, heading).toBe(1);
    const deleteChemical = markdown.slice(markdown.indexOf('### DELETE `/api/delete-chemical/{id}`'));
    expect(deleteChemical.slice(0, 400)).toMatch(/Who may call: an admin, with a session/);
  }, 30_000);
});

describe('renderApiReference', () => {
  const doc: OpenApiDocument = {
    info: { title: 'Test API', version: '1' },
    paths: {
      '/api/things/{id}': {
        put: {
          tags: ['things'],
          summary: 'Change a thing',
          'x-access': { kind: 'admin', action: 'change things' },
          security: [{ bearer: [] }],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 200 } },
          ],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: {
                    name: { type: 'string', maxLength: 10, description: 'The new name | shown' },
                    tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
                    size: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] },
                    owner: {
                      anyOf: [
                        { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
                        { type: 'null' },
                      ],
                    },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              content: {
                'application/json': { schema: { type: 'object', properties: { thing: { type: 'object' } } } },
              },
            },
            '404': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { detail: { type: 'string' }, code: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  };

  it('writes inputs with their types and limits, nested fields by path, and answers by status', () => {
    const markdown = renderApiReference(doc);
    expect(markdown).toContain('### PUT `/api/things/{id}`');
    expect(markdown).toContain('Who may call: an admin, with a session');
    expect(markdown).toContain('| `id` | path | `string` | yes | max length 200 |');
    expect(markdown).toContain('| `name` | `string` | yes | The new name \\| shown; max length 10 |');
    expect(markdown).toContain('| `tags` | `string[]` |  | at most 5 items |');
    expect(markdown).toContain('| `size` | `integer \\| null` |  | ≥ 0 |');
    expect(markdown).toContain('| `owner.id` | `string` | yes |  |');
    expect(markdown).toContain('| 200 | object: `thing` |');
    expect(markdown).toContain('| 404 | `{ detail, code }` problem |');
  });

  it('names unions, enums and constants', () => {
    expect(typeName({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeName({ const: 'x' })).toBe('"x"');
    expect(typeName({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } })).toBe(
      '(string | integer)[]',
    );
  });
});
