import { describe, expect, it } from 'vitest';
import { ChemicalMatcher } from '../../services/worker/src/scans/chemical-matcher.ts';
import {
  declaredList,
  formerAllergenNames,
  fragranceMaterialIds,
  labelEntries,
  labelNameCandidates,
  labelPerfumeName,
  labelReader,
  matchLabels,
  parseLabelRows,
} from './labels.ts';
import { parseCosingInventory } from './sources/cosing-inventory.ts';

const row = (
  brand: string,
  product_name: string,
  ingredients = 'Alcohol Denat., Parfum (Fragrance), Linalool',
) => JSON.stringify({ brand, product_name, ingredients, sephora_product_id: `${brand}|${product_name}` });

describe('label rows', () => {
  it('drops packaging words but keeps concentrations and flanker words', () => {
    expect(labelPerfumeName('Big Sky Eau de Parfum Travel Spray')).toBe('Big Sky Eau de Parfum');
    expect(labelPerfumeName('Mini Good Girl Eau de Parfum')).toBe('Good Girl Eau de Parfum');
    expect(labelPerfumeName("J'adore eau de parfum infinissime Roller-Pearl")).toBe(
      "J'adore eau de parfum infinissime",
    );
    expect(labelPerfumeName('Sauvage Elixir')).toBe('Sauvage Elixir');
    expect(labelNameCandidates('Guilty Eau de Parfum Pour Homme')).toEqual([
      'Guilty Eau de Parfum Pour Homme',
      'Guilty Pour Homme',
    ]);
    expect(labelNameCandidates('Grapefruit Cologne')).toEqual(['Grapefruit Cologne', 'Grapefruit']);
    expect(labelPerfumeName('Daisy Ever So Fresh Eau de Parfum Penspray')).toBe(
      'Daisy Ever So Fresh Eau de Parfum',
    );
    expect(labelNameCandidates('Oud & Bergamot Cologne Intense')).toContain('Oud & Bergamot');
    expect(labelNameCandidates('Rose Water and Vanilla Cologne Intense')).toContain('Rose Water & Vanilla');
    expect(labelNameCandidates('Good Girl Gone Bad by KILIAN', 'KILIAN Paris')).toContain(
      'Good Girl Gone Bad',
    );
    // `by` followed by something else than the brand stays part of the name.
    expect(labelNameCandidates('Kissed by Sun', 'KILIAN Paris')).toEqual(['Kissed by Sun']);
  });

  it('skips rows without a brand, a name or a list', () => {
    const rows = parseLabelRows(
      [row('Dior', 'Sauvage Eau de Toilette'), JSON.stringify({ brand: 'Dior', product_name: 'X' })].join(
        '\n',
      ),
    );
    expect(rows.map((r) => r.product_name)).toEqual(['Sauvage Eau de Toilette']);
  });
});

