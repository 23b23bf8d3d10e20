import { describe, expect, it } from 'vitest';
import { matchAllergens } from './allergen-match.ts';
import { normalizePerfume } from './api/perfume-normalize.ts';

const perfume = normalizePerfume({
  id: 1,
  name: 'P',
  chemicals: [
    { chemical_id: 7, name: 'Linalool', source: 'inferred' },
    { chemical_id: 7, name: 'Linalool', source: 'admin' },
    { chemical_id: 9, name: 'Coumarin', source: 'inferred' },
    { chemical_id: 3, name: 'Vanillin' },
  ],
});
if (!perfume) throw new Error('fixture did not normalise');

describe('matchAllergens', () => {
  it('finds profile chemicals by id or name, declared winning over inferred', () => {
    expect(
      matchAllergens(perfume, [
        { id: 7, name: 'Linalool' },
        { id: 'other-id', name: 'coumarin' },
      ]),
    ).toEqual([
      { name: 'Linalool', kind: 'declared' },
      { name: 'Coumarin', kind: 'inferred' },
    ]);
  });

  it('finds nothing for an empty profile or unrelated chemicals', () => {
    expect(matchAllergens(perfume, [])).toEqual([]);
    expect(matchAllergens(perfume, [{ id: 99, name: 'Citral' }])).toEqual([]);
  });
});

describe('matchAllergens on a list card', () => {
  it("uses the server's flagged links, which cover chemicals beyond the card's few chips", () => {
    const card = normalizePerfume({
      id: 2,
      name: 'Q',
      chemicals: [{ chemical_id: 'a', name: 'Citral', allergen_flag: true, kind: 'inferred' }],
      allergen_counts: { declared: 0, likely: 0, possible: 0 },
      flagged: [{ chemical_id: 'chem-coumarin', name: 'Coumarin', kind: 'declared' }],
    });
    if (!card) throw new Error('fixture did not normalise');
    expect(matchAllergens(card, [{ id: 'chem-coumarin', name: 'Coumarin' }])).toEqual([
      { name: 'Coumarin', kind: 'declared' },
    ]);
    // The card's own chip is not consulted: the server answered for the whole perfume.
    expect(matchAllergens(card, [{ id: 'a', name: 'Citral' }])).toEqual([]);
  });
});
