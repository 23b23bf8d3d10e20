import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/context.ts';
import { systemActor } from '../shared/context.ts';
import { given } from '../shared/testing.ts';
import type { PerfumeCommand, PerfumesContext } from './perfumes.decide.ts';
import { cleanCataloguePerfume, decide } from './perfumes.decide.ts';
import type {
  CataloguePerfume,
  CompactCataloguePerfume,
  PerfumeEvent,
  PerfumeState,
} from './perfumes.events.ts';
import {
  allergenEstimatesOf,
  compactCataloguePerfume,
  evolve,
  expandCataloguePerfume,
  groupAllergenEstimates,
  groupInferredLinks,
  inferredLinksOf,
  initialState,
  PERFUME_CATALOGUED_SCHEMA_VERSION,
  perfumeChemicals,
  storedPerfumeEvent,
} from './perfumes.events.ts';

const now = '2025-01-02T03:04:05.000Z';
const admin: Actor = { kind: 'account', id: 'acc-admin', role: 'admin', status: 'active' };
const retailer: Actor = { kind: 'account', id: 'acc-r', role: 'retailer', status: 'active' };
const knownChemicals = {
  'chem-linalool': { name: 'Linalool' },
  'chem-coumarin': { name: 'Coumarin' },
  'chem-vanillin': { name: 'Vanillin' },
};
const asAdmin: PerfumesContext = { now, actor: admin, knownChemicals };
const system: PerfumesContext = { now, actor: systemActor('catalogue-import') };

const spec = (events: PerfumeEvent[] = []) => given(evolve, initialState, events);
const run =
  (command: PerfumeCommand, context: PerfumesContext = asAdmin) =>
  (state: PerfumeState) =>
    decide(command, state, context);

function record(overrides: Partial<CataloguePerfume> = {}): CataloguePerfume {
  return {
    id: 'chanel--no-5',
    name: 'No 5',
    brand: 'Chanel',
    year_released: 1921,
    gender: 'feminine',
    perfumer: 'Ernest Beaux',
    concentration: 'Eau de Parfum',
    description: null,
    image_url: 'https://fimgs.net/mdimg/perfume/375x500.40069.jpg',
    accords: ['aldehydic', 'floral'],
    notes: { top: ['Aldehydes', 'Bergamot'], middle: ['Jasmine'], base: ['Vanilla'], unspecified: [] },
    chemicals: [
      { chemical_id: 'chem-linalool', name: 'Linalool', source: 'inferred', from_note: 'Bergamot' },
      { chemical_id: 'chem-vanillin', name: 'Vanillin', source: 'inferred', from_note: 'Vanilla' },
    ],
    field_sources: { name: 'perfume_database', perfumer: 'parfumo' },
    sources: ['parfumo', 'perfume_database'],
    ...overrides,
  };
}
const catalogued: PerfumeEvent = { type: 'PerfumeCatalogued', data: { perfume: record() } };

const assign = (
  assignment_type: 'add' | 'remove' | 'replace',
  chemicals: { chemical_id: string; concentration_min?: number | null; concentration_max?: number | null }[],
): PerfumeCommand => ({
  type: 'AssignChemicals',
  data: { perfume_id: 'chanel--no-5', assignment_type, chemicals },
});

const ids = (state: PerfumeState) => perfumeChemicals(state).map((l) => l.chemical_id);