describe('matching label rows to catalogue perfumes', () => {
  const perfumes = [
    { id: 'dior--sauvage', name: 'Sauvage', brand: 'Dior' },
    { id: 'dior--sauvage-elixir', name: 'Sauvage Elixir', brand: 'Dior' },
    { id: 'giorgio-armani--acqua-di-gio', name: 'Acqua di Giò', brand: 'Giorgio Armani' },
    { id: 'jo-malone--grapefruit', name: 'Grapefruit', brand: 'Jo Malone' },
    { id: 'house--twin', name: 'Twin', brand: 'House' },
    { id: 'house--twin-edp', name: 'Twin Eau de Parfum', brand: 'House' },
    { id: 'hermes--twilly-ginger', name: "Twilly d'Hermès Eau Ginger", brand: 'Hermès' },
    { id: 'narciso--pure-musc', name: 'Pure Musc For Her', brand: 'Narciso Rodriguez' },
    { id: 'dior--eau-sauvage', name: 'Eau Sauvage', brand: 'Dior' },
    { id: 'dior--eau-sauvage-cologne', name: 'Eau Sauvage Cologne', brand: 'Dior' },
  ];

  it('matches by brand and name keys, through brand aliases and contained brand words', () => {
    const rows = parseLabelRows(
      [
        row('Dior', 'Sauvage Eau de Toilette Travel Spray'),
        row('Dior', 'Sauvage Eau de Toilette'),
        row('Dior', 'Sauvage Elixir'),
        row('Armani Beauty', 'Acqua di Giò Eau de Toilette'),
        row('Jo Malone London', 'Grapefruit Cologne'),
      ].join('\n'),
    );
    const m = matchLabels(rows, perfumes);
    expect(m.unmatched).toEqual([]);
    expect(m.byPerfume.get('dior--sauvage')?.length).toBe(2);
    expect(m.byPerfume.get('dior--sauvage-elixir')?.length).toBe(1);
    expect(m.byPerfume.has('giorgio-armani--acqua-di-gio')).toBe(true);
    expect(m.byPerfume.has('jo-malone--grapefruit')).toBe(true);
  });

  it("finds a perfume whose name writes the brand in (`d'Hermès`) or ends in a form word, only when its own name key finds nothing", () => {
    const rows = parseLabelRows(
      [
        row('HERMÈS', 'Twilly Eau Ginger Eau de Parfum Travel Size'),
        row('Narciso Rodriguez', 'Pure Musc Eau de Parfum'),
        row('Dior', 'Eau Sauvage'),
      ].join('\n'),
    );
    const m = matchLabels(rows, perfumes);
    expect(m.unmatched).toEqual([]);
    expect(m.byPerfume.has('hermes--twilly-ginger')).toBe(true);
    expect(m.byPerfume.has('narciso--pure-musc')).toBe(true);
    // `Eau Sauvage` is its own perfume: the form-word-less key of `Eau Sauvage Cologne` does not make it ambiguous.
    expect(m.byPerfume.has('dior--eau-sauvage')).toBe(true);
    expect(m.byPerfume.has('dior--eau-sauvage-cologne')).toBe(false);
  });

  it('reads a concentration inside a catalogue name, and `Eau de Parfum Intense` as a concentration only when no `… Intense` perfume answers', () => {
    const catalogue = [
      { id: 'givenchy--l-interdit-edp-rouge', name: "L'Interdit Eau de Parfum Rouge", brand: 'Givenchy' },
      {
        id: 'givenchy--l-interdit-edp-rouge-ultime',
        name: "L'Interdit Eau de Parfum Rouge Ultime",
        brand: 'Givenchy',
      },
      { id: 'gucci--bloom-ambrosia', name: 'Bloom Ambrosia di Fiori', brand: 'Gucci' },
      { id: 'house--x', name: 'X', brand: 'House' },
      { id: 'house--x-intense', name: 'X Intense', brand: 'House' },
    ];
    const rows = parseLabelRows(
      [
        row('Givenchy', 'L’Interdit Rouge Eau De Parfum'),
        row('Gucci', 'Gucci Bloom Ambrosia di Fiori Eau de Parfum Intense For Her Rollerball'),
        row('House', 'X Eau de Parfum Intense'),
      ].join('\n'),
    );
    const m = matchLabels(rows, catalogue);
    expect(m.unmatched).toEqual([]);
    expect([...m.byPerfume.keys()].sort()).toEqual([
      'givenchy--l-interdit-edp-rouge',
      'gucci--bloom-ambrosia',
      'house--x-intense',
    ]);
  });

  it('leaves a row unmatched when no perfume or more than one fits (never a guess)', () => {
    const rows = parseLabelRows([row('Unknown House', 'Sauvage'), row('House', 'Twin')].join('\n'));
    const m = matchLabels(rows, perfumes);
    expect(m.byPerfume.size).toBe(0);
    expect(m.unmatched.map((r) => r.brand)).toEqual(['Unknown House', 'House']);
  });
});

const matcherRecords = [
  {
    id: 'chem-78-70-6',
    name: 'Linalool',
    cas_number: '78-70-6',
    inci_name: 'LINALOOL',
    synonyms: [],
    allergen_flag: true,
    prohibited: false,
    restricted: true,
    restrictions: null,
  },
  {
    id: 'chem-106-24-1',
    name: 'Geraniol',
    cas_number: '106-24-1',
    inci_name: 'GERANIOL',
    synonyms: [],
    allergen_flag: true,
    prohibited: false,
    restricted: true,
    restrictions: null,
  },
];

