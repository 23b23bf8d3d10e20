import { scanMessageText } from '@scentinel/domain';
import { describe, expect, it } from 'vitest';
import { ChemicalMatcher, matchKey } from './chemical-matcher.ts';
import type { ImageStats } from './image-quality.ts';
import { analyzeLabel, type LabelEvidence, ocrOutline, shortened } from './label-analysis.ts';
import { BrandIndex } from './product-info.parser.ts';
import { FIXTURE_CHEMICALS, GROUPED_ALLERGEN_CHEMICALS } from './scan.testing.ts';

const deps = { matcher: new ChemicalMatcher(FIXTURE_CHEMICALS), brands: new BrandIndex(['Mugler', 'Dove']) };
const sharpImage: ImageStats = {
  width: 1600,
  height: 1000,
  sharpness: 900,
  brightness: 210,
  contrast: 60,
  glare: 0.01,
  noise: 2,
};

function evidence(
  text: string,
  over: Partial<LabelEvidence> = {},
  confidences: Record<string, number> = {},
): LabelEvidence {
  const byKey = new Map(Object.entries(confidences).map(([w, c]) => [matchKey(w), c]));
  return {
    analysisType: 'comprehensive',
    ocr: { text, confidence: 88, wordConfidence: (key) => byKey.get(key) },
    barcodes: [],
    image: sharpImage,
    ...over,
  };
}

const LABEL = [
  'MUGLER',
  'Angel',
  'EAU DE PARFUM 25 ml e 0.8 FL.OZ.',
  'INGREDIENTS: ALCOHOL DENAT., PARFUM (FRAGRANCE), AQUA (WATER), LINALOOL, LIMONENE,',
  'HYDROXYCITRONELIAL, BUTYLPHENYL METHYLPROPIONAL, ETHYLHEXYL. METHOXYCINNAMATE, BHT.',
  'Do not use if you are allergic to any of the ingredients.',
].join('\n');