describe('CataloguePerfume', () => {
  const cmd = (perfume: CataloguePerfume): PerfumeCommand => ({
    type: 'CataloguePerfume',
    data: { perfume },
  });

  it('catalogues a new perfume, then is idempotent', () => {
    spec()
      .when(run(cmd(record()), system))
      .thenEmits([catalogued]);
    spec([catalogued])
      .when(run(cmd(record()), system))
      .thenNothing();
  });

  it('a re-import with changes gives only the changed fields', () => {
    spec([catalogued])
      .when(run(cmd(record({ year_released: 1922, sources: ['parfumo'] })), system))
      .thenEmits([
        {
          type: 'PerfumeCatalogueDataUpdated',
          data: { perfume_id: 'chanel--no-5', changes: { year_released: 1922, sources: ['parfumo'] } },
        },
      ]);
  });

  it('a re-import keeps notes an admin assigned', () => {
    const notes: PerfumeEvent = {
      type: 'PerfumeNotesAssigned',
      data: {
        perfume_id: 'chanel--no-5',
        notes: { top: ['Neroli'], middle: [], base: [], unspecified: [] },
        inferred_chemicals: null,
      },
    };
    spec([catalogued, notes])
      .when(run(cmd(record({ notes: { top: ['Lemon'], middle: [], base: [], unspecified: [] } })), system))
      .thenNothing();
  });

  it('keeps whether a label names its fragrance, and refuses anything but true or false', () => {
    const label = {
      source: 'sephora_labels_2023',
      source_name: 'Sephora product pages',
      source_date: '2023-03',
      product_ids: ['P1'],
      ingredients: ['Alcohol Denat', 'Fragrance', 'Water'],
      chemicals: [{ chemical_id: 'chem-7732-18-5', name: 'Water' }],
      names_fragrance: false,
    };
    spec()
      .when(run(cmd(record({ label })), system))
      .thenEmits([{ ...catalogued, data: { perfume: record({ label }) } }]);
    spec()
      .when(run(cmd(record({ label: { ...label, names_fragrance: 'no' as never } })), system))
      .thenThrows('validation', 'Label names_fragrance must be true or false');
  });

  it('validates the record', () => {
    spec()
      .when(run(cmd(record({ name: '' })), system))
      .thenThrows('validation', 'Perfume name is required');
    spec()
      .when(run(cmd(record({ gender: 'male' as never })), system))
      .thenThrows('validation', 'Gender must be one of: masculine, feminine, unisex');
    spec()
      .when(run(cmd(record({ year_released: 19.21 })), system))
      .thenThrows('validation', /whole year/);
    spec()
      .when(run(cmd(record({ image_url: 'javascript:alert(1)' })), system))
      .thenThrows('validation', /http/);
    spec()
      .when(run(cmd(record({ id: 'bad:id' })), system))
      .thenThrows('validation');
  });

  it('needs the system or an admin', () => {
    spec()
      .when(run(cmd(record()), { now, actor: retailer }))
      .thenThrows('forbidden');
  });

  it('fills missing lists of a sparse record', () => {
    const clean = cleanCataloguePerfume({ id: 'x--y', name: 'Y', brand: 'X' });
    expect(clean).toMatchObject({
      accords: [],
      notes: { top: [], middle: [], base: [], unspecified: [] },
      chemicals: [],
      year_released: null,
      gender: null,
    });
  });
});