describe('declared lists', () => {
  const matcher = new ChemicalMatcher(matcherRecords);

  it('names each chemical once, exactly (a misspelling is no match), in label order, and keeps every entry as the parser cleans it', () => {
    const rows = parseLabelRows(
      [
        row('Dior', 'Sauvage', 'Alcohol Denat., Parfum (Fragrance), Geraniol, LINALOOL'),
        row('Dior', 'Sauvage Travel Spray', 'Alcohol Denat., Linalool, Geranyol'),
      ].join('\n'),
    );
    const list = declaredList(rows, matcher);
    expect(list.chemicals.map((c) => c.chemical_id)).toEqual(['chem-106-24-1', 'chem-78-70-6']);
    expect(list.ingredients).toEqual([
      'Alcohol Denat',
      'Parfum (Fragrance)',
      'Geraniol',
      'LINALOOL',
      'Geranyol',
    ]);
  });

  it('reads entries the database does not name as the scanner does: names run together and misspelt allergens count, other corrections do not', () => {
    const coumarin = {
      id: 'chem-91-64-5',
      name: 'Coumarin',
      cas_number: '91-64-5',
      inci_name: 'COUMARIN',
      synonyms: [],
      allergen_flag: true,
      prohibited: false,
      restricted: true,
      restrictions: null,
    };
    const squalene = {
      id: 'chem-111-02-4',
      name: 'Squalene',
      cas_number: '111-02-4',
      inci_name: 'SQUALENE',
      synonyms: [],
      allergen_flag: false,
      prohibited: false,
      restricted: false,
      restrictions: null,
    };
    const m = new ChemicalMatcher([...matcherRecords, coumarin, squalene]);
    const reader = labelReader(
      ['Linalool', 'Geraniol', 'Coumarin', 'Squalene', 'Squalane', 'Alcohol Denat.'],
      m,
    );
    const rows = parseLabelRows(
      row('Tocca', 'Giulietta', 'Alcohol Denat., Courmarin Linalool, Geraniol <ILN36640>, Squalan'),
    );
    expect(declaredList(rows, m).chemicals.map((c) => c.name)).toEqual([]);
    expect(declaredList(rows, m, reader).chemicals.map((c) => c.name)).toEqual([
      'Coumarin',
      'Linalool',
      'Geraniol',
    ]);
  });

  const chem = (cas: string, name: string, synonyms: string[] = [], allergen = true) => ({
    id: `chem-${cas}`,
    name,
    cas_number: cas,
    inci_name: name.toUpperCase(),
    synonyms,
    allergen_flag: allergen,
    prohibited: false,
    restricted: allergen,
    restrictions: null,
  });
  const records = [
    chem('78-70-6', 'Linalool', ['1,6-Octadien-3-ol, 3,7-dimethyl-']),
    chem('106-24-1', 'Geraniol', ['2,6-Octadien-1-ol, 3,7-dimethyl-, (e)-']),
    chem('106-25-2', 'Nerol', ['2,6-Octadien-1-ol, 3,7-dimethyl-, (z)-'], false),
    chem('115-95-7', 'Linalyl Acetate'),
    chem('105-87-3', 'Geranyl Acetate'),
    chem('121-33-5', 'Vanillin', ['4-Hydroxy-3-methoxybenzaldehyde']),
    chem('100-52-7', 'Benzaldehyde'),
    chem('2050-08-0', 'Amyl Salicylate', ['Pentyl-2-hydroxy-benzoate']),
    chem('54464-57-2', 'Tetramethyl Acetyloctahydronaphthalenes', [
      '1-(1,2,3,4,5,6,7,8-Octahydro-2,3,8,8-tetramethyl-2-naphthalenyl)ethanone',
    ]),
    chem('120-51-4', 'Benzyl Benzoate'),
    chem('100-51-6', 'Benzyl Alcohol'),
    chem('91-64-5', 'Coumarin'),
    chem('5392-40-5', 'Citral'),
    chem('111-12-6', 'Methyl 2-Octynoate'),
    chem('40861-77-6', 'Tris(Tetramethylhydroxypiperidinol) Citrate', [], false),
    chem('6259-76-3', 'Hexyl Salicylate', [], false),
    chem('64-17-5', 'Alcohol', [], false),
  ];
  const vocabulary = [...records.map((r) => r.name), 'Curcumin', 'Alcohol Denat.', 'Parfum'];

  it('reads a group name the law prescribes for a label (`Rose Ketones`) as its entry’s allergen, not as the IFRA record of that name', () => {
    const prescribing = (name: string) =>
      `The presence of the substance or substances shall be indicated as ‘${name}’ in the list of ingredients`;
    const m = new ChemicalMatcher([
      ...records,
      { ...chem('87064-19-5', 'Rose ketones', [], false), inci_name: null },
      { ...chem('23726-94-5', 'Alpha-Damascone'), restrictions: prescribing('Rose Ketones') },
      { ...chem('8000-28-0', 'Lavender oil'), restrictions: prescribing('Lavandula Oil/ Extract') },
    ]);
    const list = declaredList(
      parseLabelRows(
        row('Maison', 'Rose 2026', 'Alcohol, Parfum, Rose Ketones, Lavandula Oil/Extract, Citral'),
      ),
      m,
      labelReader(vocabulary, m),
    );
    expect(list.chemicals.map((c) => c.chemical_id)).toEqual([
      'chem-64-17-5',
      'chem-23726-94-5',
      'chem-8000-28-0',
      'chem-5392-40-5',
    ]);
  });

  it('reads a CAS index name the list cut at its commas as one substance, never its parent alone', () => {
    // Real lists (SKYLAR): the parent's name (`Benzaldehyde`) is no declared allergen there.
    const m = new ChemicalMatcher(records);
    const list = (text: string) =>
      declaredList(parseLabelRows(row('SKYLAR', 'Coconut Cove', text)), m, labelReader(vocabulary, m));
    const coconut = list(
      'Organic Sugar Cane Alcohol Denat., Parfum / Fragrance, 1,6-Octadien-3-Ol, 3,7-Dimethyl-, 3-Acetate (Bergamot Note / Safe Synthetic), Benzaldehyde, 4-Hydroxy-3-Methoxy- (Gourmand Note / Safe Synthetic), Benzoic Acid, 2-Hydroxy-, Pentyl Ester (Floral Note / Safe Synthetic), Cyclohexanemethanol, .Alpha.,.Alpha.,4-Trimethyl-, Acetate (Woody Note / Safe Synthetic), Aqua / Water / Eau.',
    );
    expect(coconut.chemicals.map((c) => c.name)).toEqual(['Linalyl Acetate', 'Vanillin', 'Amyl Salicylate']);
    expect(coconut.ingredients).toContain(
      'Benzaldehyde, 4-Hydroxy-3-Methoxy-(Gourmand Note / Safe Synthetic)',
    );
    expect(coconut.ingredients).toContain(
      'Cyclohexanemethanol, Alpha.,.Alpha.,4-Trimethyl, Acetate (Woody Note / Safe Synthetic)',
    );
    const honeysuckle = list(
      'Sugar Cane Alcohol Denat., 2,6-Octadien-1-Ol, 3,7-Dimethyl-, Acetate, (E), Ethanone, 1-(1,2,3,4,5,6,7,8-Octahydro-2,3,8,8-Tetramethyl-2-Naphthalenyl), Indeno[1,2-D]-1,3-Dioxin, 4,4a,5,9b-Tetrahydro-2,4-Dimethyl, 1,6-Octadien-3-ol, 3,7-dimethyl-',
    );
    expect(honeysuckle.chemicals.map((c) => c.name)).toEqual([
      'Geranyl Acetate',
      'Tetramethyl Acetyloctahydronaphthalenes',
      'Linalool',
    ]);
    expect(honeysuckle.ingredients).toContain('Indeno[1,2-D]-1,3-Dioxin, 4,4a,5,9b-Tetrahydro-2,4-Dimethyl');
    // `(Z)` is nerol, no allergen and no geranyl acetate; a plain list stays as printed.
    expect(list('2,6-Octadien-1-ol, 3,7-dimethyl-, acetate, (Z)').chemicals).toEqual([]);
    // A comma inside brackets is no CAS index name (Sol de Janeiro, HERETIC).
    expect(
      list('Aqua (Water, Eau), Alcohol (Non-Denatured, Non-GMO Alcohol), Coumarin').chemicals.map(
        (c) => c.name,
      ),
    ).toEqual(['Alcohol', 'Coumarin']);
    expect(list('Alcohol, Coumarin, Linalool, Hexyl Salicylate').ingredients).toEqual([
      'Alcohol',
      'Coumarin',
      'Linalool',
      'Hexyl Salicylate',
    ]);
  });

  it('puts back names a comma cut in two, names run together and allergen names with letters swapped', () => {
    const m = new ChemicalMatcher(records);
    const reader = labelReader(vocabulary, m);
    const names = (text: string) =>
      declaredList(parseLabelRows(row('House', 'Perfume', text)), m, reader).chemicals.map((c) => c.name);
    // Gucci Bloom, Paco Rabanne 1 Million.
    expect(names('Alcohol Denat, Eugenol, Benzyl, Benzoate, Farnesol')).toEqual(['Benzyl Benzoate']);
    expect(names('Linalool, Benzyl, Alcohol, Cinnamal')).toEqual(['Linalool', 'Benzyl Alcohol']);
    // Armani Sì Intense.
    expect(names('Coumarin, Tris (Tetramethylhydroxypiperidinol) Citrate Citral, Benzyl Cinnamate')).toEqual([
      'Coumarin',
      'Tris(Tetramethylhydroxypiperidinol) Citrate',
      'Citral',
    ]);
    // Versace Crystal Noir, Bon Parfumeur 801.
    expect(names('Limonene, Couramin, Citronellol')).toEqual(['Coumarin']);
    expect(names('Methyl 2-Octyonate')).toEqual(['Methyl 2-Octynoate']);
    // Not when another name of the vocabulary is as close (`Curcumim` is one edit from `Curcumin`).
    expect(names('Curcumim')).toEqual([]);
  });
});

