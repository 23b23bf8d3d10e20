import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/context.ts';
import { systemActor } from '../shared/context.ts';
import { given } from '../shared/testing.ts';
import type { ChemicalCommand, ChemicalsContext } from './chemicals.decide.ts';
import { cleanImportedChemical, decide, emptySafetyInformation } from './chemicals.decide.ts';
import type { Chemical, ChemicalAdded, ChemicalEvent } from './chemicals.events.ts';
import { evolve, initialState } from './chemicals.events.ts';

const now = '2025-01-02T03:04:05.000Z';
const admin: Actor = { kind: 'account', id: 'acc-admin', role: 'admin', status: 'active' };
const user: Actor = { kind: 'account', id: 'acc-user', role: 'regular_user', status: 'active' };
const asAdmin: ChemicalsContext = { now, actor: admin };

const spec = (events: ChemicalEvent[] = []) => given(evolve, initialState, events);
const run =
  (command: ChemicalCommand, context: ChemicalsContext = asAdmin) =>
  (state: Parameters<typeof decide>[1]) =>
    decide(command, state, context);

function linalool(overrides: Partial<Chemical> = {}): Chemical {
  return {
    id: 'chem-78-70-6',
    name: 'Linalool',
    type: 'synthetic',
    cas_number: '78-70-6',
    ec_number: '201-134-4',
    inci_name: 'LINALOOL',
    synonyms: ['Linalol'],
    description: null,
    allergen_flag: true,
    prohibited: false,
    restricted: true,
    restrictions: 'Labelling above 0.001 % (leave-on) / 0.01 % (rinse-off)',
    regulatory_status: 'restricted',
    verified: true,
    odour: ['floral'],
    safety_information: {
      ...emptySafetyInformation(),
      is_allergen: true,
      is_restricted: true,
      regulatory_status: 'restricted',
      restrictions: 'Labelling above 0.001 % (leave-on) / 0.01 % (rinse-off)',
      regional_regulations: [
        {
          region: 'EU',
          status: 'allergen',
          regulation: 'Regulation (EC) No 1223/2009 Annex III',
          details: null,
          source: 'eu-annex-iii.csv',
          source_date: '2024-05-16',
        },
      ],
      regional_summary: {
        total_regions: 1,
        prohibited_in: [],
        restricted_in: ['EU'],
        prop65_listed: false,
        allergen_regions: ['EU'],
      },
    },
    ...overrides,
  };
}

const imported = (chemical: Chemical = linalool()): ChemicalAdded => ({
  type: 'ChemicalAdded',
  data: { chemical, source: 'catalogue_import', contribution_id: null },
});

