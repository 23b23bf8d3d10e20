/**
 * The authorization matrix: every mutating endpoint (and the admin reads) called by every kind of
 * caller, with the expected status; a refused call must append nothing to the event log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './testing/accounts-harness.ts';

type Caller =
  | 'anonymous'
  | 'regular user'
  | 'pending manufacturer'
  | 'approved manufacturer'
  | 'retailer'
  | 'admin'
  | 'expired token'
  | 'tampered token';

const CALLERS: Caller[] = [
  'anonymous',
  'regular user',
  'pending manufacturer',
  'approved manufacturer',
  'retailer',
  'admin',
  'expired token',
  'tampered token',
];

interface Endpoint {
  name: string;
  /** Who may call it: 'admin', 'contributor' (approved manufacturer or retailer) or 'signed-in'. */
  allowed: 'admin' | 'contributor' | 'signed-in';
  /** Status for an allowed caller. */
  ok: number;
  writes: boolean;
  /** Builds the request (may create what it acts on first, through the admin). */
  request(): Promise<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }>;
}

function expectedStatus(endpoint: Endpoint, caller: Caller): number {
  if (caller === 'anonymous' || caller === 'expired token' || caller === 'tampered token') return 401;
  const signedIn = true;
  const allowed =
    endpoint.allowed === 'signed-in'
      ? signedIn
      : endpoint.allowed === 'admin'
        ? caller === 'admin'
        : caller === 'approved manufacturer' || caller === 'retailer';
  return allowed ? endpoint.ok : 403;
}

