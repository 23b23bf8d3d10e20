import { describe, expect, it } from 'vitest';
import { declaredChemicals } from './assign-chemicals.ts';

describe('declaredChemicals', () => {
  it('reads every declared chemical of a full perfume with its name, and nothing from other answers', () => {
    expect(
      declaredChemicals({
        chemicals: [
          { chemical_id: 'a', name: 'Linalool', kind: 'declared' },
          { chemical_id: 'b', name: 'Citral', kind: 'inferred' },
          { chemical_id: 7, kind: 'declared' },
          { name: 'no id', kind: 'declared' },
        ],
      }),
    ).toEqual([
      { id: 'a', name: 'Linalool' },
      { id: 7, name: '7' },
    ]);
    expect(declaredChemicals(null)).toEqual([]);
    expect(declaredChemicals({ chemicals: 'x' })).toEqual([]);
  });
});
