import { type PerfumeEvent, type PerfumeState, perfumes } from '@scentinel/domain';
import type { StoredEvent } from '@scentinel/platform';
import {
  InProcessSearchIndex,
  type PerfumeDocument,
  SnapshotWriter,
  toPerfumeCard,
} from '@scentinel/platform/search';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fixtureChemicals,
  fixtureNotes,
  fixtureRegions,
  generateCatalogue,
  inferLinks,
  makePerfume,
} from '../../../platform/src/search/catalogue.fixtures.ts';
import { createCatalogueProjection } from './catalogue.projection.ts';

class Log {
  position = 0;
  readonly events: StoredEvent[] = [];
  add(streamId: string, type: string, data: unknown, schemaVersion = 1): StoredEvent {
    this.position += 1;
    const event: StoredEvent = {
      id: `e${this.position}`,
      streamId,
      version: 1,
      position: this.position,
      type,
      schemaVersion,
      data,
      metadata: { actorId: null, actorRole: null, requestId: null, occurredAt: '2025-01-01T00:00:00.000Z' },
      recordedAt: '2025-01-01T00:00:00.000Z',
    };
    this.events.push(event);
    return event;
  }
}

function setup() {
  const index = new InProcessSearchIndex({ regions: fixtureRegions, notes: fixtureNotes });
  const projection = createCatalogueProjection(index);
  const log = new Log();
  for (const chemical of fixtureChemicals()) {
    log.add(`chemical:${chemical.id}`, 'ChemicalAdded', {
      chemical,
      source: 'catalogue_import',
      contribution_id: null,
    });
  }
  return { index, projection, log };
}

const rosePerfume = () => {
  const notes = { top: ['Bergamot'], middle: ['Rose'], base: [], unspecified: [] };
  return makePerfume({
    id: 'p-rose',
    name: 'Rose Absolue',
    brand: 'Maison Test',
    notes,
    chemicals: inferLinks(notes),
  });
};

async function card(index: InProcessSearchIndex, id: string) {
  const result = await index.search({ category: 'all', limit: 200, skip: 0 });
  return result.items.find((p) => p.id === id);
}

