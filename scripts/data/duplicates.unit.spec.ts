import { describe, expect, it } from 'vitest';
import {
  brandSpellingAliases,
  brandSpellingKey,
  spellingClusters,
  spellingDuplicateGroups,
  spellingKey,
} from './duplicates.ts';

const groupsOf = (records: Array<[string, string]>) =>
  spellingDuplicateGroups(records.map(([brand, name], i) => ({ id: `p${i}`, brand, name }))).map(
    (g) => g.ids,
  );

describe('spellingKey', () => {
  // Pairs found in the catalogue the sources build.
  it.each([
    ['Roja Dove', 'Parfum Royale #3', 'Parfum Royale No. 3'],
    ['Aigner', 'Aigner N°1', 'Aigner No 1'],
    ['Frederic Malle', 'Dries Van Noten par', 'Dries Van Noten par Frédéric Malle'],
    ['Féraud', 'Feraud Homme', 'Féraud Homme'],
    ['Dior', 'Dior Me Dior Me Not', 'Dior Me, Dior Me Not'],
    ['Donna Karan', 'DKNY 24/7', 'DKNY 24 7'],
    ['Tiffany & Co.', 'Tiffany & Co. Sheer', 'Sheer Tiffany'],
    ['Trussardi', 'Donna Trussardi', 'Trussardi Donna'],
    ['Givenchy', 'Irresistible', 'Irrésistible Givenchy'],
    ['Chanel', 'Bleu de Chanel Eau de Parfum', 'Bleu de Chanel'],
    ['Liz Claiborne', 'Curve Chill for Men', 'Curve Chill For Men'],
  ])('%s: %s = %s', (brand, a, b) => {
    expect(spellingKey(brand, a)).toBe(spellingKey(brand, b));
  });

  it.each([
    ['Creed', 'Aventus', 'Aventus Cologne'],
    ['Dior', 'Sauvage', 'Sauvage Elixir'],
    ['Parfums de Marly', 'Layton', 'Layton Exclusif'],
    ['Maison Francis Kurkdjian', 'Baccarat Rouge 540', 'Baccarat Rouge 540 Extrait de Parfum'],
    ['Chanel', 'No 5', 'No 19'],
    ['Chanel', 'Allure Homme', 'Allure Homme Sport'],
    ['Guerlain', 'Habit Rouge', 'Habit Rouge Eau Fraîche'],
    ['Yves Saint Laurent', 'La Nuit de L’Homme', 'L’Homme'],
    ['Guerlain', 'Muguet 2016', 'Muguet 2019'],
    ['Givenchy', "L'Interdit", "L'Interdit Absolu"],
    ['Hugo Boss', 'Boss Bottled', 'Boss Bottled Night'],
    ['Dior', 'J’adore', "J'adore L'Or"],
  ])('%s: %s and %s stay apart', (brand, a, b) => {
    expect(spellingKey(brand, a)).not.toBe(spellingKey(brand, b));
  });

  it('never reduces a name to nothing', () => {
    expect(spellingKey('Chanel', 'Chanel')).toBe('chanel|chanel');
    expect(spellingKey('Rochas', 'Eau de Rochas')).toBe(spellingKey('Rochas', 'Eau de'));
    expect(brandSpellingKey('YSL')).toBe(brandSpellingKey('Yves Saint Laurent'));
  });
});

describe('brandSpellingAliases', () => {
  it('joins brands one letter apart that list the same perfumes, not look-alike houses', () => {
    const aliases = brandSpellingAliases([
      { brand: 'Anfas', name: 'El Oud' },
      { brand: 'Anfas', name: 'Saher' },
      { brand: 'Anfass', name: 'El Oud' },
      { brand: 'Anfass', name: 'Saher' },
      { brand: 'Eyüp Sabri Tuncer', name: 'Bosphorus' },
      { brand: 'Eyuep Sabri Tuncer', name: 'Bosphorus' },
      { brand: 'Pacifica', name: 'Sandalwood' },
      { brand: 'Pacific Perfumes', name: 'Sandalwood' },
      { brand: 'Kiton', name: 'Black' },
      { brand: 'Koton', name: 'Black' },
    ]);
    expect(aliases.get('anfass')).toBe('anfas');
    // The accented spelling is the house's main one.
    expect(aliases.get('eyuepsabrituncer')).toBe('eyupsabrituncer');
    expect(aliases.has('pacific')).toBe(false);
    expect(aliases.has('pacifica')).toBe(false);
    expect(aliases.has('koton') || aliases.has('kiton')).toBe(false);
  });
});

describe('spellingDuplicateGroups', () => {
  it('finds numbering, brand-in-name and lost-letter spellings', () => {
    expect(
      groupsOf([
        ['Roja Dove', 'Parfum Royale #5'],
        ['Roja Dove', 'Parfum Royale No. 5'],
        ['Kenzo', 'Flower by'],
        ['Kenzo', 'Flower by Kenzo'],
        ['Adopt', 'Terre de C dre'],
        ['Adopt', 'Terre de Cèdre'],
        ['Di Ser', 'Kyara'],
        ['Di Ser', 'Kyara 伽羅'],
        ['Creed', 'Aventus'],
        ['Creed', 'Aventus Cologne'],
      ]),
    ).toEqual([
      ['p4', 'p5'],
      ['p6', 'p7'],
      ['p2', 'p3'],
      ['p0', 'p1'],
    ]);
  });

  it('does not read an accented name as the lossy form of another', () => {
    // `Aim e` would be the lossy `Aimée`; `Aimé` is a spelling of its own.
    expect(
      spellingClusters([
        { brand: 'Marcel Guerlain', name: 'Aimé' },
        { brand: 'Marcel Guerlain', name: 'Aimée' },
      ]),
    ).toEqual([]);
    expect(
      spellingClusters([
        { brand: 'Marcel Guerlain', name: 'Aim e' },
        { brand: 'Marcel Guerlain', name: 'Aimée' },
      ]),
    ).toEqual([[0, 1]]);
  });

  it('joins a brand spelt two ways when the perfumes match', () => {
    expect(
      groupsOf([
        ['Herv Domar', 'Black Diamond'],
        ['Herv Domar', 'Citrine'],
        ['Herve Domar', 'Black Diamond'],
        ['Herve Domar', 'Citrine'],
      ]),
    ).toEqual([
      ['p0', 'p2'],
      ['p1', 'p3'],
    ]);
  });
});
