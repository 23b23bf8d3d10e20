/**
 * An index loaded from a binary snapshot answers exactly like the index it was written from
 * (filters, text with typos and prefixes, CAS numbers, chemical lookups, alternatives, documents),
 * keeps doing so through further writes, and a damaged file is refused rather than half-read.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { AlternativesFinder } from './alternatives/alternatives.ts';
import {
  fixtureChemicals,
  fixtureNotes,
  fixtureRegions,
  generateCatalogue,
  inferLinks,
  makeChemical,
  makePerfume,
  QUERY_VOCABULARY,
} from './catalogue.fixtures.ts';
import type { PerfumeDocument } from './catalogue.types.ts';
import { chemicalStatuses } from './chemical-table.ts';
import { InProcessSearchIndex } from './in-process-search-index.adapter.ts';
import { readSnapshotFile, SnapshotFileError, SnapshotWriter, writeSnapshotFile } from './index-snapshot.ts';
import { type CatalogueQuery, catalogueCategories } from './search-index.port.ts';

const reference = { regions: fixtureRegions, notes: fixtureNotes };
const dir = mkdtempSync(path.join(os.tmpdir(), 'index-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Documents the generator does not make: merged ids, odd safety shapes, wide characters. */
function unusualDocuments(): PerfumeDocument[] {
  const notes = { top: ['Bergamot'], middle: ['Rose'], base: ['Vanilla'], unspecified: [] };
  const doc = (perfume: PerfumeDocument['perfume']): PerfumeDocument => ({
    perfume,
    notesAssigned: false,
    declared: [],
    removedChemicalIds: [],
  });
  return [
    doc(
      makePerfume({
        id: 'p-wide',
        name: 'Ébène Nuit 香水 “Noir”',
        brand: 'Maison Ōkami',
        description: 'Une eau — très boisée ✓',
        notes,
        chemicals: inferLinks(notes),
        merged_ids: ['p-old-1', 'p-old-2'],
        coverage: { specific_notes: 3, resolved_notes: 2, unknown_notes: ['Vanilla'] },
        allergen_estimates: [
          { chemical_id: 'chem-linalool', basis: 'likely', probability: 0.1 + 0.2 },
          { chemical_id: 'chem-coumarin', basis: 'possible', probability: -0 },
        ],
      }),
    ),
    doc(
      makePerfume({
        id: 'p-odd-safety',
        name: 'Odd Shapes',
        brand: 'Test House',
        notes,
        chemicals: inferLinks(notes),
        // Key order and extra fields differ from the usual shape: kept as given.
        coverage: { resolved_notes: 1, specific_notes: 2, unknown_notes: [] },
        allergen_estimates: [
          { chemical_id: 'chem-limonene', basis: 'possible', probability: 0.5, extra: true } as never,
        ],
        merged_ids: [],
      }),
    ),
    doc(
      makePerfume({
        id: 'p-null-coverage',
        name: 'Null Coverage',
        brand: 'Test House',
        coverage: null,
        label: null,
      }),
    ),
  ];
}

function buildIndex(): InProcessSearchIndex {
  const index = new InProcessSearchIndex(reference);
  // An isomer under the label name of another: references to either cover both.
  const isomer = makeChemical({
    id: 'chem-d-limonene',
    name: 'd-Limonene',
    cas: '5989-27-5',
    allergen: true,
    inci: 'LIMONENE',
  });
  const chemicals = [isomer, ...fixtureChemicals()];
  for (const c of chemicals) index.upsertChemical(c);
  const docs = [...generateCatalogue(11, 1500), ...unusualDocuments()];
  for (const d of docs) index.upsertPerfume(d);
  // Writes after the load: removals, replacements, chemical edits and a deletion.
  for (const d of docs.slice(0, 40)) index.removePerfume(d.perfume.id);
  for (const d of docs.slice(100, 130)) {
    index.upsertPerfume({ ...d, perfume: { ...d.perfume, name: `${d.perfume.name} Intense` } });
  }
  const flipped = chemicals[1]!;
  index.upsertChemical({ ...flipped, allergen_flag: !flipped.allergen_flag });
  index.removeChemical(chemicals[chemicals.length - 1]!.id);
  return index;
}

async function roundTrip(index: InProcessSearchIndex, name: string): Promise<InProcessSearchIndex> {
  const w = new SnapshotWriter();
  index.writeSnapshot(w);
  const file = path.join(dir, name);
  await writeSnapshotFile(file, { test: name }, w);
  const snapshot = await readSnapshotFile(file);
  expect(snapshot.header.test).toBe(name);
  return InProcessSearchIndex.fromSnapshot(snapshot.open(), reference);
}

const { words, brands, notes, cas } = QUERY_VOCABULARY;
const chemicalRefs = [...QUERY_VOCABULARY.chemicals, 'chem-d-limonene', 'd-limonene'];
/** Words with a typo (a letter doubled, dropped or swapped), for the fuzzy matching. */
const typoWords = words
  .filter((w) => w.length >= 5)
  .flatMap((w) => [`${w}e`, w.slice(0, -1), w.replace(/(.)(.)/, '$2$1')]);

const queryArb: fc.Arbitrary<CatalogueQuery> = fc.record(
  {
    text: fc.oneof(
      fc
        .array(fc.constantFrom(...words, ...typoWords), { minLength: 1, maxLength: 3 })
        .map((ws) => ws.join(' ')),
      fc.constantFrom(...cas, ...chemicalRefs, 'ebene', 'okami', '香水'),
    ),
    brands: fc.array(fc.constantFrom(...brands), { maxLength: 2 }),
    category: fc.constantFrom(...catalogueCategories),
    include_chemicals: fc.array(fc.constantFrom(...chemicalRefs), { maxLength: 1 }),
    exclude_chemicals: fc.array(fc.constantFrom(...chemicalRefs), { maxLength: 2 }),
    include_notes: fc.array(fc.constantFrom(...notes), { maxLength: 1 }),
    exclude_notes: fc.array(fc.constantFrom(...notes), { maxLength: 2 }),
    allergen_free: fc.boolean(),
    limit: fc.integer({ min: 1, max: 60 }),
    skip: fc.integer({ min: 0, max: 300 }),
  },
  { requiredKeys: ['limit', 'skip'] },
);

