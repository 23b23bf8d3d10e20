/**
 * The pickers' lists through the whole app: notes, brands and chemicals searched over the whole set
 * with q, limit and skip, ranked (exact name, then prefix, then popularity), and refused with a 400
 * detail on bad input.
 */
import { catalogueFixtures, type PerfumeDocument } from '@scentinel/platform/search';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogueApp, loadIndex } from './catalogue.testing.ts';

const { catalogued, inferLinks, makePerfume } = catalogueFixtures;

/**
 * 150 "Rose Absolue" perfumes by one brand, and notes spelled around "rose": a rare exact "Rose"
 * would still come first, and the popular "Rose de Mai" before the rare "Rosewood".
 */
function roseCatalogue(): PerfumeDocument[] {
  const docs: PerfumeDocument[] = [];
  const notes = (middle: string[]) => ({ top: [], middle, base: [], unspecified: [] });
  for (let i = 0; i < 150; i++) {
    const middle = i < 40 ? ['Rose de Mai'] : i < 45 ? ['Rosewood'] : i < 60 ? ['Damask Rose'] : ['Primrose'];
    const perfume = makePerfume({
      id: `big-${i}`,
      name: `Bloom ${i}`,
      brand: 'Big House',
      notes: notes(middle),
    });
    docs.push(catalogued({ ...perfume, chemicals: inferLinks(perfume.notes) }));
  }
  const rare = makePerfume({ id: 'rare', name: 'Plain', brand: 'Small Rose House', notes: notes(['Rose']) });
  docs.push(catalogued({ ...rare, chemicals: inferLinks(rare.notes), merged_ids: ['plain-old-spelling'] }));
  return docs;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildCatalogueApp(loadIndex(roseCatalogue()));
});
afterAll(async () => {
  await app.close();
});

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

const names = (list: { name: string }[]) => list.map((x) => x.name);

describe('GET /api/notes?q', () => {
  it('puts the exact note first, then names starting with the text, then by perfume count', async () => {
    const { status, body } = await get('/api/notes?q=rose&limit=3');
    expect(status).toBe(200);
    expect(names(body.notes)).toEqual(['Rose', 'Rose de Mai', 'Rosewood']);
    expect(body.total).toBe(5);
    expect(body.has_more).toBe(true);
    const rest = await get('/api/notes?q=ROSE&limit=3&skip=3');
    // Word prefix ("Damask Rose") before a mere substring ("Primrose"), whatever their counts.
    expect(names(rest.body.notes)).toEqual(['Damask Rose', 'Primrose']);
    expect(rest.body.has_more).toBe(false);
  });

  it('ranks every note by perfume count for a page without text, and keeps the name order for the whole list', async () => {
    const popular = await get('/api/notes?limit=1');
    expect(names(popular.body.notes)).toEqual(['Primrose']);
    const all = await get('/api/notes');
    expect(all.body.total).toBe(all.body.notes.length);
    const sorted = [...names(all.body.notes)].sort((a, b) => a.localeCompare(b));
    expect(names(all.body.notes)[0]).toBe(sorted[0]);
  });
});

describe('GET /api/brands?q', () => {
  it('reaches every brand, the popular one first among the prefix matches', async () => {
    const { body } = await get('/api/brands?q=h');
    // Neither is an exact or prefix match: a word of each starts with "h"; the bigger brand first.
    expect(names(body.brands)).toEqual(['Big House', 'Small Rose House']);
    const exact = await get('/api/brands?q=big%20house');
    expect(exact.body).toEqual({
      brands: [{ name: 'Big House', perfume_count: 150 }],
      total: 1,
      has_more: false,
    });
  });

  it("pages a brand's whole list of perfumes", async () => {
    const first = await get('/api/get-perfumes-by-brand/Big%20House?limit=100&skip=0');
    const second = await get('/api/get-perfumes-by-brand/Big%20House?limit=100&skip=100');
    expect(first.body).toMatchObject({ total: 150, has_more: true });
    expect(second.body).toMatchObject({ total: 150, has_more: false });
    const ids = new Set([...first.body.perfumes, ...second.body.perfumes].map((p: { id: string }) => p.id));
    expect(ids.size).toBe(150);
  });
});

describe('GET /api/chemicals?q', () => {
  it('ranks an exact name or CAS number first and reports how many matched', async () => {
    const byName = await get('/api/chemicals?q=linalool&limit=5');
    expect(byName.status).toBe(200);
    expect(byName.body.chemicals[0].name).toBe('Linalool');
    expect(byName.body.total).toBeGreaterThanOrEqual(byName.body.chemicals.length);
    const cas = byName.body.chemicals[0].cas_number as string;
    const byCas = await get(`/api/chemicals?q=${cas}&limit=5`);
    expect(byCas.body.chemicals[0].cas_number).toBe(cas);
    expect(byName.body.chemicals[0].matched_name).toBeUndefined();
  });

  it('finds a chemical by a trade name and says which name matched', async () => {
    // Hydroxycitronellal is sold as Laurine: the picker and the search suggestions find it so.
    const exact = await get('/api/chemicals?q=laurine&limit=5');
    expect(exact.status).toBe(200);
    expect(
      exact.body.chemicals.map((c: { name: string; matched_name?: string }) => [c.name, c.matched_name]),
    ).toEqual([['Hydroxycitronellal', 'Laurine']]);
    const prefix = await get('/api/chemicals?q=laur&limit=5');
    expect(prefix.body.chemicals[0]).toMatchObject({ name: 'Hydroxycitronellal', matched_name: 'Laurine' });
    // Its own name matching, no other name is reported.
    const own = await get('/api/chemicals?q=hydroxycitronellal&limit=5');
    expect(own.body.chemicals[0].name).toBe('Hydroxycitronellal');
    expect(own.body.chemicals[0].matched_name).toBeUndefined();
  });

  it('ranks every chemical by how many perfumes use it for a page without text', async () => {
    const { body } = await get('/api/chemicals?limit=200');
    expect(body.total).toBeGreaterThan(0);
    const usage = await Promise.all(
      body.chemicals.slice(0, 5).map(async (c: { id: string }) => {
        const detail = await get(`/api/chemicals/search-by-id/${encodeURIComponent(c.id)}`);
        return detail.body.chemical.usage_statistics.total_perfumes as number;
      }),
    );
    expect(usage).toEqual([...usage].sort((a, b) => b - a));
  });
});

describe('bad picker input', () => {
  it.each([
    '/api/notes?limit=0',
    '/api/notes?limit=abc',
    '/api/notes?skip=-1',
    `/api/notes?q=${'x'.repeat(201)}`,
    '/api/notes?query=rose',
    '/api/brands?limit=100001',
    '/api/brands?skip=x',
    '/api/chemicals?q=a&limit=0',
  ])('%s is refused with a 400 and a detail', async (url) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'validation' });
    expect(typeof body.detail).toBe('string');
    expect(body.detail.length).toBeGreaterThan(0);
  });
});

describe('GET /api/perfumes/{id}', () => {
  it("answers a retired spelling duplicate's id with the record it was merged into", async () => {
    const own = await get('/api/perfumes/rare');
    expect(own.status).toBe(200);
    const merged = await get('/api/perfumes/plain-old-spelling');
    expect(merged.status).toBe(200);
    expect(merged.body.id).toBe('rare');
    expect(merged.body).toEqual(own.body);
    const unknown = await get('/api/perfumes/no-such-perfume');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Perfume not found: no-such-perfume');
  });
});
