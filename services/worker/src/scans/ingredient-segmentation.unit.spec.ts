import { beforeAll, describe, expect, it } from 'vitest';
import { loadChemicalRecords } from './chemical-database.ts';
import { ChemicalMatcher } from './chemical-matcher.ts';
import { type InciVocabulary, loadInciVocabulary } from './inci-vocabulary.ts';
import { parseLabelText } from './ingredient-list.parser.ts';
import {
  looksLikeHeading,
  namesInProse,
  runTogetherSynonyms,
  segmentEntry,
  splitBlend,
  startsWithHeading,
} from './ingredient-segmentation.ts';
import { analyzeLabel, matchIngredients } from './label-analysis.ts';

let vocabulary: InciVocabulary;
let matcher: ChemicalMatcher;
beforeAll(async () => {
  const loaded = await loadInciVocabulary();
  if (!loaded) throw new Error('data/scanner/inci-vocabulary.txt.gz is missing: run npm run data:build');
  vocabulary = loaded;
  matcher = new ChemicalMatcher(await loadChemicalRecords());
  // Loading both takes seconds on a busy machine.
}, 60_000);

/** The ingredients the analysis reports for an OCR text, as `name [reading]`. */
function read(text: string): string[] {
  return matchIngredients(parseLabelText(text).ingredients, matcher, { vocabulary }).map(
    (m) => `${m.ingredient.name} [${m.ingredient.reading}]`,
  );
}

const lower = (names: string[]) => names.map((n) => n.toLowerCase());

describe('segmentation of run-together entries', () => {
  it('splits names that abut where a comma was lost, correcting a first letter lost at the line break', () => {
    const pieces = segmentEntry('hydrated magnesium silicate lycerin sorbitol', vocabulary);
    expect(lower(pieces!.map((p) => p.hit.name))).toEqual([
      'hydrated magnesium silicate',
      'glycerin',
      'sorbitol',
    ]);
    expect(pieces!.map((p) => p.hit.kind)).toEqual(['exact', 'corrected', 'exact']);
  });

  it('splits across a connector word and repairs the next name', () => {
    expect(lower(read('Ingredients: perfume with sandalwood oil odium chloride'))).toEqual([
      'perfume [printed]',
      'sandalwood oil [printed]',
      'sodium chloride [corrected]',
    ]);
    expect(lower(read('Ingredients: oleo resin turmeric etidronic acid'))).toEqual([
      'oleoresin turmeric [printed]',
      'etidronic acid [printed]',
    ]);
  });

  it('picks names out from among unreadable words, keeping those to be checked, and drops a misread heading', () => {
    expect(read('Nerebients Alcohol, Citral Hext, Aqua, Glycerin')).toEqual([
      'Alcohol [printed]',
      'Citral [printed]',
      'Hext [unrecognised]',
      'Aqua [printed]',
      'Glycerin [printed]',
    ]);
    expect(looksLikeHeading('INGEEDIENTES')).toBe(true);
    expect(looksLikeHeading('Glycerin')).toBe(false);
  });

  it('joins a name broken in two at a line break when neither half is a name', () => {
    expect(read('Ingredients: Aqua, Butyrospermum Parkii.\nButter, Glycerin, Sorbitol')).toEqual([
      'Aqua [printed]',
      'Butyrospermum Parkii Butter [printed]',
      'Glycerin [printed]',
      'Sorbitol [printed]',
    ]);
  });

  it('leaves an entry whole when its words are not all names', () => {
    expect(segmentEntry('Hydrolyzed Rice Protein Xqzvtr', vocabulary)).toBeNull();
    expect(read('Ingredients: Aqua, Qwrtzy Blorp Extract')).toEqual([
      'Aqua [printed]',
      'Qwrtzy Blorp Extract [unrecognised]',
    ]);
  });
});

describe('blends', () => {
  it.each([
    ['Glycerin / Sorbitol', ['glycerin', 'sorbitol']],
    ['Palmitic Acid & Stearic Acid', ['palmitic acid', 'stearic acid']],
    ['DMDM Hydantoin and Iodopropynyl Butylcarbamate', ['dmdm hydantoin', 'iodopropynyl butylcarbamate']],
  ])('splits %s into its members and keeps the blend', (text, members) => {
    const found = matchIngredients(
      parseLabelText(`Ingredients: Aqua, ${text}, Linalool`).ingredients,
      matcher,
      {
        vocabulary,
      },
    );
    const inBlend = found.filter((m) => m.ingredient.blend);
    expect(lower(inBlend.map((m) => m.ingredient.name))).toEqual(members);
    expect(new Set(inBlend.map((m) => m.ingredient.blend))).toEqual(new Set([text]));
    expect(found).toHaveLength(members.length + 2);
  });

  it('keeps one name that holds the separator, and one thing named in several languages', () => {
    expect(splitBlend('Parfum/Fragrance', vocabulary)?.synonyms).toBe(true);
    expect(read('Ingredients: Caprylic/Capric Triglyceride, Parfum/Fragrance, Aqua/Water/Eau')).toEqual([
      'Caprylic/capric Triglyceride [printed]',
      'Parfum/Fragrance [printed]',
      'Aqua/Water/Eau [printed]',
    ]);
  });

  it('does not split when a side is not a known name', () => {
    expect(splitBlend('Glycerin / Qwrtzy', vocabulary)).toBeNull();
  });
});

