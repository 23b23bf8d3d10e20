import { describe, expect, it } from 'vitest';
import {
  binomial,
  contradictsMaterial,
  contradictsSpecies,
  identityTags,
  inciAgreement,
  materialTags,
  speciesNamed,
} from './plant-material.ts';

describe('materialTags', () => {
  it('reads parts and forms, compound woods and fruits, and slash-joined parts', () => {
    expect(materialTags('MENTHA PIPERITA FLOWER/LEAF/STEM OIL')).toEqual({
      parts: new Set(['flower', 'leaf', 'stem', 'wood']),
      forms: new Set(['aromatic']),
    });
    expect([...materialTags('Rosewood oil').parts]).toEqual(['wood', 'stem']);
    expect([...materialTags('Grapefruit oil').parts].sort()).toEqual(['fruit', 'peel', 'seed']);
    expect([...materialTags('Ginger oleoresin').parts]).toEqual([]);
    expect([...materialTags('Peppermint oil').parts]).toEqual([]);
  });
});

describe('contradictsMaterial', () => {
  // [the substance's own names, a CosIng INCI name of its CAS number, contradicts?]
  const cases: Array<[string[], string, boolean]> = [
    [['Orange peel, sweet, tincture'], 'CITRUS AURANTIUM DULCIS FLOWER EXTRACT', true],
    [['Orange peel, sweet, tincture'], 'CITRUS AURANTIUM DULCIS SEED OIL', true],
    [['Orange peel, sweet, tincture'], 'CITRUS AURANTIUM DULCIS PEEL EXTRACT', false],
    [['Orange peel, sweet, tincture'], 'CITRUS AURANTIUM DULCIS FRUIT EXTRACT', false],
    [['Rosa canina flower oil'], 'ROSA CANINA FRUIT EXTRACT', true],
    [['Rosa canina flower oil'], 'ROSA CANINA CALLUS EXTRACT', true],
    [['Rosa canina flower oil'], 'ROSA CANINA FLOWER POWDER', true],
    [['Rosa canina flower oil'], 'ROSA CANINA FLOWER OIL', false],
    [['Rosa canina flower oil'], 'ROSA CANINA EXTRACT', false],
    [['Laurel leaf oil'], 'LAURUS NOBILIS FRUIT OIL', true],
    [['Coriander herb oil'], 'CORIANDRUM SATIVUM FRUIT OIL', true],
    [['Coriander seed oil'], 'CORIANDRUM SATIVUM FRUIT OIL', false],
    [['Cedar leaf oil, Western Canada/USA'], 'THUJA PLICATA WOOD OIL', true],
    [['Eucalyptus citriodora oil'], 'EUCALYPTUS CITRIODORA LEAF/TWIG WATER', true],
    [['Clove bud oil'], 'EUGENIA CARYOPHYLLUS FLOWER OIL', false],
    [['Rosewood oil', 'Rosewood Leaf Essential Oil'], 'ANIBA ROSAEODORA WOOD OIL', false],
    [['Ginger oil', 'Ginger oleoresin'], 'ZINGIBER OFFICINALE ROOT OIL', false],
    // Agarwood is the resinous wood of the trunk, which CosIng calls the stem.
    [['Agarwood oil'], 'AQUILARIA AGALLOCHA STEM EXTRACT', false],
    // Names that state no part or form agree with every material.
    [['Peppermint oil'], 'MENTHA PIPERITA FLOWER/LEAF/STEM OIL', false],
    [['Linalool'], 'D-ALLO-OCIMENOL', false],
  ];
  it.each(cases)('%j against %s', (own, inci, contradicts) => {
    expect(contradictsMaterial(identityTags(own), inci)).toBe(contradicts);
  });
});

describe('inciAgreement', () => {
  it('prefers the candidate whose words the own names use, by meaning', () => {
    const own = ['Orange peel, sweet, tincture'];
    expect(inciAgreement(own, 'CITRUS AURANTIUM DULCIS PEEL EXTRACT')).toBeGreaterThan(
      inciAgreement(own, 'CITRUS AURANTIUM DULCIS FRUIT POWDER'),
    );
    expect(inciAgreement(['Eucalyptus oil'], 'EUCALYPTUS OIL')).toBe(1);
    expect(inciAgreement(['d-Linalool', 'Linalool, (S)-'], 'LINALOOL')).toBe(1);
    expect(inciAgreement(['d-Linalool'], 'D-ALLO-OCIMENOL')).toBe(0);
  });
  it('is 0 for a contradicting material', () => {
    expect(inciAgreement(['Laurel leaf oil'], 'LAURUS NOBILIS FRUIT OIL')).toBe(0);
  });
});

describe('binomial and contradictsSpecies', () => {
  it('reads a binomial followed by an author or a part or form of the plant, and nothing else', () => {
    expect(binomial('Juniperus sabina L. (leaves, essential oil)')).toEqual({
      genus: 'juniperus',
      species: 'sabina',
      authored: true,
    });
    expect(binomial('JUNIPERUS PHOENICEA GUM EXTRACT')).toEqual({
      genus: 'juniperus',
      species: 'phoenicea',
      authored: false,
    });
    expect(binomial('Lavandula Angustifolia Oil')?.species).toBe('angustifolia');
    expect(binomial('Savin oil')).toBeNull();
    expect(binomial('Rose ketones')).toBeNull();
    expect(binomial('Citrus Aurantium Dulcis Peel Oil')).toBeNull();
    expect(binomial('Lavandula')).toBeNull();
  });

  it('calls another species of the same genus, named with its author, another plant', () => {
    const sabina = ['Savin oil', 'Juniperus sabina L. (leaves, essential oil and galenical preparations)'];
    expect(contradictsSpecies(sabina, 'Juniperus phoenicea L.')).toBe(true);
    expect(contradictsSpecies(['Juniperus Phoenicea Gum Extract'], 'Juniperus sabina L.')).toBe(true);
    expect(contradictsSpecies(sabina, 'Juniperus sabina L.')).toBe(false);
    expect(contradictsSpecies(sabina, 'Savin oil, rectified')).toBe(false);
    // Without an author a name is not judged: botanical synonyms name one plant two ways.
    expect(contradictsSpecies(['Lippia citriodora absolute'], 'Lippia triphylla absolute')).toBe(false);
    // An own name using the species word, or no binomial of the genus among the own names.
    expect(contradictsSpecies(['Jasminum Grandiflorum / Officinale'], 'Jasminum officinale L.')).toBe(false);
    expect(contradictsSpecies(['Lavender oil'], 'Lavandula hybrida L.')).toBe(false);
  });

  it('finds a plant material name’s species in the binomial an own name opens with', () => {
    const sweetOrange = ['Citrus Sinensis / Aurantium Dulcis Peel Oil Expressed'];
    expect(speciesNamed(sweetOrange, 'Citrus Sinensis Peel Oil')).toBe(true);
    expect(
      speciesNamed(['Orange oil, bitter', 'Citrus Aurantium Amara Peel Oil'], 'Citrus Sinensis Peel Oil'),
    ).toBe(false);
    // A name listing several species is the first one's.
    const narcissus = ['Narcissus poeticus/ pseudonarcissus/ jonquilla/tazetta extract'];
    expect(speciesNamed(narcissus, 'Narcissus Poeticus Extract')).toBe(true);
    expect(speciesNamed(narcissus, 'Narcissus Tazetta Extract')).toBe(false);
    expect(speciesNamed(sweetOrange, 'Citrus')).toBe(false);
  });
});
