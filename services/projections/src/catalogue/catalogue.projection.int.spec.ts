/**
 * The catalogue projection inside the real projector runtime, over the real event log (PGlite, and
 * the Postgres server when DATABASE_URL is set): catch-up from the log, then live writes.
 */
import { CatalogueOracle, catalogueFixtures, InProcessSearchIndex } from '@scentinel/platform/search';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectionRuntime } from '../runtime/projection-runtime.ts';
import { newEvent, type TestStore, testBackends } from '../testing/test-store.ts';
import { createCatalogueProjection } from './catalogue.projection.ts';

const { fixtureChemicals, fixtureNotes, fixtureRegions, generateCatalogue } = catalogueFixtures;

if (!process.env.DATABASE_URL) {
  console.warn(
    'catalogue.projection.int.spec.ts: Postgres server suite skipped (DATABASE_URL not set); PGlite runs',
  );
}

for (const backend of testBackends) {
  describe.skipIf(!backend.available)(`catalogue projection in the runtime on ${backend.name}`, () => {
    let store: TestStore | undefined;
    let runtime: ProjectionRuntime | undefined;
    afterEach(async () => {
      await runtime?.stop();
      await store?.close();
    });

    it('catches up from the log and follows live edits', async () => {
      store = await backend.open();
      const { eventLog, sql } = store;
      const chemicals = fixtureChemicals();
      const docs = generateCatalogue(42, 60);
      for (const chemical of chemicals) {
        await eventLog.append(
          `chemical:${chemical.id}`,
          [newEvent('ChemicalAdded', { chemical, source: 'catalogue_import', contribution_id: null })],
          0,
        );
      }
      await eventLog.appendMany(
        docs.map((d) => ({
          streamId: `perfume:${d.perfume.id}`,
          events: [newEvent('PerfumeCatalogued', { perfume: d.perfume })],
          expectedVersion: 0,
        })),
      );

      const index = new InProcessSearchIndex({ regions: fixtureRegions, notes: fixtureNotes });
      const projection = createCatalogueProjection(index);
      runtime = new ProjectionRuntime({ sql, eventLog, projections: [projection], syncIntervalMs: 50 });
      await runtime.start();
      expect(await runtime.waitForPosition(await eventLog.headPosition(), 20_000)).toBe(true);
      expect((await index.stats()).total_perfumes).toBe(60);
      const withLinalool = (await index.search({ include_chemicals: ['78-70-6'], limit: 200, skip: 0 }))
        .total;
      expect(withLinalool).toBeGreaterThan(0);

      // Live: Linalool and Limonene stop being allergens; the index must agree with a fresh oracle.
      const linalool = chemicals.filter((c) => c.cas_number === '78-70-6' || c.id === 'chem-limonene');
      for (const c of linalool) {
        await eventLog.append(
          `chemical:${c.id}`,
          [
            newEvent('ChemicalEdited', {
              chemical_id: c.id,
              changes: { allergen_flag: false },
              source: 'admin',
            }),
          ],
          1,
        );
      }
      expect(await runtime.waitForPosition(await eventLog.headPosition(), 20_000)).toBe(true);
      const oracle = new CatalogueOracle({ regions: fixtureRegions, notes: fixtureNotes });
      for (const c of chemicals) {
        oracle.upsertChemical(linalool.includes(c) ? { ...c, allergen_flag: false } : c);
      }
      // The log holds only the catalogue records (no declared links): so does the oracle.
      for (const d of docs) oracle.upsertPerfume(catalogueFixtures.catalogued(d.perfume));
      expect(await index.stats()).toEqual(oracle.stats());
      const q = { category: 'hypoallergenic' as const, limit: 200, skip: 0 };
      expect((await index.search(q)).items.map((p) => p.id)).toEqual(oracle.search(q).items.map((p) => p.id));
      const status = (await runtime.status()).find((s) => s.name === 'catalogue');
      expect(status).toMatchObject({ kind: 'in-process', lag: 0, status: 'running' });
    });
  });
}