describe('AssignChemicals', () => {
  it('adds declared links with concentrations; declared wins over inferred', () => {
    const [event] = spec([catalogued])
      .when(
        run(
          assign('add', [{ chemical_id: 'chem-linalool', concentration_min: 0.5, concentration_max: 1.25 }]),
        ),
      )
      .thenEmits([
        {
          type: 'PerfumeChemicalsAssigned',
          data: {
            perfume_id: 'chanel--no-5',
            assignment_type: 'add',
            chemicals: [
              {
                chemical_id: 'chem-linalool',
                name: 'Linalool',
                concentration_min: 0.5,
                concentration_max: 1.25,
              },
            ],
            source: 'admin',
            link_kind: 'declared',
            source_id: null,
          },
        },
      ]);
    const state = [catalogued, event!].reduce(evolve, initialState);
    expect(perfumeChemicals(state)).toEqual([
      {
        chemical_id: 'chem-linalool',
        name: 'Linalool',
        kind: 'declared',
        source: 'admin',
        concentration_min: 0.5,
        concentration_max: 1.25,
      },
      { chemical_id: 'chem-vanillin', name: 'Vanillin', source: 'inferred', from_note: 'Vanilla' },
    ]);
  });

  it('replace makes the list exactly the chosen chemicals, and a re-import does not bring others back', () => {
    const [event] = decide(
      assign('replace', [{ chemical_id: 'chem-coumarin' }]),
      evolve(initialState, catalogued),
      asAdmin,
    );
    const state = [catalogued, event!].reduce(evolve, initialState);
    expect(ids(state)).toEqual(['chem-coumarin']);
    const reimport = decide(
      { type: 'CataloguePerfume', data: { perfume: record({ description: 'Iconic' }) } },
      state,
      system,
    );
    expect(ids(reimport.reduce(evolve, state))).toEqual(['chem-coumarin']);
  });

  it('remove takes off inferred and declared links and names them from the links', () => {
    spec([catalogued])
      .when(run(assign('remove', [{ chemical_id: 'chem-vanillin' }, { chemical_id: 'chem-unlinked' }])))
      .thenEmits([
        {
          type: 'PerfumeChemicalsAssigned',
          data: {
            perfume_id: 'chanel--no-5',
            assignment_type: 'remove',
            chemicals: [
              {
                chemical_id: 'chem-vanillin',
                name: 'Vanillin',
                concentration_min: null,
                concentration_max: null,
              },
            ],
            source: 'admin',
            link_kind: 'declared',
            source_id: null,
          },
        },
      ]);
  });

  it('a change-free assignment emits nothing (it does not count as updated)', () => {
    spec([catalogued])
      .when(run(assign('remove', [{ chemical_id: 'chem-coumarin' }])))
      .thenNothing();
    const added = decide(
      assign('add', [{ chemical_id: 'chem-coumarin' }]),
      evolve(initialState, catalogued),
      asAdmin,
    );
    spec([catalogued, ...added])
      .when(run(assign('add', [{ chemical_id: 'chem-coumarin' }])))
      .thenNothing();
  });

  it('needs at least one chemical', () => {
    spec([catalogued])
      .when(run(assign('replace', [])))
      .thenThrows('validation', 'Please select at least one chemical');
  });

  it('validates concentrations', () => {
    spec([catalogued])
      .when(run(assign('add', [{ chemical_id: 'chem-coumarin', concentration_min: 101 }])))
      .thenThrows('validation', 'Minimum concentration must be a number from 0 to 100 in steps of 0.01');
    spec([catalogued])
      .when(run(assign('add', [{ chemical_id: 'chem-coumarin', concentration_max: 0.005 }])))
      .thenThrows('validation', /steps of 0.01/);
    spec([catalogued])
      .when(
        run(assign('add', [{ chemical_id: 'chem-coumarin', concentration_min: 2, concentration_max: 1 }])),
      )
      .thenThrows('validation', 'Minimum concentration (2%) must not exceed maximum concentration (1%)');
  });

  it('refuses unknown chemicals, repeats, bad assignment types and unknown perfumes', () => {
    spec([catalogued])
      .when(run(assign('add', [{ chemical_id: 'chem-nope' }])))
      .thenThrows('not_found', 'Chemical chem-nope not found');
    spec([catalogued])
      .when(run(assign('add', [{ chemical_id: 'chem-coumarin' }, { chemical_id: 'chem-coumarin' }])))
      .thenThrows('validation', /listed twice/);
    spec([catalogued])
      .when(run(assign('merge' as never, [{ chemical_id: 'chem-coumarin' }])))
      .thenThrows('validation');
    spec()
      .when(run(assign('add', [{ chemical_id: 'chem-coumarin' }])))
      .thenThrows('not_found', 'Perfume chanel--no-5 not found');
  });

  it('needs an admin; contribution and scan links may come from the system', () => {
    spec([catalogued])
      .when(run(assign('add', [{ chemical_id: 'chem-coumarin' }]), { now, actor: retailer }))
      .thenThrows('forbidden');
    spec([catalogued])
      .when(run(assign('add', [{ chemical_id: 'chem-coumarin' }]), { now, actor: null }))
      .thenThrows('unauthorized');
    const fromScan: PerfumeCommand = {
      type: 'AssignChemicals',
      data: {
        perfume_id: 'chanel--no-5',
        assignment_type: 'add',
        chemicals: [{ chemical_id: 'chem-coumarin' }],
        source: 'scan',
        source_id: 'scan-1',
      },
    };
    const [event] = decide(fromScan, evolve(initialState, catalogued), { ...system, knownChemicals });
    expect(event?.type === 'PerfumeChemicalsAssigned' && event.data).toMatchObject({
      source: 'scan',
      source_id: 'scan-1',
    });
  });
});