describe('synonyms and colours', () => {
  it('keeps a bracketed synonym with its entry, correcting the name outside it', () => {
    expect(read('Ingredients: Tocopherol Acetate (Vitamin E), Aqua (Water)')).toEqual([
      'Tocopheryl Acetate (Vitamin E) [corrected]',
      'Aqua (Water) [printed]',
    ]);
  });

  it('reads Colour Index numbers as ingredients, however the prefix is printed', () => {
    expect(read('Ingredients: Glycerin, Color C.I. 15510, C. I. 77891, CI-19140.')).toEqual([
      'Glycerin [printed]',
      'CI 15510 [printed]',
      'CI 77891 [printed]',
      'CI 19140 [printed]',
    ]);
  });
});

describe('OCR letter errors in a whole list', () => {
  it('corrects each confident misreading and says which were corrected', () => {
    const found = matchIngredients(
      parseLabelText(
        'INGRE DIENTS: Aqua, lodopropynyl Butylcarbamate, cocamidopropy betaine, Sodium Laury Sulphate, coconut oy, 0j',
      ).ingredients,
      matcher,
      { vocabulary },
    );
    expect(
      found.map((m) => [m.ingredient.name.toLowerCase(), m.ingredient.reading, m.ingredient.read_as]),
    ).toEqual([
      ['aqua', 'printed', null],
      ['iodopropynyl butylcarbamate', 'corrected', 'lodopropynyl Butylcarbamate'],
      ['cocamidopropyl betaine', 'corrected', 'cocamidopropy betaine'],
      ['sodium lauryl sulfate', 'corrected', 'Sodium Laury Sulphate'],
      ['coconut oil', 'corrected', 'coconut oy'],
    ]);
  });
});

describe('names run together at a line break', () => {
  it('keeps two names printed exactly as two, not a correction of both into a third name', () => {
    // Read from a tilted label: the line's last name and the next line's first with no comma.
    expect(read('Ingredients: Citronellol, Geraniol Linalool, Limonene')).toEqual([
      'Citronellol [printed]',
      'Geraniol [printed]',
      'Linalool [printed]',
      'Limonene [printed]',
    ]);
  });

  it('still corrects a misread name whose words are not all names', () => {
    expect(lower(read('Ingredients: Geranyl Linalol, Aqua'))).toEqual([
      'geranyl linalool [corrected]',
      'aqua [printed]',
    ]);
  });
});

