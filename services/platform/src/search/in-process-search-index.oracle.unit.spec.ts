/**
 * The in-process index against the search-index contract (random catalogues, writes and queries
 * compared with the brute-force `CatalogueOracle`), plus a sample of the real catalogue.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { catalogue, cleanCataloguePerfume, cleanImportedChemical } from '@scentinel/domain';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { catalogued, fixtureNotes, fixtureRegions } from './catalogue.fixtures.ts';
import type { Chemical, PerfumeDocument } from './catalogue.types.ts';
import { CatalogueOracle } from './catalogue-oracle.ts';
import { InProcessSearchIndex } from './in-process-search-index.adapter.ts';
import { expectSameAnswer, searchIndexContract } from './search-index.contract.ts';
import { catalogueCategories } from './search-index.port.ts';

searchIndexContract('in-process', async (reference) => ({ index: new InProcessSearchIndex(reference) }), {
  queryRuns: 100,
  writeRuns: 40,
  maxCatalogue: 250,
  timeoutMs: 60_000,
});

function load(docs: PerfumeDocument[], chemicals: Chemical[]) {
  const index = new InProcessSearchIndex({ regions: fixtureRegions, notes: fixtureNotes });
  const oracle = new CatalogueOracle({ regions: fixtureRegions, notes: fixtureNotes });
  for (const c of chemicals) {
    index.upsertChemical(c);
    oracle.upsertChemical(c);
  }
  for (const doc of docs) {
    index.upsertPerfume(doc);
    oracle.upsertPerfume(doc);
  }
  return { index, oracle };
}

describe('in-process search index vs brute-force oracle', () => {
  const realCatalogue = path.resolve(import.meta.dirname, '../../../../data/catalogue/perfumes.jsonl.gz');
  const realChemicals = path.resolve(import.meta.dirname, '../../../../data/chemicals/chemicals.json');
  it.runIf(existsSync(realCatalogue) && existsSync(realChemicals))(
    'answers like the oracle on a sample of the real catalogue',
    async () => {
      const lines = gunzipSync(readFileSync(realCatalogue)).toString('utf8').split('\n').filter(Boolean);
      const step = Math.max(1, Math.floor(lines.length / 4000));
      const docs = lines
        .filter((_, i) => i % step === 0)
        .flatMap((line) => {
          try {
            return [catalogued(cleanCataloguePerfume(JSON.parse(line)))];
          } catch {
            return [];
          }
        });
      // A few records the domain refuses (e.g. names over its length limit) are left out, as the importer would.
      const chemicals = (JSON.parse(readFileSync(realChemicals, 'utf8')) as unknown[]).flatMap((raw) => {
        try {
          return [cleanImportedChemical(raw)];
        } catch {
          return [];
        }
      });
      const { index, oracle } = load(docs, chemicals);
      const words = docs.slice(0, 200).flatMap((d) => d.perfume.name.split(' ').slice(0, 2));
      const brands = [...new Set(docs.map((d) => d.perfume.brand))].slice(0, 50);
      const notes = [...new Set(docs.flatMap((d) => d.perfume.notes.top))].slice(0, 50);
      const chems = [
        ...chemicals.slice(0, 60).flatMap((c) => [c.id, c.name, c.cas_number ?? c.name]),
        // Label names allergen entries prescribe (`Citral`, `Rose Ketones`): each names several chemicals.
        ...new Set(chemicals.flatMap((c) => catalogue.allergenLabelNames(c))),
      ];
      const realQuery = fc.record(
        {
          text: fc.oneof(
            fc.constantFrom(...words),
            fc.constantFrom(...words).map((w) => w.slice(0, 3)),
            fc.constantFrom(...chemicals.flatMap((c) => (c.cas_number ? [c.cas_number] : [])).slice(0, 50)),
          ),
          brands: fc.array(fc.constantFrom(...brands), { maxLength: 2 }),
          category: fc.constantFrom(...catalogueCategories),
          include_chemicals: fc.array(fc.constantFrom(...chems), { maxLength: 1 }),
          exclude_chemicals: fc.array(fc.constantFrom(...chems), { maxLength: 2 }),
          include_notes: fc.array(fc.constantFrom(...notes), { maxLength: 1 }),
          exclude_notes: fc.array(fc.constantFrom(...notes), { maxLength: 2 }),
          allergen_free: fc.boolean(),
          limit: fc.integer({ min: 1, max: 100 }),
          skip: fc.integer({ min: 0, max: 500 }),
        },
        { requiredKeys: ['limit', 'skip'] },
      );
      await fc.assert(
        fc.asyncProperty(realQuery, (q) => expectSameAnswer(index, oracle, q)),
        { numRuns: 100 },
      );
    },
    60_000,
  );
});