describe('authorization matrix: every mutating endpoint × every caller', () => {
  let h: Harness;
  const tokens = new Map<Caller, string | null>();
  let n = 0;

  beforeAll(async () => {
    h = await startHarness();
    await h.seedPerfume({ id: 'matrix-perfume', name: 'Matrix Eau', brand: 'Acme' });
    await h.seedPerfume({ id: 'matrix-perfume-2', name: 'Matrix Nuit', brand: 'Acme' });
    await h.seedChemical({
      id: 'matrix-linalool',
      name: 'Linalool',
      cas_number: '78-70-6',
      allergen_flag: true,
    });

    tokens.set('anonymous', null);
    tokens.set('regular user', (await h.signUp('regular_user')).token);
    const pending = await h.signUp('manufacturer');
    tokens.set('pending manufacturer', await h.forgeSession(pending.id));
    const maker = await h.signUp('manufacturer');
    await h.approve(maker.id);
    tokens.set('approved manufacturer', await h.login(maker.email));
    const shop = await h.signUp('retailer');
    await h.approve(shop.id);
    tokens.set('retailer', await h.login(shop.email));
    tokens.set('admin', await h.adminToken());
    const expiring = await h.signUp('regular_user');
    tokens.set('expired token', await h.forgeSession(expiring.id, -1000));
    const valid = (await h.signUp('regular_user')).token!;
    tokens.set('tampered token', `${valid.slice(0, 10)}${valid[10] === 'x' ? 'y' : 'x'}${valid.slice(11)}`);
  });

  afterAll(async () => {
    await h?.close();
  });

  const admin = () => h.adminToken();
  const newChemical = async () => {
    const res = await h.call('POST', '/api/add-chemical-manual', {
      token: await admin(),
      body: { name: `Matrix chemical ${++n}` },
    });
    return (res.json() as { chemical: { id: string } }).chemical.id;
  };
  const newPendingAccount = async () => (await h.signUp('retailer')).id;
  const newContribution = async () => {
    const res = await h.call('POST', '/api/contributions/submit-chemical-data', {
      token: tokens.get('approved manufacturer')!,
      body: {
        contribution: { perfume_id: 'matrix-perfume-2', chemical_data: [{ name: `Contributed ${++n}` }] },
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return (res.json() as { contribution: { id: string } }).contribution.id;
  };

  const endpoints: Endpoint[] = [
    {
      name: 'POST /api/add-chemical-manual',
      allowed: 'admin',
      ok: 201,
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/api/add-chemical-manual',
        body: { name: `Added ${++n}` },
      }),
    },
    {
      name: 'PUT /api/edit-chemical/{id}',
      allowed: 'admin',
      ok: 200,
      writes: true,
      request: async () => ({
        method: 'PUT',
        url: `/api/edit-chemical/${await newChemical()}`,
        body: { description: 'Edited' },
      }),
    },
    {
      name: 'DELETE /api/delete-chemical/{id}',
      allowed: 'admin',
      ok: 200,
      writes: true,
      request: async () => ({ method: 'DELETE', url: `/api/delete-chemical/${await newChemical()}` }),
    },
    {
      name: 'POST /api/perfumes/{id}/assign-chemicals',
      allowed: 'admin',
      ok: 200,
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/api/perfumes/matrix-perfume/assign-chemicals',
        body: { chemical_ids: [await newChemical()], assignment_type: 'add' },
      }),
    },
    {
      name: 'POST /api/bulk-assign-chemicals',
      allowed: 'admin',
      ok: 200,
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/api/bulk-assign-chemicals',
        body: {
          perfume_ids: ['matrix-perfume', 'matrix-perfume-2'],
          chemical_ids: [await newChemical()],
          action: 'add',
        },
      }),
    },
    {
      name: 'POST /api/contributions/submit-chemical-data',
      allowed: 'contributor',
      ok: 201,
      writes: true,
      request: async () => ({
        method: 'POST',
        url: '/api/contributions/submit-chemical-data',
        body: {
          contribution: {
            perfume_id: 'matrix-perfume',
            chemical_data: [{ name: 'Linalool', cas_number: '78-70-6' }],
          },
        },
      }),
    },
    {
      name: 'POST /api/admin/accounts/{id}/approve',
      allowed: 'admin',
      ok: 200,
      writes: true,
      request: async () => ({
        method: 'POST',
        url: `/api/admin/accounts/${await newPendingAccount()}/approve`,
      }),
    },
    {
      name: 'POST /api/admin/accounts/{id}/reject',
      allowed: 'admin',
      ok: 200,
      writes: true,
      request: async () => ({
        method: 'POST',
        url: `/api/admin/accounts/${await newPendingAccount()}/reject`,
        body: { reason: 'Not a real company' },
      }),
    },
    {
      name: 'POST /api/admin/contributions/{id}/approve',
      allowed: 'admin',
      ok: 200,
      writes: true,
      request: async () => ({
        method: 'POST',
        url: `/api/admin/contributions/${await newContribution()}/approve`,
      }),
    },
    {
      name: 'POST /api/admin/contributions/{id}/reject',
      allowed: 'admin',
      ok: 200,
      writes: true,
      request: async () => ({
        method: 'POST',
        url: `/api/admin/contributions/${await newContribution()}/reject`,
        body: { reason: 'No source given' },
      }),
    },
    {
      name: 'GET /api/admin/accounts',
      allowed: 'admin',
      ok: 200,
      writes: false,
      request: async () => ({ method: 'GET', url: '/api/admin/accounts?status=pending' }),
    },
    {
      name: 'GET /api/admin/contributions',
      allowed: 'admin',
      ok: 200,
      writes: false,
      request: async () => ({ method: 'GET', url: '/api/admin/contributions?status=submitted' }),
    },
    {
      name: 'GET /api/contributions/mine',
      allowed: 'signed-in',
      ok: 200,
      writes: false,
      request: async () => ({ method: 'GET', url: '/api/contributions/mine' }),
    },
    {
      name: 'GET /api/auth/me',
      allowed: 'signed-in',
      ok: 200,
      writes: false,
      request: async () => ({ method: 'GET', url: '/api/auth/me' }),
    },
    // Last: it ends the caller's session.
    {
      name: 'POST /api/auth/logout',
      allowed: 'signed-in',
      ok: 200,
      writes: true,
      request: async () => ({ method: 'POST', url: '/api/auth/logout' }),
    },
  ];

  it('refuses a contribution whose body names another contributor, whatever the role', async () => {
    const token = tokens.get('retailer')!;
    const before = await h.head();
    const res = await h.call('POST', '/api/contributions/submit-chemical-data', {
      token,
      body: {
        contribution: { perfume_id: 'matrix-perfume', chemical_data: [{ name: 'Linalool' }] },
        contributor_id: 'acc-someone-else',
        contributor_role: 'retailer',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/contributor_id/);
    const role = await h.call('POST', '/api/contributions/submit-chemical-data', {
      token,
      body: {
        contribution: { perfume_id: 'matrix-perfume', chemical_data: [{ name: 'Linalool' }] },
        contributor_role: 'manufacturer',
      },
    });
    expect(role.statusCode).toBe(403);
    expect(await h.head()).toBe(before);
  });

  for (const endpoint of endpoints) {
    it(endpoint.name, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const caller of CALLERS) {
        const req = await endpoint.request();
        const before = await h.head();
        const res = await h.call(req.method, req.url, { token: tokens.get(caller) ?? null, body: req.body });
        const after = await h.head();
        const status = expectedStatus(endpoint, caller);
        const wrote = after > before;
        outcomes.push(`${caller}: ${res.statusCode}${wrote ? ' +events' : ''}`);
        expected.push(`${caller}: ${status}${status < 300 && endpoint.writes ? ' +events' : ''}`);
        if (res.statusCode >= 400) {
          expect(res.json(), `${caller} gets a detail`).toMatchObject({
            detail: expect.any(String),
            code: expect.any(String),
          });
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
