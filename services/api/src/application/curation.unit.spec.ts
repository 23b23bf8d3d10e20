import {
  chemicalStreamId,
  contributionStreamId,
  perfumeChemicals,
  perfumeStreamId,
  perfumes,
} from '@scentinel/domain';
import { describe, expect, it } from 'vitest';
import { addChemical } from './chemicals/add-chemical.ts';
import { chemicalHistory } from './chemicals/chemical-history.ts';
import { deleteChemical } from './chemicals/delete-chemical.ts';
import { editChemical } from './chemicals/edit-chemical.ts';
import { loadStream } from './command-handler.ts';
import { approveContribution, rejectContribution } from './contributions/review-contribution.ts';
import { submitContribution } from './contributions/submit-contribution.ts';
import { assignChemicals, bulkAssignChemicals, SELECT_BOTH_DETAIL } from './perfumes/assign-chemicals.ts';
import { inMemoryApp } from './testing/in-memory-deps.ts';

const admin = {
  actor: { kind: 'account', id: 'acc-admin', role: 'admin', status: 'active' },
  requestId: 'r',
} as const;
const maker = {
  actor: { kind: 'account', id: 'acc-maker', role: 'manufacturer', status: 'active' },
  requestId: 'r',
} as const;

async function linkedIds(app: ReturnType<typeof inMemoryApp>, perfumeId: string) {
  const { state } = await loadStream(app.eventLog, perfumeStreamId(perfumeId), perfumes);
  return perfumeChemicals(state)
    .map((l) => l.chemical_id)
    .sort();
}

