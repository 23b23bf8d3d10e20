import { describe, expect, it } from 'vitest';
import {
  allergenTotal,
  normalizeNotes,
  normalizePerfume,
  normalizePerfumePage,
} from './perfume-normalize.ts';

const raw = {
  id: 42,
  name: 'No 5',
  brand: 'Chanel',
  year_released: 1921,
  gender: 'female',
  perfumer: 'Ernest Beaux',
  description: 'Aldehydic floral.',
  image_url: 'https://img/5.jpg',
  data_category: 'complete',
  chemicals: [
    { chemical_id: 7, name: 'Linalool', allergen_flag: true, source: 'inferred', from_note: 'Rose' },
    { id: 8, name: 'Iso E Super', verified: true, source: 'admin' },
    { name: '' },
  ],
  notes: { top: ['Aldehydes'], middle: ['Rose', 'Jasmine'], base: ['Vanilla'], unspecified: [] },
};

describe('normalizePerfume', () => {
  it('reads a catalogue perfume with inferred and declared chemical links', () => {
    const perfume = normalizePerfume(raw);
    expect(perfume).toMatchObject({
      id: 42,
      name: 'No 5',
      gender: 'feminine',
      complete: true,
      chemical_count: 2,
      allergens: ['Linalool'],
    });
    expect(perfume?.chemicals).toEqual([
      {
        id: 7,
        name: 'Linalool',
        cas_number: null,
        allergen: true,
        verified: false,
        kind: 'inferred',
        fromNote: 'Rose',
      },
      {
        id: 8,
        name: 'Iso E Super',
        cas_number: null,
        allergen: false,
        verified: true,
        kind: 'declared',
        fromNote: null,
      },
    ]);
    expect(perfume?.notes.map((n) => `${n.category}:${n.name}`)).toEqual([
      'top:Aldehydes',
      'middle:Rose',
      'middle:Jasmine',
      'base:Vanilla',
    ]);
  });

  it('treats unknown gender as unisex and non-complete data as needing enhancement', () => {
    expect(
      normalizePerfume({ id: 'p1', name: 'X', gender: 'all', data_category: 'unspecific' }),
    ).toMatchObject({
      gender: 'unisex',
      complete: false,
      brand: '',
      year_released: null,
    });
  });

  it('rejects records without id or name', () => {
    expect(normalizePerfume({ name: 'No id' })).toBeNull();
    expect(normalizePerfume({ id: 1 })).toBeNull();
    expect(normalizePerfume('x')).toBeNull();
  });
});

describe('normalizeNotes', () => {
  it('reads lists of names, lists of notes and comma-separated text', () => {
    expect(normalizeNotes(['Rose'])).toEqual([{ name: 'Rose', category: 'unspecified' }]);
    expect(normalizeNotes([{ name: 'Iris', category: 'heart' }])).toEqual([
      { name: 'Iris', category: 'middle' },
    ]);
    expect(normalizeNotes('Musk, Amber')).toEqual([
      { name: 'Musk', category: 'unspecified' },
      { name: 'Amber', category: 'unspecified' },
    ]);
  });
});

describe('normalizePerfumePage', () => {
  it('reads { perfumes, total, has_more }', () => {
    const page = normalizePerfumePage({ perfumes: [raw], total: 70123, has_more: true });
    expect(page.perfumes).toHaveLength(1);
    expect(page.total).toBe(70123);
    expect(page.hasMore).toBe(true);
    expect(page.cleanBrands).toBeNull();
  });

  it('accepts a bare array, with no total and no has_more', () => {
    expect(normalizePerfumePage([raw, raw])).toMatchObject({ total: null, hasMore: null });
  });

  it('coerces anything else to an empty list', () => {
    expect(normalizePerfumePage({ detail: 'x' }).perfumes).toEqual([]);
    expect(normalizePerfumePage(null).perfumes).toEqual([]);
  });

  it('reads pagination.has_more and the clean-brand structure of the hypoallergenic answer', () => {
    const page = normalizePerfumePage({
      category: 'clean_brands',
      brands: [{ name: 'Clean Reserve', specialty: 'No allergens', price_range: '$$' }],
      statistics: { total_brands: 12 },
      article_info: { title: 'Study' },
      educational_info: { allergen_chemicals_excluded: ['Linalool'] },
      pagination: { has_more: false },
    });
    expect(page.hasMore).toBe(false);
    expect(page.perfumes).toEqual([]);
    expect(page.cleanBrands?.brands[0]?.name).toBe('Clean Reserve');
    expect(page.cleanBrands?.statistics.total_brands).toBe(12);
  });
});

describe('list cards', () => {
  const lean = {
    id: 'p1',
    name: 'Ava Fleur',
    brand: 'B',
    data_category: 'complete',
    chemicals: [{ chemical_id: 'chem-78-70-6', name: 'Linalool', allergen_flag: true, kind: 'inferred' }],
    allergens: [{ name: 'Geraniol', basis: 'likely', probability: 0.96 }],
    allergen_counts: { declared: 0, likely: 3, possible: 9 },
    flagged: [{ chemical_id: 'chem-78-70-6', name: 'Linalool', kind: 'inferred' }],
    chemical_count: 46,
    knowledge: 'notes_resolved',
  };

  it('reads the chips, the first allergens and the counts of the rest', () => {
    const perfume = normalizePerfume(lean);
    expect(perfume?.chemicals).toEqual([
      {
        id: 'chem-78-70-6',
        name: 'Linalool',
        cas_number: null,
        allergen: true,
        verified: false,
        kind: 'inferred',
        fromNote: null,
      },
    ]);
    expect(perfume?.chemical_count).toBe(46);
    expect(perfume?.allergenEvidence).toEqual([
      { name: 'Geraniol', basis: 'likely', probability: 0.96, fromNotes: [] },
    ]);
    expect(perfume?.allergenCounts).toEqual({ declared: 0, likely: 3, possible: 9 });
    expect(perfume && allergenTotal(perfume)).toBe(12);
    expect(perfume?.flagged).toEqual([{ id: 'chem-78-70-6', name: 'Linalool', kind: 'inferred' }]);
  });

  it('treats a full perfume as complete: no counts, its own list is the total', () => {
    const { allergen_counts: _counts, flagged: _flagged, ...full } = lean;
    const perfume = normalizePerfume(full);
    expect(perfume?.allergenCounts).toBeNull();
    expect(perfume?.flagged).toBeNull();
    expect(perfume && allergenTotal(perfume)).toBe(1);
  });
});
