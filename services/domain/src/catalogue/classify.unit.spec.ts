import { describe, expect, it } from 'vitest';
import {
  type ClassifiablePerfume,
  dataCategory,
  filterChemicalIds,
  isHypoallergenic,
  type KnownChemical,
  knowledgeOf,
  labelNamesFragrance,
  linkedAllergenIds,
} from './classify.ts';

const known = new Map<string, KnownChemical>([
  ['chem-78-70-6', { allergen_flag: true }],
  ['chem-91-64-5', { allergen_flag: true }],
  ['chem-60-12-8', { allergen_flag: false }],
]);

const notes = (unspecified: string[]) => ({ top: [], middle: [], base: [], unspecified });

describe('dataCategory', () => {
  it('is complete with a link to a known chemical', () => {
    const p: ClassifiablePerfume = { notes: notes(['Rose']), chemicals: [{ chemical_id: 'chem-60-12-8' }] };
    expect(dataCategory(p, known)).toBe('complete');
  });

  it('is unspecific without notes, with only vague notes, or with unknown links', () => {
    expect(dataCategory({ notes: notes([]), chemicals: [] }, known)).toBe('unspecific');
    expect(dataCategory({ notes: notes(['Woodsy Notes', 'Spices']), chemicals: [] }, known)).toBe(
      'unspecific',
    );
    expect(dataCategory({ notes: null, chemicals: [{ chemical_id: 'chem-unknown' }] }, known)).toBe(
      'unspecific',
    );
  });
});

describe('isHypoallergenic', () => {
  it('needs complete data and no known allergen', () => {
    expect(isHypoallergenic({ chemicals: [{ chemical_id: 'chem-60-12-8' }] }, known)).toBe(true);
    expect(
      isHypoallergenic(
        { chemicals: [{ chemical_id: 'chem-60-12-8' }, { chemical_id: 'chem-78-70-6' }] },
        known,
      ),
    ).toBe(false);
    expect(isHypoallergenic({ chemicals: [] }, known)).toBe(false);
  });

  it('lists the linked allergens once each', () => {
    const p = {
      chemicals: [
        { chemical_id: 'chem-78-70-6' },
        { chemical_id: 'chem-78-70-6' },
        { chemical_id: 'chem-91-64-5' },
      ],
    };
    expect(linkedAllergenIds(p, known)).toEqual(['chem-78-70-6', 'chem-91-64-5']);
  });
});

