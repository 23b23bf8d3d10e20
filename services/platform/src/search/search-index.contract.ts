/**
 * The search-index port's contract: random catalogues,
 * random writes and random queries; an adapter must answer exactly like the brute-force
 * `CatalogueOracle` (same ids in the same order, same totals, same cards, same stats). Run by the
 * in-process index's unit tests and, when `ELASTICSEARCH_URL` is set, against Elasticsearch.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fixtureChemicals,
  fixtureNotes,
  fixtureRegions,
  generateCatalogue,
  makeChemical,
  QUERY_VOCABULARY as V,
} from './catalogue.fixtures.ts';
import type { Chemical, NoteRecord, PerfumeDocument, RegionRecord } from './catalogue.types.ts';
import { CatalogueOracle } from './catalogue-oracle.ts';
import { listCard, toPerfumeCard } from './perfume-card.ts';
import { type CatalogueQuery, catalogueCategories, type SearchIndex } from './search-index.port.ts';

/** Log positions for the writes, increasing as a log's do (an adapter may order by first position). */
let logPosition = 0;
const nextPosition = () => ++logPosition;

export interface ContractIndex {
  index: SearchIndex;
  /** Makes every write so far visible to reads (Elasticsearch: a refresh); nothing in process. */
  settle?: () => Promise<void>;
  cleanup?: () => Promise<void>;
}

export interface SearchIndexContractOptions {
  /** Property runs of the random-query test and of the random-writes test. */
  queryRuns: number;
  writeRuns: number;
  /** Largest random catalogue (perfumes). */
  maxCatalogue: number;
  timeoutMs: number;
}

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

/** The non-text conditions of a random query (brands, category, chemicals, notes, flags). */
export const filterArbs = {
  brands: fc.array(fc.constantFrom(...V.brands), { maxLength: 2 }),
  category: fc.constantFrom(...catalogueCategories),
  include_chemicals: fc.array(fc.constantFrom(...V.chemicals), { maxLength: 2 }),
  exclude_chemicals: fc.array(fc.constantFrom(...V.chemicals), { maxLength: 2 }),
  include_notes: fc.array(fc.constantFrom(...V.notes), { maxLength: 2 }),
  exclude_notes: fc.array(fc.constantFrom(...V.notes), { maxLength: 2 }),
  allergen_free: fc.boolean(),
  include_unspecific: fc.boolean(),
};

export const queryArb: fc.Arbitrary<CatalogueQuery> = fc.record(
  {
    text: textArb,
    ...filterArbs,
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
  index: SearchIndex,
  oracle: CatalogueOracle,
  chemicals: Chemical[],
  docs: PerfumeDocument[],
): Promise<void> {
  const chemical = chemicals[('chemical' in w ? w.chemical : 0) % chemicals.length]!;
  const both = async (fn: (target: SearchIndex | CatalogueOracle) => unknown) => {
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
      await both((t) => t.upsertPerfume(next, nextPosition()));
      return;
    }
    case 'removePerfume':
      await both((t) => t.removePerfume(docs[w.perfume % docs.length]!.perfume.id));
      return;
    case 'reAddPerfume': {
      const doc = docs[w.perfume % docs.length]!;
      if ((await oracle.getPerfume(doc.perfume.id)) === null)
        await both((t) => t.upsertPerfume(doc, nextPosition()));
      return;
    }
  }
}

/** Loads the same chemicals and documents into the adapter and the oracle. */
async function load(
  target: ContractIndex,
  docs: PerfumeDocument[],
  chemicals: Chemical[],
  chemicalsFirst: boolean,
  reference: { regions: readonly RegionRecord[]; notes: readonly NoteRecord[] },
): Promise<CatalogueOracle> {
  const oracle = new CatalogueOracle(reference);
  const addChemicals = async () => {
    for (const c of chemicals) {
      await target.index.upsertChemical(c);
      oracle.upsertChemical(c);
    }
  };
  if (chemicalsFirst) await addChemicals();
  for (const doc of docs) {
    await target.index.upsertPerfume(doc, nextPosition());
    oracle.upsertPerfume(doc);
  }
  if (!chemicalsFirst) await addChemicals();
  await target.settle?.();
  return oracle;
}

export async function expectSameAnswer(
  index: SearchIndex,
  oracle: CatalogueOracle,
  q: CatalogueQuery,
): Promise<void> {
  const got = await index.search(q);
  const want = oracle.search(q);
  expect({ q, ids: got.items.map((p) => p.id), total: got.total, has_more: got.has_more }).toEqual({
    q,
    ids: want.items.map((p) => p.id),
    total: want.total,
    has_more: want.has_more,
  });
  const known = oracle.chemicals;
  const cards = want.items.map((item) => toPerfumeCard(item.document, known));
  expect(got.items).toEqual(cards);
  if (index.searchList) {
    // List cards (kept by some adapters) are what `listCard` makes of the oracle's cards, plain or
    // with the query's included chemicals first.
    const first = new Set(q.include_chemicals ?? []);
    for (const asked of [undefined, first]) {
      const list = await index.searchList(q, undefined, asked);
      expect(list.items).toEqual(cards.map((card) => listCard(card, undefined, asked)));
      expect(list.total).toBe(want.total);
    }
  }
}

