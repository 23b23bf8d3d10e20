import { describe, expect, it } from 'vitest';
import {
  type ChemicalPick,
  mergePicks,
  normalizeChemicalMatches,
  normalizeChemicalPage,
  togglePick,
} from './chemical-matches.ts';

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

describe('normalizeChemicalPage', () => {
  it('keeps what the manager edits (type, description) and says whether more pages follow', () => {
    const page = normalizeChemicalPage(
      {
        chemicals: [
          { id: 'c1', name: 'Hedione', type: 'synthetic', description: null, cas_number: '24851-98-7' },
        ],
        total: 250,
        has_more: true,
      },
      100,
    );
    expect(page).toEqual({
      chemicals: [
        { id: 'c1', name: 'Hedione', type: 'synthetic', cas_number: '24851-98-7', allergen_flag: false },
      ],
      total: 250,
      hasMore: true,
    });
  });

  it('counts from the page itself when the answer gives no total', () => {
    expect(normalizeChemicalPage({ chemicals: [{ id: 1, name: 'A' }] }, 200)).toEqual({
      chemicals: [{ id: 1, name: 'A', cas_number: null, allergen_flag: false }],
      total: 201,
      hasMore: false,
    });
  });
});

describe('togglePick', () => {
  it('adds a chemical once and takes it out again, comparing ids as text', () => {
    const picks = togglePick([], { id: 7, name: 'Linalool', cas_number: '78-70-6' } as ChemicalPick);
    expect(picks).toEqual([{ id: 7, name: 'Linalool' }]);
    expect(togglePick(picks, { id: '7', name: 'Linalool' })).toEqual([]);
    expect(togglePick(picks, { id: 8, name: 'Citral' })).toEqual([
      { id: 7, name: 'Linalool' },
      { id: 8, name: 'Citral' },
    ]);
  });
});

describe('mergePicks', () => {
  it('adds unseen picks after the first list and names picks known only by their id', () => {
    expect(
      mergePicks(
        [
          { id: 'a', name: 'a' },
          { id: 'b', name: 'Citral' },
        ],
        [
          { id: 'a', name: 'Linalool' },
          { id: 'b', name: 'Other name' },
          { id: 'c', name: 'Eugenol' },
          { id: 'c', name: 'Eugenol again' },
        ],
      ),
    ).toEqual([
      { id: 'a', name: 'Linalool' },
      { id: 'b', name: 'Citral' },
      { id: 'c', name: 'Eugenol' },
    ]);
  });
});
