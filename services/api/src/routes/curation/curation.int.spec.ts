import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../auth/testing/accounts-harness.ts';

describe('chemical manager and assignment (admin, real event log)', () => {
  let h: Harness;
  let admin: string;

  beforeAll(async () => {
    h = await startHarness();
    admin = await h.adminToken();
    await h.seedChemical({
      id: 'chem-linalool',
      name: 'Linalool',
      cas_number: '78-70-6',
      allergen_flag: true,
    });
    await h.seedChemical({
      id: 'chem-limonene',
      name: 'Limonene',
      cas_number: '5989-27-5',
      allergen_flag: true,
    });
    await h.seedPerfume({
      id: 'p-rose',
      name: 'Rose Eau',
      brand: 'Acme',
      chemicals: [{ chemical_id: 'chem-linalool', name: 'Linalool', source: 'inferred', from_note: 'Rose' }],
    });
    await h.seedPerfume({ id: 'p-oud', name: 'Oud Nuit', brand: 'Acme' });
    await h.seedPerfume({ id: 'p-iris', name: 'Iris Jour', brand: 'Other' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (url: string, body?: unknown) => h.call('POST', url, { token: admin, body });
  const perfumeChemicalIds = async (id: string) => {
    const { perfumes, perfumeChemicals } = await import('@scentinel/domain');
    const events = await h.eventLog.readStream(`perfume:${id}`);
    const state = events
      .map((e) => ({ type: e.type, data: e.data }) as never)
      .reduce(perfumes.evolve, perfumes.initialState);
    return perfumeChemicals(state).map((l) => l.chemical_id);
  };

  it('adds a chemical (type defaults to natural) and records who did it', async () => {
    const res = await post('/api/add-chemical-manual', {
      name: 'Hedione',
      cas_number: '24851-98-7',
      description: 'Jasmine-like',
      allergen_flag: false,
    });
    expect(res.statusCode).toBe(201);
    const { chemical, detail } = res.json();
    expect(detail).toBe('Successfully added Hedione');
    expect(chemical).toMatchObject({
      name: 'Hedione',
      type: 'natural',
      cas_number: '24851-98-7',
      allergen_flag: false,
    });
    const history = await h.call('GET', `/api/chemicals/${chemical.id}/history`);
    expect(history.statusCode).toBe(200);
    const adminId = (await h.call('GET', '/api/auth/me', { token: admin })).json().user.id;
    expect(history.json()).toMatchObject({
      chemical_id: chemical.id,
      status: 'active',
      version: 1,
      history: [
        {
          version: 1,
          type: 'ChemicalAdded',
          actor_id: adminId,
          actor_role: 'admin',
          occurred_at: h.clock.now.toISOString(),
          details: { name: 'Hedione', source: 'admin' },
        },
      ],
    });
    expect(history.json().history[0].request_id).toEqual(expect.any(String));
  });

  it('refuses duplicate names (case-insensitive) and CAS numbers with 409', async () => {
    const before = await h.head();
    const name = await post('/api/add-chemical-manual', { name: 'LINALOOL' });
    expect(name.statusCode).toBe(409);
    expect(name.json().detail).toBe('A chemical named "Linalool" already exists');
    const cas = await post('/api/add-chemical-manual', { name: 'Linalol (typo)', cas_number: '78-70-6' });
    expect(cas.statusCode).toBe(409);
    expect(cas.json().detail).toMatch(/78-70-6 already belongs to "Linalool"/);
    expect(await h.head()).toBe(before);
  });

  it('lets only one of several concurrent adds of the same name or CAS through', async () => {
    const attempts = await Promise.all(
      ['Ambroxan', 'AMBROXAN', 'ambroxan ', 'Ambrox Super'].map((name, i) =>
        post('/api/add-chemical-manual', { name, cas_number: i === 3 ? '6790-58-5' : undefined }),
      ),
    );
    // The fourth has another name but the CAS the first three lack: it races only with itself.
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const concurrentCas = await Promise.all(
      ['Ambrox A', 'Ambrox B', 'Ambrox C'].map((name) =>
        post('/api/add-chemical-manual', { name, cas_number: '3738-00-9' }),
      ),
    );
    expect(concurrentCas.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of [...attempts, ...concurrentCas].filter((r) => r.statusCode === 409)) {
      expect(refused.json().detail).toMatch(/already (exists|belongs)/);
    }
  });

  it('lets only one of two concurrent renames to the same name through', async () => {
    const a = await post('/api/add-chemical-manual', { name: 'Rename Me A' });
    const b = await post('/api/add-chemical-manual', { name: 'Rename Me B' });
    const [first, second] = await Promise.all(
      [a, b].map((res) =>
        h.call('PUT', `/api/edit-chemical/${res.json().chemical.id}`, {
          token: admin,
          body: { name: 'Cashmeran' },
        }),
      ),
    );
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
  });

  it('refuses bad chemical input with 400 and a detail, writing nothing', async () => {
    const before = await h.head();
    const cases: [string, unknown][] = [
      ['missing name', {}],
      ['blank name', { name: '   ' }],
      ['name not text', { name: 42 }],
      ['bad CAS check digit', { name: 'Thing', cas_number: '78-70-5' }],
      ['bad CAS format', { name: 'Thing', cas_number: 'abc' }],
      ['unknown type', { name: 'Thing', type: 'mineral' }],
      ['flag not boolean', { name: 'Thing', allergen_flag: 'yes' }],
      ['too long name', { name: 'x'.repeat(5000) }],
      ['body not an object', ['Thing']],
    ];
    for (const [label, body] of cases) {
      const res = await post('/api/add-chemical-manual', body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().detail, label).toEqual(expect.any(String));
    }
    const oversize = await post('/api/add-chemical-manual', {
      name: 'Big',
      description: 'x'.repeat(70 * 1024),
    });
    expect(oversize.statusCode).toBe(413);
    expect(await h.head()).toBe(before);
  });

  it('edits with optimistic concurrency: a stale expected_version gets 409', async () => {
    const added = (await post('/api/add-chemical-manual', { name: 'Iso E Super' })).json().chemical;
    const first = await h.call('PUT', `/api/edit-chemical/${added.id}`, {
      token: admin,
      body: { description: 'Woody', expected_version: 1 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      detail: 'Chemical updated successfully',
      version: 2,
      changed: true,
    });
    expect(first.json().chemical.description).toBe('Woody');
    const before = await h.head();
    const stale = await h.call('PUT', `/api/edit-chemical/${added.id}`, {
      token: admin,
      body: { description: 'Ambery', expected_version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/changed by someone else/);
    expect(await h.head()).toBe(before);
    const history = (await h.call('GET', `/api/chemicals/${added.id}/history`)).json();
    expect(history.version).toBe(2);
    expect(history.history[1]).toMatchObject({
      type: 'ChemicalEdited',
      details: { changes: { description: 'Woody' } },
    });
  });

  it('refuses bad edits: unknown id, unknown field, duplicate name, wrong types', async () => {
    const before = await h.head();
    const unknown = await h.call('PUT', '/api/edit-chemical/chem-nope', {
      token: admin,
      body: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
    const field = await h.call('PUT', '/api/edit-chemical/chem-limonene', {
      token: admin,
      body: { colour: 'red' },
    });
    expect(field.statusCode).toBe(400);
    expect(field.json().detail).toMatch(/Unknown chemical field/);
    const dup = await h.call('PUT', '/api/edit-chemical/chem-limonene', {
      token: admin,
      body: { name: 'linalool' },
    });
    expect(dup.statusCode).toBe(409);
    const types = await h.call('PUT', '/api/edit-chemical/chem-limonene', {
      token: admin,
      body: { expected_version: 'one' },
    });
    expect(types.statusCode).toBe(400);
    const otherId = await h.call('PUT', '/api/edit-chemical/chem-limonene', {
      token: admin,
      body: { id: 'chem-linalool', name: 'Z' },
    });
    expect(otherId.statusCode).toBe(400);
    expect(await h.head()).toBe(before);
  });

  it('assigns chemicals to one perfume (replace by default) and refuses an empty selection', async () => {
    const res = await post('/api/perfumes/p-oud/assign-chemicals', {
      chemical_ids: ['chem-linalool', 'chem-limonene'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      perfume_id: 'p-oud',
      assigned_count: 2,
      chemical_count: 2,
      updated: true,
    });
    expect(res.json().detail).toBe('Successfully assigned 2 chemicals to Oud Nuit');
    expect(await perfumeChemicalIds('p-oud')).toEqual(['chem-linalool', 'chem-limonene']);
    const events = await h.eventLog.readStream('perfume:p-oud');
    expect(events.at(-1)).toMatchObject({
      type: 'PerfumeChemicalsAssigned',
      data: { assignment_type: 'replace', source: 'admin', link_kind: 'declared' },
      metadata: { actorRole: 'admin' },
    });

    const before = await h.head();
    const empty = await post('/api/perfumes/p-oud/assign-chemicals', { chemical_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Please select at least one chemical');
    const unknownChemical = await post('/api/perfumes/p-oud/assign-chemicals', {
      chemical_ids: ['chem-nope'],
    });
    expect(unknownChemical.statusCode).toBe(404);
    const unknownPerfume = await post('/api/perfumes/p-nope/assign-chemicals', {
      chemical_ids: ['chem-linalool'],
    });
    expect(unknownPerfume.statusCode).toBe(404);
    const badType = await post('/api/perfumes/p-oud/assign-chemicals', {
      chemical_ids: ['chem-linalool'],
      assignment_type: 'merge',
    });
    expect(badType.statusCode).toBe(400);
    const notList = await post('/api/perfumes/p-oud/assign-chemicals', { chemical_ids: 'chem-linalool' });
    expect(notList.statusCode).toBe(400);
    const missing = await post('/api/perfumes/p-oud/assign-chemicals', {});
    expect(missing.statusCode).toBe(400);
    expect(await h.head()).toBe(before);
  });

  it('bulk-assigns all or nothing and counts the perfumes that changed', async () => {
    const added = await post('/api/bulk-assign-chemicals', {
      perfume_ids: ['p-rose', 'p-iris'],
      chemical_ids: ['chem-limonene'],
      action: 'add',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ updated_count: 2, perfume_count: 2 });
    expect(await perfumeChemicalIds('p-iris')).toEqual(['chem-limonene']);

    const again = await post('/api/bulk-assign-chemicals', {
      perfume_ids: ['p-rose', 'p-iris'],
      chemical_ids: ['chem-limonene'],
      action: 'add',
    });
    expect(again.json().updated_count).toBe(0);

    // One unknown perfume: nothing is written for the others either.
    const before = await h.head();
    const partial = await post('/api/bulk-assign-chemicals', {
      perfume_ids: ['p-iris', 'p-nope'],
      chemical_ids: ['chem-linalool'],
      action: 'add',
    });
    expect(partial.statusCode).toBe(404);
    expect(partial.json().detail).toMatch(/p-nope/);
    expect(await perfumeChemicalIds('p-iris')).toEqual(['chem-limonene']);
    for (const body of [
      { perfume_ids: [], chemical_ids: ['chem-linalool'], action: 'add' },
      { perfume_ids: ['p-iris'], chemical_ids: [], action: 'add' },
      { perfume_ids: ['p-iris'], chemical_ids: ['chem-linalool'], action: 'merge' },
      { perfume_ids: ['p-iris'], chemical_ids: ['chem-linalool'] },
      {
        perfume_ids: Array.from({ length: 1001 }, (_, i) => `p-${i}`),
        chemical_ids: ['chem-linalool'],
        action: 'add',
      },
    ]) {
      const res = await post('/api/bulk-assign-chemicals', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect(await h.head()).toBe(before);

    const removed = await post('/api/bulk-assign-chemicals', {
      perfume_ids: ['p-rose', 'p-iris'],
      chemical_ids: ['chem-limonene'],
      action: 'remove',
    });
    expect(removed.json().updated_count).toBe(2);
    expect(await perfumeChemicalIds('p-iris')).toEqual([]);
    expect(await perfumeChemicalIds('p-rose')).toEqual(['chem-linalool']);
  });

  it('deletes a chemical, says how many perfumes used it, and removes the links atomically', async () => {
    const chemical = (
      await post('/api/add-chemical-manual', { name: 'Coumarin', cas_number: '91-64-5' })
    ).json().chemical;
    await post('/api/bulk-assign-chemicals', {
      perfume_ids: ['p-rose', 'p-oud'],
      chemical_ids: [chemical.id],
      action: 'add',
    });
    const res = await h.call('DELETE', `/api/delete-chemical/${chemical.id}`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'Chemical deleted successfully',
      chemical_id: chemical.id,
      name: 'Coumarin',
      perfumes_affected: 2,
    });
    expect(await perfumeChemicalIds('p-rose')).not.toContain(chemical.id);
    expect(await perfumeChemicalIds('p-oud')).not.toContain(chemical.id);
    const rose = await h.eventLog.readStream('perfume:p-rose');
    const deleted = (await h.eventLog.readStream(`chemical:${chemical.id}`)).at(-1)!;
    expect(rose.at(-1)).toMatchObject({
      type: 'PerfumeChemicalLinksRemoved',
      data: { chemical_ids: [chemical.id] },
    });
    expect(rose.at(-1)!.metadata.requestId).toBe(deleted.metadata.requestId);

    const before = await h.head();
    expect((await h.call('DELETE', `/api/delete-chemical/${chemical.id}`, { token: admin })).statusCode).toBe(
      404,
    );
    expect((await h.call('DELETE', '/api/delete-chemical/chem-nope', { token: admin })).statusCode).toBe(404);
    expect((await h.call('DELETE', '/api/delete-chemical/bad%20id', { token: admin })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/chemicals/chem-nope/history')).statusCode).toBe(404);
    expect(await h.head()).toBe(before);
    // The name is free again.
    expect((await post('/api/add-chemical-manual', { name: 'Coumarin' })).statusCode).toBe(201);
  });

  it('removes inferred links too when a chemical is deleted', async () => {
    await h.seedChemical({ id: 'chem-citral', name: 'Citral', cas_number: '5392-40-5' });
    await h.seedPerfume({
      id: 'p-lemon',
      name: 'Lemon',
      brand: 'Acme',
      chemicals: [{ chemical_id: 'chem-citral', name: 'Citral', source: 'inferred', from_note: 'Lemon' }],
    });
    const res = await h.call('DELETE', '/api/delete-chemical/chem-citral', { token: admin });
    expect(res.json().perfumes_affected).toBe(1);
    expect(await perfumeChemicalIds('p-lemon')).toEqual([]);
  });
});
