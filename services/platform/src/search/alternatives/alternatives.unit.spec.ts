import { describe, expect, it } from 'vitest';
import {
  catalogued,
  fixtureChemicals,
  fixtureNotes,
  fixtureRegions,
  generateCatalogue,
  inferLinks,
  makePerfume,
} from '../catalogue.fixtures.ts';
import type { CataloguePerfume } from '../catalogue.types.ts';
import { InProcessSearchIndex } from '../in-process-search-index.adapter.ts';
import { toPerfumeCard } from '../perfume-card.ts';
import { AlternativesFinder, UnknownChemicalError } from './alternatives.ts';
import { bruteForceAlternatives } from './brute-force.ts';

function indexOf(docs = generateCatalogue(7, 600)): InProcessSearchIndex {
  const index = new InProcessSearchIndex({ regions: fixtureRegions, notes: fixtureNotes });
  for (const c of fixtureChemicals()) index.upsertChemical(c);
  docs.forEach((d, i) => {
    index.upsertPerfume(d, i + 1);
  });
  return index;
}

describe('AlternativesFinder', () => {
  const index = indexOf();
  const finder = new AlternativesFinder(index);
  const known = index.chemicals.known();
  const docs = [...index.documents()];

  it('ranks as the brute-force scan does, excluding every chemical asked for', async () => {
    const excludes = [[], ['Linalool'], ['chem-geraniol', 'Coumarin'], ['106-22-9', 'chem-limonene']];
    for (const [i, doc] of docs.slice(0, 40).entries()) {
      const refs = excludes[i % excludes.length]!;
      const answer = await finder.find(doc.perfume.id, refs, 8);
      expect(answer).not.toBeNull();
      const excludedIds = new Set(answer!.excluded.flatMap((e) => e.chemical_ids));
      const expected = bruteForceAlternatives(index, toPerfumeCard(doc, known), excludedIds, 8);
      const got = answer!.items.map((a) => ({ id: a.perfume.id, similarity: a.similarity }));
      expect(got.map((g) => g.id)).toEqual(expected.map((e) => e.id));
      got.forEach((g, j) => {
        expect(g.similarity).toBeCloseTo(expected[j]!.similarity, 2);
      });
      for (const alt of answer!.items) {
        expect(alt.perfume.data_category).toBe('complete');
        expect(alt.perfume.id).not.toBe(doc.perfume.id);
        const linked = [...alt.perfume.chemicals, ...alt.perfume.allergens].map((c) => c.chemical_id);
        expect(linked.filter((id) => excludedIds.has(id))).toEqual([]);
      }
    }
  });

  it('says what each alternative shares, by position, and what it avoids', async () => {
    const perfume = (id: string, accords: string[], notes: Partial<CataloguePerfume['notes']>) => {
      const all = { top: [], middle: [], base: [], unspecified: [], ...notes };
      return catalogued(
        makePerfume({ id, name: id, brand: 'X', accords, notes: all, chemicals: inferLinks(all) }),
      );
    };
    const small = indexOf([
      perfume('a', ['floral', 'sweet'], { top: ['Bergamot'], middle: ['Rose'], base: ['Vanilla'] }),
      perfume('b', ['sweet', 'woody'], { top: ['Lemon'], base: ['Vanilla'] }),
      perfume('c', ['leather'], { top: ['Lemon'] }),
    ]);
    const f = new AlternativesFinder(small);
    const answer = await f.find('a', [], 5);
    expect(answer!.items.map((i) => i.perfume.id)).toEqual(['b']);
    expect(answer!.items[0]!.shares).toEqual({
      accords: ['sweet'],
      notes: { top: [], middle: [], base: ['Vanilla'], unspecified: [] },
    });
    expect(answer!.items[0]!.avoids).toEqual([]);
    // The original has linalool (from its bergamot); b has none, c shares nothing: b avoids it.
    const safe = await f.find('a', ['linalool'], 5);
    expect(safe!.excluded).toMatchObject([{ ref: 'linalool', chemical_ids: ['chem-linalool'] }]);
    expect(safe!.excluded[0]!.in_original).not.toBeNull();
    expect(safe!.items.map((i) => i.perfume.id)).toEqual(['b']);
    expect(safe!.items[0]!.avoids).toHaveLength(1);
    // Limonene is in every one of them: nothing is left.
    expect((await f.find('a', ['Limonene'], 5))!.items).toEqual([]);
  });

  it('answers null for an unknown perfume and names excluded references that match nothing', async () => {
    expect(await finder.find('no-such-perfume', [], 5)).toBeNull();
    await expect(finder.find(docs[0]!.perfume.id, ['Linalool', 'unobtainium'], 5)).rejects.toThrow(
      UnknownChemicalError,
    );
  });

  it('sees writes after the rebuild interval and never returns a perfume made unsafe since the build', async () => {
    let now = 0;
    const live = indexOf(generateCatalogue(11, 300));
    const f = new AlternativesFinder(live, { rebuildIntervalMs: 1000, now: () => now });
    const first = docs[0]!.perfume.id;
    const probe = [...live.documents()][0]!.perfume.id;
    const before = await f.find(probe, ['Linalool'], 3);
    const top = before!.items[0]!.perfume.id;
    // The top alternative now declares linalool: even before a rebuild it is no longer offered.
    const doc = live.getPerfume(top)!;
    live.upsertPerfume(
      {
        ...doc,
        declared: [
          {
            chemical_id: 'chem-linalool',
            name: 'Linalool',
            kind: 'declared',
            source: 'admin',
            concentration_min: null,
            concentration_max: null,
          },
        ],
      },
      10_000,
    );
    const after = await f.find(probe, ['Linalool'], 3);
    expect(after!.items.map((i) => i.perfume.id)).not.toContain(top);
    now = 5000;
    const rebuilt = await f.find(probe, ['Linalool'], 3);
    expect(rebuilt!.items.map((i) => i.perfume.id)).not.toContain(top);
    expect(first).toBeTruthy();
  });
});
