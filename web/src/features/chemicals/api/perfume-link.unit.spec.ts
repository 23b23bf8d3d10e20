import { describe, expect, it } from 'vitest';
import { findPerfumeLink } from './perfume-link.ts';

const perfume = {
  id: 'p1',
  chemicals: [
    { chemical_id: 'chem-78-70-6', name: 'Linalool', source: 'inferred', concentration_min: null },
    {
      chemical_id: 'chem-78-70-6',
      name: 'Linalool',
      source: 'contribution',
      concentration_min: 0.25,
      concentration_max: 1.5,
    },
    { chemical_id: 'chem-5989-27-5', name: 'Limonene', source: 'label' },
  ],
};

describe('findPerfumeLink', () => {
  it('picks the link that gives a concentration when a chemical is linked twice', () => {
    expect(findPerfumeLink(perfume, { id: 'chem-78-70-6', name: 'Linalool' })).toEqual({
      concentration_min: 0.25,
      concentration_max: 1.5,
      source: 'contribution',
    });
  });

  it('answers a link without a concentration as such, and null for a chemical the perfume lacks', () => {
    expect(findPerfumeLink(perfume, { id: 'chem-5989-27-5', name: 'Limonene' })).toEqual({
      concentration_min: null,
      concentration_max: null,
      source: 'label',
    });
    expect(findPerfumeLink(perfume, { id: 'chem-97-53-0', name: 'Eugenol' })).toBeNull();
  });

  it('matches by name when the chemical has no id, and ignores answers without chemicals', () => {
    expect(findPerfumeLink(perfume, { id: null, name: ' limonene ' })?.source).toBe('label');
    expect(findPerfumeLink({ id: 'p2' }, { id: 'chem-78-70-6', name: 'Linalool' })).toBeNull();
    expect(findPerfumeLink('not a perfume', { id: 'chem-78-70-6', name: 'Linalool' })).toBeNull();
  });
});
