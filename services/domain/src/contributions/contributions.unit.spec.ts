import { describe, expect, it } from 'vitest';
import { decide as decideChemical } from '../chemicals/chemicals.decide.ts';
import { initialState as noChemical } from '../chemicals/chemicals.events.ts';
import { decide as decidePerfume } from '../perfumes/perfumes.decide.ts';
import {
  evolve as evolvePerfume,
  initialState as noPerfume,
  perfumeChemicals,
} from '../perfumes/perfumes.events.ts';
import type { Actor } from '../shared/context.ts';
import { given } from '../shared/testing.ts';
import { planContributionApproval } from './contributions.approval.ts';
import type {
  ContributionCommand,
  ContributionEntryInput,
  ContributionsContext,
} from './contributions.decide.ts';
import { CONTRIBUTORS_ONLY_DETAIL, decide, SELECT_PERFUME_DETAIL } from './contributions.decide.ts';
import type {
  ContributionEntry,
  ContributionEvent,
  ContributionState,
  ContributionSubmitted,
} from './contributions.events.ts';
import { evolve, initialState } from './contributions.events.ts';

const now = '2025-01-02T03:04:05.000Z';
const maker: Actor = { kind: 'account', id: 'acc-maker', role: 'manufacturer', status: 'active' };
const admin: Actor = { kind: 'account', id: 'acc-admin', role: 'admin', status: 'active' };
const perfume = { id: 'chanel--no-5', name: 'No 5' };
const asMaker: ContributionsContext = { now, actor: maker, perfume };
const asAdmin: ContributionsContext = { now, actor: admin };

const spec = (events: ContributionEvent[] = []) => given(evolve, initialState, events);
const run =
  (command: ContributionCommand, context: ContributionsContext = asMaker) =>
  (state: ContributionState) =>
    decide(command, state, context);

const submit = (
  chemical_data: ContributionEntryInput[] = [
    { name: ' Linalool ', cas_number: '78-70-6', concentration_min: 0.5, concentration_max: 2 },
  ],
  perfume_id = 'chanel--no-5',
): ContributionCommand => ({
  type: 'SubmitContribution',
  data: {
    contribution_id: 'contrib-1',
    perfume_id,
    chemical_data,
    contributor_notes: ' From our formula sheet ',
  },
});

const linaloolEntry: ContributionEntry = {
  name: 'Linalool',
  type: 'synthetic',
  allergen_flag: false,
  description: null,
  cas_number: '78-70-6',
  concentration_min: 0.5,
  concentration_max: 2,
  inci_name: null,
  regulatory_status: null,
};
const submitted: ContributionSubmitted = {
  type: 'ContributionSubmitted',
  data: {
    contribution_id: 'contrib-1',
    perfume_id: 'chanel--no-5',
    perfume_name: 'No 5',
    chemical_data: [linaloolEntry],
    contributor_notes: 'From our formula sheet',
    contributor_id: 'acc-maker',
    contributor_role: 'manufacturer',
  },
};

describe('SubmitContribution', () => {
  it('records the cleaned entries with the contributor from the session (type defaults to synthetic)', () => {
    spec().when(run(submit())).thenEmits([submitted]);
  });

  it('only approved manufacturers and retailers may contribute', () => {
    spec()
      .when(run(submit(), { ...asMaker, actor: null }))
      .thenThrows('unauthorized');
    spec()
      .when(
        run(submit(), {
          ...asMaker,
          actor: { kind: 'account', id: 'u', role: 'regular_user', status: 'active' },
        }),
      )
      .thenThrows('forbidden', CONTRIBUTORS_ONLY_DETAIL);
    spec()
      .when(run(submit(), { ...asMaker, actor: { ...maker, status: 'pending' } as Actor }))
      .thenThrows('forbidden', /pending/);
    spec()
      .when(run(submit(), { ...asMaker, actor: admin }))
      .thenThrows('forbidden');
  });

  it('needs a perfume that exists', () => {
    spec()
      .when(run(submit(undefined, '')))
      .thenThrows('validation', SELECT_PERFUME_DETAIL);
    spec()
      .when(run(submit(), { ...asMaker, perfume: null }))
      .thenThrows('not_found', 'Perfume chanel--no-5 not found');
  });

  it('needs at least one chemical, each named, with valid CAS and concentrations', () => {
    spec()
      .when(run(submit([])))
      .thenThrows('validation', 'Please add at least one chemical');
    const err = spec()
      .when(run(submit([{ name: 'Linalool' }, { name: '  ' }])))
      .thenThrows('validation', 'Chemical name is required');
    expect(err.field).toBe('chemical_data[1].name');
    spec()
      .when(run(submit([{ name: 'X', cas_number: '78-70-5' }])))
      .thenThrows('validation', /check digit/);
    spec()
      .when(run(submit([{ name: 'X', concentration_min: 3, concentration_max: 2 }])))
      .thenThrows('validation', /must not exceed/);
    spec()
      .when(run(submit([{ name: 'X', concentration_max: 100.5 }])))
      .thenThrows('validation', /0 to 100/);
    spec()
      .when(run(submit([{ name: 'X', type: 'mineral' }])))
      .thenThrows('validation', /Chemical type/);
  });

  it('an empty concentration is null', () => {
    const [event] = decide(
      submit([{ name: 'X', concentration_min: null, concentration_max: '' as never }]),
      initialState,
      asMaker,
    );
    expect(event?.type === 'ContributionSubmitted' && event.data.chemical_data[0]).toMatchObject({
      concentration_min: null,
      concentration_max: null,
    });
  });
});

