import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerWord, parseLabelText, repairHyphenation, splitIngredients } from './ingredient-list.parser.ts';

const texts = (label: string) => parseLabelText(label).ingredients.map((i) => i.text);

describe('finding the ingredient list', () => {
  it('reads the list under an English header and stops at the next sentence', () => {
    const label = [
      'FOAMING FLUORIDATED TOOTHPASTE',
      'INGREDIENTS:',
      'Aqua, Hydrated Silica, Sorbitol, Potassium Nitrate,',
      'Glycerin, PEG-6, Sodium Lauryl Sulphate, Aroma,',
      'Sodium Fluoride, Sodium Hydroxide.',
      'Do not use if you are allergic to any of the ingredients.',
    ].join('\n');
    const parsed = parseLabelText(label);
    expect(parsed.header).toBe('ingredients');
    expect(parsed.ingredients.map((i) => i.text)).toEqual([
      'Aqua',
      'Hydrated Silica',
      'Sorbitol',
      'Potassium Nitrate',
      'Glycerin',
      'PEG-6',
      'Sodium Lauryl Sulphate',
      'Aroma',
      'Sodium Fluoride',
      'Sodium Hydroxide',
    ]);
    expect(parsed.otherLines).toContain('Do not use if you are allergic to any of the ingredients.');
    expect(parsed.linesBefore).toEqual(['FOAMING FLUORIDATED TOOTHPASTE']);
  });

  it.each([
    ['INGRÉDIENTS :', 'ingredients'],
    ['INGREDIENSER:', 'ingredienser'],
    ['Ingredientes:', 'ingredientes'],
    ['INHALTSSTOFFE:', 'inhaltsstoffe'],
    ['Ingredienti:', 'ingredienti'],
    ['COMPOSITION:', 'composition'],
    ['INGREDIENTS/INGRÉDIENTS/INGREDIENSER:', 'ingredients'],
    ['lNGREDlENTS:', 'ingredients'],
  ])('knows the header %s', (header, word) => {
    const parsed = parseLabelText(`${header} Alcohol, Parfum, Linalool.`);
    expect(parsed.header).toBe(word);
    expect(parsed.ingredients.map((i) => i.text)).toEqual(['Alcohol', 'Parfum', 'Linalool']);
  });

  it('does not take "the ingredients." in a warning sentence for a header', () => {
    expect(headerWord('ingredients')).toBe('ingredients');
    const parsed = parseLabelText(
      'Do not use if you are allergic to any of the ingredients.\nMade in France',
    );
    expect(parsed.header).toBeNull();
    expect(parsed.ingredients).toEqual([]);
  });

  it('finds a list without a header by its commas', () => {
    const parsed = parseLabelText(
      'Some words about the perfume.\n\nAlcohol Denat., Parfum, Aqua, Linalool, Limonene\nCitral',
    );
    expect(parsed.header).toBeNull();
    expect(parsed.ingredients.map((i) => i.text)).toEqual([
      'Alcohol Denat',
      'Parfum',
      'Aqua',
      'Linalool',
      'Limonene Citral',
    ]);
  });

  it('finds a headerless list whose commas small print turned into periods, not prose', () => {
    // A 400 px shop image after heavy JPEG: every comma read as a period, the header lost.
    const parsed = parseLabelText(
      [
        'EAU DE TOILETTE 100 ml 3.4 fl.oz.',
        'ALCOHOL. PARFUM (FRAGRANCE). AQUA (WATER). LIMONENE.',
        'COUMANIN. CTTRONELLOL. OERANIOL. CITRAL.',
        '',
        'Keep away from heat and flame. Avoid contact with eyes. For external use only.',
      ].join('\n'),
    );
    expect(parsed.ingredients.map((i) => i.text)).toEqual([
      'ALCOHOL',
      'PARFUM (FRAGRANCE)',
      'AQUA (WATER)',
      'LIMONENE',
      'COUMANIN',
      'CTTRONELLOL',
      'OERANIOL',
      'CITRAL',
    ]);
    expect(
      parseLabelText('Keep away from heat and flame. Avoid contact with eyes. For external use only.')
        .ingredients,
    ).toEqual([]);
  });

  it('cuts a sentence that follows the list on the same line', () => {
    expect(texts('INGREDIENTS: Aqua, Glycerin, Sodium Hydroxide. Keep out of reach of children.')).toEqual([
      'Aqua',
      'Glycerin',
      'Sodium Hydroxide',
    ]);
  });

  it('stops at the next block (origin, warnings) and leaves it to the other lines', () => {
    const parsed = parseLabelText(
      'INGREDIENTS: ALCOHOL, PARFUM (FRAGRANCE), AQUA (WATER)\nMade in France\nLOT 2B41',
    );
    expect(parsed.ingredients.map((i) => i.text)).toEqual(['ALCOHOL', 'PARFUM (FRAGRANCE)', 'AQUA (WATER)']);
    expect(parsed.otherLines).toEqual(['INGREDIENTS:', 'Made in France', 'LOT 2B41']);
  });

  it('ignores lines of specks between list lines', () => {
    expect(texts('INGREDIENTS: Citronellol, Geraniol, Hexyl\n: ; -\nCinnamal, Limonene.')).toEqual([
      'Citronellol',
      'Geraniol',
      'Hexyl Cinnamal',
      'Limonene',
    ]);
  });
});

