import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildInciVocabulary, inciVocabularyFile, vocabularyKey } from './inci-vocabulary.ts';

describe('the scanner vocabulary build', () => {
  const names = buildInciVocabulary(
    ['GLYCERIN', 'CI 77891', 'SODIUM LAURYL SULFATE', 'Glycerin', 'SOLVENT GREEN 3 (C.I. 61565)'],
    [
      { name: 'Linalool', inci_name: 'LINALOOL', synonyms: ['3,7-Dimethyl-1,6-octadien-3-ol', 'Linalol'] },
      {
        name: 'Benzyl alcohol',
        inci_name: 'BENZYL ALCOHOL',
        synonyms: ['a synonym far too long to be printed on any label as a name'],
      },
      {
        name: 'Alpha-damascone',
        inci_name: 'ALPHA-DAMASCONE',
        synonyms: ['Rose ketones'],
        allergen_flag: true,
        restrictions: 'shall be indicated as ‘Rose Ketones’ in the list of ingredients',
      },
      {
        name: 'Not an allergen',
        inci_name: null,
        synonyms: [],
        allergen_flag: false,
        restrictions: 'shall be indicated as ‘Pinus Mugo’ in the list of ingredients',
      },
    ],
  );

  it('takes CosIng names, database names and short synonyms, and everyday label words, once each', () => {
    for (const name of [
      'GLYCERIN',
      'SODIUM LAURYL SULFATE',
      'LINALOOL',
      'Linalol',
      'Aqua',
      'Parfum',
      'Fragrance',
    ])
      expect(names).toContain(name);
    expect(names.filter((n) => vocabularyKey(n) === 'glycerin')).toEqual(['GLYCERIN']);
    expect(names.some((n) => n.startsWith('a synonym far too long'))).toBe(false);
    // The database's spelling wins over CosIng's for the same name.
    expect(names.filter((n) => vocabularyKey(n) === 'linalool')).toEqual(['LINALOOL']);
  });

  it('takes the label name an allergen’s grouped entry prescribes, spelt as the law spells it', () => {
    expect(names.filter((n) => vocabularyKey(n) === 'roseketones')).toEqual(['Rose Ketones']);
    expect(names).not.toContain('Pinus Mugo');
  });

  it('lists Colour Index numbers, also those inside a longer name', () => {
    expect(names).toContain('CI 77891');
    expect(names).toContain('CI 61565');
  });

  it('is sorted by folded form and written the same way every time', () => {
    const keys = names.map(vocabularyKey);
    expect(keys).toEqual([...keys].sort());
    const file = inciVocabularyFile(names);
    expect(file.equals(inciVocabularyFile(names))).toBe(true);
    expect(gunzipSync(file).toString('utf8').split('\n').filter(Boolean)).toEqual(names);
  });
});
