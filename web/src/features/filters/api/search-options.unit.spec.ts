import { describe, expect, it } from 'vitest';
import { normalizeChemicalOptions, normalizeNoteOptions } from './search-options.ts';

describe('filter option pages', () => {
  it('reads a chemical page with the total of matches', () => {
    expect(
      normalizeChemicalOptions({
        chemicals: [{ id: 'chem-78-70-6', name: 'Linalool', cas_number: '78-70-6' }, { id: 'x' }],
        total: 240,
        has_more: true,
      }),
    ).toEqual({ items: [{ id: 'chem-78-70-6', name: 'Linalool', cas_number: '78-70-6' }], total: 240 });
  });

  it('keeps the other name a chemical was found by (a trade name)', () => {
    const page = normalizeChemicalOptions({
      chemicals: [
        { id: 'chem-24851-98-7', name: 'Methyl dihydrojasmonate', cas_number: null, matched_name: 'Hedione' },
      ],
    });
    expect(page.items).toEqual([
      { id: 'chem-24851-98-7', name: 'Methyl dihydrojasmonate', cas_number: null, matched_name: 'Hedione' },
    ]);
  });

  it('reads a note page with perfume counts', () => {
    expect(
      normalizeNoteOptions({
        notes: [{ id: 'note-rose', name: 'Rose', category: 'middle', perfume_count: 19000 }],
        total: 812,
      }),
    ).toEqual({
      items: [{ id: 'note-rose', name: 'Rose', category: 'middle', perfume_count: 19000 }],
      total: 812,
    });
  });

  it('falls back to the items listed when no total is given', () => {
    expect(normalizeNoteOptions(['Rose', 'Oud']).total).toBe(2);
  });
});