describe('retail names the catalogue spells another way', () => {
  const perfumes = [
    { id: 'commodity--moss', name: 'Moss', brand: 'Commodity' },
    { id: 'bon-parfumeur--002', name: '002 neroli, jasmin, ambre blanc', brand: 'Bon Parfumeur' },
    { id: 'bon-parfumeur--002-x', name: '002 x Raphaël Federici', brand: 'Bon Parfumeur' },
    { id: 'versace--bca', name: 'Bright Crystal Absolu', brand: 'Versace' },
  ];
  const rows = parseLabelRows(
    [
      row('Commodity', 'Moss Expressive Travel Spray'),
      row('Commodity', 'Moss+ Bold'),
      row('Bon Parfumeur', '002 Neroli, Jasmine and White Amber Eau de Parfum'),
      row('Versace', 'Bright Crystal Absolu Ovetto Spray'),
    ].join('\n'),
  );

  it('finds the vetted product under its catalogue name, and only that one', () => {
    const { byPerfume, unmatched } = matchLabels(rows, perfumes);
    expect([...byPerfume.keys()].sort()).toEqual(['bon-parfumeur--002', 'commodity--moss', 'versace--bca']);
    // Another strength of the same line is another product.
    expect(unmatched.map((r) => r.product_name)).toEqual(['Moss+ Bold']);
  });
});