describe('AddChemical', () => {
  const add = (
    data: Partial<Extract<ChemicalCommand, { type: 'AddChemical' }>['data']> = {},
  ): ChemicalCommand => ({
    type: 'AddChemical',
    data: { chemical_id: 'chem-new', name: 'Iso E Super', ...data },
  });

  it('adds a chemical with the manager defaults (type natural, flags off, unverified)', () => {
    const [event] = spec()
      .when(run(add({ cas_number: ' 54464-57-2 ', description: '  Woody amber  ' })))
      .thenEmits([
        {
          type: 'ChemicalAdded',
          data: {
            source: 'admin',
            contribution_id: null,
            chemical: {
              id: 'chem-new',
              name: 'Iso E Super',
              type: 'natural',
              cas_number: '54464-57-2',
              ec_number: null,
              inci_name: null,
              synonyms: [],
              description: 'Woody amber',
              allergen_flag: false,
              prohibited: false,
              restricted: false,
              restrictions: null,
              regulatory_status: null,
              verified: false,
              odour: null,
              safety_information: emptySafetyInformation(),
            },
          },
        },
      ]);
    expect(event).toBeDefined();
  });

  it('mirrors the flags into safety_information and derives the regulatory status', () => {
    const [event] = decide(
      add({ allergen_flag: true, prohibited: true, type: 'synthetic' }),
      initialState,
      asAdmin,
    );
    const chemical = (event as ChemicalAdded).data.chemical;
    expect(chemical.regulatory_status).toBe('prohibited');
    expect(chemical.safety_information).toMatchObject({
      is_allergen: true,
      is_prohibited: true,
      is_restricted: false,
      regulatory_status: 'prohibited',
    });
  });

  it('marks chemicals brought in by a contribution', () => {
    const [event] = decide(add({ contribution_id: 'contrib-1' }), initialState, asAdmin);
    expect((event as ChemicalAdded).data).toMatchObject({
      source: 'contribution',
      contribution_id: 'contrib-1',
    });
  });

  it('needs an admin', () => {
    spec()
      .when(run(add(), { now, actor: null }))
      .thenThrows('unauthorized', 'Please sign in to add chemicals');
    spec()
      .when(run(add(), { now, actor: user }))
      .thenThrows('forbidden', 'Only an administrator can add chemicals');
    const pendingAdmin: Actor = { ...admin, status: 'pending' } as Actor;
    spec()
      .when(run(add(), { now, actor: pendingAdmin }))
      .thenThrows('forbidden');
  });

  it('validates name, type, CAS and EC numbers', () => {
    spec()
      .when(run(add({ name: '   ' })))
      .thenThrows('validation', 'Chemical name is required');
    spec()
      .when(run(add({ type: 'plastic' as never })))
      .thenThrows(
        'validation',
        'Chemical type must be one of: natural, synthetic, essential_oil, aromatic_compound',
      );
    spec()
      .when(run(add({ cas_number: '78-70-5' })))
      .thenThrows('validation', /wrong check digit/);
    spec()
      .when(run(add({ cas_number: '78706' })))
      .thenThrows('validation', /not in the format/);
    spec()
      .when(run(add({ ec_number: '201-134-5' })))
      .thenThrows('validation', /not a valid EC number/);
    spec()
      .when(run(add({ name: 'x'.repeat(501) })))
      .thenThrows('validation', /at most 500/);
  });

  it('refuses a name or CAS number another chemical has', () => {
    const taken = { ...asAdmin, sameNameOrCas: [{ id: 'chem-1', name: 'ISO E SUPER', cas_number: null }] };
    spec().when(run(add(), taken)).thenThrows('conflict', 'A chemical named "ISO E SUPER" already exists');
    const casTaken = {
      ...asAdmin,
      sameNameOrCas: [{ id: 'chem-2', name: 'OTNE', cas_number: '54464-57-2' }],
    };
    spec()
      .when(run(add({ cas_number: '54464-57-2' }), casTaken))
      .thenThrows('conflict', 'CAS number 54464-57-2 already belongs to "OTNE"');
  });

  it('refuses an id that is taken', () => {
    spec([imported(linalool({ id: 'chem-new' }))])
      .when(run(add()))
      .thenThrows('conflict');
  });
});

describe('EditChemical', () => {
  const edit = (changes: Record<string, unknown>, chemical_id = 'chem-78-70-6'): ChemicalCommand => ({
    type: 'EditChemical',
    data: { chemical_id, changes },
  });

  it('emits only the fields that changed', () => {
    spec([imported()])
      .when(run(edit({ name: 'Linalool', description: 'Floral, woody' })))
      .thenEmits([
        {
          type: 'ChemicalEdited',
          data: { chemical_id: 'chem-78-70-6', changes: { description: 'Floral, woody' }, source: 'admin' },
        },
      ]);
  });

  it('changes nothing when nothing differs', () => {
    spec([imported()])
      .when(run(edit({ name: ' Linalool ', cas_number: '78-70-6' })))
      .thenNothing();
  });

  it('keeps the regulatory status and safety mirrors in step with the flags', () => {
    const [event] = spec([imported()])
      .when(run(edit({ restricted: false, allergen_flag: false })))
      .thenEmits([
        {
          type: 'ChemicalEdited',
          data: {
            chemical_id: 'chem-78-70-6',
            source: 'admin',
            changes: {
              allergen_flag: false,
              restricted: false,
              regulatory_status: null,
              safety_information: {
                ...linalool().safety_information,
                is_allergen: false,
                is_restricted: false,
                regulatory_status: null,
              },
            },
          },
        },
      ]);
    const state = evolve(evolve(initialState, imported()), event!);
    expect(state.status === 'active' && state.chemical.safety_information.is_allergen).toBe(false);
  });

  it('refuses unknown fields, an empty name and a duplicate name', () => {
    spec([imported()])
      .when(run(edit({ colour: 'blue' })))
      .thenThrows('validation', /Unknown chemical field\(s\): colour/);
    spec([imported()])
      .when(run(edit({ name: '' })))
      .thenThrows('validation', 'Chemical name is required');
    spec([imported()])
      .when(
        run(edit({ name: 'Linalol' }), {
          ...asAdmin,
          sameNameOrCas: [{ id: 'chem-other', name: 'linalol', cas_number: null }],
        }),
      )
      .thenThrows('conflict');
  });

  it('a chemical that is unknown or deleted is not found', () => {
    spec()
      .when(run(edit({ name: 'X' })))
      .thenThrows('not_found', 'Chemical chem-78-70-6 not found');
    spec([
      imported(),
      {
        type: 'ChemicalDeleted',
        data: { chemical_id: 'chem-78-70-6', name: 'Linalool', cas_number: '78-70-6' },
      },
    ])
      .when(run(edit({ name: 'X' })))
      .thenThrows('not_found');
  });

  it('needs an admin', () => {
    spec([imported()])
      .when(run(edit({ name: 'X' }), { now, actor: user }))
      .thenThrows('forbidden');
  });
});

