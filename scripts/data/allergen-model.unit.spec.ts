import { describe, expect, it } from 'vitest';
import {
  allergenGroups,
  basisFor,
  crossValidate,
  DEFAULT_TRAIN_OPTIONS,
  type LabelledPerfume,
  precisionAtRecall,
  predictAllergens,
  trainAllergenModel,
} from './allergen-model.ts';

const chemical = (id: string, name: string, inci: string | null, allergen = true) => ({
  id,
  name,
  inci_name: inci,
  allergen_flag: allergen,
});

describe('allergen groups', () => {
  it('groups isomers under one label name and shows the chemical named like the label', () => {
    const groups = allergenGroups([
      chemical('chem-138-86-3', 'dl-Limonene (racemic)', 'LIMONENE'),
      chemical('chem-5989-27-5', 'd-Limonene', 'LIMONENE'),
      chemical('chem-78-70-6', 'Linalool', 'LINALOOL'),
      chemical('chem-77-53-2', 'Cedrol', 'CEDROL', false),
    ]);
    expect(groups.map((g) => [g.key, g.name, g.member_ids])).toEqual([
      ['limonene', 'Limonene', ['chem-138-86-3', 'chem-5989-27-5']],
      ['linalool', 'Linalool', ['chem-78-70-6']],
    ]);
    expect(groups[1]!.chemical_id).toBe('chem-78-70-6');
  });
});

/** Brand A always declares linalool, brand B never; coumarin follows the Tonka note. */
function labelled(n: number): LabelledPerfume[] {
  const out: LabelledPerfume[] = [];
  for (let i = 0; i < n; i++) {
    const brand = i % 2 === 0 ? 'A' : 'B';
    const tonka = i % 3 === 0;
    const declared = new Set<string>();
    if (brand === 'A') declared.add('linalool');
    if (tonka) declared.add('coumarin');
    out.push({
      id: `p${i}`,
      brand,
      notes: { top: tonka ? ['Tonka Bean'] : ['Lemon'], middle: [], base: [], unspecified: [] },
      accords: [],
      gender: null,
      bridgeGroups: new Set(tonka ? ['coumarin'] : []),
      declared,
    });
  }
  return out;
}

const groups = allergenGroups([
  chemical('chem-78-70-6', 'Linalool', 'LINALOOL'),
  chemical('chem-91-64-5', 'Coumarin', 'COUMARIN'),
  chemical('chem-97-53-0', 'Eugenol', 'EUGENOL'),
]);

describe('the allergen model', () => {
  const data = labelled(60);
  const model = trainAllergenModel(data, groups);

  it('learns what a brand and a note predict, and gives a never-declared allergen a low probability', () => {
    const p = (brand: string, note: string, bridge: string[] = []) =>
      predictAllergens(model, {
        id: 'x',
        brand,
        notes: { top: [note], middle: [], base: [], unspecified: [] },
        accords: [],
        gender: null,
        bridgeGroups: new Set(bridge),
      });
    expect(p('A', 'Lemon').get('linalool')).toBeGreaterThan(0.8);
    expect(p('B', 'Lemon').get('linalool')).toBeLessThan(0.2);
    expect(p('B', 'Tonka Bean', ['coumarin']).get('coumarin')).toBeGreaterThan(0.8);
    expect(p('B', 'Lemon').get('coumarin')).toBeLessThan(0.2);
    expect(p('A', 'Lemon').get('eugenol')).toBeLessThan(DEFAULT_TRAIN_OPTIONS.possibleAt);
  });

  it('is deterministic', () => {
    expect(trainAllergenModel(data, groups)).toEqual(model);
  });

  it('turns probabilities into likely, possible or nothing', () => {
    expect(basisFor(model, 0.9)).toBe('likely');
    expect(basisFor(model, model.possibleAt)).toBe('possible');
    expect(basisFor(model, model.possibleAt - 0.01)).toBeNull();
  });

  it('cross-validates against the notes-only and base-rate-only rules', () => {
    const cv = crossValidate(data, groups, DEFAULT_TRAIN_OPTIONS, 5);
    expect(cv.perfumes).toBe(60);
    // Brand and note evidence predict these labels exactly; the bridge alone misses the brand's linalool.
    expect(cv.likelyOrPossible.recall).toBe(1);
    expect(cv.likelyOrPossible.precision).toBeGreaterThan(0.95);
    expect(cv.notesOnly.recall).toBeLessThan(0.5);
    expect(cv.notesOnly.precision).toBe(1);
  });
});

describe('precision at a target recall', () => {
  it('lowers one threshold until the recall is reached, counting ties together', () => {
    const scored = [
      { p: 0.9, hit: true },
      { p: 0.8, hit: false },
      { p: 0.7, hit: true },
      { p: 0.7, hit: false },
      { p: 0.2, hit: true },
      { p: 0.1, hit: false },
    ];
    // Two of three hits need the 0.7 tie: 4 predicted, 2 right.
    expect(precisionAtRecall(scored, 0.6)).toMatchObject({ precision: 0.5, recall: 2 / 3, predicted: 4 });
    expect(precisionAtRecall(scored, 1)).toMatchObject({ precision: 0.6, recall: 1, predicted: 5 });
    expect(precisionAtRecall(scored, 0.3)).toMatchObject({ precision: 1, predicted: 1 });
  });

  it('reports the model and the told-the-count ceiling in the cross-validation', () => {
    const cv = crossValidate(labelled(60), groups, DEFAULT_TRAIN_OPTIONS, 5);
    expect(cv.atTargetRecall.recall).toBe(0.85);
    expect(cv.atTargetRecall.model.recall).toBeGreaterThanOrEqual(0.85);
    expect(cv.atTargetRecall.toldTheCount.recall).toBeGreaterThanOrEqual(0.85);
    expect(cv.atTargetRecall.model.precision).toBeGreaterThan(0.9);
  });
});
