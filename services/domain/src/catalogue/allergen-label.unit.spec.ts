import { describe, expect, it } from 'vitest';
import {
  allergenLabelKey,
  allergenLabelNames,
  inciCellNames,
  labelCase,
  prescribedLabelNames,
} from './allergen-label.ts';

describe('prescribedLabelNames', () => {
  it('reads the name a grouped labelling entry prescribes, in both wordings', () => {
    expect(
      prescribedLabelNames(
        'The presence of the substance or substances shall be indicated as ‘Rose Ketones’ in the list of ingredients referred to in Article 19(1), point (g)',
      ),
    ).toEqual(['Rose Ketones']);
    // Once without "as", and with a space after the slash: read as labels print it.
    expect(
      prescribedLabelNames(
        'The presence of the substance or substances shall be indicated ‘Lavandula Oil/ Extract’ in the list of ingredients',
      ),
    ).toEqual(['Lavandula Oil/Extract']);
  });

  it('reads nothing from an entry that prescribes no name', () => {
    expect(
      prescribedLabelNames(
        'The presence of the substance shall be indicated in the list of ingredients referred to in Article 19(1), point (g)',
      ),
    ).toEqual([]);
    expect(prescribedLabelNames('Max 10 % as a UV filter')).toEqual([]);
    expect(prescribedLabelNames(null)).toEqual([]);
  });

  it('gives them to EU label allergens only', () => {
    const restrictions = 'shall be indicated as ‘Rose Ketones’ in the list of ingredients';
    expect(allergenLabelNames({ allergen_flag: true, restrictions })).toEqual(['Rose Ketones']);
    expect(allergenLabelNames({ allergen_flag: false, restrictions })).toEqual([]);
  });
});

describe('inciCellNames', () => {
  it('splits a cell at semicolons and at a comma before a capital, and tidies spaces', () => {
    expect(
      inciCellNames('Narcissus Poeticus Extract;  Narcissus Jonquilla Extract, Narcissus Tazetta Extract'),
    ).toEqual(['Narcissus Poeticus Extract', 'Narcissus Jonquilla Extract', 'Narcissus Tazetta Extract']);
    expect(inciCellNames('2,4-DIMETHYL-3-CYCLOHEXENE CARBOXALDEHYDE')).toEqual([
      '2,4-DIMETHYL-3-CYCLOHEXENE CARBOXALDEHYDE',
    ]);
    expect(inciCellNames(null)).toEqual([]);
  });
});

describe('allergenLabelKey', () => {
  it('keys an allergen by its INCI name, else its name, and other chemicals not at all', () => {
    expect(allergenLabelKey({ name: 'd-Limonene', inci_name: 'LIMONENE', allergen_flag: true })).toBe(
      'limonene',
    );
    expect(allergenLabelKey({ name: 'Rose Ketone-4', inci_name: null, allergen_flag: true })).toBe(
      'roseketone4',
    );
    expect(allergenLabelKey({ name: 'Ethanol', inci_name: 'ALCOHOL', allergen_flag: false })).toBeNull();
    expect(labelCase('ALPHA-ISOMETHYL IONONE')).toBe('Alpha-Isomethyl Ionone');
  });
});
