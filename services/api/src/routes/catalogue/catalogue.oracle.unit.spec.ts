/**
 * The perfume-list API against the brute-force oracle, through HTTP: random filter calls, each
 * asked more than once and with different encodings (so the answer cache serves repeats), between
 * random writes to the index. Every answer must equal the oracle's at that moment.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  CatalogueOracle,
  type CatalogueQuery,
  catalogueCategories,
  catalogueFixtures,
  InProcessSearchIndex,
  normalizeText,
} from '@scentinel/platform/search';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildCatalogueApp } from './catalogue.testing.ts';

const {
  fixtureChemicals,
  fixtureNotes,
  fixtureRegions,
  generateCatalogue,
  QUERY_VOCABULARY: V,
} = catalogueFixtures;

const queryArb: fc.Arbitrary<CatalogueQuery> = fc.record(
  {
    text: fc.oneof(fc.constantFrom(...V.words), fc.constantFrom(...V.cas), fc.constant('')),
    brands: fc.array(fc.constantFrom(...V.brands), { maxLength: 2 }),
    category: fc.constantFrom(...catalogueCategories),
    include_chemicals: fc.array(fc.constantFrom(...V.chemicals), { maxLength: 1 }),
    exclude_chemicals: fc.array(fc.constantFrom(...V.chemicals), { maxLength: 2 }),
    include_notes: fc.array(fc.constantFrom(...V.notes), { maxLength: 1 }),
    exclude_notes: fc.array(fc.constantFrom(...V.notes), { maxLength: 2 }),
    allergen_free: fc.boolean(),
    include_unspecific: fc.boolean(),
    limit: fc.integer({ min: 1, max: 50 }),
    skip: fc.integer({ min: 0, max: 60 }),
  },
  { requiredKeys: ['limit', 'skip'] },
);

type Step =
  | { kind: 'ask'; query: number; encoding: 'br' | 'gzip' | 'none' }
  | { kind: 'flipAllergen'; chemical: number }
  | { kind: 'removePerfume'; perfume: number }
  | { kind: 'restorePerfume'; perfume: number }
  | { kind: 'replacePerfume'; perfume: number; with: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('ask' as const),
      query: fc.nat(),
      encoding: fc.constantFrom('br' as const, 'gzip' as const, 'none' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('flipAllergen' as const), chemical: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removePerfume' as const), perfume: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restorePerfume' as const), perfume: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('replacePerfume' as const), perfume: fc.nat(), with: fc.nat() }),
  },
);

const overlaps = (a: string[] = [], b: string[] = []) =>
  a.some((x) => b.some((y) => normalizeText(x) === normalizeText(y)));

/** The body the web client would post for `q` (the route reads paging and search from it too). */
function bodyOf(q: CatalogueQuery): Record<string, unknown> {
  return {
    search: q.text,
    brands: q.brands,
    category: q.category,
    include_chemicals: q.include_chemicals,
    exclude_chemicals: q.exclude_chemicals,
    include_notes: q.include_notes,
    exclude_notes: q.exclude_notes,
    allergen_free: q.allergen_free,
    include_unspecific: q.include_unspecific,
    limit: q.limit,
    skip: q.skip,
  };
}

async function ask(app: FastifyInstance, q: CatalogueQuery, encoding: 'br' | 'gzip' | 'none') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/perfumes/filter',
    payload: bodyOf(q),
    headers: encoding === 'none' ? {} : { 'accept-encoding': encoding },
  });
  const raw = res.rawPayload;
  const sent = res.headers['content-encoding'];
  const text =
    sent === 'br'
      ? brotliDecompressSync(raw).toString()
      : sent === 'gzip'
        ? gunzipSync(raw).toString()
        : raw.toString();
  return { status: res.statusCode, body: JSON.parse(text) as Record<string, unknown> };
}

describe('POST /api/perfumes/filter against the oracle', () => {
  it('answers every random call like the oracle, repeats and writes included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(queryArb, { minLength: 2, maxLength: 5 }),
        fc.array(stepArb, { minLength: 5, maxLength: 25 }),
        async (seed, queries, steps) => {
          const docs = generateCatalogue(seed, 90);
          const chemicals = fixtureChemicals();
          const index = new InProcessSearchIndex({ regions: fixtureRegions, notes: fixtureNotes });
          const oracle = new CatalogueOracle({ regions: fixtureRegions, notes: fixtureNotes });
          for (const target of [index, oracle]) {
            for (const c of chemicals) target.upsertChemical(c);
            for (const d of docs) target.upsertPerfume(d);
          }
          const app = await buildCatalogueApp(index);
          try {
            for (const step of steps) {
              if (step.kind === 'ask') {
                const q = queries[step.query % queries.length]!;
                const got = await ask(app, q, step.encoding);
                if (
                  overlaps(q.include_chemicals, q.exclude_chemicals) ||
                  overlaps(q.include_notes, q.exclude_notes)
                ) {
                  // The filter dialog's mutual exclusion, enforced by the server too.
                  expect(got.status).toBe(400);
                  expect(got.body.detail).toMatch(/cannot be both included and excluded/);
                  continue;
                }
                const want = await oracle.search(q);
                expect(got.status).toBe(200);
                expect({
                  ids: (got.body.perfumes as { id: string }[]).map((p) => p.id),
                  total: got.body.total,
                  has_more: got.body.has_more,
                }).toEqual({ ids: want.items.map((p) => p.id), total: want.total, has_more: want.has_more });
                continue;
              }
              const both = (fn: (t: InProcessSearchIndex | CatalogueOracle) => void) => {
                fn(index);
                fn(oracle);
              };
              if (step.kind === 'flipAllergen') {
                const base = chemicals[step.chemical % chemicals.length]!;
                const current = oracle.chemicals.get(base.id) ?? base;
                both((t) => t.upsertChemical({ ...current, allergen_flag: !current.allergen_flag }));
              } else if (step.kind === 'removePerfume') {
                both((t) => t.removePerfume(docs[step.perfume % docs.length]!.perfume.id));
              } else if (step.kind === 'restorePerfume') {
                const doc = docs[step.perfume % docs.length]!;
                if (oracle.getPerfume(doc.perfume.id) === null) both((t) => t.upsertPerfume(doc));
              } else {
                const target = docs[step.perfume % docs.length]!;
                const source = docs[step.with % docs.length]!;
                both((t) =>
                  t.upsertPerfume({ ...source, perfume: { ...source.perfume, id: target.perfume.id } }),
                );
              }
            }
          } finally {
            await app.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
