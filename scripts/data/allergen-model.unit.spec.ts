import { describe, expect, it } from 'vitest';
import {
  allergenGroups,
  basisFor,
  crossValidate,
  DEFAULT_TRAIN_OPTIONS,
  foldOf,
  type LabelledPerfume,
  lineKey,
  precisionAtRecall,
  predictAllergens,
  relativesEvidence,
  relativesOf,
  thresholdAtRecall,
  trainAllergenModel,
} from './allergen-model.ts';

/** The default penalty is set for a few hundred labels; these small data sets want a lighter one. */
const SMALL = { ...DEFAULT_TRAIN_OPTIONS, l2: 3 };

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

  it('shows the chemical the annex entry names when isomers share the label name', () => {
    const groups = allergenGroups([
      {
        ...chemical('chem-16106-95-9', 'Farnesol', 'FARNESOL'),
        safety_information: { eu_allergen: { listed: false } },
      },
      {
        ...chemical('chem-4602-84-0', 'Farnesol', 'FARNESOL'),
        safety_information: { eu_allergen: { listed: true } },
      },
    ]);
    expect(groups.map((g) => [g.chemical_id, g.member_ids.length])).toEqual([['chem-4602-84-0', 2]]);
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
  const model = trainAllergenModel(data, groups, SMALL);

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
    expect(p('A', 'Lemon').get('linalool')).toBeGreaterThan(model.likelyAt);
    expect(p('B', 'Lemon').get('linalool')).toBeLessThan(0.2);
    expect(p('B', 'Tonka Bean', ['coumarin']).get('coumarin')).toBeGreaterThan(model.likelyAt);
    expect(p('B', 'Lemon').get('coumarin')).toBeLessThan(0.2);
    expect(p('A', 'Lemon').get('eugenol')).toBeLessThan(DEFAULT_TRAIN_OPTIONS.possibleAt);
  });

  it('is deterministic', () => {
    expect(trainAllergenModel(data, groups, SMALL)).toEqual(model);
  });

  it('turns probabilities into likely, possible or nothing', () => {
    const cutOffs = { likelyAt: 0.6, possibleAt: 0.3 };
    expect(basisFor(cutOffs, 0.9)).toBe('likely');
    expect(basisFor(cutOffs, 0.6)).toBe('likely');
    expect(basisFor(cutOffs, 0.3)).toBe('possible');
    expect(basisFor(cutOffs, 0.29)).toBeNull();
  });

  it('cross-validates against the notes-only and base-rate-only rules', () => {
    const cv = crossValidate(data, groups, SMALL, 5);
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
    expect(thresholdAtRecall(scored, 0.6)).toBe(0.7);
    expect(thresholdAtRecall(scored, 1)).toBe(0.2);
    expect(thresholdAtRecall([], 0.85)).toBe(1);
  });

  it('reports the model and the told-the-count ceiling in the cross-validation', () => {
    const cv = crossValidate(labelled(60), groups, SMALL, 5);
    expect(cv.atTargetRecall.recall).toBe(0.85);
    expect(cv.atTargetRecall.model.recall).toBeGreaterThanOrEqual(0.85);
    expect(cv.atTargetRecall.toldTheCount.recall).toBeGreaterThanOrEqual(0.85);
    expect(cv.atTargetRecall.model.precision).toBeGreaterThan(0.9);
  });
});

describe('lines', () => {
  it('puts flankers and concentrations of one perfume in its line, apart from other lines and brands', () => {
    const line = lineKey('Carolina Herrera', 'Good Girl');
    expect(line).not.toBeNull();
    expect(lineKey('Carolina Herrera', 'Good Girl Légère')).toBe(line);
    expect(lineKey('Carolina Herrera', 'Good Girl Eau de Parfum Suprême')).toBe(line);
    expect(lineKey('Carolina Herrera', 'Carolina Herrera Good Girl Blush')).toBe(line);
    expect(lineKey('Carolina Herrera', 'Bad Boy')).not.toBe(line);
    expect(lineKey('Dior', 'Sauvage')).toBe(lineKey('Christian Dior', 'Eau Sauvage Elixir'));
    expect(lineKey('Dior', 'Good Girl')).not.toBe(line);
  });
});