describe('ApproveContribution / RejectContribution', () => {
  const approve: ContributionCommand = {
    type: 'ApproveContribution',
    data: { contribution_id: 'contrib-1' },
  };
  const reject = (reason: string): ContributionCommand => ({
    type: 'RejectContribution',
    data: { contribution_id: 'contrib-1', reason },
  });

  it('an admin approves a pending contribution; the event carries the data to apply', () => {
    spec([submitted])
      .when(run(approve, asAdmin))
      .thenEmits([
        {
          type: 'ContributionApproved',
          data: {
            contribution_id: 'contrib-1',
            perfume_id: 'chanel--no-5',
            contributor_id: 'acc-maker',
            chemical_data: [linaloolEntry],
          },
        },
      ]);
  });

  it('an admin rejects with a reason', () => {
    spec([submitted])
      .when(run(reject('No source given'), asAdmin))
      .thenEmits([
        {
          type: 'ContributionRejected',
          data: {
            contribution_id: 'contrib-1',
            perfume_id: 'chanel--no-5',
            contributor_id: 'acc-maker',
            reason: 'No source given',
          },
        },
      ]);
    spec([submitted])
      .when(run(reject(''), asAdmin))
      .thenThrows('validation', 'A reason is required');
  });

  it('only pending contributions, only admins', () => {
    const approved = decide(approve, evolve(initialState, submitted), asAdmin);
    spec([submitted, ...approved])
      .when(run(approve, asAdmin))
      .thenThrows('invalid_state', 'Contribution contrib-1 was already approved');
    spec([submitted, ...approved])
      .when(run(reject('x'), asAdmin))
      .thenThrows('invalid_state');
    spec().when(run(approve, asAdmin)).thenThrows('not_found');
    spec([submitted]).when(run(approve, asMaker)).thenThrows('forbidden');
  });
});

describe('planContributionApproval', () => {
  const approved = {
    contribution_id: 'contrib-1',
    perfume_id: 'chanel--no-5',
    contributor_id: 'acc-maker',
    chemical_data: [
      linaloolEntry,
      {
        ...linaloolEntry,
        name: 'Hedione',
        cas_number: null,
        regulatory_status: 'Restricted',
        concentration_min: 5,
        concentration_max: 10,
      },
      { ...linaloolEntry, name: 'hedione', cas_number: null },
    ],
  };

  it('matches by CAS, then by name; creates the rest once; links all to the perfume', () => {
    const plan = planContributionApproval(
      approved,
      [{ id: 'chem-78-70-6', name: 'Linalool', cas_number: '78-70-6' }],
      ['new-0', 'new-1', 'new-2'],
    );
    expect(plan.addChemicals).toHaveLength(1);
    expect(plan.addChemicals[0]!.data).toMatchObject({
      chemical_id: 'new-1',
      name: 'Hedione',
      contribution_id: 'contrib-1',
      restricted: true,
      regulatory_status: 'restricted',
    });
    expect(plan.assignment.data).toEqual({
      perfume_id: 'chanel--no-5',
      assignment_type: 'add',
      source: 'contribution',
      source_id: 'contrib-1',
      chemicals: [
        { chemical_id: 'chem-78-70-6', concentration_min: 0.5, concentration_max: 2 },
        { chemical_id: 'new-1', concentration_min: 5, concentration_max: 10 },
      ],
    });
  });

  it('its commands pass the chemicals and perfumes deciders', () => {
    const plan = planContributionApproval(approved, [], ['new-0', 'new-1', 'new-2']);
    const context = { now, actor: admin };
    for (const add of plan.addChemicals) {
      expect(decideChemical(add, noChemical, context)[0]?.type).toBe('ChemicalAdded');
    }
    const perfumeState = evolvePerfume(noPerfume, {
      type: 'PerfumeCatalogued',
      data: {
        perfume: {
          id: 'chanel--no-5',
          name: 'No 5',
          brand: 'Chanel',
          year_released: null,
          gender: null,
          perfumer: null,
          concentration: null,
          description: null,
          image_url: null,
          accords: [],
          notes: { top: [], middle: [], base: [], unspecified: [] },
          chemicals: [],
          field_sources: {},
          sources: [],
        },
      },
    });
    const events = decidePerfume(plan.assignment, perfumeState, {
      ...context,
      knownChemicals: plan.knownChemicals,
    });
    const links = perfumeChemicals(events.reduce(evolvePerfume, perfumeState));
    expect(links.map((l) => [l.chemical_id, l.source])).toEqual([
      ['new-0', 'contribution'],
      ['new-1', 'contribution'],
    ]);
  });
});