describe('catalogue projection', () => {
  it('indexes a perfume stored at schema version 2 (links and estimates grouped) exactly as at version 1', async () => {
    const v1 = setup();
    const v2 = setup();
    // An index without `upsertCatalogued`: version 2 payloads folded with `evolve`, as for any adapter.
    const folded = setup();
    Object.defineProperty(folded.index, 'upsertCatalogued', { value: undefined });
    const docs = generateCatalogue(20_251_126, 300);
    for (const { perfume } of docs) {
      v1.log.add(`perfume:${perfume.id}`, 'PerfumeCatalogued', { perfume });
      const stored = perfumes.storedPerfumeEvent({ type: 'PerfumeCatalogued', data: { perfume } });
      // As the log gives it back: plain JSON, the perfume without link or estimate objects.
      const data = JSON.parse(JSON.stringify(stored.data)) as { perfume: Record<string, unknown> };
      expect(data.perfume.chemicals).toBeUndefined();
      v2.log.add(`perfume:${perfume.id}`, stored.type, data, stored.schemaVersion);
      folded.log.add(`perfume:${perfume.id}`, stored.type, structuredClone(data), stored.schemaVersion);
    }
    for (const s of [v1, v2, folded]) await s.projection.applyAll(s.log.events);
    expect(v2.projection.position).toBe(v1.projection.position);
    for (const { perfume } of docs) {
      expect(v2.index.getPerfume(perfume.id)).toEqual(v1.index.getPerfume(perfume.id));
      expect(folded.index.getPerfume(perfume.id)).toEqual(v1.index.getPerfume(perfume.id));
    }
    const query = { include_unspecific: true, limit: 300, skip: 0 };
    const cards = (await v1.index.search(query)).items;
    expect(cards.length).toBe(docs.length);
    expect(cards.some((c) => c.chemicals.length > 0 && c.allergens.length > 0)).toBe(true);
    expect((await v2.index.search(query)).items).toEqual(cards);
    expect((await folded.index.search(query)).items).toEqual(cards);
    // The same index, section by section of its binary snapshot.
    const sections = (index: InProcessSearchIndex) => {
      const w = new SnapshotWriter();
      index.writeSnapshot(w);
      return w.sections.map(({ name, type, data }) => ({
        name,
        type,
        bytes: Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64'),
      }));
    };
    const expected = sections(v1.index);
    expect(sections(v2.index)).toEqual(expected);
    expect(sections(folded.index)).toEqual(expected);
  });

  it('indexes catalogued perfumes with their inferred chemicals, allergens and category', async () => {
    const { index, projection, log } = setup();
    log.add('perfume:p-rose', 'PerfumeCatalogued', { perfume: rosePerfume() });
    log.add('perfume:p-bare', 'PerfumeCatalogued', {
      perfume: makePerfume({
        id: 'p-bare',
        name: 'Bare',
        brand: 'Maison Test',
        notes: { top: ['Woody Notes'], middle: [], base: [], unspecified: [] },
      }),
    });
    await projection.applyAll(log.events);
    expect(projection.position).toBe(log.position);

    const rose = await card(index, 'p-rose');
    expect(rose?.data_category).toBe('complete');
    expect(rose?.chemicals.map((c) => [c.chemical_id, c.source, c.from_note])).toEqual([
      ['chem-limonene', 'inferred', 'Bergamot'],
      ['chem-linalool', 'inferred', 'Bergamot'],
      ['chem-geraniol', 'inferred', 'Rose'],
      ['chem-citronellol', 'inferred', 'Rose'],
    ]);
    expect(rose?.allergens.map((a) => a.name)).toEqual(['Limonene', 'Linalool', 'Geraniol', 'Citronellol']);
    expect(rose?.hypoallergenic).toBe(false);
    expect(await index.stats()).toEqual({ total_perfumes: 2, complete: 1, unspecific: 1, hypoallergenic: 0 });
    // Default view: complete only.
    expect((await index.search({ limit: 10, skip: 0 })).items.map((p) => p.id)).toEqual(['p-rose']);
  });

  it('keeps declared links apart from inferred ones and follows add / remove / replace', async () => {
    const { index, projection, log } = setup();
    log.add('perfume:p-rose', 'PerfumeCatalogued', { perfume: rosePerfume() });
    const assign = (assignment_type: string, ids: string[], source = 'admin') =>
      log.add('perfume:p-rose', 'PerfumeChemicalsAssigned', {
        perfume_id: 'p-rose',
        assignment_type,
        chemicals: ids.map((chemical_id) => ({
          chemical_id,
          name: chemical_id,
          concentration_min: 0.5,
          concentration_max: 1,
        })),
        source,
        link_kind: 'declared',
        source_id: null,
      });
    assign('add', ['chem-vanillin', 'chem-geraniol'], 'contribution');
    await projection.applyAll(log.events);
    let rose = await card(index, 'p-rose');
    expect(rose?.chemicals.map((c) => [c.chemical_id, c.kind, c.source])).toEqual([
      ['chem-vanillin', 'declared', 'contribution'],
      ['chem-geraniol', 'declared', 'contribution'],
      ['chem-limonene', 'inferred', 'inferred'],
      ['chem-linalool', 'inferred', 'inferred'],
      ['chem-citronellol', 'inferred', 'inferred'],
    ]);
    expect(rose?.chemicals[0]).toMatchObject({
      name: 'Vanillin',
      cas_number: '121-33-5',
      concentration_min: 0.5,
    });
    expect((await index.search({ include_chemicals: ['Vanillin'], limit: 5, skip: 0 })).total).toBe(1);

    assign('remove', ['chem-limonene', 'chem-linalool', 'chem-citronellol', 'chem-geraniol']);
    await projection.applyAll(log.events);
    rose = await card(index, 'p-rose');
    expect(rose?.chemicals.map((c) => c.chemical_id)).toEqual(['chem-vanillin']);
    expect(rose?.hypoallergenic).toBe(true);
    expect(
      (await index.search({ category: 'hypoallergenic', limit: 5, skip: 0 })).items.map((p) => p.id),
    ).toEqual(['p-rose']);

    assign('replace', ['chem-coumarin']);
    await projection.applyAll(log.events);
    rose = await card(index, 'p-rose');
    expect(rose?.chemicals.map((c) => [c.chemical_id, c.source])).toEqual([['chem-coumarin', 'admin']]);
    expect(rose?.allergens.map((a) => a.name)).toEqual(['Coumarin']);
    expect((await index.search({ include_chemicals: ['chem-vanillin'], limit: 5, skip: 0 })).total).toBe(0);
  });

  it('retires a merged duplicate from the index and gives its declared links to the survivor', async () => {
    const { index, projection, log } = setup();
    log.add('perfume:p-rose', 'PerfumeCatalogued', { perfume: rosePerfume() });
    log.add('perfume:p-rose-dup', 'PerfumeCatalogued', {
      perfume: { ...rosePerfume(), id: 'p-rose-dup', name: 'Rose Absolüe' },
    });
    const declared = [
      {
        chemical_id: 'chem-vanillin',
        name: 'Vanillin',
        kind: 'declared',
        source: 'admin',
        concentration_min: null,
        concentration_max: null,
      },
    ];
    log.add('perfume:p-rose-dup', 'PerfumeMerged', {
      perfume_id: 'p-rose-dup',
      into: 'p-rose',
      declared,
      removed_chemical_ids: [],
    });
    log.add('perfume:p-rose', 'PerfumeMergeReceived', {
      perfume_id: 'p-rose',
      from: 'p-rose-dup',
      declared,
      removed_chemical_ids: [],
    });
    await projection.applyAll(log.events);
    expect(await index.getPerfume('p-rose-dup')).toBeNull();
    expect((await index.stats()).total_perfumes).toBe(1);
    expect((await index.getPerfume('p-rose'))?.declared.map((l) => l.chemical_id)).toEqual(['chem-vanillin']);
    // A replay of the retirement after the record is gone changes nothing.
    const again = createCatalogueProjection(index);
    await again.applyAll(log.events.filter((e) => e.type === 'PerfumeMerged'));
    expect((await index.stats()).total_perfumes).toBe(1);
  });

  it('recomputes linked perfumes when a chemical is edited or deleted', async () => {
    const { index, projection, log } = setup();
    const notes = { top: [], middle: [], base: ['Vanilla'], unspecified: [] };
    log.add('perfume:p-van', 'PerfumeCatalogued', {
      perfume: makePerfume({
        id: 'p-van',
        name: 'Vanilla Sky',
        brand: 'B',
        notes,
        chemicals: inferLinks(notes),
      }),
    });
    await projection.applyAll(log.events);
    expect((await card(index, 'p-van'))?.hypoallergenic).toBe(true);

    log.add('chemical:chem-vanillin', 'ChemicalEdited', {
      chemical_id: 'chem-vanillin',
      changes: { allergen_flag: true, name: 'Vanillin (edited)' },
      source: 'admin',
    });
    await projection.applyAll(log.events);
    let van = await card(index, 'p-van');
    expect(van?.hypoallergenic).toBe(false);
    expect(van?.allergens.map((a) => a.name)).toEqual(['Vanillin (edited)']);
    expect((await index.search({ allergen_free: true, limit: 5, skip: 0 })).total).toBe(0);

    // Deleting both linked chemicals (and the domain's link removals) leaves the perfume unspecific.
    for (const id of ['chem-vanillin', 'chem-ethyl-vanillin']) {
      log.add(`chemical:${id}`, 'ChemicalDeleted', { chemical_id: id, name: id, cas_number: null });
      log.add('perfume:p-van', 'PerfumeChemicalLinksRemoved', {
        perfume_id: 'p-van',
        chemical_ids: [id],
        reason: 'chemical_deleted',
      });
    }
    await projection.applyAll(log.events);
    van = await card(index, 'p-van');
    expect(van?.chemicals).toEqual([]);
    expect(van?.data_category).toBe('unspecific');
    expect(index.chemicals.get('chem-vanillin')).toBeNull();
  });

  it('applies notes and catalogue data updates (search follows the new name)', async () => {
    const { index, projection, log } = setup();
    log.add('perfume:p-rose', 'PerfumeCatalogued', { perfume: rosePerfume() });
    const notes = { top: [], middle: ['Tonka Bean'], base: [], unspecified: [] };
    log.add('perfume:p-rose', 'PerfumeNotesAssigned', {
      perfume_id: 'p-rose',
      notes,
      inferred_chemicals: inferLinks(notes),
    });
    log.add('perfume:p-rose', 'PerfumeCatalogueDataUpdated', {
      perfume_id: 'p-rose',
      changes: { name: 'Tonka Nuit', year_released: 2020 },
    });
    await projection.applyAll(log.events);
    expect((await index.search({ text: 'rose absolue', limit: 5, skip: 0 })).total).toBe(0);
    const [tonka] = (await index.search({ text: 'tonka', limit: 5, skip: 0 })).items;
    expect(tonka).toMatchObject({ id: 'p-rose', name: 'Tonka Nuit', year_released: 2020 });
    expect(tonka?.notes.middle).toEqual(['Tonka Bean']);
    expect(tonka?.chemicals.map((c) => c.chemical_id)).toEqual(['chem-coumarin']);
    expect((await index.search({ include_notes: ['note-rose'], limit: 5, skip: 0 })).total).toBe(0);
    expect((await index.search({ include_notes: ['tonka bean'], limit: 5, skip: 0 })).total).toBe(1);
  });

  it('is idempotent by position, but lets a failed event be retried', async () => {
    const { index, projection, log } = setup();
    log.add('perfume:p-rose', 'PerfumeCatalogued', { perfume: rosePerfume() });
    log.add('perfume:p-rose', 'PerfumeChemicalsAssigned', {
      perfume_id: 'p-rose',
      assignment_type: 'replace',
      chemicals: [
        { chemical_id: 'chem-hedione', name: 'Hedione', concentration_min: null, concentration_max: null },
      ],
      source: 'admin',
      link_kind: 'declared',
      source_id: null,
    });
    await projection.applyAll(log.events);
    // Re-delivery (e.g. a batch retried one by one) must not reset the perfume to its catalogue record.
    await projection.applyAll(log.events);
    expect((await card(index, 'p-rose'))?.chemicals.map((c) => c.chemical_id)).toEqual(['chem-hedione']);

    const orphan = log.add('perfume:p-none', 'PerfumeChemicalsAssigned', {
      perfume_id: 'p-none',
      assignment_type: 'add',
      chemicals: [],
      source: 'admin',
      link_kind: 'declared',
      source_id: null,
    });
    await expect(projection.applyAll([orphan])).rejects.toThrow(/not catalogued/);
    log.add('perfume:p-none', 'PerfumeCatalogued', {
      perfume: makePerfume({ id: 'p-none', name: 'Late', brand: 'B' }),
    });
    await projection.applyAll(log.events.slice(-1));
    // The dead letter, retried after later events, now applies.
    await expect(projection.applyAll([orphan])).resolves.toBeUndefined();
  });

  it('gives the card the domain fold gives, for random perfume event sequences', async () => {
    const chemicalIds = fixtureChemicals().map((c) => c.id);
    const assignment = fc.record({
      type: fc.constant('PerfumeChemicalsAssigned' as const),
      assignment_type: fc.constantFrom('add' as const, 'remove' as const, 'replace' as const),
      ids: fc.uniqueArray(fc.constantFrom(...chemicalIds), { maxLength: 4 }),
      source: fc.constantFrom('admin' as const, 'contribution' as const, 'scan' as const),
    });
    const removal = fc.record({
      type: fc.constant('PerfumeChemicalLinksRemoved' as const),
      ids: fc.uniqueArray(fc.constantFrom(...chemicalIds), { minLength: 1, maxLength: 2 }),
    });
    const notesChange = fc.record({
      type: fc.constant('PerfumeNotesAssigned' as const),
      notes: fc.uniqueArray(fc.constantFrom('Rose', 'Vanilla', 'Musk', 'Oud', 'Lemon'), { maxLength: 3 }),
      reinfer: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.oneof(assignment, removal, notesChange), { maxLength: 8 }),
        async (seed, steps) => {
          const { index, projection, log } = setup();
          const [doc] = generateCatalogue(seed, 1) as [PerfumeDocument];
          const id = doc.perfume.id;
          const events: PerfumeEvent[] = [{ type: 'PerfumeCatalogued', data: { perfume: doc.perfume } }];
          for (const step of steps) {
            if (step.type === 'PerfumeChemicalsAssigned') {
              events.push({
                type: step.type,
                data: {
                  perfume_id: id,
                  assignment_type: step.assignment_type,
                  chemicals: step.ids.map((chemical_id) => ({
                    chemical_id,
                    name: chemical_id,
                    concentration_min: 1,
                    concentration_max: null,
                  })),
                  source: step.source,
                  link_kind: 'declared',
                  source_id: null,
                },
              });
            } else if (step.type === 'PerfumeChemicalLinksRemoved') {
              events.push({
                type: step.type,
                data: { perfume_id: id, chemical_ids: step.ids, reason: 'chemical_deleted' },
              });
            } else {
              const notes = { top: step.notes, middle: [], base: [], unspecified: [] };
              events.push({
                type: step.type,
                data: { perfume_id: id, notes, inferred_chemicals: step.reinfer ? inferLinks(notes) : null },
              });
            }
          }
          for (const e of events) log.add(`perfume:${id}`, e.type, e.data);
          await projection.applyAll(log.events);
          const folded = events.reduce<PerfumeState>(perfumes.evolve, perfumes.initialState);
          if (folded.status !== 'catalogued') throw new Error('unreachable');
          const { status: _s, ...expected } = folded;
          expect(await index.getPerfume(id)).toEqual(expected);
          const [got] = (await index.search({ include_unspecific: true, limit: 1, skip: 0 })).items;
          expect(got).toEqual(toPerfumeCard(expected, index.chemicals.known()));
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