describe('RemoveChemicalLinks (after a chemical is deleted)', () => {
  const remove = (chemical_ids: string[]): PerfumeCommand => ({
    type: 'RemoveChemicalLinks',
    data: { perfume_id: 'chanel--no-5', chemical_ids },
  });

  it('removes the links the perfume has and ignores the rest', () => {
    const [event] = spec([catalogued])
      .when(run(remove(['chem-vanillin', 'chem-coumarin']), system))
      .thenEmits([
        {
          type: 'PerfumeChemicalLinksRemoved',
          data: { perfume_id: 'chanel--no-5', chemical_ids: ['chem-vanillin'], reason: 'chemical_deleted' },
        },
      ]);
    expect(ids([catalogued, event!].reduce(evolve, initialState))).toEqual(['chem-linalool']);
  });

  it('is a no-op when nothing is linked', () => {
    spec([catalogued])
      .when(run(remove(['chem-coumarin']), system))
      .thenNothing();
  });
});

describe('AssignNotes', () => {
  const notes = { top: ['Lemon', ' ', 'Lemon'], middle: ['Rose'], base: [], unspecified: [] };
  const cmd = (inferred: CataloguePerfume['chemicals'] | null = null): PerfumeCommand => ({
    type: 'AssignNotes',
    data: { perfume_id: 'chanel--no-5', notes, inferred_chemicals: inferred },
  });

  it('assigns a cleaned pyramid, optionally with re-derived chemicals', () => {
    spec([catalogued])
      .when(run(cmd()))
      .thenEmits([
        {
          type: 'PerfumeNotesAssigned',
          data: {
            perfume_id: 'chanel--no-5',
            notes: { top: ['Lemon'], middle: ['Rose'], base: [], unspecified: [] },
            inferred_chemicals: null,
          },
        },
      ]);
  });

  it('needs an admin and a catalogued perfume', () => {
    spec([catalogued])
      .when(run(cmd(), { now, actor: retailer }))
      .thenThrows('forbidden');
    spec().when(run(cmd())).thenThrows('not_found');
  });
});