describe('the safety rules with note coverage, estimates and labels', () => {
  const chemicals = new Map<string, KnownChemical>([
    ['chem-78-70-6', { allergen_flag: true }],
    ['chem-77-53-2', { allergen_flag: false }],
  ]);
  const resolved = { specific_notes: 2, resolved_notes: 2, unknown_notes: [] };
  const partial = { specific_notes: 2, resolved_notes: 1, unknown_notes: ['Yogurt'] };
  const cedrol = [{ chemical_id: 'chem-77-53-2' }];
  const linalool = { chemical_id: 'chem-78-70-6', member_ids: ['chem-78-70-6'] };

  it('an unknown note makes a perfume incomplete and never hypoallergenic, whatever its links', () => {
    const p = { chemicals: cedrol, coverage: partial, allergen_estimates: [] };
    expect(knowledgeOf(p)).toBe('partial');
    expect(dataCategory(p, chemicals)).toBe('unspecific');
    expect(isHypoallergenic(p, chemicals)).toBe(false);
  });

  it('no data at all is unknown, not hypoallergenic', () => {
    const p = { chemicals: [], coverage: { specific_notes: 0, resolved_notes: 0, unknown_notes: [] } };
    expect(knowledgeOf(p)).toBe('none');
    expect(dataCategory(p, chemicals)).toBe('unspecific');
    expect(isHypoallergenic(p, chemicals)).toBe(false);
  });

  it('all notes resolved: hypoallergenic only when no allergen is linked, likely or possible', () => {
    expect(
      isHypoallergenic({ chemicals: cedrol, coverage: resolved, allergen_estimates: [] }, chemicals),
    ).toBe(true);
    expect(
      isHypoallergenic({ chemicals: cedrol, coverage: resolved, allergen_estimates: [linalool] }, chemicals),
    ).toBe(false);
    expect(
      isHypoallergenic(
        {
          chemicals: [...cedrol, { chemical_id: 'chem-78-70-6' }],
          coverage: resolved,
          allergen_estimates: [],
        },
        chemicals,
      ),
    ).toBe(false);
  });

  it('a declared label list decides: allergen-free list → hypoallergenic, a declared allergen → not', () => {
    const label = { chemicals: [{ chemical_id: 'chem-77-53-2' }] };
    const clean = {
      chemicals: [{ chemical_id: 'chem-77-53-2', kind: 'declared' as const }],
      label,
      coverage: partial,
    };
    expect(knowledgeOf(clean)).toBe('declared_list');
    expect(dataCategory(clean, chemicals)).toBe('complete');
    expect(isHypoallergenic(clean, chemicals)).toBe(true);
    const declaresLinalool = {
      ...clean,
      chemicals: [...clean.chemicals, { chemical_id: 'chem-78-70-6', kind: 'declared' as const }],
    };
    expect(isHypoallergenic(declaresLinalool, chemicals)).toBe(false);
  });

  it('a label that says only "Fragrance" is no evidence: the notes and estimates decide', () => {
    // Alcohol and water on the label (water is a known chemical), nothing of the fragrance named.
    const known = new Map<string, KnownChemical>([
      ...chemicals,
      ['chem-7732-18-5', { allergen_flag: false }],
    ]);
    const label = { chemicals: [{ chemical_id: 'chem-7732-18-5' }], names_fragrance: false };
    const water = { chemical_id: 'chem-7732-18-5', kind: 'declared' as const };
    const silent = { chemicals: [water, ...cedrol], label, coverage: resolved, allergen_estimates: [] };
    expect(labelNamesFragrance(label)).toBe(false);
    expect(labelNamesFragrance({ chemicals: [] })).toBe(true);
    expect(labelNamesFragrance(null)).toBe(false);
    // Every note resolved, no allergen linked or estimated: as for a perfume without a label.
    expect(knowledgeOf(silent)).toBe('notes_resolved');
    expect(dataCategory(silent, known)).toBe('complete');
    expect(isHypoallergenic(silent, known)).toBe(true);
    // A likely allergen, or an unknown note, and the label's silence cannot make it hypoallergenic.
    const withEstimate = { ...silent, allergen_estimates: [linalool] };
    expect(isHypoallergenic(withEstimate, known)).toBe(false);
    const unknownNote = { ...silent, coverage: partial };
    expect(knowledgeOf(unknownNote)).toBe('partial');
    // The label's own entries (water) do not make the data complete.
    expect(dataCategory(unknownNote, known)).toBe('unspecific');
    expect(isHypoallergenic(unknownNote, known)).toBe(false);
    // Without note coverage (an older record), a silent label is no data.
    const noCoverage = { chemicals: [water], label, allergen_estimates: [] };
    expect(dataCategory(noCoverage, known)).toBe('unspecific');
    expect(isHypoallergenic(noCoverage, known)).toBe(false);
    // Filters see its estimated allergens, as without a label.
    expect(filterChemicalIds(withEstimate).sort()).toEqual([
      'chem-77-53-2',
      'chem-7732-18-5',
      'chem-78-70-6',
    ]);
  });

  it('filters see likely and possible allergens (all isomers) only without a declared list', () => {
    const estimate = { chemical_id: 'chem-138-86-3', member_ids: ['chem-138-86-3', 'chem-5989-27-5'] };
    const p = { chemicals: cedrol, coverage: resolved, allergen_estimates: [estimate] };
    expect(filterChemicalIds(p).sort()).toEqual(['chem-138-86-3', 'chem-5989-27-5', 'chem-77-53-2']);
    expect(filterChemicalIds({ ...p, label: { chemicals: [] } })).toEqual(['chem-77-53-2']);
  });
});
