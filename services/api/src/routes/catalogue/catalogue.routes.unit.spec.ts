import { catalogueFixtures } from '@scentinel/platform/search';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogueApp, loadIndex, smallCatalogue } from './catalogue.testing.ts';

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

async function post(url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json() };
}

const ids = (body: { perfumes: { id: string }[] }) => body.perfumes.map((p) => p.id);

describe('GET /api/categorize-perfumes', () => {
  it('counts complete, unspecific and hypoallergenic perfumes with percentages', async () => {
    const { status, body } = await get('/api/categorize-perfumes');
    expect(status).toBe(200);
    expect(body).toEqual({
      total_perfumes: 7,
      complete_chemical_data: { count: 5, percentage: 71.4 },
      unspecific_chemical_ingredients: { count: 2, percentage: 28.6 },
      hypoallergenic: { count: 2, percentage: 28.6 },
    });
  });
});

describe('GET /api/perfumes/enhanced', () => {
  it('shows complete perfumes only by default (fast mode), in catalogue order', async () => {
    const { status, body } = await get('/api/perfumes/enhanced?limit=50&skip=0');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['p1', 'p2', 'p3', 'p6', 'p7']);
    expect(body).toMatchObject({ total: 5, has_more: false, limit: 50, skip: 0, category: 'complete' });
    const rose = body.perfumes[0];
    expect(rose).toMatchObject({
      id: 'p1',
      name: 'Rose Absolue',
      brand: 'Maison Rose',
      year_released: 2001,
      data_category: 'complete',
      hypoallergenic: false,
      chemical_count: 4,
    });
    // A list card carries what the grid draws: a short chemical list whole, the allergens by basis.
    expect(rose.chemicals).toEqual([
      { chemical_id: 'chem-limonene', name: 'Limonene', allergen_flag: true, kind: 'inferred' },
      { chemical_id: 'chem-linalool', name: 'Linalool', allergen_flag: true, kind: 'inferred' },
      { chemical_id: 'chem-geraniol', name: 'Geraniol', allergen_flag: true, kind: 'inferred' },
      { chemical_id: 'chem-citronellol', name: 'Citronellol', allergen_flag: true, kind: 'inferred' },
    ]);
    expect(rose.allergens).toEqual([]);
    expect(rose.allergen_counts).toEqual({ declared: 0, likely: 0, possible: 4 });
    expect(rose).not.toHaveProperty('flagged');
    expect(rose).not.toHaveProperty('field_sources');
  });

  it('answers the full perfume behind a list card: every chemical and allergen with its evidence', async () => {
    const { status, body } = await get('/api/perfumes/p1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'p1', name: 'Rose Absolue', chemical_count: 4, note_count: 2 });
    expect(body.chemicals).toHaveLength(4);
    expect(body.chemicals[0]).toEqual({
      chemical_id: 'chem-limonene',
      name: 'Limonene',
      cas_number: '5989-27-5',
      allergen_flag: true,
      verified: true,
      kind: 'inferred',
      source: 'inferred',
      from_note: 'Bergamot',
      concentration_min: null,
      concentration_max: null,
    });
    expect(body.allergens.map((a: { name: string }) => a.name)).toEqual([
      'Limonene',
      'Linalool',
      'Geraniol',
      'Citronellol',
    ]);
    expect(await get('/api/perfumes/nobody')).toEqual({
      status: 404,
      body: { detail: 'Perfume not found: nobody', code: 'not_found' },
    });
  });

  it('flags the chemicals a visitor asked about on each card (declared or inferred)', async () => {
    const { status, body } = await get(
      '/api/perfumes/enhanced?flag_chemicals=chem-geraniol,chem-unknown&limit=50',
    );
    expect(status).toBe(200);
    const byId = new Map(body.perfumes.map((p: { id: string }) => [p.id, p]));
    expect((byId.get('p1') as { flagged: unknown }).flagged).toEqual([
      { chemical_id: 'chem-geraniol', name: 'Geraniol', kind: 'inferred' },
    ]);
    expect((byId.get('p6') as { flagged: unknown }).flagged).toEqual([]);
    const tooMany = Array.from({ length: 101 }, (_, i) => `c${i}`).join(',');
    const refused = await get(`/api/perfumes/enhanced?flag_chemicals=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/at most 100/);
    expect((await get('/api/perfumes/enhanced?flag_chemicals=a,,b')).status).toBe(400);
  });

  it('searches every perfume, ranked exact name > name prefix > tokens > brand, accent-insensitive', async () => {
    const { body } = await get('/api/perfumes/enhanced?search=rose');
    // "Rosé" is an exact match once accents are folded; "Rose Absolue" starts with it; "Eau de Rose"
    // has it as a token; the Maison Rose perfume without "rose" in its name matches by brand.
    expect(ids(body)).toEqual(['p7', 'p1', 'p3', 'p2']);
    expect(body.category).toBe('all');
    expect(ids((await get('/api/perfumes/enhanced?search=MYST')).body)).toEqual(['p4']);
    // A query naming the whole brand lists the house, shorter names first.
    expect(ids((await get(`/api/perfumes/enhanced?search=${encodeURIComponent('hermes')}`)).body)).toEqual([
      'p4',
      'p3',
    ]);
  });

  it('finds perfumes by the CAS number of a linked chemical', async () => {
    const { body } = await get('/api/perfumes/enhanced?search=91-64-5');
    expect(ids(body)).toEqual(['p7']);
  });

  it('pages with limit/skip and reports has_more', async () => {
    const first = (await get('/api/perfumes/enhanced?limit=2&skip=0&include_unspecific=true')).body;
    expect(ids(first)).toEqual(['p1', 'p2']);
    expect(first).toMatchObject({ total: 7, has_more: true });
    const last = (await get('/api/perfumes/enhanced?limit=2&skip=6&include_unspecific=true')).body;
    expect(ids(last)).toEqual(['p7']);
    expect(last.has_more).toBe(false);
  });

  it('filters by brand and category; a blank search or brand means none', async () => {
    expect(ids((await get('/api/perfumes/enhanced?brand=lancome')).body)).toEqual(['p5', 'p6']);
    expect(ids((await get('/api/perfumes/enhanced?category=unspecific')).body)).toEqual(['p4', 'p5']);
    expect(ids((await get('/api/perfumes/enhanced?category=all&search=&brand=')).body)).toHaveLength(7);
    expect(ids((await get('/api/perfumes/enhanced?search=%20%20')).body)).toEqual([
      'p1',
      'p2',
      'p3',
      'p6',
      'p7',
    ]);
  });

  it('refuses bad input with 400 and a detail', async () => {
    for (const url of [
      '/api/perfumes/enhanced?limit=201',
      '/api/perfumes/enhanced?limit=0',
      '/api/perfumes/enhanced?limit=abc',
      '/api/perfumes/enhanced?skip=-1',
      '/api/perfumes/enhanced?category=fancy',
      '/api/perfumes/enhanced?include_unspecific=maybe',
      '/api/perfumes/enhanced?colour=red',
      `/api/perfumes/enhanced?search=${'x'.repeat(201)}`,
    ]) {
      const { status, body } = await get(url);
      expect({ url, status }).toEqual({ url, status: 400 });
      expect(body.detail).toMatch(/Invalid querystring/);
    }
    expect((await get('/api/perfumes/enhanced?colour=red')).body.detail).toContain("'colour'");
  });
});

describe('GET /api/perfumes-by-category', () => {
  it('lists one category and needs the category', async () => {
    expect(ids((await get('/api/perfumes-by-category?category=hypoallergenic')).body)).toEqual(['p2', 'p6']);
    expect(ids((await get('/api/perfumes-by-category?category=complete&brand=Hermès')).body)).toEqual(['p3']);
    const missing = await get('/api/perfumes-by-category');
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/required.*category|category.*required/);
  });
});

describe('POST /api/perfumes/filter', () => {
  it('applies include (all) and exclude (none) chemicals by id, name or CAS, and notes by id or name', async () => {
    let r = await post('/api/perfumes/filter', { include_chemicals: ['Limonene'], category: null });
    expect(ids(r.body)).toEqual(['p1', 'p3']);
    r = await post('/api/perfumes/filter', { include_chemicals: ['5989-27-5', 'chem-linalool'] });
    expect(ids(r.body)).toEqual(['p1']);
    r = await post('/api/perfumes/filter', { exclude_chemicals: ['Limonene'], category: 'complete' });
    expect(ids(r.body)).toEqual(['p2', 'p6', 'p7']);
    r = await post('/api/perfumes/filter', { include_notes: ['note-rose'], exclude_notes: ['lemon'] });
    expect(ids(r.body)).toEqual(['p1']);
    r = await post('/api/perfumes/filter', { include_chemicals: ['Unobtainium'] });
    expect(r.body).toMatchObject({ perfumes: [], total: 0, has_more: false });
  });

  it('combines brands, allergen_free and paging from query or body', async () => {
    let r = await post('/api/perfumes/filter?limit=1', { allergen_free: true });
    expect(ids(r.body)).toEqual(['p2']);
    expect(r.body).toMatchObject({ total: 2, has_more: true, limit: 1 });
    r = await post('/api/perfumes/filter?limit=1', {
      allergen_free: true,
      limit: 5,
      brands: ['Lancôme', 'Dior'],
    });
    expect(ids(r.body)).toEqual(['p6']);
    r = await post('/api/perfumes/filter?search=rose', { brands: ['Maison Rose'] });
    expect(ids(r.body)).toEqual(['p1', 'p2']);
  });

  it('refuses contradictions, unknown fields, wrong types and oversize limits', async () => {
    const cases: [unknown, RegExp][] = [
      [{ include_chemicals: ['Limonene'], exclude_chemicals: ['limonene'] }, /both included and excluded/],
      [{ include_notes: ['Rose'], exclude_notes: ['Rose'] }, /both included and excluded/],
      [{ include_chemical: ['Limonene'] }, /'include_chemical'/],
      [{ include_chemicals: 'Limonene' }, /include_chemicals/],
      [{ allergen_free: 'yes' }, /allergen_free/],
      [{ limit: 500 }, /limit/],
      [{ category: 'perfect' }, /category/],
    ];
    for (const [payload, detail] of cases) {
      const r = await post('/api/perfumes/filter', payload);
      expect({ payload, status: r.status }).toEqual({ payload, status: 400 });
      expect(r.body.detail).toMatch(detail);
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/perfumes/filter',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Request body is not valid JSON');
  });
});

describe('GET /api/perfumes/hypoallergenic', () => {
  it('lists hypoallergenic perfumes with pagination.has_more', async () => {
    const { status, body } = await get(
      '/api/perfumes/hypoallergenic?limit=1&skip=0&allergen_tolerance=low&include_unspecific=true',
    );
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['p2']);
    expect(body).toMatchObject({
      category: 'hypoallergenic',
      allergen_tolerance: 'low',
      pagination: { limit: 1, skip: 0, total: 2, has_more: true },
    });
    expect(body.brands).toBeUndefined();
    expect((await get('/api/perfumes/hypoallergenic?allergen_tolerance=high')).status).toBe(400);
  });

  it('answers the clean-brand structure with database statistics when no perfume is hypoallergenic', async () => {
    const noHypo = smallCatalogue().filter((d) => !['p2', 'p6'].includes(d.perfume.id));
    const other = await buildCatalogueApp(loadIndex(noHypo));
    try {
      const res = await other.inject({
        method: 'GET',
        url: '/api/perfumes/hypoallergenic?allergen_tolerance=low',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        category: 'clean_brands',
        perfumes: [],
        total: 0,
        pagination: { has_more: false },
        brands: [],
        statistics: {
          total_brands: 0,
          perfumes_found: 0,
          percentage_of_database: 0,
          current_tolerance_level: 'low',
        },
        educational_info: { clean_brand_recommendations: [] },
      });
      const allergens = catalogueFixtures.fixtureChemicals().filter((c) => c.allergen_flag);
      expect(body.educational_info.total_allergen_types).toBe(allergens.length);
      expect(body.educational_info.allergen_chemicals_excluded).toContain('Linalool');
      expect(body.article_info.note).toMatch(/No cited clean-brand research/);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/get-perfumes-by-brand/{brand}', () => {
  it("lists a brand's perfumes in every category, and 404s an unknown brand", async () => {
    const { status, body } = await get(
      `/api/get-perfumes-by-brand/${encodeURIComponent('HERMES')}?limit=50&skip=0`,
    );
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['p3', 'p4']);
    expect(body.brand).toBe('HERMES');
    const missing = await get('/api/get-perfumes-by-brand/Nobody');
    expect(missing).toEqual({ status: 404, body: { detail: 'Brand not found: Nobody', code: 'not_found' } });
    expect((await get('/api/get-perfumes-by-brand/Dior?limit=1000')).status).toBe(400);
  });
});

describe('GET /api/brands and /api/notes', () => {
  it('lists brands with counts, by name', async () => {
    const { body } = await get('/api/brands');
    expect(body).toEqual({
      brands: [
        { name: 'Dior', perfume_count: 1 },
        { name: 'Hermès', perfume_count: 2 },
        { name: 'Lancôme', perfume_count: 2 },
        { name: 'Maison Rose', perfume_count: 2 },
      ],
      total: 4,
      has_more: false,
    });
  });

  it('lists the taxonomy and the notes in use, with counts; note ids work as filters', async () => {
    const { body } = await get('/api/notes');
    const rose = body.notes.find((n: { name: string }) => n.name === 'Rose');
    expect(rose).toEqual({
      id: 'note-rose',
      name: 'Rose',
      category: 'middle',
      description: null,
      perfume_count: 2,
    });
    const lemon = body.notes.find((n: { name: string }) => n.name === 'Lemon');
    expect(lemon).toMatchObject({ id: 'Lemon', perfume_count: 1 });
    expect(body.total).toBe(body.notes.length);
    const filtered = await post('/api/perfumes/filter', { include_notes: [lemon.id] });
    expect(ids(filtered.body)).toEqual(['p3']);
  });
});

describe('addresses the router refuses', () => {
  it('answers a malformed percent-encoding with 400 and a detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/get-perfumes-by-brand/%FF' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'The address is not valid: it holds a malformed percent-encoding',
      code: 'bad_request',
    });
  });

  it('routes a long percent-encoded brand (a Cyrillic name) instead of refusing its length', async () => {
    const brand = 'Новая Заря'.repeat(6);
    const res = await get(`/api/get-perfumes-by-brand/${encodeURIComponent(brand)}`);
    expect(encodeURIComponent(brand).length).toBeGreaterThan(100);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(`Brand not found: ${brand}`);
  });

  it('answers an over-long path parameter with 414 and a detail', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/chemicals/search/${'9'.repeat(2500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ detail: 'The address is too long' });
  });
});