const LINE_NAMES = [
  'Alpha',
  'Bravo',
  'Charlie',
  'Delta',
  'Echo',
  'Foxtrot',
  'Golf',
  'Hotel',
  'India',
  'Juliet',
  'Kilo',
  'Lima',
  'Mike',
  'November',
  'Oscar',
  'Papa',
  'Quebec',
  'Romeo',
  'Sierra',
  'Tango',
  'Uniform',
  'Victor',
  'Whiskey',
  'Xray',
];
const KEYS = ['coumarin', 'eugenol', 'linalool'];

/** A labelled perfume of a line; notes, accords and gender tell nothing. */
function lined(id: string, brand: string, name: string, declared: string[]): LabelledPerfume {
  return {
    id,
    brand,
    name,
    notes: { top: ['Musk'], middle: [], base: [], unspecified: [] },
    accords: [],
    gender: null,
    bridgeGroups: new Set(),
    declared: new Set(declared),
  };
}

/**
 * Lines spread over four brands; each line's labels declare the same allergens (the line's index
 * in binary picks them), which nothing but the line tells. `perLine` labelled perfumes per line.
 */
function lines(perLine: number): LabelledPerfume[] {
  const out: LabelledPerfume[] = [];
  LINE_NAMES.forEach((line, i) => {
    const declared = KEYS.filter((_, bit) => ((i + 1) >> bit) & 1);
    for (let k = 0; k < perLine; k++) {
      const name = k === 0 ? line : `${line} ${['Intense', 'Elixir', 'Eau Fraîche'][k - 1]}`;
      out.push(lined(`${line.toLowerCase()}-${k}`, `House ${i % 4}`, name, declared));
    }
  });
  return out;
}

describe('labelled siblings of the line', () => {
  const data = lines(2);
  const model = trainAllergenModel(data, groups);
  const predict = (brand: string, name: string) =>
    predictAllergens(model, { ...lined('new', brand, name, []), declared: undefined } as never);

  it("gives a line's flanker its siblings' allergens", () => {
    // Alpha (line 0) declares coumarin; Foxtrot (line 5) declares eugenol and linalool.
    const alpha = predict('House 0', 'Alpha Extreme');
    expect(alpha.get('coumarin')).toBeGreaterThanOrEqual(model.likelyAt);
    expect(alpha.get('eugenol')).toBeLessThan(model.possibleAt);
    expect(alpha.get('linalool')).toBeLessThan(model.possibleAt);
    const foxtrot = predict('House 1', 'Foxtrot Eau de Parfum Intense');
    expect(foxtrot.get('coumarin')).toBeLessThan(model.possibleAt);
    expect(foxtrot.get('eugenol')).toBeGreaterThanOrEqual(model.likelyAt);
    expect(foxtrot.get('linalool')).toBeGreaterThanOrEqual(model.likelyAt);
    // The same line name at another house is another line.
    const elsewhere = predict('House 1', 'Alpha Extreme');
    expect(elsewhere.get('coumarin')).toBeLessThan(alpha.get('coumarin')!);
  });

  it("never counts a perfume's own label as its sibling's", () => {
    const evidence = relativesEvidence(data);
    const alpha = data.find((p) => p.id === 'alpha-0')!;
    expect(relativesOf(evidence, alpha).line.perfumes).toBe(1);
    expect(relativesOf(evidence, { ...alpha, id: 'another-record' }).line.perfumes).toBe(2);
    expect(relativesOf(evidence, alpha).brand.perfumes).toBe(11);
  });

  it('takes siblings from the training folds only in cross-validation', () => {
    // With one labelled perfume per line nothing out of fold tells a line's allergens: a leak of the
    // held-out label would still score perfectly.
    const alone = crossValidate(lines(1), groups, DEFAULT_TRAIN_OPTIONS, 4);
    const paired = crossValidate(lines(3), groups, DEFAULT_TRAIN_OPTIONS, 4);
    expect(alone.atTargetRecall.model.precision).toBeLessThan(0.75);
    expect(paired.atTargetRecall.model.precision).toBeGreaterThan(0.95);
  });

  it('reads a brand whose labels list no allergen as one that will not list them', () => {
    const quiet = [0, 1, 2, 3].map((i) => lined(`quiet-${i}`, 'Quiet House', `${LINE_NAMES[i]} Mist`, []));
    const withQuiet = trainAllergenModel([...data, ...quiet], groups);
    const p = predictAllergens(withQuiet, lined('new', 'Quiet House', 'Zulu', []));
    for (const key of KEYS) expect(p.get(key)).toBeLessThan(withQuiet.possibleAt);
  });
});

