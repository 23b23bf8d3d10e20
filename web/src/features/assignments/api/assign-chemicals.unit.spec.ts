import { describe, expect, it } from 'vitest';
import type { Chemical } from '../../../types/api.ts';
import { matchingChemicals } from '../components/quick-assign-dialog.tsx';
import { declaredChemicalIds } from './assign-chemicals.ts';

describe('declaredChemicalIds', () => {
  it('reads every declared chemical of a full perfume, and nothing from other answers', () => {
    expect(
      declaredChemicalIds({
        chemicals: [
          { chemical_id: 'a', kind: 'declared' },
          { chemical_id: 'b', kind: 'inferred' },
          { chemical_id: 7, kind: 'declared' },
        ],
      }),
    ).toEqual(['a', 7]);
    expect(declaredChemicalIds(null)).toEqual([]);
    expect(declaredChemicalIds({ chemicals: 'x' })).toEqual([]);
  });
});

describe('matchingChemicals', () => {
  const list: Chemical[] = [
    { id: 1, name: 'Dehydrolinalool' },
    { id: 2, name: 'Linalool oxide' },
    { id: 3, name: 'Linalool', cas_number: '78-70-6' },
    { id: 4, name: 'Vanillin' },
  ];
  it('puts the exact name first, then names starting with the text, then the rest in list order', () => {
    expect(matchingChemicals(list, 'LINALOOL').map((c) => c.id)).toEqual([3, 2, 1]);
    expect(matchingChemicals(list, '78-70-6').map((c) => c.id)).toEqual([3]);
    expect(matchingChemicals(list, '')).toHaveLength(4);
  });
});