describe('which label entries name the fragrance', () => {
  // CosIng inventory rows as the data build parses them (functions as CosIng writes them).
  const cosing = parseCosingInventory(
    [
      'inci_name,cas_number,einecs_number,function',
      'ALCOHOL,64-17-5,200-578-6,"Antifoaming, Antimicrobial, Astringent, Fragrance, Solvent, Viscosity Controlling"',
      'AQUA,7732-18-5,231-791-2,Solvent',
      'BHT,128-37-0,204-881-4,"Antioxidant, Fragrance"',
      'ETHYLHEXYL SALICYLATE,118-60-5,204-263-4,"Light Stabilizer, Uv Absorber, Uv Filter"',
      'CI 60730,4430-18-6,224-618-7,Colorant',
      'DIPROPYLENE GLYCOL,110-98-5,203-821-4 / 246-770-3,"Fragrance, Perfuming, Solvent, Viscosity Controlling"',
      'ETHYLENE BRASSYLATE,105-95-3,203-347-8,"Fragrance, Tonic"',
      'CITRUS LIMON PEEL OIL,8008-56-8,- / 284-515-8,"Fragrance, Perfuming, Skin Conditioning"',
      'BENZYL ALCOHOL,100-51-6,202-859-9,"Perfuming, Preservative, Solvent, Viscosity Controlling"',
      'PARFUM,,,"Fragrance, Perfuming"',
    ].join('\n'),
  );
  const chem = (id: string, cas: string | null, allergen = false, inci: string | null = null) => ({
    id,
    cas_number: cas,
    inci_name: inci,
    allergen_flag: allergen,
  });
  const chemicals = [
    chem('alcohol', '64-17-5'),
    chem('water', '7732-18-5'),
    chem('bht', '128-37-0'),
    chem('octisalate', '118-60-5'),
    chem('violet', '4430-18-6'),
    chem('dpg', '110-98-5'),
    chem('brassylate', '105-95-3'),
    chem('lemon', '8008-56-8'),
    chem('benzyl-alcohol', '100-51-6', true),
    // An aroma chemical written by its chemical name, which the cosmetic inventory does not list.
    chem('cis-jasmone-like', '13674-19-6'),
    // Matched by INCI name when there is no CAS number.
    chem('brassylate-by-name', null, false, 'Ethylene Brassylate'),
    chem('water-by-name', null, false, 'Aqua'),
    // The fragrance as a whole is no material of it.
    chem('parfum', null, false, 'Parfum'),
  ];
  const ids = fragranceMaterialIds(chemicals, cosing);

  it('counts perfuming materials, allergens and aroma chemicals the inventory lacks', () => {
    expect([...ids].sort()).toEqual([
      'benzyl-alcohol',
      'brassylate',
      'brassylate-by-name',
      'cis-jasmone-like',
      'lemon',
    ]);
  });

  it('never counts carriers and additives, even those CosIng also calls fragrance or perfuming', () => {
    for (const id of ['alcohol', 'water', 'bht', 'octisalate', 'violet', 'dpg'])
      expect(ids.has(id)).toBe(false);
  });
});