/**
 * Labelled perfumes of many brands (two each, so brands tell little) whose accords tell what they
 * declare: woody perfumes declare coumarin, citrus ones limonene-like linalool.
 */
function byAccords(n: number): LabelledPerfume[] {
  return Array.from({ length: n }, (_, i) => {
    const woody = i % 2 === 0;
    return {
      id: `acc-${i}`,
      brand: `House ${Math.floor(i / 2)}`,
      name: `${LINE_NAMES[i % LINE_NAMES.length]} ${i}`,
      notes: { top: ['Musk'], middle: [], base: [], unspecified: [] },
      accords: woody ? ['woody', 'warm spicy'] : ['citrus', 'fresh'],
      gender: null,
      bridgeGroups: new Set<string>(),
      declared: new Set(woody ? ['coumarin'] : ['linalool']),
    };
  });
}

describe('accord neighbours', () => {
  const data = byAccords(40);
  const model = trainAllergenModel(data, groups, { ...SMALL, possibleRecall: null });
  const unlabelled = (brand: string, accords: string[]) =>
    predictAllergens(model, {
      ...data[0]!,
      id: 'new',
      brand,
      name: 'Zulu',
      accords,
      declared: undefined,
    } as never);

  it('gives a perfume of an unknown house what the labels of perfumes with its accords declare', () => {
    const woody = unlabelled('Unknown House', ['woody', 'amber']);
    const citrus = unlabelled('Unknown House', ['citrus']);
    expect(woody.get('coumarin')).toBeGreaterThan(citrus.get('coumarin')! + 0.3);
    expect(citrus.get('linalool')).toBeGreaterThan(woody.get('linalool')! + 0.3);
    expect(model.relatives['(accord neighbours declare)']).toBeGreaterThan(0);
  });

  it("never reads a perfume's own label among its neighbours or in the shares it is compared with", () => {
    const evidence = relativesEvidence(data);
    const woody = data[0]!;
    const own = relativesOf(evidence, woody);
    const asStranger = relativesOf(evidence, { ...woody, id: 'another-record' });
    // 20 woody perfumes of 40 declare coumarin; without its own label, 19 of 39.
    expect(asStranger.shares.get('coumarin')).toBe(20 / 40);
    expect(own.shares.get('coumarin')).toBe(19 / 39);
    expect(own.meanDeclared).toBe(1);
    // Its nearest are the other woody perfumes, all declaring coumarin.
    expect(own.neighbours.declaring.get('coumarin')).toBeCloseTo(own.neighbours.weight);
    // The only labelled perfume is no neighbour of itself, but is one (similarity 1) of a
    // perfume with the same accords.
    const onlyOne = relativesEvidence([woody]);
    expect(relativesOf(onlyOne, woody).neighbours.weight).toBe(0);
    expect(relativesOf(onlyOne, { ...woody, id: 'x' }).neighbours.weight).toBeCloseTo(1);
  });
});

/**
 * Labelled perfumes of many brands, without accords, whose notes tell what they declare: the
 * vanilla and tonka ones coumarin, the lemon and bergamot ones linalool.
 */
function byNotes(n: number): LabelledPerfume[] {
  return Array.from({ length: n }, (_, i) => {
    const sweet = i % 2 === 0;
    return {
      id: `note-${i}`,
      brand: `House ${Math.floor(i / 2)}`,
      name: `${LINE_NAMES[i % LINE_NAMES.length]} ${i}`,
      notes: {
        top: sweet ? ['Vanilla'] : ['Lemon'],
        middle: [],
        base: sweet ? ['Tonka Bean', `Rare ${i}`] : ['Bergamot', `Rare ${i}`],
        unspecified: [],
      },
      accords: [],
      gender: null,
      bridgeGroups: new Set<string>(),
      declared: new Set(sweet ? ['coumarin'] : ['linalool']),
    };
  });
}

