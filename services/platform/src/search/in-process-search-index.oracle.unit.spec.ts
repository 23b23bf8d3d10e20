/**
 * Randomized oracle test: random catalogues, random writes and random queries; the in-process
 * index must answer exactly like the brute-force `CatalogueOracle` (same ids in the same order,
 * same totals, same cards).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cleanCataloguePerfume, cleanImportedChemical } from '@scentinel/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  catalogued,
  fixtureChemicals,
  fixtureNotes,
  fixtureRegions,
  generateCatalogue,
  makeChemical,
  QUERY_VOCABULARY as V,
} from './catalogue.fixtures.ts';
import type { Chemical, PerfumeDocument } from './catalogue.types.ts';
import { CatalogueOracle } from './catalogue-oracle.ts';
import { InProcessSearchIndex } from './in-process-search-index.adapter.ts';
import { type CatalogueQuery, catalogueCategories } from './search-index.port.ts';

const textArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...V.words) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.array(fc.constantFrom(...V.words), { minLength: 2, maxLength: 3 }),
        fc.constantFrom(' ', '  ', '-', ', '),
      )
      .map(([ws, sep]) => ws.join(sep)),
  },
  { weight: 1, arbitrary: fc.constantFrom(...V.cas) },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', '!!!') },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

const queryArb: fc.Arbitrary<CatalogueQuery> = fc.record(
  {
    text: textArb,
    brands: fc.array(fc.constantFrom(...V.brands), { maxLength: 2 }),
    category: fc.constantFrom(...catalogueCategories),
    include_chemicals: fc.array(fc.constantFrom(...V.chemicals), { maxLength: 2 }),
    exclude_chemicals: fc.array(fc.constantFrom(...V.chemicals), { maxLength: 2 }),
    include_notes: fc.array(fc.constantFrom(...V.notes), { maxLength: 2 }),
    exclude_notes: fc.array(fc.constantFrom(...V.notes), { maxLength: 2 }),
    allergen_free: fc.boolean(),
    include_unspecific: fc.boolean(),
    limit: fc.integer({ min: 1, max: 60 }),
    skip: fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 10 }) },
      fc.integer({ min: 0, max: 400 }),
    ),
  },
  { requiredKeys: ['limit', 'skip'] },
);

type Write =
  | { kind: 'flipAllergen'; chemical: number }
  | { kind: 'deleteChemical'; chemical: number }
  | { kind: 'restoreChemical'; chemical: number }
  | { kind: 'renameChemical'; chemical: number; name: string }
  | { kind: 'replacePerfume'; perfume: number; with: number }
  | { kind: 'removePerfume'; perfume: number }
  | { kind: 'reAddPerfume'; perfume: number };

const writeArb: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('flipAllergen' as const), chemical: fc.nat() }),
  fc.record({ kind: fc.constant('deleteChemical' as const), chemical: fc.nat() }),
  fc.record({ kind: fc.constant('restoreChemical' as const), chemical: fc.nat() }),
  fc.record({
    kind: fc.constant('renameChemical' as const),
    chemical: fc.nat(),
    name: fc.constantFrom('Linalool', 'Rose Oxide', 'Vanillin'),
  }),
  fc.record({ kind: fc.constant('replacePerfume' as const), perfume: fc.nat(), with: fc.nat() }),
  fc.record({ kind: fc.constant('removePerfume' as const), perfume: fc.nat() }),
  fc.record({ kind: fc.constant('reAddPerfume' as const), perfume: fc.nat() }),
);

async function applyWrite(
  w: Write,
  index: InProcessSearchIndex,
  oracle: CatalogueOracle,
  chemicals: Chemical[],
  docs: PerfumeDocument[],
): Promise<void> {
  const chemical = chemicals[('chemical' in w ? w.chemical : 0) % chemicals.length]!;
  const both = async (fn: (target: InProcessSearchIndex | CatalogueOracle) => unknown) => {
    await fn(index);
    await fn(oracle);
  };
  switch (w.kind) {
    case 'flipAllergen':
    case 'renameChemical': {
      const current = oracle.chemicals.get(chemical.id) ?? chemical;
      const next =
        w.kind === 'flipAllergen'
          ? { ...current, allergen_flag: !current.allergen_flag }
          : { ...current, name: w.name };
      await both((t) => t.upsertChemical(next));
      return;
    }
    case 'deleteChemical':
      await both((t) => t.removeChemical(chemical.id));
      return;
    case 'restoreChemical':
      await both((t) => t.upsertChemical(chemical));
      return;
    case 'replacePerfume': {
      const target = docs[w.perfume % docs.length]!;
      const source = docs[w.with % docs.length]!;
      const next: PerfumeDocument = { ...source, perfume: { ...source.perfume, id: target.perfume.id } };
      await both((t) => t.upsertPerfume(next, 0));
      return;
    }
    case 'removePerfume':
      await both((t) => t.removePerfume(docs[w.perfume % docs.length]!.perfume.id));
      return;
    case 'reAddPerfume': {
      const doc = docs[w.perfume % docs.length]!;
      if ((await oracle.getPerfume(doc.perfume.id)) === null) await both((t) => t.upsertPerfume(doc, 0));
      return;
    }
  }
}

function load(docs: PerfumeDocument[], chemicals: Chemical[], chemicalsFirst: boolean) {
  const index = new InProcessSearchIndex({ regions: fixtureRegions, notes: fixtureNotes });
  const oracle = new CatalogueOracle({ regions: fixtureRegions, notes: fixtureNotes });
  const addChemicals = () => {
    for (const c of chemicals) {
      index.upsertChemical(c);
      oracle.upsertChemical(c);
    }
  };
  if (chemicalsFirst) addChemicals();
  for (const doc of docs) {
    index.upsertPerfume(doc);
    oracle.upsertPerfume(doc);
  }
  if (!chemicalsFirst) addChemicals();
  return { index, oracle };
}

function same(index: InProcessSearchIndex, oracle: CatalogueOracle, q: CatalogueQuery): void {
  const got = index.searchSync(q);
  const want = oracle.search(q);
  expect({ q, ids: got.items.map((p) => p.id), total: got.total, has_more: got.has_more }).toEqual({
    q,
    ids: want.items.map((p) => p.id),
    total: want.total,
    has_more: want.has_more,
  });
  expect(got.items).toEqual(want.items);
}

describe('in-process search index vs brute-force oracle', () => {
  it('answers random queries like the oracle on random catalogues', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 250 }),
        fc.boolean(),
        fc.array(queryArb, { minLength: 1, maxLength: 25 }),
        (seed, size, chemicalsFirst, queries) => {
          const { index, oracle } = load(generateCatalogue(seed, size), fixtureChemicals(), chemicalsFirst);
          expect(index.searchSync({ limit: 1, skip: 0 }).total).toBe(
            oracle.search({ limit: 1, skip: 0 }).total,
          );
          for (const q of queries) same(index, oracle, q);
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it('stays equal to the oracle through random writes (chemical edits and deletes, perfume replacements)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.tuple(writeArb, queryArb), { minLength: 1, maxLength: 30 }),
        async (seed, steps) => {
          const docs = generateCatalogue(seed, 150);
          const chemicals = fixtureChemicals();
          const { index, oracle } = load(docs, chemicals, true);
          for (const [write, q] of steps) {
            await applyWrite(write, index, oracle, chemicals, docs);
            same(index, oracle, q);
            expect(await index.stats()).toEqual(oracle.stats());
          }
          for (const doc of docs.slice(0, 20)) {
            expect(await index.getPerfume(doc.perfume.id)).toEqual(oracle.getPerfume(doc.perfume.id));
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('a new chemical with the same CAS is found by CAS text search (tier after name matches)', () => {
    const docs = generateCatalogue(7, 120);
    const { index, oracle } = load(
      docs,
      [...fixtureChemicals(), makeChemical({ id: 'x', name: 'X', cas: '50-00-0', allergen: false })],
      true,
    );
    for (const text of ['78-70-6', '50-00-0', 'rose', 'eau de', "l'eau", 'ÉCLAT']) {
      same(index, oracle, { text, limit: 200, skip: 0 });
    }
  }, 30_000);

  const realCatalogue = path.resolve(import.meta.dirname, '../../../../data/catalogue/perfumes.jsonl.gz');
  const realChemicals = path.resolve(import.meta.dirname, '../../../../data/chemicals/chemicals.json');
  it.runIf(existsSync(realCatalogue) && existsSync(realChemicals))(
    'answers like the oracle on a sample of the real catalogue',
    () => {
      const lines = gunzipSync(readFileSync(realCatalogue)).toString('utf8').split('\n').filter(Boolean);
      const step = Math.max(1, Math.floor(lines.length / 4000));
      const docs = lines
        .filter((_, i) => i % step === 0)
        .flatMap((line) => {
          try {
            return [catalogued(cleanCataloguePerfume(JSON.parse(line)))];
          } catch {
            return [];
          }
        });
      // A few records the domain refuses (e.g. names over its length limit) are left out, as the importer would.
      const chemicals = (JSON.parse(readFileSync(realChemicals, 'utf8')) as unknown[]).flatMap((raw) => {
        try {
          return [cleanImportedChemical(raw)];
        } catch {
          return [];
        }
      });
      const { index, oracle } = load(docs, chemicals, true);
      const words = docs.slice(0, 200).flatMap((d) => d.perfume.name.split(' ').slice(0, 2));
      const brands = [...new Set(docs.map((d) => d.perfume.brand))].slice(0, 50);
      const notes = [...new Set(docs.flatMap((d) => d.perfume.notes.top))].slice(0, 50);
      const chems = chemicals.slice(0, 60).flatMap((c) => [c.id, c.name, c.cas_number ?? c.name]);
      const realQuery = fc.record(
        {
          text: fc.oneof(
            fc.constantFrom(...words),
            fc.constantFrom(...words).map((w) => w.slice(0, 3)),
            fc.constantFrom(...chemicals.flatMap((c) => (c.cas_number ? [c.cas_number] : [])).slice(0, 50)),
          ),
          brands: fc.array(fc.constantFrom(...brands), { maxLength: 2 }),
          category: fc.constantFrom(...catalogueCategories),
          include_chemicals: fc.array(fc.constantFrom(...chems), { maxLength: 1 }),
          exclude_chemicals: fc.array(fc.constantFrom(...chems), { maxLength: 2 }),
          include_notes: fc.array(fc.constantFrom(...notes), { maxLength: 1 }),
          exclude_notes: fc.array(fc.constantFrom(...notes), { maxLength: 2 }),
          allergen_free: fc.boolean(),
          limit: fc.integer({ min: 1, max: 100 }),
          skip: fc.integer({ min: 0, max: 500 }),
        },
        { requiredKeys: ['limit', 'skip'] },
      );
      fc.assert(
        fc.property(realQuery, (q) => same(index, oracle, q)),
        { numRuns: 100 },
      );
    },
    60_000,
  );
});
