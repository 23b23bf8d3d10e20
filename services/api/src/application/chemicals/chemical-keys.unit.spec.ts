import { describe, expect, it } from 'vitest';
import type { ApplicationDeps } from '../deps.ts';
import { inMemoryApp } from '../testing/in-memory-deps.ts';
import { addChemical } from './add-chemical.ts';
import { deleteChemical } from './delete-chemical.ts';
import { editChemical } from './edit-chemical.ts';

const admin = {
  actor: { kind: 'account', id: 'acc-admin', role: 'admin', status: 'active' },
  requestId: 'r',
} as const;

/** A second process on the same log whose read model has not seen anything yet. */
function otherProcess(deps: ApplicationDeps): ApplicationDeps {
  return {
    ...deps,
    catalogue: { chemicalsNamedOrWithCas: async () => [], perfumesLinkingChemical: async () => [] },
  };
}

describe('chemical names and CAS numbers are unique across processes (held in the event log)', () => {
  it('refuses a name or CAS number another process took, even when its read model lags', async () => {
    const app = inMemoryApp();
    const other = otherProcess(app.deps);
    await addChemical(app.deps, admin, { name: 'Linalool', cas_number: '78-70-6' });
    await expect(addChemical(other, admin, { name: '  LINALOOL ' })).rejects.toMatchObject({
      code: 'conflict',
      field: 'name',
    });
    await expect(addChemical(other, admin, { name: 'Linalol', cas_number: '78-70-6' })).rejects.toMatchObject(
      {
        code: 'conflict',
        field: 'cas_number',
      },
    );
  });

  it('a rename or a delete frees the old name and number for everyone', async () => {
    const app = inMemoryApp();
    const other = otherProcess(app.deps);
    const { chemical } = await addChemical(app.deps, admin, { name: 'Citral', cas_number: '5392-40-5' });
    await editChemical(app.deps, admin, { chemicalId: chemical.id, changes: { name: 'Citral (E/Z)' } });
    await addChemical(other, admin, { name: 'citral' });
    await expect(addChemical(other, admin, { name: 'Citral (e/z)' })).rejects.toMatchObject({
      field: 'name',
    });
    await deleteChemical(app.deps, admin, chemical.id);
    await addChemical(other, admin, { name: 'Citral (E/Z)', cas_number: '5392-40-5' });
  });

  it('of many concurrent adds of one name through two processes, exactly one succeeds', async () => {
    const app = inMemoryApp();
    const other = otherProcess(app.deps);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        addChemical(i % 2 ? other : app.deps, admin, { name: 'Geraniol' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'conflict' });
  });
});