describe('note neighbours', () => {
  const data = byNotes(40);
  // minSupport above the data's size: no note gets a weight of its own, only the neighbours speak.
  const model = trainAllergenModel(data, groups, { ...SMALL, possibleRecall: null, minSupport: 100 });
  const unlabelled = (top: string[]) =>
    predictAllergens(model, {
      ...data[0]!,
      id: 'new',
      brand: 'Unknown House',
      name: 'Zulu',
      notes: { top, middle: [], base: [], unspecified: [] },
      declared: undefined,
    } as never);

  it('gives a perfume without accords what the labels of perfumes with its notes declare', () => {
    const sweet = unlabelled(['Vanilla', 'Tonka Bean', 'Rose']);
    const fresh = unlabelled(['Lemon', 'Bergamot']);
    expect(sweet.get('coumarin')).toBeGreaterThan(fresh.get('coumarin')! + 0.3);
    expect(fresh.get('linalool')).toBeGreaterThan(sweet.get('linalool')! + 0.3);
    expect(model.relatives['(note neighbours declare)']).toBeGreaterThan(0);
  });

  it("never reads a perfume's own label among its note neighbours", () => {
    const only = data[0]!;
    const evidence = relativesEvidence([only]);
    expect(relativesOf(evidence, only).noteNeighbours.weight).toBe(0);
    expect(relativesOf(evidence, { ...only, id: 'x' }).noteNeighbours.weight).toBeCloseTo(1);
  });
});

describe('the possible cut-off', () => {
  const data = byAccords(40);

  it('is kept as given without a recall to reach', () => {
    expect(trainAllergenModel(data, groups, { ...SMALL, possibleRecall: null }).possibleAt).toBe(
      SMALL.possibleAt,
    );
  });

  it('is chosen by a cross-validation inside the training labels, never above likely', () => {
    const options = { ...SMALL, possibleRecall: 0.85 };
    const model = trainAllergenModel(data, groups, options);
    expect(model.possibleAt).toBeLessThanOrEqual(model.likelyAt);
    // The same threshold from the inner folds computed here.
    const scored: Array<{ p: number; hit: boolean }> = [];
    for (let f = 0; f < options.innerFolds; f++) {
      const inner = (id: string) => foldOf(`${id}#inner`, options.innerFolds);
      const fitted = trainAllergenModel(
        data.filter((p) => inner(p.id) !== f),
        groups,
        { ...options, possibleRecall: null },
      );
      for (const p of data.filter((q) => inner(q.id) === f)) {
        for (const [key, prob] of predictAllergens(fitted, p))
          scored.push({ p: prob, hit: p.declared.has(key) });
      }
    }
    expect(model.possibleAt).toBeCloseTo(Math.min(thresholdAtRecall(scored, 0.85), model.likelyAt), 4);
    // Cross-validated, each fold's cut-off comes from its own training folds.
    expect(crossValidate(data, groups, options, 4).likelyOrPossible.recall).toBeGreaterThanOrEqual(0.85);
  });
});

describe('perfumes that declare allergens', () => {
  it('are counted when their out-of-fold estimate names none', () => {
    // Labels that declare an allergen no other label of the world declares: nothing predicts it.
    const groups = allergenGroups([
      chemical('chem-a', 'Linalool', 'LINALOOL'),
      chemical('chem-b', 'Coumarin', 'COUMARIN'),
    ]);
    const coumarin = groups.find((g) => g.name === 'Coumarin')!.key;
    const data: LabelledPerfume[] = Array.from({ length: 20 }, (_, i) =>
      lined(
        `p-${i}`,
        `House ${i % 4}`,
        `${LINE_NAMES[i % LINE_NAMES.length]} ${i}`,
        i === 7 ? [coumarin] : [],
      ),
    );
    const cv = crossValidate(data, groups, { ...SMALL, possibleRecall: null }, 4);
    expect(cv.declaringWithoutEstimate).toEqual(['p-7']);
  });
});