describe('declared allergens misread beyond the general limit', () => {
  it('names the allergen a badly read entry clearly stands for', () => {
    // Readings of a bottle's curved edge and of a glare (the general correction leaves them).
    expect(
      read('Ingredients: Alcohol, Benzyl Saucratl, Sedroesotronellal, Hext Omamal, Coumarin').map((n) =>
        n.toLowerCase(),
      ),
    ).toEqual([
      'alcohol [printed]',
      'benzyl salicylate [corrected]',
      'hydroxycitronellal [corrected]',
      'hexyl cinnamal [corrected]',
      'coumarin [printed]',
    ]);
  });

  it("names short allergens misread in small print, one substance's forms no rivals", () => {
    // 400 px shop images: a first letter lost (`Ugendl`), two letters misread in eight (`Painesol`,
    // `Lisponene`), `ri` read as `n` (`COMARN`), a space inside the word (`UGE NOL`).
    expect(lower(read('Ingredients: Alcohol, Ugendl, Painesol, Lisponene, COMARN, Linalool'))).toEqual([
      'alcohol [printed]',
      'eugenol [corrected]',
      'farnesol [corrected]',
      'limonene [corrected]',
      'coumarin [corrected]',
      'linalool [printed]',
    ]);
    expect(lower(read('Ingredients: BHT. UGE NOL. CINNAMYL ALCOHOL'))).toEqual([
      'bht [printed]',
      'eugenol [corrected]',
      'cinnamyl alcohol [printed]',
    ]);
  });

  it('names the allergen when another name is only a little closer', () => {
    // `BENZYL BENZOATE` under a glare: `Butyl Benzoate` is half an edit closer, not clearly so.
    expect(lower(read('Ingredients: Linalool, Be Benzoate, Citral'))).toEqual([
      'linalool [printed]',
      'benzyl benzoate [corrected]',
      'citral [printed]',
    ]);
    // A word of an allergen's name read as printed is not that allergen (`BENZYL` / `SALICYLATE`
    // broken at a line break under a glare, read from the second line on).
    expect(lower(read('Ingredients: SALICYLATE, LINALOOL'))).not.toContain('amyl salicylate [corrected]');
    // Two names printed exactly, their comma lost at a line break (a bottle), are those two.
    expect(lower(read('Ingredients: EUGENOL, CINNAMAL\nCITRAL, BHT'))).toEqual([
      'eugenol [printed]',
      'cinnamal [printed]',
      'citral [printed]',
      'bht [printed]',
    ]);
  });

  it('names the substance as labels print it, not a stereo form of it', () => {
    // `LIMONENE` on a 400 px shop image; `l-Limonene` as printed stays as it is.
    expect(lower(read('Ingredients: Uimesene, Alcohol'))).toEqual([
      'limonene [corrected]',
      'alcohol [printed]',
    ]);
    expect(lower(read('Ingredients: l-Limonene, Alcohol'))).toEqual([
      'l-limonene [printed]',
      'alcohol [printed]',
    ]);
  });

  it('reads a misread allergen as the allergen before as Aqua/Water/Eau run together', () => {
    // `COUMAAN`: its pieces are one edit from `eau` and `aqua`, the whole is `COUMARIN` misread.
    expect(lower(read('Ingredients: Alcohol, COUMAAN, Citral'))).toEqual([
      'alcohol [printed]',
      'coumarin [corrected]',
      'citral [printed]',
    ]);
  });

  it('joins an allergen broken at a line break whose first half was misread', () => {
    // A 400 px shop image: the hyphen and the first letters lost, the line broken before `IONONE`.
    expect(lower(read('Ingredients: Hydroxycitronellal, Alpiassomethyl,\nIonone, Coumarin'))).toEqual([
      'hydroxycitronellal [printed]',
      'alpha-isomethyl ionone [corrected]',
      'coumarin [printed]',
    ]);
  });

  it('leaves debris and non-allergen misreadings unrecognised instead of guessing an allergen', () => {
    const found = read(
      'Ingredients: Aqua, Aguanvatereal, Fhenoryethanal, Gerassal, Keep away from heat, Butse hobntare Propene, Ormethiconed, Greanide, Comarca, Reagent',
    );
    expect(found.filter((n) => n.endsWith('[corrected]'))).toEqual([]);
  });
});

describe('a small shop image read badly', () => {
  it('reads Aqua/Water/Eau run together into one word as Aqua', () => {
    expect(lower(read('INGREDIENTES: ALCOHOL DENAT., AQUAAVATERZEAL, COUMARIN'))).toEqual([
      'alcohol denat. [printed]',
      'aqua [corrected]',
      'coumarin [printed]',
    ]);
    expect(runTogetherSynonyms('Wateraquaeall')).toBe('Aqua');
    expect(runTogetherSynonyms('Aquaphor')).toBeNull();
    expect(runTogetherSynonyms('Waterlily')).toBeNull();
  });

  it('drops a misread heading run into the first entry', () => {
    expect(
      lower(read('Ingredientsangredients: Aqua, Glycerin, Cetearyl Alcohol, Dimethicone, Carbomer')),
    ).toEqual([
      'aqua [printed]',
      'glycerin [printed]',
      'cetearyl alcohol [printed]',
      'dimethicone [printed]',
      'carbomer [printed]',
    ]);
    expect(startsWithHeading('INGREIMENTSINGREDIENTS')).toBe(true);
    expect(startsWithHeading('Inositol')).toBe(false);
  });
});

describe('ingredient lists written as sentences', () => {
  it('finds the names after a cue phrase', () => {
    const text =
      'A gentle wash made with natural ingredients including tea tree oil, lemon peel oil and witch hazel extract.';
    expect(lower(namesInProse(text, vocabulary).map((p) => p.hit.name))).toEqual([
      'tea tree oil',
      'lemon peel oil',
      'witch hazel extract',
    ]);
    const result = analyzeLabel(
      {
        analysisType: 'ingredients',
        ocr: { text: `PURE FACE\n${text}\nMade in UK`, confidence: 85 },
        barcodes: [],
        image: {
          width: 1200,
          height: 800,
          sharpness: 900,
          brightness: 210,
          contrast: 60,
          glare: 0,
          noise: 2,
        },
      },
      { matcher, vocabulary },
    );
    expect(lower(result.ingredients.map((i) => i.name))).toEqual([
      'tea tree oil',
      'lemon peel oil',
      'witch hazel extract',
    ]);
  });

  it('takes nothing from a sentence without names', () => {
    expect(
      namesInProse('Contains nothing you would not want, made with love in Sweden.', vocabulary),
    ).toEqual([]);
  });
});

