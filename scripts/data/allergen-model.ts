/**
 * How likely a perfume without a declared ingredient list is to contain each EU label allergen,
 * learned from the perfumes whose labels we have.
 *
 * One logistic regression per allergen (L2-regularised, trained by full-batch gradient descent, so
 * the same data always gives the same weights). Evidence: the perfume's brand (a house reuses its
 * bases and labels alike), its notes and accords, its gender, and whether the notes → constituents
 * bridge infers the allergen from a note. Allergens no label declares often enough to learn from
 * get their share of labelled perfumes as their probability. Probabilities become a basis:
 * `likely` at or above `likelyAt`, `possible` at or above `possibleAt`, else not expected.
 */
import { allergenLabelKey, brandKey, labelCase } from '../../services/domain/src/catalogue/index.ts';

export interface AllergenGroup {
  /** Comparison key of the allergen's label (INCI) name: one allergen, whatever the isomer's CAS. */
  key: string;
  /** Label name (`Linalool`, `Alpha-Isomethyl Ionone`). */
  name: string;
  /** The chemical shown for the allergen. */
  chemical_id: string;
  /** Every chemical of the database that is this allergen. */
  member_ids: string[];
}

export interface AllergenChemical {
  id: string;
  name: string;
  inci_name: string | null;
  allergen_flag: boolean;
}

/**
 * EU label allergens grouped by label name: `LIMONENE` covers d-, l- and dl-limonene. The shown
 * chemical is the one whose own name is the label name when there is one, else the first by id.
 */