describe('substances the EU once had labelled and now prohibits', () => {
  const record = (cas: string, inci: string, allergen: boolean, prohibited: boolean) => ({
    id: `chem-${cas}`,
    name: inci,
    cas_number: cas,
    inci_name: inci.toUpperCase(),
    synonyms: [],
    allergen_flag: allergen,
    prohibited,
    restricted: allergen,
    restrictions: null,
  });
  const lilial = record('80-54-6', 'Butylphenyl Methylpropional', false, true);
  const hicc = record('31906-04-4', 'Hydroxyisohexyl 3-Cyclohexene Carboxaldehyde', false, true);
  const coumarin = record('91-64-5', 'Coumarin', true, false);
  // Prohibited without ever being a label allergen: no misspelling is read as it.
  const musk = record('81-15-2', 'Musk Xylene', false, true);
  const history = (allergen: boolean) => ({
    safety_information: { regulatory_history: allergen ? [{ region: 'EU', status: 'allergen' }] : [] },
  });

  it('names the prohibited former label allergens only', () => {
    expect(
      formerAllergenNames([
        { ...lilial, ...history(true) },
        { ...hicc, ...history(true) },
        { ...coumarin, ...history(false) },
        { ...musk, ...history(false) },
      ]),
    ).toEqual(['BUTYLPHENYL METHYLPROPIONAL', 'HYDROXYISOHEXYL 3-CYCLOHEXENE CARBOXALDEHYDE']);
  });

  it('reads one misspelt or broken over a line of the retail page, and keeps the allergen printed before it', () => {
    const m = new ChemicalMatcher([lilial, hicc, coumarin, musk]);
    const vocabulary = [lilial, hicc, coumarin, musk].map((c) => c.name);
    const text =
      'Alcohol Denat., Fragrance, Coumarin Butylphenyl Methypropional, Hydroxysohexyl 3-Cyclohexene | Carboxaldehyde, Musk Xilene';
    const rows = parseLabelRows(row('Versace', 'Bright Crystal Absolu', text));
    const names = (former: string[]) =>
      declaredList(rows, m, labelReader(vocabulary, m, former)).chemicals.map((c) => c.name);
    expect(names(['BUTYLPHENYL METHYLPROPIONAL', 'HYDROXYISOHEXYL 3-CYCLOHEXENE CARBOXALDEHYDE'])).toEqual([
      'Coumarin',
      'Butylphenyl Methylpropional',
      'Hydroxyisohexyl 3-Cyclohexene Carboxaldehyde',
    ]);
    // Without them, only the current allergen is read.
    expect(names([])).toEqual(['Coumarin']);
  });

  it('joins a line break inside an entry, never one after a comma, colon or period', () => {
    expect(labelEntries('Bht, Butyl | Methoxydibenzoylmethane, Limonene')).toEqual([
      'Bht',
      'Butyl Methoxydibenzoylmethane',
      'Limonene',
    ]);
    for (const entry of labelEntries(
      'Citral. | Geraniol, Lapis: | Squalane, Orange Flower Oil | Orchid: | Squalane',
    )) {
      expect(entry).not.toMatch(/Citral\.? Geraniol|Lapis:? Squalane|Oil Orchid/);
    }
    expect(labelEntries('Alcohol, | Parfum')).toEqual(['Alcohol', 'Parfum']);
  });
});