describe('splitting the list', () => {
  it('keeps bracketed synonyms with their ingredient', () => {
    expect(
      splitIngredients('AQUA (WATER), PARFUM (FRAGRANCE), CITRUS AURANTIUM DULCIS (ORANGE) PEEL OIL').map(
        (i) => i.text,
      ),
    ).toEqual(['AQUA (WATER)', 'PARFUM (FRAGRANCE)', 'CITRUS AURANTIUM DULCIS (ORANGE) PEEL OIL']);
  });

  it('keeps locant commas inside a chemical name (a real perfume label)', () => {
    const items = splitIngredients(
      'Water, Denatured ethyl alcohol, Fragrance, 4-(1-ethoxyethenyl)-3,3,5,5-tetramethylcyclohexan-1-one, Ethylene brassylate',
    ).map((i) => i.text);
    expect(items).toEqual([
      'Water',
      'Denatured ethyl alcohol',
      'Fragrance',
      '4-(1-ethoxyethenyl)-3,3,5,5-tetramethylcyclohexan-1-one',
      'Ethylene brassylate',
    ]);
  });

  it('splits "[+/-]" and "may contain" groups into flagged items', () => {
    const items = splitIngredients('LIMONENE, [+/- CI 77491, CI 19140 (YELLOW 5)], BHT');
    expect(items.map((i) => [i.text, i.mayContain])).toEqual([
      ['LIMONENE', false],
      ['CI 77491', true],
      ['CI 19140 (YELLOW 5)', true],
      ['BHT', false],
    ]);
    expect(
      splitIngredients('Linalool, Limonene May contain: CI 77491, CI 77492').map((i) => [
        i.text,
        i.mayContain,
      ]),
    ).toEqual([
      ['Linalool', false],
      ['Limonene', false],
      ['CI 77491', true],
      ['CI 77492', true],
    ]);
  });

  it('keeps "ALCOHOL DENAT." and decimals whole but splits on other periods', () => {
    expect(
      splitIngredients('ALCOHOL DENAT., LINALOOL. LIMONENE, PARFUM 0.5%').map((i) => [
        i.text,
        i.concentration,
      ]),
    ).toEqual([
      ['ALCOHOL DENAT', null],
      ['LINALOOL', null],
      ['LIMONENE', null],
      ['PARFUM', '0.5%'],
    ]);
  });

  it('repairs line-break hyphenation', () => {
    expect(repairHyphenation('HYDROXY-\nCITRONELLAL, hydroxy-\ncitronellal, PEG-\n40')).toBe(
      'HYDROXY-CITRONELLAL, hydroxycitronellal, PEG-40',
    );
  });

  it('cleans OCR noise: bars for l, stray marks, footnote stars, "Cl" for CI', () => {
    expect(
      splitIngredients('Lina|ool*, "Limonene", ; . Citronel|ol ., Cl 77491, L1NALOOL').map((i) => i.text),
    ).toEqual(['Linalool', 'Limonene', 'Citronellol', 'CI 77491', 'LINALOOL']);
  });

  it('closes a bracket OCR never closed instead of swallowing the rest of the list', () => {
    expect(
      splitIngredients(
        'AQUA (WATER, PARFUM, LINALOOL, LIMONENE, CITRONELLOL, GERANIOL, COUMARIN, EUGENOL, CITRAL, FARNESOL',
      ).map((i) => i.text),
    ).toContain('FARNESOL');
  });
});

