import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogueApp } from '../catalogue/catalogue.testing.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildCatalogueApp();
});
afterAll(async () => {
  await app.close();
});

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/perfumes/{id}/alternatives', () => {
  it('offers the perfume sharing a note, saying what it shares and what it avoids', async () => {
    const { status, body } = await get('/api/perfumes/p1/alternatives?exclude_chemicals=Linalool');
    expect(status).toBe(200);
    expect(body.perfume.id).toBe('p1');
    expect(body.excluded).toMatchObject([{ ref: 'Linalool', name: 'Linalool' }]);
    expect(body.excluded[0].in_original).not.toBeNull();
    const ids = body.items.map((i: { perfume: { id: string } }) => i.perfume.id);
    expect(ids[0]).toBe('p3');
    expect(ids).not.toContain('p1');
    expect(body.items[0].shares.notes.middle).toEqual(['Rose']);
    expect(body.items[0].avoids).toEqual(['Linalool']);
    expect(body.items[0].similarity).toBeGreaterThan(0);
  });

  it('takes comma-separated and repeated references, and the limit', async () => {
    const both = await get('/api/perfumes/p1/alternatives?exclude_chemicals=Linalool,Limonene');
    expect(both.status).toBe(200);
    // Every rose perfume has limonene from its citrus top note: none is left.
    expect(both.body.items.map((i: { perfume: { id: string } }) => i.perfume.id)).not.toContain('p3');
    const repeated = await get(
      '/api/perfumes/p1/alternatives?exclude_chemicals=Linalool&exclude_chemicals=5989-27-5&limit=1',
    );
    expect(repeated.status).toBe(200);
    expect(repeated.body.excluded).toHaveLength(2);
    expect(repeated.body.items.length).toBeLessThanOrEqual(1);
  });

  it('answers bad input with a 4xx problem', async () => {
    const unknown = await get('/api/perfumes/nope/alternatives');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: expect.stringContaining('nope'), code: 'perfume_not_found' });
    const chemical = await get('/api/perfumes/p1/alternatives?exclude_chemicals=unobtainium');
    expect(chemical.status).toBe(422);
    expect(chemical.body).toMatchObject({
      code: 'unknown_chemical',
      detail: expect.stringContaining('unobtainium'),
    });
    for (const q of ['limit=0', 'limit=abc', 'limit=51', 'other=1', `exclude_chemicals=${'x'.repeat(201)}`]) {
      const bad = await get(`/api/perfumes/p1/alternatives?${q}`);
      expect(bad.status, q).toBe(400);
      expect(Object.keys(bad.body).sort(), q).toEqual(['code', 'detail']);
    }
    const many = Array.from({ length: 101 }, (_, i) => `exclude_chemicals=c${i}`).join('&');
    expect((await get(`/api/perfumes/p1/alternatives?${many}`)).status).toBe(400);
  });

  it('is described in the OpenAPI document', async () => {
    const { body } = await get('/api/docs/json');
    const op = body.paths['/api/perfumes/{id}/alternatives'].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'exclude_chemicals',
      'id',
      'limit',
    ]);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '404', '422']);
  });
});

describe('GET /api/perfumes/compare', () => {
  it('answers two or three perfumes with their cards and regulatory flags', async () => {
    const { status, body } = await get('/api/perfumes/compare?ids=p1,p3');
    expect(status).toBe(200);
    expect(body.perfumes.map((p: { perfume: { id: string } }) => p.perfume.id)).toEqual(['p1', 'p3']);
    expect(body.perfumes[0].perfume.notes.middle).toEqual(['Rose']);
    // Limonene (from bergamot and lemon) is restricted in the EU in the fixtures.
    const flags = body.perfumes[0].regulatory_flags;
    expect(flags).toContainEqual(
      expect.objectContaining({
        chemical_id: 'chem-limonene',
        restricted_in: expect.arrayContaining(['EU']),
      }),
    );
    expect((await get('/api/perfumes/compare?ids=p1,p3,p2')).body.perfumes).toHaveLength(3);
  });

  it('refuses one, four or unknown perfumes with a problem', async () => {
    for (const ids of ['p1', 'p1,p1', 'p1,p2,p3,p4', ',,']) {
      const bad = await get(`/api/perfumes/compare?ids=${ids}`);
      expect(bad.status, ids).toBe(400);
      expect(bad.body.code, ids).toBe('compare_count');
    }
    const unknown = await get('/api/perfumes/compare?ids=p1,nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: expect.stringContaining('nope'), code: 'perfume_not_found' });
    expect((await get('/api/perfumes/compare')).status).toBe(400);
  });
});