describe('MergePerfume / ReceiveMerge (a spelling duplicate retired by the catalogue import)', () => {
  const duplicate = record({ id: 'chanel--n-5', name: 'N°5' });
  const duplicateCatalogued: PerfumeEvent = { type: 'PerfumeCatalogued', data: { perfume: duplicate } };
  const declaredOnDuplicate: PerfumeEvent = {
    type: 'PerfumeChemicalsAssigned',
    data: {
      perfume_id: 'chanel--n-5',
      assignment_type: 'add',
      chemicals: [
        { chemical_id: 'chem-coumarin', name: 'Coumarin', concentration_min: 0.1, concentration_max: 1 },
      ],
      source: 'admin',
      link_kind: 'declared',
      source_id: null,
    },
  };
  const removedOnDuplicate: PerfumeEvent = {
    type: 'PerfumeChemicalLinksRemoved',
    data: { perfume_id: 'chanel--n-5', chemical_ids: ['chem-vanillin'], reason: 'chemical_deleted' },
  };
  const merge: PerfumeCommand = {
    type: 'MergePerfume',
    data: { perfume_id: 'chanel--n-5', into: 'chanel--no-5' },
  };

  it('retires the duplicate and carries what people wrote to it', () => {
    const [merged] = spec([duplicateCatalogued, declaredOnDuplicate, removedOnDuplicate])
      .when(run(merge, system))
      .thenEmits([
        {
          type: 'PerfumeMerged',
          data: {
            perfume_id: 'chanel--n-5',
            into: 'chanel--no-5',
            declared: [
              {
                chemical_id: 'chem-coumarin',
                name: 'Coumarin',
                kind: 'declared',
                source: 'admin',
                concentration_min: 0.1,
                concentration_max: 1,
              },
            ],
            removed_chemical_ids: ['chem-vanillin'],
          },
        },
      ]);
    if (merged?.type !== 'PerfumeMerged') throw new Error('expected PerfumeMerged');

    // The survivor takes the declared link and the removal over.
    const [received] = spec([catalogued])
      .when(run({ type: 'ReceiveMerge', data: { perfume_id: 'chanel--no-5', merged: merged.data } }, system))
      .thenEmits([
        {
          type: 'PerfumeMergeReceived',
          data: {
            perfume_id: 'chanel--no-5',
            from: 'chanel--n-5',
            declared: merged.data.declared,
            removed_chemical_ids: ['chem-vanillin'],
          },
        },
      ]);
    const survivor = [catalogued, received!].reduce(evolve, initialState);
    expect(ids(survivor)).toEqual(['chem-coumarin', 'chem-linalool']);
    // Receiving the same merge again changes nothing.
    spec([catalogued, received!])
      .when(run({ type: 'ReceiveMerge', data: { perfume_id: 'chanel--no-5', merged: merged.data } }, system))
      .thenNothing();
  });

  it('is idempotent, and a retired record refuses writes with the survivor named', () => {
    const retired: PerfumeEvent = {
      type: 'PerfumeMerged',
      data: { perfume_id: 'chanel--n-5', into: 'chanel--no-5', declared: [], removed_chemical_ids: [] },
    };
    spec([duplicateCatalogued, retired]).when(run(merge, system)).thenNothing();
    spec([duplicateCatalogued, retired])
      .when(run({ type: 'MergePerfume', data: { perfume_id: 'chanel--n-5', into: 'chanel--other' } }, system))
      .thenThrows('conflict', /already merged into chanel--no-5/);
    spec([duplicateCatalogued, retired])
      .when(
        run({
          type: 'AssignChemicals',
          data: {
            perfume_id: 'chanel--n-5',
            assignment_type: 'add',
            chemicals: [{ chemical_id: 'chem-linalool' }],
          },
        }),
      )
      .thenThrows('not_found', /same product as chanel--no-5/);
    expect(perfumeChemicals([duplicateCatalogued, retired].reduce(evolve, initialState))).toEqual([]);
    // Listed on its own again by a later catalogue, it is catalogued afresh.
    spec([duplicateCatalogued, retired])
      .when(run({ type: 'CataloguePerfume', data: { perfume: duplicate } }, system))
      .thenEmits([duplicateCatalogued]);
  });

  it('merging what was never catalogued does nothing; bad input and other actors are refused', () => {
    spec().when(run(merge, system)).thenNothing();
    spec([duplicateCatalogued])
      .when(run({ type: 'MergePerfume', data: { perfume_id: 'chanel--n-5', into: 'chanel--n-5' } }, system))
      .thenThrows('validation', /itself/);
    spec([duplicateCatalogued])
      .when(run({ type: 'MergePerfume', data: { perfume_id: 'chanel--n-5', into: 'bad:id' } }, system))
      .thenThrows('validation');
    spec([duplicateCatalogued])
      .when(run(merge, { now, actor: retailer }))
      .thenThrows('forbidden');
  });
});

