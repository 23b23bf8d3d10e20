import { ARCTANDER, C, type Entry, entry, TY } from './shared.ts';

/** Citrus peel oils and citrus flowers. */
export const CITRUS: readonly Entry[] = [
  // Citrus peel oils (cold-pressed).
  entry(
    ['bergamot'],
    'ISO 3520, oil of bergamot (Citrus bergamia): limonene, linalyl acetate and linalool are its main constituents',
    [C.limonene, C.linalylAcetate, C.linalool, ['8007-75-8', 'Bergamot oil, expressed']],
    ['Bergamot oil expressed', 'Bergamot Essential Oil from PW'],
  ),
  entry(
    ['lemon', 'citron de sicile'],
    'ISO 855, oil of lemon (Citrus limon, expressed): limonene, beta-pinene and gamma-terpinene, with citral (neral + geranial)',
    [C.limonene, C.bPinene, C.gTerpinene, C.citral, ['8008-56-8', 'Lemon oil']],
    ['Lemon oil, expressed', 'Lemon essence oil', 'Lemon Essential Oil from PW'],
  ),
  entry(
    ['orange', 'sweet orange'],
    'ISO 3140, oil of sweet orange (Citrus sinensis, expressed): limonene makes up most of the oil, with myrcene, linalool and decanal',
    [C.limonene, C.myrcene, C.linalool, C.decanal, ['8008-57-9', 'Orange oil, sweet']],
    ['Orange essence oil', 'Orange, sweet, Valencia oil'],
  ),
  entry(
    ['bitter orange'],
    'ISO 9844, oil of bitter orange (Citrus aurantium, expressed): limonene makes up most of the oil, with myrcene and linalool',
    [C.limonene, C.myrcene, C.linalool, ['68916-04-1', 'Orange oil, bitter']],
    ['Orange oil, bitter', 'Bitter Orange Essential Oil from PW'],
  ),
  entry(
    ['grapefruit'],
    'ISO 3053, oil of grapefruit (Citrus paradisi, expressed): limonene and myrcene; nootkatone is its character odorant',
    [C.limonene, C.myrcene, C.nootkatone, ['8016-20-4', 'Grapefruit oil']],
    ['Grapefruit oil', 'Grapefruit White Essential Oil from PW'],
  ),
  entry(
    ['mandarin', 'tangerine', 'clementine'],
    'ISO 3528, oil of mandarin (Citrus reticulata, Italian type): limonene and gamma-terpinene, with methyl N-methylanthranilate',
    [C.limonene, C.gTerpinene, C.mnma, ['8008-31-9', 'Mandarin oil']],
    ['Mandarin oil'],
  ),
  entry(
    ['lime'],
    `${TY}, lime oil (Citrus aurantifolia, expressed): limonene, gamma-terpinene, beta-pinene and citral`,
    [C.limonene, C.gTerpinene, C.bPinene, C.citral, ['8008-26-2', 'Lime oil']],
    ['Lime oil, expressed', 'Persian lime oil, expressed'],
  ),
  entry(
    ['yuzu'],
    `${TY}, yuzu oil (Citrus junos): limonene, gamma-terpinene and linalool`,
    [C.limonene, C.gTerpinene, C.linalool],
    ['Citrus junos oil'],
  ),
  entry(
    ['pomelo'],
    `${TY}: cold-pressed citrus peel oils are mostly limonene; pomelo (Citrus maxima) peel oil like the related grapefruit oil (ISO 3053): limonene, myrcene`,
    [C.limonene, C.myrcene],
  ),
  entry(
    ['citron'],
    `${TY}, citron oil (Citrus medica): limonene and gamma-terpinene, with citral`,
    [C.limonene, C.gTerpinene, C.citral],
    ['Citron oil'],
  ),
  entry(
    ['kumquat'],
    `${TY}: cold-pressed citrus peel oils, kumquat (Fortunella) included, are mostly limonene`,
    [C.limonene],
    ['Kumquat oil, Fortunella margarita'],
  ),
  entry(
    ['petitgrain'],
    'ISO 8901, oil of petitgrain bigarade (Citrus aurantium leaves): linalyl acetate and linalool, with alpha-terpineol and geraniol',
    [C.linalylAcetate, C.linalool, C.terpineol, C.geraniol, ['8014-17-3', 'Petitgrain bigarade oil']],
    ['Petitgrain bigarade oil'],
  ),
  // Citrus flowers.
  entry(
    ['neroli'],
    'ISO 3517, oil of neroli (Citrus aurantium flowers, distilled): linalool, limonene, linalyl acetate, beta-pinene, with nerolidol and methyl anthranilate',
    [
      C.linalool,
      C.limonene,
      C.linalylAcetate,
      C.bPinene,
      C.nerolidol,
      C.methylAnthranilate,
      ['8016-38-4', 'Neroli oil'],
    ],
    [
      'Orange flower oil, bitter (Neroli and Neroli bigarade)',
      'Orange flower oil, bitter (neroli and neroli bigarade)',
      'Neroli Essential Oil from PW',
    ],
  ),
  entry(
    ['orange blossom'],
    `${ARCTANDER}, orange flower absolute (Citrus aurantium flowers): linalool, linalyl acetate, methyl anthranilate, indole and nerolidol`,
    [
      C.linalool,
      C.linalylAcetate,
      C.methylAnthranilate,
      C.indole,
      C.nerolidol,
      ['8016-38-4', 'Orange flower absolute'],
    ],
    [
      'Orange blossoms absolute',
      'Orange flower water absolute',
      'Orange flower, bitter, CO2 extract',
      'Orange Flower Absolute from PW',
    ],
  ),
];
