import type { AppendToStream } from '@scentinel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHarness } from '../../auth/testing/accounts-harness.ts';

describe('admin review of accounts and contributions; contributing', () => {
  let h: Harness;
  let admin: string;
  let maker: { id: string; email: string; username: string; token: string };

  beforeAll(async () => {
    h = await startHarness();
    admin = await h.adminToken();
    await h.seedChemical({
      id: 'chem-linalool',
      name: 'Linalool',
      cas_number: '78-70-6',
      allergen_flag: true,
    });
    await h.seedPerfume({
      id: 'p-bloom',
      name: 'Bloom',
      brand: 'Acme',
      chemicals: [{ chemical_id: 'chem-linalool', name: 'Linalool', source: 'inferred', from_note: 'Rose' }],
    });
    await h.seedPerfume({ id: 'p-other', name: 'Other', brand: 'Acme' });
    const m = await h.signUp('manufacturer', 'maison-test');
    await h.approve(m.id);
    maker = { ...m, token: await h.login(m.email) };
  });
  afterAll(async () => {
    await h?.close();
  });

  const submit = (token: string, contribution: unknown, extra: object = {}) =>
    h.call('POST', '/api/contributions/submit-chemical-data', { token, body: { contribution, ...extra } });

  describe('accounts', () => {
    it('lists pending accounts, approves one (it can then sign in) and rejects another (it cannot)', async () => {
      const ok = await h.signUp('retailer', 'good-shop');
      const bad = await h.signUp('manufacturer', 'bad-maker');
      const list = await h.call('GET', '/api/admin/accounts?status=pending', { token: admin });
      expect(list.statusCode).toBe(200);
      const usernames = list.json().accounts.map((a: { username: string }) => a.username);
      expect(usernames).toEqual(expect.arrayContaining(['good-shop', 'bad-maker']));
      expect(list.json().accounts.every((a: { status: string }) => a.status === 'pending')).toBe(true);
      expect(JSON.stringify(list.json())).not.toContain('scrypt');

      const approved = await h.call('POST', `/api/admin/accounts/${ok.id}/approve`, { token: admin });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({
        detail: 'Account approved',
        account: { id: ok.id, status: 'active' },
      });
      const login = await h.call('POST', '/api/auth/login', {
        body: { email: ok.email, password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ role: 'retailer', status: 'active' });

      const rejected = await h.call('POST', `/api/admin/accounts/${bad.id}/reject`, {
        token: admin,
        body: { reason: 'Could not verify the company' },
      });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().account).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Could not verify the company',
      });
      const refused = await h.call('POST', '/api/auth/login', {
        body: { email: bad.email, password: PASSWORD },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('Your account registration was not approved');

      const pendingNow = (await h.call('GET', '/api/admin/accounts?status=pending', { token: admin })).json();
      expect(pendingNow.accounts.map((a: { id: string }) => a.id)).not.toContain(ok.id);
    });

    it('refuses bad review calls without writing', async () => {
      const pending = await h.signUp('retailer');
      const before = await h.head();
      const cases: [string, string, unknown, number][] = [
        ['unknown account', '/api/admin/accounts/acc-nope/approve', undefined, 404],
        ['active account', `/api/admin/accounts/${maker.id}/approve`, undefined, 409],
        ['reject without reason', `/api/admin/accounts/${pending.id}/reject`, {}, 400],
        ['blank reason', `/api/admin/accounts/${pending.id}/reject`, { reason: '  ' }, 400],
        ['reason not text', `/api/admin/accounts/${pending.id}/reject`, { reason: 7 }, 400],
        ['bad id', '/api/admin/accounts/bad%20id/approve', undefined, 400],
      ];
      for (const [label, url, body, status] of cases) {
        const res = await h.call('POST', url, { token: admin, body });
        expect(res.statusCode, label).toBe(status);
        expect(res.json().detail, label).toEqual(expect.any(String));
      }
      const badStatus = await h.call('GET', '/api/admin/accounts?status=weird', { token: admin });
      expect(badStatus.statusCode).toBe(400);
      expect(await h.head()).toBe(before);
    });
  });

  describe('contributions', () => {
    it('takes a contribution from an approved manufacturer; id and role come from the session', async () => {
      const res = await submit(
        maker.token,
        {
          perfume_id: 'p-bloom',
          chemical_data: [
            { name: 'Linalool', cas_number: '78-70-6', concentration_min: 0.5, concentration_max: 1.25 },
          ],
          contributor_notes: 'From our formula sheet',
        },
        { contributor_id: maker.id, contributor_role: 'manufacturer' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        detail: 'Contribution submitted for review',
        contribution: {
          status: 'submitted',
          perfume_id: 'p-bloom',
          perfume_name: 'Bloom',
          contributor_id: maker.id,
          contributor_role: 'manufacturer',
          contributor_notes: 'From our formula sheet',
          chemical_data: [
            { name: 'Linalool', type: 'synthetic', concentration_min: 0.5, concentration_max: 1.25 },
          ],
        },
      });
      const event = (await h.eventLog.readStream(`contribution:${res.json().contribution.id}`))[0]!;
      expect(event.metadata).toMatchObject({ actorId: maker.id, actorRole: 'manufacturer' });
    });

    it('refuses bad contributions with 4xx and a detail, writing nothing', async () => {
      const before = await h.head();
      const entry = { name: 'Vanillin' };
      const cases: [string, unknown, number][] = [
        ['no perfume', { perfume_id: null, chemical_data: [entry] }, 400],
        ['empty perfume', { perfume_id: '', chemical_data: [entry] }, 400],
        ['unknown perfume', { perfume_id: 'p-nope', chemical_data: [entry] }, 404],
        ['no chemicals', { perfume_id: 'p-bloom', chemical_data: [] }, 400],
        ['blank name', { perfume_id: 'p-bloom', chemical_data: [{ name: ' ' }] }, 400],
        ['missing name', { perfume_id: 'p-bloom', chemical_data: [{ cas_number: '78-70-6' }] }, 400],
        [
          'over 100 %',
          { perfume_id: 'p-bloom', chemical_data: [{ name: 'X', concentration_max: 100.5 }] },
          400,
        ],
        [
          'finer than 0.01',
          { perfume_id: 'p-bloom', chemical_data: [{ name: 'X', concentration_min: 0.001 }] },
          400,
        ],
        ['negative', { perfume_id: 'p-bloom', chemical_data: [{ name: 'X', concentration_min: -1 }] }, 400],
        [
          'min > max',
          {
            perfume_id: 'p-bloom',
            chemical_data: [{ name: 'X', concentration_min: 5, concentration_max: 2 }],
          },
          400,
        ],
        [
          'concentration as text',
          { perfume_id: 'p-bloom', chemical_data: [{ name: 'X', concentration_min: '5' }] },
          400,
        ],
        ['bad CAS', { perfume_id: 'p-bloom', chemical_data: [{ name: 'X', cas_number: '78-70-7' }] }, 400],
        ['bad type', { perfume_id: 'p-bloom', chemical_data: [{ name: 'X', type: 'plastic' }] }, 400],
        ['entries not a list', { perfume_id: 'p-bloom', chemical_data: 'Linalool' }, 400],
        [
          'too many entries',
          { perfume_id: 'p-bloom', chemical_data: Array.from({ length: 101 }, () => entry) },
          400,
        ],
        ['no contribution', undefined, 400],
      ];
      for (const [label, contribution, status] of cases) {
        const res = await submit(maker.token, contribution);
        expect(res.statusCode, label).toBe(status);
        expect(res.json().detail, label).toEqual(expect.any(String));
      }
      const noPerfume = await submit(maker.token, { perfume_id: null, chemical_data: [entry] });
      expect(noPerfume.json().detail).toBe('Please select a perfume');
      expect(await h.head()).toBe(before);
    });

    it('shows the contributor their own contributions only', async () => {
      const other = await h.signUp('retailer');
      await h.approve(other.id);
      const otherToken = await h.login(other.email);
      await submit(otherToken, { perfume_id: 'p-other', chemical_data: [{ name: 'Vanillin' }] });
      const mine = await h.call('GET', '/api/contributions/mine', { token: otherToken });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().contributions.map((c: { perfume_id: string }) => c.perfume_id)).toEqual(['p-other']);
      expect(mine.json().contributions[0].status).toBe('submitted');
    });

    it('lists submitted contributions beside the perfume as it is now', async () => {
      const res = await h.call('GET', '/api/admin/contributions?status=submitted', { token: admin });
      expect(res.statusCode).toBe(200);
      const bloom = res.json().contributions.find((c: { perfume_id: string }) => c.perfume_id === 'p-bloom');
      expect(bloom).toMatchObject({
        status: 'submitted',
        contributor_username: 'maison-test',
        perfume: {
          id: 'p-bloom',
          name: 'Bloom',
          brand: 'Acme',
          chemicals: [{ chemical_id: 'chem-linalool', name: 'Linalool', kind: 'inferred' }],
        },
      });
    });

    it('approves: new chemicals are added, all are declared on the perfume, in one atomic append', async () => {
      const submitted = await submit(maker.token, {
        perfume_id: 'p-bloom',
        chemical_data: [
          { name: 'Linalool (natural)', cas_number: '78-70-6', concentration_max: 2 },
          {
            name: 'Ambroxan',
            cas_number: '6790-58-5',
            type: 'aromatic_compound',
            concentration_min: 0.1,
            concentration_max: 0.3,
          },
          { name: 'Velvione', allergen_flag: false },
        ],
      });
      const id = submitted.json().contribution.id;
      const calls: AppendToStream[][] = [];
      const appendMany = h.eventLog.appendMany.bind(h.eventLog);
      h.eventLog.appendMany = (batches) => {
        calls.push(batches);
        return appendMany(batches);
      };
      const res = await h.call('POST', `/api/admin/contributions/${id}/approve`, { token: admin });
      h.eventLog.appendMany = appendMany;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        detail: 'Contribution approved',
        contribution: { id, status: 'approved' },
        linked_chemicals: 3,
      });
      expect(res.json().added_chemicals.map((c: { name: string }) => c.name)).toEqual([
        'Ambroxan',
        'Velvione',
      ]);

      expect(calls).toHaveLength(1);
      const streams = calls[0]!.map((b) => b.streamId);
      expect(streams[0]).toBe(`contribution:${id}`);
      expect(streams.filter((s) => s.startsWith('chemical:'))).toHaveLength(2);
      expect(streams.at(-1)).toBe('perfume:p-bloom');

      const perfumeEvents = await h.eventLog.readStream('perfume:p-bloom');
      const assigned = perfumeEvents.at(-1)!;
      expect(assigned).toMatchObject({
        type: 'PerfumeChemicalsAssigned',
        data: { assignment_type: 'add', source: 'contribution', source_id: id, link_kind: 'declared' },
      });
      const links = (
        assigned.data as {
          chemicals: { chemical_id: string; name: string; concentration_max: number | null }[];
        }
      ).chemicals;
      expect(links[0]).toMatchObject({
        chemical_id: 'chem-linalool',
        name: 'Linalool',
        concentration_max: 2,
      });
      const ambroxan = res.json().added_chemicals[0].id;
      const added = (await h.eventLog.readStream(`chemical:${ambroxan}`))[0]!;
      expect(added).toMatchObject({
        type: 'ChemicalAdded',
        data: {
          source: 'contribution',
          contribution_id: id,
          chemical: { name: 'Ambroxan', type: 'aromatic_compound' },
        },
      });

      const list = (await h.call('GET', '/api/admin/contributions?status=approved', { token: admin })).json();
      const shown = list.contributions.find((c: { id: string }) => c.id === id);
      expect(shown.perfume.chemicals.slice(0, 3)).toEqual([
        { chemical_id: 'chem-linalool', name: 'Linalool', kind: 'declared', source: 'contribution' },
        { chemical_id: ambroxan, name: 'Ambroxan', kind: 'declared', source: 'contribution' },
        expect.objectContaining({ name: 'Velvione', kind: 'declared' }),
      ]);
      const mine = (await h.call('GET', '/api/contributions/mine', { token: maker.token })).json();
      expect(mine.contributions.find((c: { id: string }) => c.id === id).status).toBe('approved');

      const before = await h.head();
      expect(
        (await h.call('POST', `/api/admin/contributions/${id}/approve`, { token: admin })).statusCode,
      ).toBe(409);
      const reject = await h.call('POST', `/api/admin/contributions/${id}/reject`, {
        token: admin,
        body: { reason: 'late' },
      });
      expect(reject.statusCode).toBe(409);
      expect(await h.head()).toBe(before);
    });

    it('turns an unspecific perfume into a complete one in the catalogue read model', async () => {
      await h.seedPerfume({ id: 'p-plain', name: 'Plain Musk', brand: 'Nobody' });
      const cardOf = async () =>
        (await h.index.search({ text: 'Plain Musk', category: 'all', limit: 5, skip: 0 })).items.find(
          (p) => p.id === 'p-plain',
        );
      expect((await cardOf())?.data_category).toBe('unspecific');
      const id = (
        await submit(maker.token, {
          perfume_id: 'p-plain',
          chemical_data: [{ name: 'Galaxolide', cas_number: '1222-05-5' }],
        })
      ).json().contribution.id;
      expect(
        (await h.call('POST', `/api/admin/contributions/${id}/approve`, { token: admin })).statusCode,
      ).toBe(200);
      // The answer came after the read model caught up: the card shows it at once.
      const card = await cardOf();
      expect(card?.data_category).toBe('complete');
      expect(card?.chemicals.map((c) => [c.name, c.kind, c.source])).toEqual([
        ['Galaxolide', 'declared', 'contribution'],
      ]);
    });

    it('rejects with a reason; refuses bad review calls', async () => {
      const id = (
        await submit(maker.token, { perfume_id: 'p-other', chemical_data: [{ name: 'Iso E Super' }] })
      ).json().contribution.id;
      const before = await h.head();
      for (const [label, url, body, status] of [
        ['no reason', `/api/admin/contributions/${id}/reject`, {}, 400],
        ['blank reason', `/api/admin/contributions/${id}/reject`, { reason: '' }, 400],
        ['unknown', '/api/admin/contributions/con-nope/approve', undefined, 404],
        ['unknown reject', '/api/admin/contributions/con-nope/reject', { reason: 'x' }, 404],
      ] as const) {
        const res = await h.call('POST', url, { token: admin, body });
        expect(res.statusCode, label).toBe(status);
        expect(res.json().detail, label).toEqual(expect.any(String));
      }
      expect(await h.head()).toBe(before);
      const res = await h.call('POST', `/api/admin/contributions/${id}/reject`, {
        token: admin,
        body: { reason: 'Please give a source' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().contribution).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Please give a source',
      });
      expect(await h.eventLog.streamVersion('perfume:p-other')).toBe(1);
    });
  });
});