/**
 * `make`: a fresh, empty index for the fixture regions and notes (each property run gets its own).
 */
export function searchIndexContract(
  name: string,
  make: (reference: {
    regions: readonly RegionRecord[];
    notes: readonly NoteRecord[];
  }) => Promise<ContractIndex>,
  options: SearchIndexContractOptions,
): void {
  const reference = { regions: fixtureRegions, notes: fixtureNotes };
  const fresh = async <T>(fn: (target: ContractIndex) => Promise<T>): Promise<T> => {
    const target = await make(reference);
    try {
      return await fn(target);
    } finally {
      await target.cleanup?.();
    }
  };

  describe(`SearchIndex contract: ${name} vs the brute-force oracle`, () => {
    it(
      'answers random queries like the oracle on random catalogues',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 1_000_000 }),
            fc.integer({ min: 0, max: options.maxCatalogue }),
            fc.boolean(),
            fc.array(queryArb, { minLength: 1, maxLength: 25 }),
            (seed, size, chemicalsFirst, queries) =>
              fresh(async (target) => {
                const docs = generateCatalogue(seed, size);
                const oracle = await load(target, docs, fixtureChemicals(), chemicalsFirst, reference);
                expect((await target.index.search({ limit: 1, skip: 0 })).total).toBe(
                  oracle.search({ limit: 1, skip: 0 }).total,
                );
                for (const q of queries) await expectSameAnswer(target.index, oracle, q);
              }),
          ),
          { numRuns: options.queryRuns },
        );
      },
      options.timeoutMs,
    );

    it(
      'stays equal to the oracle through random writes (chemical edits and deletes, perfume replacements)',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 1_000_000 }),
            fc.array(fc.tuple(writeArb, queryArb), { minLength: 1, maxLength: 30 }),
            (seed, steps) =>
              fresh(async (target) => {
                const docs = generateCatalogue(seed, Math.min(150, options.maxCatalogue));
                const chemicals = fixtureChemicals();
                const oracle = await load(target, docs, chemicals, true, reference);
                for (const [write, q] of steps) {
                  await applyWrite(write, target.index, oracle, chemicals, docs);
                  await target.settle?.();
                  await expectSameAnswer(target.index, oracle, q);
                  expect(await target.index.stats()).toEqual(oracle.stats());
                }
                for (const doc of docs.slice(0, 20)) {
                  expect(await target.index.getPerfume(doc.perfume.id)).toEqual(
                    oracle.getPerfume(doc.perfume.id),
                  );
                }
              }),
          ),
          { numRuns: options.writeRuns },
        );
      },
      options.timeoutMs,
    );

    it(
      'a new chemical with the same CAS is found by CAS text search (tier after name matches)',
      () =>
        fresh(async (target) => {
          const docs = generateCatalogue(7, Math.min(120, options.maxCatalogue));
          const chemicals = [
            ...fixtureChemicals(),
            makeChemical({ id: 'x', name: 'X', cas: '50-00-0', allergen: false }),
          ];
          const oracle = await load(target, docs, chemicals, true, reference);
          for (const text of ['78-70-6', '50-00-0', 'rose', 'eau de', "l'eau", 'ÉCLAT']) {
            await expectSameAnswer(target.index, oracle, { text, limit: 200, skip: 0 });
          }
        }),
      options.timeoutMs,
    );

    it(
      "resolves a retired spelling duplicate's id to the record that lists it in merged_ids",
      () =>
        fresh(async (target) => {
          const docs = generateCatalogue(11, Math.min(20, options.maxCatalogue));
          const oracle = await load(target, docs, fixtureChemicals(), true, reference);
          const survivor = docs[0]!;
          const withMerged: PerfumeDocument = {
            ...survivor,
            perfume: { ...survivor.perfume, merged_ids: ['retired-1', 'retired-2'] },
          };
          const both = async (write: (index: SearchIndex | CatalogueOracle) => unknown) => {
            await write(target.index);
            await write(oracle);
            await target.settle?.();
          };
          const expectResolved = async (id: string, expected: string | null) => {
            expect(oracle.resolvePerfumeId(id)).toBe(expected);
            expect(await target.index.resolvePerfumeId(id)).toBe(expected);
          };
          await both((index) => index.upsertPerfume(withMerged, 10_000));
          await expectResolved('retired-1', survivor.perfume.id);
          await expectResolved(survivor.perfume.id, survivor.perfume.id);
          await expectResolved('never-existed', null);
          // The record lists fewer merged ids after a data update: the dropped one no longer resolves.
          await both((index) =>
            index.upsertPerfume(
              { ...withMerged, perfume: { ...withMerged.perfume, merged_ids: ['retired-2'] } },
              10_001,
            ),
          );
          await expectResolved('retired-1', null);
          await expectResolved('retired-2', survivor.perfume.id);
          await both((index) => index.removePerfume(survivor.perfume.id));
          await expectResolved('retired-2', null);
          await expectResolved(survivor.perfume.id, null);
        }),
      options.timeoutMs,
    );
  });
}
