import { catalogueFixtures } from '@scentinel/platform/search';
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

const fixtures = catalogueFixtures.fixtureChemicals();

describe('GET /api/chemicals', () => {
  it('lists every chemical by name, without safety details', async () => {
    const { status, body } = await get('/api/chemicals');
    expect(status).toBe(200);
    expect(body.total).toBe(fixtures.length);
    const names = body.chemicals.map((c: { name: string }) => c.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const linalool = body.chemicals.find((c: { id: string }) => c.id === 'chem-linalool');
    expect(linalool).toMatchObject({
      name: 'Linalool',
      cas_number: '78-70-6',
      allergen_flag: true,
      inci_name: 'LINALOOL',
      regulatory_summary: { prohibited_in: [], restricted_in: [], prop65_listed: false },
    });
    expect(linalool.safety_information).toBeUndefined();
  });

  it('narrows by name or CAS substring and pages', async () => {
    expect(
      (await get('/api/chemicals?search=vanill')).body.chemicals.map((c: { id: string }) => c.id),
    ).toEqual(['chem-ethyl-vanillin', 'chem-vanillin']);
    expect((await get('/api/chemicals?search=5989')).body.chemicals.map((c: { id: string }) => c.id)).toEqual(
      ['chem-limonene'],
    );
    const page = (await get('/api/chemicals?limit=2&skip=1')).body;
    expect(page.chemicals).toHaveLength(2);
    expect(page.total).toBe(fixtures.length);
    expect((await get('/api/chemicals?limit=0')).status).toBe(400);
    expect((await get('/api/chemicals?sort=name')).status).toBe(400);
  });
});

describe('GET /api/chemicals/search/{cas}', () => {
  it('finds a chemical with its full safety data and usage statistics', async () => {
    const { status, body } = await get('/api/chemicals/search/91-64-5');
    expect(status).toBe(200);
    expect(body).toMatchObject({ found: true, search_cas: '91-64-5' });
    expect(body.chemical).toMatchObject({ id: 'chem-coumarin', name: 'Coumarin', allergen_flag: true });
    expect(body.chemical.safety_information.regional_regulations).toEqual([
      expect.objectContaining({ region: 'EU', status: 'allergen' }),
    ]);
    expect(body.chemical.usage_statistics).toEqual({
      total_perfumes: 1,
      sample_perfumes: [{ id: 'p7', name: 'Rosé', brand: 'Dior' }],
    });
  });

  it("answers a chemical's Prop 65 safe harbor levels and former listings as the data holds them", async () => {
    const { body } = await get('/api/chemicals/search/93-15-2');
    const safety = body.chemical.safety_information;
    expect(safety.prop65).toMatchObject({
      status: 'listed',
      safe_harbor_levels: [
        { level: 'NSRL', amount: 1.5, unit: 'µg/day', route: 'oral', toxicity_types: ['cancer'] },
      ],
      removed_endpoints: [{ toxicity: 'female', date_removed: '2014-03-07' }],
      source_name: 'OEHHA Proposition 65 list (29 Dec 2023)',
    });
    expect(safety.regulatory_history).toEqual([
      expect.objectContaining({
        current: false,
        until: '2014-03-07',
        change: { kind: 'prop65_endpoint_removed', toxicity: 'female', date_listed: '2009-08-07' },
      }),
    ]);
    // The OpenAPI document describes them.
    const docs = (await get('/api/docs/json')).body;
    expect(JSON.stringify(docs)).toMatch(/safe_harbor_levels/);
  });

  it('names other chemicals sharing the CAS number', async () => {
    const { body } = await get('/api/chemicals/search/78-70-6');
    expect(body.chemical.id).toBe('chem-linalool');
    expect(body.other_matches).toEqual([{ id: 'chem-linalool-natural', name: 'Linalool (natural)' }]);
  });

  it('answers found: false for an unknown CAS number and 400 for a malformed one', async () => {
    expect(await get('/api/chemicals/search/50-00-0')).toEqual({
      status: 200,
      body: { found: false, chemical: null, search_cas: '50-00-0' },
    });
    for (const bad of ['78-70', 'abc', '12345678-12-1', '78-70-66']) {
      const r = await get(`/api/chemicals/search/${bad}`);
      expect(r).toEqual({
        status: 400,
        body: { detail: `Invalid CAS number format: ${bad}`, code: 'validation' },
      });
    }
  });
});

describe('GET /api/chemicals/search-by-id/{id}', () => {
  it('finds by id, and 404s an unknown id', async () => {
    const { status, body } = await get('/api/chemicals/search-by-id/chem-santalol');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      found: true,
      search_cas: null,
      chemical: { id: 'chem-santalol', name: 'Santalol' },
    });
    expect(await get('/api/chemicals/search-by-id/chem-nope')).toEqual({
      status: 404,
      body: { detail: 'Chemical not found: chem-nope', code: 'not_found' },
    });
  });
});

