import { describe, expect, it } from 'vitest';
import {
  type ClassifiablePerfume,
  dataCategory,
  isHypoallergenic,
  type KnownChemical,
  linkedAllergenIds,
} from './classify.ts';
import { isVagueNote } from './vague-note.ts';

const known = new Map<string, KnownChemical>([
  ['chem-78-70-6', { allergen_flag: true }],
  ['chem-91-64-5', { allergen_flag: true }],
  ['chem-60-12-8', { allergen_flag: false }],
]);

const notes = (unspecified: string[]) => ({ top: [], middle: [], base: [], unspecified });

describe('isVagueNote', () => {
  it.each([
    'Woodsy Notes',
    'Floral Notes',
    'fruity notes',
    'Spices',
    'Flowers',
    'Citruses',
    'Musk',
    'Amber',
    'Woody Notes',
  ])('%s is vague', (note) => {
    expect(isVagueNote(note)).toBe(true);
  });

  it.each(['Rose', 'Lemongrass', 'Tonka Bean', 'White Musk Ketone', 'Ambrette'])('%s is specific', (note) => {
    expect(isVagueNote(note)).toBe(false);
  });
});

describe('dataCategory', () => {
  it('is complete with a link to a known chemical', () => {
    const p: ClassifiablePerfume = { notes: notes(['Rose']), chemicals: [{ chemical_id: 'chem-60-12-8' }] };
    expect(dataCategory(p, known)).toBe('complete');
  });

  it('is unspecific without notes, with only vague notes, or with unknown links', () => {
    expect(dataCategory({ notes: notes([]), chemicals: [] }, known)).toBe('unspecific');
    expect(dataCategory({ notes: notes(['Woodsy Notes', 'Spices']), chemicals: [] }, known)).toBe(
      'unspecific',
    );
    expect(dataCategory({ notes: null, chemicals: [{ chemical_id: 'chem-unknown' }] }, known)).toBe(
      'unspecific',
    );
  });
});

describe('isHypoallergenic', () => {
  it('needs complete data and no known allergen', () => {
    expect(isHypoallergenic({ chemicals: [{ chemical_id: 'chem-60-12-8' }] }, known)).toBe(true);
    expect(
      isHypoallergenic(
        { chemicals: [{ chemical_id: 'chem-60-12-8' }, { chemical_id: 'chem-78-70-6' }] },
        known,
      ),
    ).toBe(false);
    expect(isHypoallergenic({ chemicals: [] }, known)).toBe(false);
  });

  it('lists the linked allergens once each', () => {
    const p = {
      chemicals: [
        { chemical_id: 'chem-78-70-6' },
        { chemical_id: 'chem-78-70-6' },
        { chemical_id: 'chem-91-64-5' },
      ],
    };
    expect(linkedAllergenIds(p, known)).toEqual(['chem-78-70-6', 'chem-91-64-5']);
  });
});