describe('DeleteChemical', () => {
  const del: ChemicalCommand = { type: 'DeleteChemical', data: { chemical_id: 'chem-78-70-6' } };

  it('deletes a live chemical', () => {
    spec([imported()])
      .when(run(del))
      .thenEmits([
        {
          type: 'ChemicalDeleted',
          data: { chemical_id: 'chem-78-70-6', name: 'Linalool', cas_number: '78-70-6' },
        },
      ]);
  });

  it('an unknown or already deleted chemical is not found', () => {
    spec().when(run(del)).thenThrows('not_found');
    spec([imported()])
      .when((state) => {
        const events = decide(del, state, asAdmin);
        return decide(del, events.reduce(evolve, state), asAdmin);
      })
      .thenThrows('not_found');
  });

  it('needs an admin', () => {
    spec([imported()])
      .when(run(del, { now, actor: null }))
      .thenThrows('unauthorized');
  });
});

describe('ImportChemical', () => {
  const system: ChemicalsContext = { now, actor: systemActor('catalogue-import') };
  const importCmd = (chemical: Chemical): ChemicalCommand => ({ type: 'ImportChemical', data: { chemical } });

  it('adds a new chemical as catalogue_import, keeping the safety data', () => {
    spec()
      .when(run(importCmd(linalool()), system))
      .thenEmits([imported()]);
  });

  it('is idempotent: the same record again gives nothing', () => {
    spec([imported()])
      .when(run(importCmd(linalool()), system))
      .thenNothing();
  });

  it('a changed record gives the changed fields', () => {
    spec([imported()])
      .when(run(importCmd(linalool({ description: 'Terpene alcohol' })), system))
      .thenEmits([
        {
          type: 'ChemicalEdited',
          data: {
            chemical_id: 'chem-78-70-6',
            changes: { description: 'Terpene alcohol' },
            source: 'catalogue_import',
          },
        },
      ]);
  });

  it("leaves an admin's edits alone and does not bring back a deleted chemical", () => {
    const adminEdit: ChemicalEvent = {
      type: 'ChemicalEdited',
      data: { chemical_id: 'chem-78-70-6', changes: { description: 'Admin text' }, source: 'admin' },
    };
    spec([imported(), adminEdit])
      .when(run(importCmd(linalool({ description: 'Import text', verified: false })), system))
      .thenEmits([
        {
          type: 'ChemicalEdited',
          data: { chemical_id: 'chem-78-70-6', changes: { verified: false }, source: 'catalogue_import' },
        },
      ]);
    spec([
      imported(),
      {
        type: 'ChemicalDeleted',
        data: { chemical_id: 'chem-78-70-6', name: 'Linalool', cas_number: '78-70-6' },
      },
    ])
      .when(run(importCmd(linalool({ description: 'New' })), system))
      .thenNothing();
  });

  it('rejects a bad CAS number and anonymous or regular callers', () => {
    spec()
      .when(run(importCmd(linalool({ cas_number: '78-70-7' })), system))
      .thenThrows('validation', /check digit/);
    spec()
      .when(run(importCmd(linalool()), { now, actor: user }))
      .thenThrows('forbidden');
  });

  it('fills absent optional blocks and syncs the mirrors', () => {
    const raw = {
      id: 'chem-x',
      name: 'Benzyl alcohol',
      type: 'aromatic_compound',
      cas_number: '100-51-6',
      allergen_flag: true,
    };
    const clean = cleanImportedChemical(raw);
    expect(clean).toMatchObject({ synonyms: [], odour: null, verified: false, regulatory_status: null });
    expect(clean.safety_information).toMatchObject({
      is_allergen: true,
      sccs_data: null,
      regional_regulations: [],
    });
  });
});
