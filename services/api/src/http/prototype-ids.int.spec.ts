/**
 * Names of Object's prototype members used as ids: every route with an id in its path (taken from
 * the OpenAPI document, so a new route is covered without editing this test), and the ids inside
 * the curation and contribution bodies. None may find a prototype member: reads answer 404 (or an
 * empty answer), writes are refused and append nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../auth/testing/accounts-harness.ts';

export const PROTOTYPE_NAMES = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__proto__',
  '__defineGetter__',
  'prototype',
];

/** Bodies for the write routes that take an id in the path (the id under test is the path one). */
const BODIES: Record<string, unknown> = {
  'PUT /api/edit-chemical/{id}': { name: 'Renamed' },
  'POST /api/perfumes/{id}/assign-chemicals': { chemical_ids: ['proto-chem'] },
  'POST /api/admin/accounts/{id}/reject': { reason: 'no' },
  'POST /api/admin/contributions/{id}/reject': { reason: 'no' },
};

describe('prototype names as ids', () => {
  let h: Harness;
  let admin: string;
  let contributor: string;
  let paths: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    h = await startHarness({ catalogue: true });
    admin = await h.adminToken();
    await h.seedPerfume({ id: 'proto-perfume', name: 'Proto Eau', brand: 'Acme' });
    await h.seedChemical({ id: 'proto-chem', name: 'Linalool', cas_number: '78-70-6', allergen_flag: true });
    const shop = await h.signUp('retailer');
    await h.approve(shop.id);
    contributor = await h.login(shop.email);
    paths = (await h.call('GET', '/api/docs/json')).json().paths;
  });
  afterAll(async () => h?.close());

  it('finds nothing behind a prototype name in any path id', async () => {
    const templated = Object.keys(paths).filter((p) => p.includes('{'));
    expect(templated.length).toBeGreaterThanOrEqual(10);
    let calls = 0;
    for (const template of templated) {
      for (const method of Object.keys(paths[template]!)) {
        const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
        if (!['GET', 'POST', 'PUT', 'DELETE'].includes(verb)) continue;
        for (const name of PROTOTYPE_NAMES) {
          const url = template.replace(/\{[^}]+\}/g, encodeURIComponent(name));
          const before = await h.head();
          const key = `${verb} ${template}`;
          const res = await h.call(verb, url, {
            token: admin,
            ...(verb === 'GET' || verb === 'DELETE' ? {} : { body: BODIES[key] ?? {} }),
          });
          calls += 1;
          const where = `${verb} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          expect(res.body, where).not.toMatch(/\[native code\]|function |\[object Object\]/);
          if (verb === 'GET') {
            expect([200, 400, 404], where).toContain(res.statusCode);
          } else {
            expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
            expect(typeof (res.json() as { detail?: unknown }).detail, where).toBe('string');
            expect(await h.head(), where).toBe(before);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
  });

  it('refuses prototype names as chemical and perfume ids inside curation bodies', async () => {
    const before = await h.head();
    const single = await h.call('POST', '/api/perfumes/proto-perfume/assign-chemicals', {
      token: admin,
      body: { chemical_ids: PROTOTYPE_NAMES, assignment_type: 'add' },
    });
    expect(single.statusCode, single.body).toBeGreaterThanOrEqual(400);
    expect(single.statusCode).toBeLessThan(500);
    for (const name of PROTOTYPE_NAMES) {
      const one = await h.call('POST', '/api/perfumes/proto-perfume/assign-chemicals', {
        token: admin,
        body: { chemical_ids: ['proto-chem', name], assignment_type: 'replace' },
      });
      expect([400, 404], `${name}: ${one.body}`).toContain(one.statusCode);
    }
    for (const action of ['add', 'replace']) {
      const bulk = await h.call('POST', '/api/bulk-assign-chemicals', {
        token: admin,
        body: { perfume_ids: ['proto-perfume'], chemical_ids: PROTOTYPE_NAMES, action },
      });
      expect(bulk.statusCode, bulk.body).toBeGreaterThanOrEqual(400);
      expect(bulk.statusCode).toBeLessThan(500);
      const perfumes = await h.call('POST', '/api/bulk-assign-chemicals', {
        token: admin,
        body: { perfume_ids: PROTOTYPE_NAMES, chemical_ids: ['proto-chem'], action },
      });
      expect(perfumes.statusCode, perfumes.body).toBeGreaterThanOrEqual(400);
      expect(perfumes.statusCode).toBeLessThan(500);
    }
    for (const name of PROTOTYPE_NAMES) {
      const contribution = await h.call('POST', '/api/contributions/submit-chemical-data', {
        token: contributor,
        body: {
          contribution: {
            perfume_id: name,
            chemical_data: [{ chemical_name: 'Linalool', cas_number: '78-70-6' }],
          },
        },
      });
      expect(contribution.statusCode, `${name}: ${contribution.body}`).toBeGreaterThanOrEqual(400);
      expect(contribution.statusCode).toBeLessThan(500);
    }
    expect(await h.head()).toBe(before);
    // The real ids still work.
    const ok = await h.call('POST', '/api/perfumes/proto-perfume/assign-chemicals', {
      token: admin,
      body: { chemical_ids: ['proto-chem'], assignment_type: 'add' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