export function allergenGroups(chemicals: readonly AllergenChemical[]): AllergenGroup[] {
  const groups = new Map<string, { label: string; members: AllergenChemical[] }>();
  for (const c of chemicals) {
    const key = allergenLabelKey(c);
    if (key === null) continue;
    const label = c.inci_name ?? c.name;
    const group = groups.get(key);
    if (group) group.members.push(c);
    else groups.set(key, { label, members: [c] });
  }
  return [...groups.entries()]
    .map(([key, { label, members }]) => {
      const sorted = [...members].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const shown = sorted.find((m) => allergenLabelKey({ ...m, inci_name: null }) === key) ?? sorted[0]!;
      return { key, name: labelCase(label), chemical_id: shown.id, member_ids: sorted.map((m) => m.id) };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** What the model reads of a perfume. */
export interface ModelPerfume {
  id: string;
  brand: string;
  notes: { top: string[]; middle: string[]; base: string[]; unspecified: string[] };
  accords: string[];
  gender: string | null;
  /** Allergen group keys the bridge infers from the perfume's notes. */
  bridgeGroups: ReadonlySet<string>;
}

/** A labelled perfume: the allergen group keys its label declares. */
export interface LabelledPerfume extends ModelPerfume {
  declared: ReadonlySet<string>;
}

/** The evidence features of a perfume (binary). */
export function perfumeFeatures(p: ModelPerfume): string[] {
  const out = new Set<string>([`brand:${brandKey(p.brand)}`]);
  for (const level of ['top', 'middle', 'base', 'unspecified'] as const) {
    for (const note of p.notes[level]) out.add(`note:${note.toLowerCase()}`);
  }
  for (const accord of p.accords) out.add(`accord:${accord.toLowerCase()}`);
  if (p.gender) out.add(`gender:${p.gender}`);
  return [...out].sort();
}

const BRIDGE = '(bridge)';

export interface GroupModel {
  key: string;
  /** Share of labelled perfumes that declare it. */
  labelledShare: number;
  bias: number;
  /** Feature → weight; `(bridge)` is the weight of "the bridge infers it from a note". */
  weights: Record<string, number>;
}

export interface AllergenModel {
  likelyAt: number;
  possibleAt: number;
  trainedOn: number;
  groups: GroupModel[];
}

export interface TrainOptions {
  /** L2 penalty per weight. */
  l2: number;
  iterations: number;
  /** A feature must occur on this many labelled perfumes to get a weight. */
  minSupport: number;
  /** Allergens declared on fewer labelled perfumes get their labelled share only. */
  minPositives: number;
  likelyAt: number;
  possibleAt: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  l2: 3,
  iterations: 200,
  minSupport: 3,
  minPositives: 5,
  likelyAt: 0.6,
  possibleAt: 0.25,
};

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

function logit(p: number): number {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return Math.log(q / (1 - q));
}

/**
 * Trains one model per allergen group on labelled perfumes. Deterministic: sorted features, fixed
 * iteration count, no randomness.
 */
export function trainAllergenModel(
  labelled: readonly LabelledPerfume[],
  groups: readonly AllergenGroup[],
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
): AllergenModel {
  const n = labelled.length;
  const support = new Map<string, number>();
  const rows = labelled.map((p) => perfumeFeatures(p));
  for (const features of rows) for (const f of features) support.set(f, (support.get(f) ?? 0) + 1);
  const vocabulary = [...support.entries()]
    .filter(([, count]) => count >= options.minSupport)
    .map(([f]) => f)
    .sort();
  const index = new Map(vocabulary.map((f, i) => [f, i]));
  const bridgeIdx = vocabulary.length;
  const encoded = rows.map((features) => features.flatMap((f) => (index.has(f) ? [index.get(f)!] : [])));

  const out: GroupModel[] = [];
  for (const group of groups) {
    const y = labelled.map((p) => (p.declared.has(group.key) ? 1 : 0));
    const positives = y.reduce<number>((s, v) => s + v, 0);
    const share = n === 0 ? 0 : positives / n;
    if (positives < options.minPositives || n - positives < options.minPositives) {
      out.push({ key: group.key, labelledShare: share, bias: logit(share), weights: {} });
      continue;
    }
    const xs = encoded.map((x, i) => (labelled[i]!.bridgeGroups.has(group.key) ? [...x, bridgeIdx] : x));
    const w = new Float64Array(vocabulary.length + 1);
    let bias = logit(share);
    const grad = new Float64Array(w.length);
    const curvature = new Float64Array(w.length);
    // Damped diagonal Newton steps (gradient over the Hessian's diagonal, divided by the number of
    // features a perfume has, since they move together): rare features learn as fast as common
    // ones, which plain gradient descent on the mean loss does not do.
    const damping = 1 / (1 + Math.max(...xs.map((x) => x.length)));
    for (let it = 0; it < options.iterations; it++) {
      grad.fill(0);
      curvature.fill(0);
      let gBias = 0;
      let hBias = 0;
      for (let i = 0; i < n; i++) {
        const x = xs[i]!;
        let z = bias;
        for (const j of x) z += w[j]!;
        const p = sigmoid(z);
        const err = p - y[i]!;
        const h = Math.max(p * (1 - p), 1e-3);
        gBias += err;
        hBias += h;
        for (const j of x) {
          grad[j]! += err;
          curvature[j]! += h;
        }
      }
      bias -= (damping * gBias) / hBias;
      for (let j = 0; j < w.length; j++) {
        w[j]! -= (damping * (grad[j]! + options.l2 * w[j]!)) / (curvature[j]! + options.l2);
      }
    }
    const weights: Record<string, number> = {};
    for (let j = 0; j < w.length; j++) {
      const value = Math.round(w[j]! * 1e4) / 1e4;
      if (value !== 0) weights[j === bridgeIdx ? BRIDGE : vocabulary[j]!] = value;
    }
    out.push({ key: group.key, labelledShare: share, bias: Math.round(bias * 1e4) / 1e4, weights });
  }
  return { likelyAt: options.likelyAt, possibleAt: options.possibleAt, trainedOn: n, groups: out };
}

/** Probability per allergen group key for one perfume. */
export function predictAllergens(model: AllergenModel, p: ModelPerfume): Map<string, number> {
  const features = perfumeFeatures(p);
  const out = new Map<string, number>();
  for (const g of model.groups) {
    let z = g.bias;
    for (const f of features) z += g.weights[f] ?? 0;
    if (p.bridgeGroups.has(g.key)) z += g.weights[BRIDGE] ?? 0;
    out.set(g.key, sigmoid(z));
  }
  return out;
}

export type LikelihoodBasis = 'likely' | 'possible';

export function basisFor(
  model: Pick<AllergenModel, 'likelyAt' | 'possibleAt'>,
  p: number,
): LikelihoodBasis | null {
  if (p >= model.likelyAt) return 'likely';
  if (p >= model.possibleAt) return 'possible';
  return null;
}

export interface PrecisionRecall {
  precision: number;
  recall: number;
  predicted: number;
  truePositives: number;
  actual: number;
}

function pr(tp: number, predicted: number, actual: number): PrecisionRecall {
  return {
    precision: predicted === 0 ? 1 : tp / predicted,
    recall: actual === 0 ? 1 : tp / actual,
    predicted,
    truePositives: tp,
    actual,
  };
}

/** Sets predicted per perfume, scored against the declared sets (micro-averaged over pairs). */
export function scoreSets(
  labelled: readonly LabelledPerfume[],
  predicted: ReadonlyArray<ReadonlySet<string>>,
  perGroup?: Map<string, { tp: number; predicted: number; actual: number }>,
): PrecisionRecall {
  let tp = 0;
  let pred = 0;
  let actual = 0;
  labelled.forEach((p, i) => {
    const set = predicted[i]!;
    pred += set.size;
    actual += p.declared.size;
    for (const key of set) if (p.declared.has(key)) tp += 1;
    if (perGroup) {
      for (const key of new Set([...set, ...p.declared])) {
        const row = perGroup.get(key) ?? { tp: 0, predicted: 0, actual: 0 };
        if (set.has(key)) row.predicted += 1;
        if (p.declared.has(key)) row.actual += 1;
        if (set.has(key) && p.declared.has(key)) row.tp += 1;
        perGroup.set(key, row);
      }
    }
  });
  return pr(tp, pred, actual);
}

/** Deterministic fold of a perfume (FNV-1a of its id). */
export function foldOf(id: string, folds: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % folds;
}

export interface CrossValidation {
  folds: number;
  perfumes: number;
  likely: PrecisionRecall;
  likelyOrPossible: PrecisionRecall;
  /** The bridge alone: an allergen counts when a note's constituents include it. */
  notesOnly: PrecisionRecall;
  /** Base rates alone: allergens whose labelled share reaches `possibleAt`. */
  baseRateOnly: PrecisionRecall;
  /**
   * The precision the model's out-of-fold probabilities reach at the target recall (one threshold
   * over every perfume and allergen), beside a rule that is told how many allergens each label
   * declares and picks them by how often labels of that size declare each one (leave-one-out): a
   * ceiling for any estimate that cannot tell a perfume's count of allergens better than that.
   */
  atTargetRecall: { recall: number; model: PrecisionRecall; toldTheCount: PrecisionRecall };
  perAllergen: Array<{ key: string; likelyOrPossible: PrecisionRecall }>;
}

/**
 * k-fold cross-validation over the labelled perfumes: each fold is predicted by a model trained on
 * the others, and the "notes only" and "base rate only" rules are scored the same way.
 */
export function crossValidate(
  labelled: readonly LabelledPerfume[],
  groups: readonly AllergenGroup[],
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
  folds = 10,
  targetRecall = 0.85,
): CrossValidation {
  const scored: Array<{ p: number; hit: boolean }> = [];
  const likely: Set<string>[] = labelled.map(() => new Set());
  const either: Set<string>[] = labelled.map(() => new Set());
  const base: Set<string>[] = labelled.map(() => new Set());
  for (let f = 0; f < folds; f++) {
    const train = labelled.filter((p) => foldOf(p.id, folds) !== f);
    const model = trainAllergenModel(train, groups, options);
    labelled.forEach((p, i) => {
      if (foldOf(p.id, folds) !== f) return;
      for (const [key, prob] of predictAllergens(model, p)) {
        scored.push({ p: prob, hit: p.declared.has(key) });
        const basis = basisFor(model, prob);
        if (basis === 'likely') likely[i]!.add(key);
        if (basis !== null) either[i]!.add(key);
      }
      for (const g of model.groups) if (g.labelledShare >= options.possibleAt) base[i]!.add(g.key);
    });
  }
  const perGroup = new Map<string, { tp: number; predicted: number; actual: number }>();
  const likelyOrPossible = scoreSets(labelled, either, perGroup);
  return {
    folds,
    perfumes: labelled.length,
    likely: scoreSets(labelled, likely),
    likelyOrPossible,
    notesOnly: scoreSets(
      labelled,
      labelled.map((p) => p.bridgeGroups),
    ),
    baseRateOnly: scoreSets(labelled, base),
    atTargetRecall: {
      recall: targetRecall,
      model: precisionAtRecall(scored, targetRecall),
      toldTheCount: precisionAtRecall(toldTheCount(labelled, groups), targetRecall),
    },
    perAllergen: [...perGroup.entries()]
      .sort((a, b) => b[1].actual - a[1].actual || (a[0] < b[0] ? -1 : 1))
      .map(([key, r]) => ({ key, likelyOrPossible: pr(r.tp, r.predicted, r.actual) })),
  };
}

/**
 * Pools scored pairs and lowers one threshold until the recall reaches `target`; answers the
 * precision there (ties at the threshold count together).
 */
export function precisionAtRecall(
  scored: ReadonlyArray<{ p: number; hit: boolean }>,
  target: number,
): PrecisionRecall {
  const sorted = [...scored].sort((a, b) => b.p - a.p);
  const actual = sorted.filter((s) => s.hit).length;
  let tp = 0;
  let i = 0;
  while (i < sorted.length) {
    const level = sorted[i]!.p;
    while (i < sorted.length && sorted[i]!.p === level) {
      if (sorted[i]!.hit) tp += 1;
      i += 1;
    }
    if (actual === 0 || tp / actual >= target) break;
  }
  return pr(tp, i, actual);
}

/**
 * Scores every labelled perfume's allergens by the share of the other labelled perfumes that
 * declare it among those declaring about as many allergens (one more or fewer), smoothed by its
 * share among all the other labelled perfumes: what an estimate could do if it knew how many allergens each label lists.
 */
function toldTheCount(
  labelled: readonly LabelledPerfume[],
  groups: readonly AllergenGroup[],
): Array<{ p: number; hit: boolean }> {
  const n = labelled.length;
  const overall = new Map(groups.map((g) => [g.key, 0]));
  for (const p of labelled) for (const key of p.declared) overall.set(key, (overall.get(key) ?? 0) + 1);
  const out: Array<{ p: number; hit: boolean }> = [];
  for (const p of labelled) {
    const near = labelled.filter((q) => q !== p && Math.abs(q.declared.size - p.declared.size) <= 1);
    for (const g of groups) {
      const count = near.filter((q) => q.declared.has(g.key)).length;
      const others = (overall.get(g.key) ?? 0) - (p.declared.has(g.key) ? 1 : 0);
      const prior = n <= 1 ? 0 : others / (n - 1);
      out.push({ p: (count + prior) / (near.length + 1), hit: p.declared.has(g.key) });
    }
  }
  return out;
}
