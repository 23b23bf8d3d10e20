import { describe, expect, it } from 'vitest';
import { normalizeChemicalMatches } from './chemical-matches.ts';

describe('normalizeChemicalMatches', () => {
  it('keeps well-formed chemicals with their allergen flag and the total that matched', () => {
    const page = normalizeChemicalMatches({
      chemicals: [
        { id: 'chem-78-70-6', name: 'Linalool', cas_number: '78-70-6', allergen_flag: true },
        { id: 'x', name: ' ' },
        { name: 'no id' },
        { id: 7, name: 'Ethanol' },
      ],
      total: 412,
      has_more: true,
    });
    expect(page.total).toBe(412);
    expect(page.items).toEqual([
      { id: 'chem-78-70-6', name: 'Linalool', cas_number: '78-70-6', allergen_flag: true },
      { id: 7, name: 'Ethanol', cas_number: null, allergen_flag: false },
    ]);
  });

  it('answers an empty page for anything else', () => {
    expect(normalizeChemicalMatches(null)).toEqual({ items: [], total: 0 });
    expect(normalizeChemicalMatches({ chemicals: 'nope' })).toEqual({ items: [], total: 0 });
  });
});
