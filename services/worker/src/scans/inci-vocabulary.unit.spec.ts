import { beforeAll, describe, expect, it } from 'vitest';
import { InciVocabulary, loadInciVocabulary } from './inci-vocabulary.ts';
import { allowedCost, ocrCost, ocrNormal } from './ocr-distance.ts';

describe('OCR-aware distance', () => {
  it('counts look-alike glyphs, thin glyphs and a lost first letter as cheap, other changes as whole edits', () => {
    expect(ocrNormal('lodopropynyl')).toBe(ocrNormal('iodopropynyl'));
    expect(ocrNormal('rnethyl')).toBe(ocrNormal('methyl'));
    expect(ocrNormal('clecyl')).toBe(ocrNormal('decyl'));
    expect(ocrNormal('c0c0')).toBe(ocrNormal('coco'));
    expect(ocrCost('lycerln', ocrNormal('glycerin'))).toBe(0.5);
    expect(ocrCost('sodlumlaurysulfate', ocrNormal('sodiumlaurylsulfate'))).toBe(0.5);
    expect(ocrCost('nltrate', 'cltrate')).toBe(1);
    // Two thin glyphs blurred into one wide one: `li` read as `u`.
    expect(ocrCost(ocrNormal('vanilun'), ocrNormal('vanillin'))).toBe(0.5);
    expect(ocrCost('abcdef', 'uvwxyz', 2)).toBeGreaterThan(2);
  });

  it('allows no correction on short readings and more on long ones', () => {
    expect(allowedCost(4)).toBe(0);
    expect(allowedCost(8)).toBe(1);
    expect(allowedCost(25)).toBeGreaterThan(allowedCost(12));
  });
});

describe('InciVocabulary (small list)', () => {
  const vocabulary = new InciVocabulary([
    'GLYCERIN',
    'SODIUM NITRATE',
    'SODIUM CITRATE',
    'LINALOOL',
    'CITRAL',
    'CITRONELLOL',
    'SORBITOL',
  ]);

  it('answers a known name exactly, whatever its case and spacing', () => {
    expect(vocabulary.correct('glycerin')).toEqual({ name: 'GLYCERIN', kind: 'exact', cost: 0 });
    expect(vocabulary.correct('Sodium  Citrate')?.kind).toBe('exact');
  });

  it('corrects a confident misreading and says it did', () => {
    expect(vocabulary.correct('Lycerin')).toEqual({ name: 'GLYCERIN', kind: 'corrected', cost: 0.5 });
    expect(vocabulary.correct('L1NAL00L')?.name).toBe('LINALOOL');
  });

  it('never picks between two names equally close: the reading stays unrecognised', () => {
    // `Sodium Sitrate` is one letter from both SODIUM NITRATE and SODIUM CITRATE.
    expect(vocabulary.correct('Sodium Sitrate')).toBeNull();
  });

  it('keeps a word the OCR was sure of unless only look-alike glyphs differ', () => {
    expect(vocabulary.correct('Sorbitoi', { confidence: 97 })?.name).toBe('SORBITOL');
    expect(vocabulary.correct('Glycerix', { confidence: 60 })?.name).toBe('GLYCERIN');
    expect(vocabulary.correct('Glycerix', { confidence: 97 })).toBeNull();
  });

  it('does not invent a name for something far from all of them', () => {
    expect(vocabulary.correct('Hydrolyzed Rice Protein')).toBeNull();
    expect(vocabulary.correct('Oil')).toBeNull();
  });
});

describe('the shipped vocabulary', () => {
  let vocabulary: InciVocabulary;
  beforeAll(async () => {
    const loaded = await loadInciVocabulary();
    if (!loaded) throw new Error('data/scanner/inci-vocabulary.txt.gz is missing: run npm run data:build');
    vocabulary = loaded;
  });

  it('holds the CosIng names, Colour Index numbers and everyday label words', () => {
    expect(vocabulary.size).toBeGreaterThan(28_000);
    for (const name of [
      'Iodopropynyl Butylcarbamate',
      'CI 15510',
      'Aqua',
      'Parfum',
      'Tea Tree Oil',
      'Kaolin',
    ])
      expect(vocabulary.exact(name), name).not.toBeNull();
  });

  it.each([
    ['lodopropynyl Butylcarbamate', 'IODOPROPYNYL BUTYLCARBAMATE'],
    ['cocamidopropy betaine', 'COCAMIDOPROPYL BETAINE'],
    ['Sodium Laury Sulphate', 'SODIUM LAURYL SULFATE'],
    ['coconut oy', 'Coconut Oil'],
    ['calcinec aolin', 'Calcined Kaolin'],
    ['odium chloride', 'SODIUM CHLORIDE'],
    ['Tocopherol Acetate', 'TOCOPHERYL ACETATE'],
  ])('corrects the real OCR reading %s to %s', (read, name) => {
    const hit = vocabulary.correct(read);
    expect(hit?.kind).toBe('corrected');
    expect(hit?.name.toLowerCase()).toBe(name.toLowerCase());
  });

  it('never corrects by adding a whole word the reading lacks', () => {
    expect(vocabulary.correct('Butyrospermum Parkii')).toBeNull();
  });

  it('reads one word OCR broke in two as that word', () => {
    // A 400 px shop image's `EUGENOL`, its first letter lost and a space read inside.
    expect(vocabulary.correct('UGE NOL')?.name.toLowerCase()).toBe('eugenol');
  });

  it('leaves label debris unrecognised', () => {
    for (const junk of ['0j', 'ingre', 'Keep away frorn heat', 'xqzvtrbl wkpf'])
      expect(vocabulary.correct(junk)).toBeNull();
  });
});
