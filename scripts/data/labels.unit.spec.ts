import { describe, expect, it } from 'vitest';
import { ChemicalMatcher } from '../../services/worker/src/scans/chemical-matcher.ts';
import {
  declaredList,
  labelNameCandidates,
  labelPerfumeName,
  labelReader,
  matchLabels,
  parseLabelRows,
} from './labels.ts';

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
});