describe("names among a neighbouring column's words", () => {
  it('picks out long names when a third of the words are names, keeping the rest to be checked', () => {
    // A motion-blurred two-column label: the German warning column read into the list line.
    expect(read('INGREDIENTS: ALCOHOL, LINALOOL, Vom Hie umd Ramoemem CTRONELLOL ISOEUGENOL, BHT.')).toEqual([
      'Alcohol [printed]',
      'Linalool [printed]',
      'Vom Hie umd Ramoemem [unrecognised]',
      'Citronellol [corrected]',
      'Isoeugenol [printed]',
      'BHT [printed]',
    ]);
  });

  it('does not take one name among many ordinary words for a list', () => {
    expect(read('INGREDIENTS: ALCOHOL, LINALOOL, Keep away from heat and flame LIMONENE, BHT.')).toContain(
      'Keep away from heat and flame LIMONENE [unrecognised]',
    );
  });
});

describe('several readings of one hard image', () => {
  it('lets the reading that agrees best with the vocabulary lead, and keeps no debris of the others', () => {
    const result = analyzeLabel(
      {
        analysisType: 'ingredients',
        ocr: {
          // The first (full-size) reading of a smeared label: mostly debris.
          text: 'INGREDIENTS: Aqvz Tvv, Glycerin, Lnmqx Ovz Pbrt, Qwrtzy Blorpex',
          confidence: 45,
          otherTexts: [
            'INGREDIENTS: Aqua, Glycerin, Parfum, Linalool, Limonene.',
            'INGREDIENTS: Aqua, Glycerin, Sodium Benzoate, Xzzqt.',
          ],
        },
        barcodes: [],
        image: {
          width: 1200,
          height: 600,
          sharpness: 300,
          brightness: 210,
          contrast: 60,
          glare: 0,
          noise: 2,
        },
      },
      { matcher, vocabulary },
    );
    expect(lower(result.ingredients.map((i) => i.name))).toEqual([
      'aqua',
      'glycerin',
      'parfum',
      'linalool',
      'limonene',
      'sodium benzoate',
    ]);
    expect(result.ingredients.every((i) => i.reading !== 'unrecognised')).toBe(true);
  });

  it('adds no name the leading reading already holds as a bracketed or slashed synonym', () => {
    const result = analyzeLabel(
      {
        analysisType: 'ingredients',
        ocr: {
          text: 'INGREDIENTS: Alcohol, Parfum (Fragrance), Aqua/Water, Linalool, Limonene.',
          confidence: 60,
          // An enlarged shop image read again: the synonyms came apart from their names.
          otherTexts: ['INGREDIENTS: Alcohol, Fragrance, Water, Qwrtzy Blorpex, Xzzqt Vvl, Coumarin.'],
        },
        barcodes: [],
        image: { width: 400, height: 200, sharpness: 900, brightness: 210, contrast: 60, glare: 0, noise: 2 },
      },
      { matcher, vocabulary },
    );
    expect(lower(result.ingredients.map((i) => i.name))).toEqual([
      'alcohol',
      'parfum (fragrance)',
      'aqua/water',
      'linalool',
      'limonene',
      'coumarin',
    ]);
  });
});

describe('a second reading of the same image', () => {
  it('adds the names it recognised that the first reading missed, never its debris', () => {
    const image = {
      width: 400,
      height: 200,
      sharpness: 900,
      brightness: 210,
      contrast: 60,
      glare: 0,
      noise: 2,
    };
    const result = analyzeLabel(
      {
        analysisType: 'ingredients',
        ocr: {
          text: 'INGREDIENTS: Aqua, Glycerin,\nKeep away from heat.',
          confidence: 60,
          secondText: 'INGREDIENTS: Aqua, Glycerln, Parfum, Linalool, Qwrtzy Blorpex, Limonene.',
        },
        barcodes: [],
        image,
      },
      { matcher, vocabulary },
    );
    expect(lower(result.ingredients.map((i) => i.name))).toEqual([
      'aqua',
      'glycerin',
      'parfum',
      'linalool',
      'limonene',
    ]);
  });
});