describe('regions', () => {
  it('lists regions with live chemical counts', async () => {
    const { body } = await get('/api/chemicals/regions');
    const count = (region: string) =>
      fixtures.filter((c) => c.safety_information.regional_regulations.some((r) => r.region === region))
        .length;
    expect(body.regions).toEqual([
      {
        code: 'EU',
        name: 'European Union',
        description: 'EU Cosmetics Regulation 1223/2009',
        chemical_count: count('EU'),
      },
      {
        code: 'US',
        name: 'United States',
        description: 'California Proposition 65',
        chemical_count: count('US'),
      },
      {
        code: 'ASIA',
        name: 'Asia',
        description: 'Asian cosmetic regulations',
        chemical_count: count('ASIA'),
      },
    ]);
    expect(body.total).toBe(3);
  });

  it("lists a region's chemicals, by status, paged; 404 for an unknown region", async () => {
    const all = (await get('/api/chemicals/by-region/eu?limit=50&skip=0')).body;
    expect(all.region.code).toBe('EU');
    expect(all.total).toBe(all.region.chemical_count);
    const prohibited = (await get('/api/chemicals/by-region/EU?status=prohibited')).body;
    expect(prohibited.chemicals.map((c: { id: string }) => c.id)).toEqual([
      'chem-methyleugenol',
      'chem-musk-ambrette',
    ]);
    expect(prohibited.chemicals[0].regional_regulations).toEqual([
      expect.objectContaining({ region: 'EU', status: 'prohibited', regulation: 'Annex II' }),
    ]);
    const paged = (await get('/api/chemicals/by-region/EU?limit=2&skip=2')).body;
    expect(paged.chemicals.map((c: { id: string }) => c.id)).toEqual(
      all.chemicals.slice(2, 4).map((c: { id: string }) => c.id),
    );
    expect(paged.has_more).toBe(true);
    expect(await get('/api/chemicals/by-region/MARS')).toEqual({
      status: 404,
      body: { detail: 'Region not found: MARS', code: 'not_found' },
    });
    expect((await get('/api/chemicals/by-region/EU?status=banned')).status).toBe(400);
    expect((await get('/api/chemicals/by-region/EU?limit=201')).status).toBe(400);
  });
});

describe('GET /api/chemicals/by-status/{status}', () => {
  it('lists chemicals in each regulatory status with a summary', async () => {
    const expected = {
      prohibited: fixtures.filter((c) => c.prohibited),
      restricted: fixtures.filter((c) => c.restricted),
      allergen: fixtures.filter((c) => c.allergen_flag),
      prop65: fixtures.filter((c) => c.safety_information.regional_summary.prop65_listed),
    };
    for (const [status, list] of Object.entries(expected)) {
      const { body } = await get(`/api/chemicals/by-status/${status}`);
      expect(body.summary).toMatchObject({ status, results_found: list.length, showing: list.length });
      expect(body.chemicals.map((c: { id: string }) => c.id).sort()).toEqual(list.map((c) => c.id).sort());
    }
    const prop65 = (await get('/api/chemicals/by-status/prop65')).body.chemicals[0];
    expect(prop65.regulatory_summary).toEqual({
      prohibited_in: ['EU'],
      restricted_in: [],
      prop65_listed: true,
    });
    const page = (await get('/api/chemicals/by-status/allergen?limit=3')).body;
    expect(page).toMatchObject({ total: expected.allergen.length, has_more: true });
    expect(page.chemicals).toHaveLength(3);
    expect((await get('/api/chemicals/by-status/banned')).status).toBe(400);
  });
});