describe('PerfumeCatalogued schema versions (version 2 stores the inferred links grouped by note)', () => {
  const links = [
    { chemical_id: 'chem-linalool', name: 'Linalool', source: 'inferred' as const, from_note: 'Bergamot' },
    { chemical_id: 'chem-limonene', name: 'd-Limonene', source: 'inferred' as const, from_note: 'Bergamot' },
    { chemical_id: 'chem-vanillin', name: 'Vanillin', source: 'inferred' as const, from_note: 'Vanilla' },
    // The same note again after another one: a group of its own, so the order survives.
    { chemical_id: 'chem-citral', name: 'Citral', source: 'inferred' as const, from_note: 'Bergamot' },
  ];
  const estimates = [
    { chemical_id: 'chem-linalool', basis: 'likely' as const, probability: 0.82 },
    { chemical_id: 'chem-citral', basis: 'likely' as const, probability: 0.7 },
    { chemical_id: 'chem-coumarin', basis: 'possible' as const, probability: 0.31 },
  ];
  const v1 = record({
    chemicals: links,
    label: null,
    coverage: { specific_notes: 3, resolved_notes: 2, unknown_notes: ['Aldehydes'] },
    allergen_estimates: estimates,
    merged_ids: ['chanel--no-5-edp'],
  });

  it('groups consecutive links of one note and reads them back in their order', () => {
    const groups = groupInferredLinks(links);
    expect(groups).toEqual([
      ['Bergamot', 'chem-linalool', 'Linalool', 'chem-limonene', 'd-Limonene'],
      ['Vanilla', 'chem-vanillin', 'Vanillin'],
      ['Bergamot', 'chem-citral', 'Citral'],
    ]);
    expect(inferredLinksOf(groups)).toEqual(links);
    expect(groupInferredLinks([])).toEqual([]);
    const byBasis = groupAllergenEstimates(estimates);
    expect(byBasis).toEqual([
      ['likely', 'chem-linalool', 0.82, 'chem-citral', 0.7],
      ['possible', 'chem-coumarin', 0.31],
    ]);
    expect(allergenEstimatesOf(byBasis)).toEqual(estimates);
  });

  it('stores a catalogued perfume compact at version 2, other events as they are at version 1', () => {
    const stored = storedPerfumeEvent({ type: 'PerfumeCatalogued', data: { perfume: v1 } });
    expect(stored.schemaVersion).toBe(PERFUME_CATALOGUED_SCHEMA_VERSION);
    const perfume = (stored.data as { perfume: CompactCataloguePerfume }).perfume;
    expect(perfume).not.toHaveProperty('chemicals');
    expect(perfume).not.toHaveProperty('allergen_estimates');
    expect(perfume.inferred).toEqual(groupInferredLinks(links));
    expect(perfume.estimates).toEqual(groupAllergenEstimates(estimates));
    // Same fields in the same order, `inferred` and `estimates` in the place of what they replace.
    const renamed: Record<string, string> = { chemicals: 'inferred', allergen_estimates: 'estimates' };
    expect(Object.keys(perfume)).toEqual(Object.keys(v1).map((k) => renamed[k] ?? k));
    expect(JSON.stringify(stored.data).length).toBeLessThan(JSON.stringify({ perfume: v1 }).length);

    const removed: PerfumeEvent = {
      type: 'PerfumeChemicalLinksRemoved',
      data: { perfume_id: v1.id, chemical_ids: ['chem-linalool'], reason: 'chemical_deleted' },
    };
    expect(storedPerfumeEvent(removed)).toEqual({ ...removed, schemaVersion: 1 });
  });

  it('compacts a version 1 record to version 2, leaves a version 2 record as it is, and expands it back', () => {
    const compact = compactCataloguePerfume(v1);
    expect(compact).not.toHaveProperty('chemicals');
    expect(compactCataloguePerfume(compact)).toBe(compact);
    expect(expandCataloguePerfume(compact)).toEqual(v1);
    // A record without estimates has none stored; estimates of another shape are kept as they are.
    const bare = compactCataloguePerfume(record());
    expect(Object.keys(bare)).not.toContain('estimates');
    expect(expandCataloguePerfume(bare)).toEqual(record());
    const odd = record({
      allergen_estimates: [{ ...estimates[0]!, member_ids: ['chem-linalool'] }] as never,
    });
    expect(compactCataloguePerfume(odd).allergen_estimates).toEqual(odd.allergen_estimates);
    expect(expandCataloguePerfume(compactCataloguePerfume(odd))).toEqual(odd);
  });

  it('a stream reads the same from either version (fields, their order and the links)', () => {
    const fromV1 = evolve(initialState, { type: 'PerfumeCatalogued', data: { perfume: v1 } });
    const stored = storedPerfumeEvent({ type: 'PerfumeCatalogued', data: { perfume: v1 } });
    // As a reader gets it back from the log: plain JSON.
    const fromV2 = evolve(initialState, JSON.parse(JSON.stringify(stored)) as PerfumeEvent);
    expect(JSON.stringify(fromV2)).toBe(JSON.stringify(fromV1));
    expect(perfumeChemicals(fromV2)).toEqual(perfumeChemicals(fromV1));
    // A re-import of the same record onto a stream stored at version 2 changes nothing.
    spec([JSON.parse(JSON.stringify(stored)) as PerfumeEvent])
      .when(run({ type: 'CataloguePerfume', data: { perfume: v1 } }, system))
      .thenNothing();
  });
});