describe('analyzeLabel', () => {
  const result = analyzeLabel(evidence(LABEL), deps);

  it('lists the ingredients with database spellings and allergen flags', () => {
    expect(result.ingredients.map((i) => [i.name, i.is_allergen, i.chemical_id])).toEqual([
      ['Alcohol Denat.', false, 'chem-64-17-5'],
      ['Parfum (Fragrance)', false, 'chem-parfum'],
      ['Aqua (Water)', false, null],
      ['Linalool', true, 'chem-78-70-6'],
      ['Limonene', true, 'chem-5989-27-5'],
      ['Hydroxycitronellal', true, 'chem-107-75-5'],
      ['Butylphenyl Methylpropional', false, 'chem-80-54-6'],
      ['Ethylhexyl Methoxycinnamate', false, 'chem-5466-77-3'],
      ['BHT', false, null],
    ]);
  });

  it('warns about prohibited and restricted substances and lists allergen warnings', () => {
    expect(result.warnings).toContain(
      'Butylphenyl Methylpropional is prohibited in cosmetics in the EU (Annex II).',
    );
    expect(result.warnings).toContain(
      'Ethylhexyl Methoxycinnamate is restricted in cosmetics in the EU (Annex III): Max 10 % as a UV filter',
    );
    expect(result.codes_and_regulatory.allergen_warnings).toContain(
      'Do not use if you are allergic to any of the ingredients.',
    );
    expect(result.codes_and_regulatory.allergen_warnings).toContain(
      'Linalool is a fragrance allergen that must be declared on EU labels.',
    );
    // The same sentences as messages, for screens in other languages; the label's own as printed.
    expect(result.messages?.allergen_warnings).toEqual(
      expect.arrayContaining([
        { key: 'label_text', values: { text: 'Do not use if you are allergic to any of the ingredients.' } },
        { key: 'allergen_declared', values: { name: 'Linalool' } },
      ]),
    );
    expect(result.messages?.allergen_warnings.map(scanMessageText)).toEqual(
      result.codes_and_regulatory.allergen_warnings,
    );
    expect(result.messages?.warnings.map(scanMessageText)).toEqual(result.warnings);
    expect(result.messages?.notes.map(scanMessageText).join(' ')).toBe(result.notes);
    expect(result.messages?.warnings).toContainEqual({
      key: 'restricted_eu',
      values: { name: 'Ethylhexyl Methoxycinnamate', limits: 'Max 10 % as a UV filter' },
    });
  });

  it('identifies the product', () => {
    expect(result.product_identification).toEqual({
      brand: 'Mugler',
      product_name: 'Angel',
      product_type: 'Eau de Parfum',
      size_ml: 25,
    });
  });

  it('rates quality from OCR confidence, match scores and the image', () => {
    expect(result.analysis_quality.text_clarity).toBe('clear');
    expect(result.analysis_quality.image_quality).toBe('good');
    expect(result.analysis_quality.confidence).toBeGreaterThan(0.6);
    expect(result.analysis_quality.confidence).toBeLessThan(1);
    const blurred = analyzeLabel(
      evidence(LABEL, { image: { ...sharpImage, sharpness: 20, width: 300, height: 180 } }),
      deps,
    );
    expect(blurred.analysis_quality.image_quality).toBe('poor');
    expect(blurred.analysis_quality.confidence).toBeLessThan(result.analysis_quality.confidence);
    expect(blurred.warnings.some((w) => w.includes('blurred'))).toBe(true);
  });

  it('does not "correct" a confidently read word into another substance', () => {
    const text = 'INGREDIENTS: POTASSIUM NITRATE, DIMETHICONOL, LIMONENE.';
    const sure = analyzeLabel(evidence(text, {}, { NITRATE: 96, DIMETHICONOL: 95 }), deps);
    expect(sure.ingredients.map((i) => [i.name, i.chemical_id])).toEqual([
      ['Potassium Nitrate', null],
      ['Dimethiconol', null],
      ['Limonene', 'chem-5989-27-5'],
    ]);
    // Read with low confidence, the near name is the likelier reading.
    const unsure = analyzeLabel(
      evidence('INGREDIENTS: POTASSIUM CITRAIE, LIMONENE.', {}, { CITRAIE: 41 }),
      deps,
    );
    expect(unsure.ingredients[0]?.chemical_id).toBe('chem-7722-76-1');
  });

  it('corrects typical misreadings even when Tesseract was sure of them', () => {
    expect(ocrOutline('lonone')).toBe(ocrOutline('ionone'));
    expect(ocrOutline('nitrate')).not.toBe(ocrOutline('citrate'));
    const r = analyzeLabel(
      evidence('INGREDIENTS: ALPHA-ISOMETHYL LONONE, LINALOOL.', {}, { LONONE: 97 }),
      deps,
    );
    expect(r.ingredients[0]).toMatchObject({ name: 'Alpha-Isomethyl Ionone', is_allergen: true });
  });

  it('flags the group names labels print since 2026 (`Rose Ketones`, `Lavandula Oil/Extract`), misread too', () => {
    const matcher = new ChemicalMatcher([...FIXTURE_CHEMICALS, ...GROUPED_ALLERGEN_CHEMICALS]);
    const r = analyzeLabel(
      evidence(
        'INGREDIENTS: ALCOHOL DENAT., PARFUM (FRAGRANCE), ROSE KETONES, LAVANDULA OIL/EXTRACT, LINALOOL.',
      ),
      { ...deps, matcher },
    );
    expect(r.ingredients.map((i) => [i.name, i.is_allergen, i.chemical_id])).toEqual([
      ['Alcohol Denat.', false, 'chem-64-17-5'],
      ['Parfum (Fragrance)', false, 'chem-parfum'],
      ['Rose Ketones', true, 'chem-23726-94-5'],
      ['Lavandula Oil/Extract', true, 'chem-8000-28-0'],
      ['Linalool', true, 'chem-78-70-6'],
    ]);
    const misread = analyzeLabel(evidence('INGREDIENTS: ALCOHOL DENAT., ROSE KETCNES, LINALOOL.'), {
      ...deps,
      matcher,
    });
    expect(misread.ingredients[1]).toMatchObject({
      name: 'Rose Ketones',
      is_allergen: true,
      reading: 'corrected',
    });
  });

  it('splits names run together by a lost comma', () => {
    const r = analyzeLabel(evidence('INGREDIENTS: Alcohol, Linalool Coumarin Citronellol, Parfum.'), deps);
    expect(r.ingredients.map((i) => i.name)).toEqual([
      'Alcohol',
      'Linalool',
      'Coumarin',
      'Citronellol',
      'Parfum',
    ]);
  });

  it('answers only what the analysis type asks for', () => {
    const barcode = analyzeLabel(
      evidence('', {
        analysisType: 'barcode',
        ocr: null,
        barcodes: [{ number: '3145891253317', format: 'EAN13' }],
      }),
      deps,
    );
    expect(barcode.ingredients).toEqual([]);
    expect(barcode.codes_and_regulatory.barcodes).toEqual([{ number: '3145891253317', format: 'EAN13' }]);
    expect(barcode.analysis_quality.confidence).toBe(1);
    const product = analyzeLabel(evidence(LABEL, { analysisType: 'product_info' }), deps);
    expect(product.ingredients).toEqual([]);
    expect(product.product_identification.brand).toBe('Mugler');
    const ingredients = analyzeLabel(evidence(LABEL, { analysisType: 'ingredients' }), deps);
    expect(ingredients.product_identification.brand).toBeNull();
    expect(ingredients.ingredients.length).toBe(9);
  });

  it('takes a catalogue brand from another reading when the leading one lost the brand line', () => {
    const garbled = LABEL.replace(/LINALOOL, LIMONENE/, 'LNQX0L, LMQXNE').replace(/BHT/, 'BXQT');
    const withoutBrand = LABEL.split('\n').slice(1).join('\n');
    const r = analyzeLabel(
      evidence(garbled, { ocr: { text: garbled, confidence: 70, otherTexts: [withoutBrand] } }),
      deps,
    );
    // The brand-less reading leads the ingredients (it reads them better) ...
    expect(r.ingredients.map((i) => i.name)).toEqual(expect.arrayContaining(['Linalool', 'Limonene']));
    // ... and the brand comes from the reading that shows it, not from the leading reading's top line.
    expect(r.product_identification).toMatchObject({ brand: 'Mugler', product_name: 'Angel', size_ml: 25 });
  });

  it('takes the product from the first reading when a list-only reading leads', () => {
    const garbled = LABEL.replace(/LINALOOL, LIMONENE/, 'LNQX0L, LMQXNE').replace(/BHT/, 'BXQT');
    const listOnly = LABEL.split('\n').slice(3).join('\n');
    const r = analyzeLabel(
      evidence(garbled, {
        ocr: { text: garbled, confidence: 70, otherTexts: [listOnly], otherListOnly: [true] },
      }),
      deps,
    );
    expect(r.ingredients.map((i) => i.name)).toEqual(expect.arrayContaining(['Linalool', 'Limonene']));
    expect(r.product_identification).toMatchObject({ brand: 'Mugler', product_name: 'Angel', size_ml: 25 });
  });

  it('says so when there is no ingredient list', () => {
    const r = analyzeLabel(evidence('Some photo of a cat'), deps);
    expect(r.ingredients).toEqual([]);
    expect(r.analysis_quality.confidence).toBeLessThanOrEqual(0.2);
    expect(r.warnings).toContain('No ingredient list was found in the image.');
  });
});

describe('shortened', () => {
  it('cuts a long restriction after a whole sentence or word, never inside one', () => {
    const text =
      'Conditions: The presence of the substance must be indicated in the list of ingredients. When its concentration exceeds 0,001 % in leave-on products and 0,01 % in rinse-off products';
    expect(shortened(text, 500)).toBe(text);
    expect(shortened(text, 120)).toBe(
      'Conditions: The presence of the substance must be indicated in the list of ingredients. …',
    );
    const cut = shortened(text, 60);
    expect(cut.endsWith(' …')).toBe(true);
    expect(text.startsWith(cut.slice(0, -2))).toBe(true);
    expect(text[cut.length - 2]).toBe(' ');
  });
});