describe('chemical commands', () => {
  it('adds a chemical; the same name again is refused', async () => {
    const app = inMemoryApp();
    const { chemical, version } = await addChemical(app.deps, admin, {
      name: 'Linalool',
      cas_number: '78-70-6',
    });
    expect(version).toBe(1);
    expect((await app.stream(chemicalStreamId(chemical.id))).map((e) => e.type)).toEqual(['ChemicalAdded']);
    await expect(addChemical(app.deps, admin, { name: 'linalool' })).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('edits a chemical at the version the admin saw, and refuses a stale version', async () => {
    const app = inMemoryApp();
    await app.seedChemical('chem-a', 'Citral');
    const edited = await editChemical(app.deps, admin, {
      chemicalId: 'chem-a',
      changes: { description: 'Lemon' },
      expectedVersion: 1,
    });
    expect(edited).toMatchObject({ version: 2, changed: true, chemical: { description: 'Lemon' } });
    await expect(
      editChemical(app.deps, admin, {
        chemicalId: 'chem-a',
        changes: { description: 'Old' },
        expectedVersion: 1,
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const history = await chemicalHistory(app.deps, 'chem-a');
    expect(history.version).toBe(2);
    expect(history.events.map((e) => e.type)).toEqual(['ChemicalAdded', 'ChemicalEdited']);
    await expect(chemicalHistory(app.deps, 'no:such')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('deletes a chemical and removes it from every perfume that lists it, in one append', async () => {
    const app = inMemoryApp();
    await app.seedChemical('chem-a', 'Citral');
    await app.seedChemical('chem-b', 'Geraniol');
    await app.seedPerfume('p-1', 'One');
    await app.seedPerfume('p-2', 'Two');
    await bulkAssignChemicals(app.deps, admin, {
      perfumeIds: ['p-1', 'p-2'],
      chemicalIds: ['chem-a', 'chem-b'],
      action: 'add',
    });
    const head = await app.eventLog.headPosition();
    const { name, perfumesAffected } = await deleteChemical(app.deps, admin, 'chem-a');
    expect({ name, perfumesAffected }).toEqual({ name: 'Citral', perfumesAffected: 2 });
    expect(await linkedIds(app, 'p-1')).toEqual(['chem-b']);
    expect(await linkedIds(app, 'p-2')).toEqual(['chem-b']);
    const written = await app.eventLog.readAll({ after: head });
    expect(new Set(written.map((e) => e.position)).size).toBe(3);
  });
});

describe('assignment commands', () => {
  it('assigns known chemicals to a perfume; unknown chemical ids are refused', async () => {
    const app = inMemoryApp();
    await app.seedChemical('chem-a', 'Citral');
    await app.seedPerfume('p-1', 'One');
    const result = await assignChemicals(app.deps, admin, {
      perfumeId: 'p-1',
      chemicalIds: ['chem-a'],
      assignmentType: 'replace',
    });
    expect(result).toEqual({ perfumeName: 'One', chemicalCount: 1, updated: true });
    await expect(
      assignChemicals(app.deps, admin, { perfumeId: 'p-1', chemicalIds: ['chem-zz'], assignmentType: 'add' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      assignChemicals(app.deps, admin, { perfumeId: 'p-1', chemicalIds: ['a:b'], assignmentType: 'add' }),
    ).rejects.toBeDefined();
  });

  it('bulk-assigns all or nothing: one unknown perfume writes nothing', async () => {
    const app = inMemoryApp();
    await app.seedChemical('chem-a', 'Citral');
    await app.seedPerfume('p-1', 'One');
    const head = await app.eventLog.headPosition();
    await expect(
      bulkAssignChemicals(app.deps, admin, {
        perfumeIds: ['p-1', 'p-missing'],
        chemicalIds: ['chem-a'],
        action: 'add',
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      bulkAssignChemicals(app.deps, admin, { perfumeIds: [], chemicalIds: ['chem-a'], action: 'add' }),
    ).rejects.toMatchObject({ code: 'validation', detail: SELECT_BOTH_DETAIL });
    expect(await app.eventLog.headPosition()).toBe(head);
    const done = await bulkAssignChemicals(app.deps, admin, {
      perfumeIds: ['p-1', 'p-1'],
      chemicalIds: ['chem-a'],
      action: 'add',
    });
    expect(done).toEqual({ updatedCount: 1, perfumeCount: 1 });
  });
});

describe('contribution commands', () => {
  it('approves a contribution: new chemicals are added and linked, existing ones matched, in one append', async () => {
    const app = inMemoryApp();
    await app.seedPerfume('p-1', 'One');
    await app.seedChemical('chem-lin', 'Linalool', '78-70-6');
    const { contributionId } = await submitContribution(app.deps, maker, {
      perfumeId: 'p-1',
      chemicalData: [
        { name: 'Something else', cas_number: '78-70-6' },
        { name: 'Brand New Musk', type: 'synthetic' },
      ],
      contributorNotes: null,
    });
    const head = await app.eventLog.headPosition();
    const approved = await approveContribution(app.deps, admin, contributionId);
    expect(approved.linkedChemicals).toBe(2);
    expect(approved.addedChemicals.map((c) => c.name)).toEqual(['Brand New Musk']);
    const links = await linkedIds(app, 'p-1');
    expect(links).toContain('chem-lin');
    expect(links).toContain(approved.addedChemicals[0]?.id);
    const written = await app.eventLog.readAll({ after: head });
    expect(written.map((e) => e.type).sort()).toEqual(
      ['ChemicalAdded', 'ContributionApproved', 'PerfumeChemicalsAssigned'].sort(),
    );
    await expect(rejectContribution(app.deps, admin, contributionId, 'late')).rejects.toMatchObject({
      code: 'invalid_state',
    });
  });

  it('refuses a contribution for a perfume that is not catalogued, writing nothing', async () => {
    const app = inMemoryApp();
    await expect(
      submitContribution(app.deps, maker, {
        perfumeId: 'p-none',
        chemicalData: [{ name: 'Musk' }],
        contributorNotes: null,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await app.eventLog.headPosition()).toBe(0);
  });

  it('rejects a contribution with the reason the contributor sees', async () => {
    const app = inMemoryApp();
    await app.seedPerfume('p-1', 'One');
    const { contributionId } = await submitContribution(app.deps, maker, {
      perfumeId: 'p-1',
      chemicalData: [{ name: 'Musk' }],
      contributorNotes: 'from our lab',
    });
    await rejectContribution(app.deps, admin, contributionId, 'No source given');
    const stored = await app.stream(contributionStreamId(contributionId));
    expect(stored.map((e) => e.type)).toEqual(['ContributionSubmitted', 'ContributionRejected']);
    expect((await app.deps.contributions.byId(contributionId))?.rejection_reason).toBe('No source given');
  });
});
