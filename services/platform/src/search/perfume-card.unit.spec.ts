import { describe, expect, it } from 'vitest';
import { catalogued, fixtureChemicals, inferLinks, makePerfume, retailLabel } from './catalogue.fixtures.ts';
import type { PerfumeCard, PerfumeCardChemical } from './catalogue.types.ts';
import { LIST_CARD_ALLERGEN_CHIPS, LIST_CARD_CHEMICALS, listCard, toPerfumeCard } from './perfume-card.ts';

const chip = (
  i: number,
  allergen: boolean,
  kind: 'declared' | 'inferred' = 'inferred',
): PerfumeCardChemical => ({
  chemical_id: `c${i}`,
  name: `Chemical ${i}`,
  cas_number: null,
  allergen_flag: allergen,
  verified: false,
  kind,
  source: kind === 'inferred' ? 'inferred' : 'label',
  from_note: kind === 'inferred' ? 'Rose' : null,
  concentration_min: null,
  concentration_max: null,
});

function card(chemicals: PerfumeCardChemical[], allergens: PerfumeCard['allergens'] = []): PerfumeCard {
  return {
    id: 'p',
    name: 'P',
    brand: 'B',
    year_released: null,
    gender: null,
    perfumer: null,
    concentration: null,
    description: null,
    image_url: null,
    accords: ['floral'],
    notes: { top: [], middle: ['Rose'], base: [], unspecified: [] },
    chemicals,
    allergens,
    hypoallergenic: false,
    knowledge: 'partial',
    coverage: null,
    label: {
      source_name: 'Box',
      source_date: '2024-01-01',
      ingredients: ['ALCOHOL', 'PARFUM'],
      names_fragrance: false,
    },
    chemical_count: chemicals.length,
    note_count: 1,
    data_category: 'complete',
    data_completeness: 'complete',
    field_sources: { name: 'x' },
    sources: ['x'],
  };
}

const allergen = (
  id: string,
  basis: 'declared' | 'likely' | 'possible',
  probability: number | null = null,
): PerfumeCard['allergens'][number] => ({
  chemical_id: id,
  name: id.toUpperCase(),
  cas_number: null,
  basis,
  source: basis === 'declared' ? 'label' : null,
  probability,
  from_notes: ['Rose'],
});

describe('listCard', () => {
  it('keeps a short chemical list whole, and only the allergen chips of a long one', () => {
    const short = Array.from({ length: LIST_CARD_CHEMICALS }, (_, i) => chip(i, i % 2 === 0));
    expect(listCard(card(short)).chemicals.map((c) => c.chemical_id)).toEqual(
      short.map((c) => c.chemical_id),
    );
    const long = Array.from({ length: 30 }, (_, i) => chip(i, i % 3 === 0));
    const lean = listCard(card(long));
    expect(lean.chemicals).toHaveLength(LIST_CARD_ALLERGEN_CHIPS);
    expect(lean.chemicals.every((c) => c.allergen_flag)).toBe(true);
    expect(lean.chemicals[0]).toEqual({
      chemical_id: 'c0',
      name: 'Chemical 0',
      allergen_flag: true,
      kind: 'inferred',
    });
    expect(lean.chemical_count).toBe(30);
  });

  it('names the first declared or likely allergens and counts every allergen by basis', () => {
    const lean = listCard(
      card(
        [chip(1, true)],
        [
          allergen('a', 'declared'),
          allergen('b', 'likely', 0.9),
          allergen('c', 'likely', 0.8),
          allergen('d', 'possible', 0.2),
        ],
      ),
    );
    expect(lean.allergens).toEqual([
      { name: 'A', basis: 'declared', probability: null },
      { name: 'B', basis: 'likely', probability: 0.9 },
    ]);
    expect(lean.allergen_counts).toEqual({ declared: 1, likely: 2, possible: 1 });
  });

  it('leaves out what the grid does not draw, and keeps the label source', () => {
    const lean = listCard(card([chip(1, false)]));
    for (const field of ['accords', 'field_sources', 'sources', 'note_count', 'data_completeness']) {
      expect(lean).not.toHaveProperty(field);
    }
    expect(lean.label).toEqual({ source_name: 'Box', source_date: '2024-01-01', names_fragrance: false });
    expect(lean).not.toHaveProperty('flagged');
  });

  it('flags the chemicals asked about, a declared link before an inferred one of the same chemical', () => {
    const lean = listCard(
      card([chip(1, true, 'declared'), chip(1, true), chip(2, false), chip(3, true)]),
      new Set(['c1', 'c2', 'c9']),
    );
    expect(lean.flagged).toEqual([
      { chemical_id: 'c1', name: 'Chemical 1', kind: 'declared' },
      { chemical_id: 'c2', name: 'Chemical 2', kind: 'inferred' },
    ]);
  });

  it('puts the chemicals a filter asked for first, whatever the list length', () => {
    const long = Array.from({ length: 30 }, (_, i) => chip(i, i % 3 === 0));
    const lean = listCard(card(long), undefined, new Set(['c7', 'c8']));
    expect(lean.chemicals.map((c) => c.chemical_id)).toEqual(['c7', 'c8', 'c0', 'c3']);
    const short = [chip(1, false), chip(2, false)];
    expect(listCard(card(short), undefined, new Set(['c2'])).chemicals.map((c) => c.chemical_id)).toEqual([
      'c2',
      'c1',
    ]);
  });

  it('names an allergen a filter asked for even when only possible', () => {
    const lean = listCard(
      card(
        [chip(1, true)],
        [
          allergen('a', 'likely', 0.9),
          allergen('b', 'likely', 0.8),
          allergen('c', 'likely', 0.7),
          allergen('d', 'possible', 0.1),
        ],
      ),
      undefined,
      new Set(['d']),
    );
    expect(lean.allergens.map((a) => a.name)).toEqual(['A', 'B', 'D']);
  });
});

describe('a label that says only "Fragrance"', () => {
  const known = new Map(fixtureChemicals().map((c) => [c.id, c]));
  const notes = { top: ['Bergamot'], middle: ['Rose'], base: [], unspecified: [] };
  const label = retailLabel({
    ingredients: ['Alcohol Denat', 'Fragrance', 'Water'],
    chemicals: [{ chemical_id: 'chem-iso-e-super', name: 'Iso E Super' }],
  });
  const perfume = (names_fragrance: boolean) =>
    makePerfume({
      id: 'b--p',
      name: 'P',
      brand: 'B',
      notes,
      chemicals: inferLinks(notes),
      label: { ...label, names_fragrance },
      coverage: { specific_notes: 2, resolved_notes: 2, unknown_notes: [] },
      allergen_estimates: [{ chemical_id: 'chem-coumarin', basis: 'likely', probability: 0.8 }],
    });

  it('shows the estimates and the notes, never hypoallergenic, and says the label names no material', () => {
    const silent = toPerfumeCard(catalogued(perfume(false)), known);
    expect(silent.knowledge).toBe('notes_resolved');
    expect(silent.hypoallergenic).toBe(false);
    expect(silent.label?.names_fragrance).toBe(false);
    expect(silent.allergens.map((a) => [a.chemical_id, a.basis])).toEqual([['chem-coumarin', 'likely']]);
    // A list that names its fragrance speaks for the allergens: no estimate is shown beside it.
    const speaking = toPerfumeCard(catalogued(perfume(true)), known);
    expect(speaking.knowledge).toBe('declared_list');
    expect(speaking.allergens).toEqual([]);
    expect(speaking.label?.names_fragrance).toBe(true);
  });
});
