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