async function expectSameIndex(a: InProcessSearchIndex, b: InProcessSearchIndex): Promise<void> {
  await fc.assert(
    fc.asyncProperty(queryArb, async (q) => {
      expect(b.searchSync(q)).toEqual(a.searchSync(q));
      expect(await b.searchList(q)).toEqual(await a.searchList(q));
    }),
    { numRuns: 300 },
  );
  expect(await b.stats()).toEqual(await a.stats());
  expect(await b.brands()).toEqual(await a.brands());
  expect(await b.notes()).toEqual(await a.notes());
  expect(b.generation).toBe(a.generation);
  expect([...b.documents()]).toEqual([...a.documents()]);
  for (const id of ['p-wide', 'p-odd-safety', 'p-null-coverage', 'p-old-1', 'p-11-0', 'p-11-500', 'nope']) {
    expect(b.resolvePerfumeId(id)).toBe(a.resolvePerfumeId(id));
    expect(b.getPerfume(id)).toEqual(a.getPerfume(id));
  }
  for (const ref of [...chemicalRefs, ...cas]) {
    expect(b.chemicals.resolve(ref)).toEqual(a.chemicals.resolve(ref));
    expect(b.chemicals.findByCas(ref)).toEqual(a.chemicals.findByCas(ref));
    expect(await b.chemicalUsage(ref, 5)).toEqual(await a.chemicalUsage(ref, 5));
  }
  expect(b.chemicals.list('lin')).toEqual(a.chemicals.list('lin'));
  expect(b.chemicals.regions()).toEqual(a.chemicals.regions());
  for (const status of chemicalStatuses)
    expect(b.chemicals.byStatus(status)).toEqual(a.chemicals.byStatus(status));
  const finderA = new AlternativesFinder(a);
  const finderB = new AlternativesFinder(b);
  for (const id of ['p-11-100', 'p-11-700', 'p-wide']) {
    expect(await finderB.find(id, ['Linalool'], 10)).toEqual(await finderA.find(id, ['Linalool'], 10));
  }
}

describe('binary index snapshot', () => {
  it('loads an index that answers exactly like the one written, before and after further writes', async () => {
    const original = buildIndex();
    const restored = await roundTrip(original, 'catalogue.index');
    // The unusual values come back as given (key order too).
    const odd = restored.getPerfume('p-odd-safety')!.perfume;
    expect(JSON.stringify(odd.coverage)).toBe('{"resolved_notes":1,"specific_notes":2,"unknown_notes":[]}');
    expect(odd.allergen_estimates).toEqual([
      { chemical_id: 'chem-limonene', basis: 'possible', probability: 0.5, extra: true },
    ]);
    const wide = restored.getPerfume('p-wide')!.perfume;
    expect(wide.name).toBe('Ébène Nuit 香水 “Noir”');
    expect(wide.allergen_estimates![0]!.probability).toBe(0.1 + 0.2);
    expect(Object.is(wide.allergen_estimates![1]!.probability, -0)).toBe(true);
    await expectSameIndex(original, restored);

    // The same writes on both, growing past the capacity the snapshot had.
    const more = generateCatalogue(12, 1200);
    for (const index of [original, restored]) {
      for (const d of more) index.upsertPerfume(d);
      for (const d of more.slice(0, 50)) index.removePerfume(d.perfume.id);
      index.upsertPerfume({ ...more[60]!, perfume: { ...more[60]!.perfume, brand: 'Brand New House' } });
      index.removeChemical(fixtureChemicals()[1]!.id);
    }
    await expectSameIndex(original, restored);

    // A snapshot of a restored index is as good as the first.
    await expectSameIndex(original, await roundTrip(restored, 'again.index'));
  }, 120_000);

  it('refuses a damaged or truncated file instead of reading part of it', async () => {
    const index = new InProcessSearchIndex(reference);
    for (const c of fixtureChemicals()) index.upsertChemical(c);
    for (const d of generateCatalogue(5, 200)) index.upsertPerfume(d);
    const w = new SnapshotWriter();
    index.writeSnapshot(w);
    const file = path.join(dir, 'damaged.index');
    await writeSnapshotFile(file, { position: 1 }, w);
    const good = readFileSync(file);

    const flipped = Buffer.from(good);
    flipped[good.length - 100]! ^= 0x40;
    writeFileSync(file, flipped);
    const snapshot = await readSnapshotFile(file);
    expect(() => snapshot.open()).toThrow(SnapshotFileError);

    const header = Buffer.from(good);
    header[30]! ^= 0x01;
    writeFileSync(file, header);
    await expect(readSnapshotFile(file)).rejects.toThrow(SnapshotFileError);

    writeFileSync(file, good.subarray(0, Math.floor(good.length / 2)));
    await expect(readSnapshotFile(file).then((s) => s.open())).rejects.toThrow(SnapshotFileError);

    writeFileSync(file, 'not a snapshot');
    await expect(readSnapshotFile(file)).rejects.toThrow(SnapshotFileError);

    writeFileSync(file, good);
    const restored = InProcessSearchIndex.fromSnapshot((await readSnapshotFile(file)).open(), reference);
    expect(await restored.stats()).toEqual(await index.stats());
  });
});