// --- property: generated lists, joined with separators and noise, parse back to the same items --

const WORDS = [
  'Aqua',
  'Parfum',
  'Linalool',
  'Limonene',
  'Benzyl',
  'Salicylate',
  'Alcohol',
  'Citronellol',
  'Glycerin',
  'Sodium',
  'Laureth',
  'Sulfate',
  'Hexyl',
  'Cinnamal',
  'Isomethyl',
  'Ionone',
  'Alpha',
  'PEG-40',
  'C12-15',
  'Cetearyl',
  'Butyrospermum',
  'Parkii',
  'Butter',
  'Citrus',
  'Aurantium',
  'Dulcis',
  'Peel',
  'Oil',
  'Extract',
  'Tocopherol',
  'Hydroxycitronellal',
  'Coumarin',
  'Farnesol',
];

const ingredientName = fc
  .record({
    words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
    synonym: fc.option(fc.constantFrom('Water', 'Fragrance', 'Orange', 'Yellow 5'), { nil: undefined }),
    upper: fc.boolean(),
  })
  .map(({ words, synonym, upper }) => {
    const name = `${words.join(' ')}${synonym ? ` (${synonym})` : ''}`;
    return upper ? name.toUpperCase() : name;
  });

/** Noise an OCR'd list shows around an item; `clean` says what the item must parse back to. */
const noisyItem = fc
  .record({
    name: ingredientName,
    star: fc.boolean(),
    bar: fc.boolean(),
  })
  .map(({ name, star, bar }) => {
    let printed = name;
    // `l` read as `|` inside a lower-case word.
    if (bar) printed = printed.replace(/(?<=\p{Ll})l/u, '|');
    if (star) printed = `${printed}*`;
    return { printed, clean: name };
  });

const separator = fc.constantFrom(', ', ',', ' , ', '; ', ',\n', ', \n', ' • ');
const header = fc.constantFrom(
  'INGREDIENTS: ',
  'Ingrédients : ',
  'INGREDIENSER:\n',
  'Inhaltsstoffe: ',
  'Ingredientes: ',
);
const ending = fc.constantFrom('', '.', '.\nMade in France', '.\n\nKeep away from heat and flame.');

describe('property: lists parse back to their items', () => {
  it('for any list, separators, line breaks, headers and OCR noise', () => {
    fc.assert(
      fc.property(
        fc.array(noisyItem, { minLength: 1, maxLength: 25 }),
        fc.array(separator, { minLength: 25, maxLength: 25 }),
        header,
        ending,
        fc.boolean(),
        (items, separators, head, end, hyphenate) => {
          let body = items.map((item, i) => (i === 0 ? '' : separators[i - 1]) + item.printed).join('');
          if (hyphenate) {
            // A long lower-case word broken at the end of a line: `Salicy-\nlate`.
            body = body.replace(/(\p{L}{4})(\p{Ll}{4,})/u, '$1-\n$2');
          }
          const parsed = parseLabelText(`${head}${body}${end}`);
          expect(parsed.ingredients.map((i) => i.text)).toEqual(items.map((i) => i.clean));
        },
      ),
      { numRuns: 300 },
    );
  });
});
