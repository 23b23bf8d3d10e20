/**
 * How likely a perfume without a declared ingredient list is to contain each EU label allergen,
 * learned from the perfumes whose labels we have.
 *
 * One logistic regression per allergen (L2-regularised, trained by full-batch gradient descent, so
 * the same data always gives the same weights). Evidence: the perfume's brand (a house reuses its
 * bases and labels alike), its notes and accords, its gender, whether the notes → constituents
 * bridge infers the allergen from a note, and what the labels of its relatives declare: the other
 * labelled perfumes of its line (a flanker such as `Good Girl Légère` shares most of `Good Girl`'s
 * declared allergens), of its brand (some houses list no allergen at all) and of the labelled
 * perfumes whose accords, and those whose notes, are most like its own (similar styles use similar
 * materials). The relatives' weights are shared by every allergen and never read a perfume's own
 * label. Allergens no label declares often enough to learn from get their share of labelled
 * perfumes as their probability. The model never scales a house's allergens down by its habit of
 * listing none: that raised the cross-validated precision by about 0.01 but left perfumes whose
 * labels declare allergens with no estimate at all (a house that leaves allergens off its labels
 * is not a house whose perfumes lack them, and such a perfume would read as free of them).
 * Probabilities become a basis: `likely` at or above `likelyAt`, `possible` at or above
 * `possibleAt` (chosen on the training labels by an inner cross-validation so that "likely or
 * possible" reaches the target recall), else not expected.
 */
import { allergenLabelKey, brandKey, labelCase } from '../../services/domain/src/catalogue/index.ts';
import { brandSpellingKey, nameSpellingKey } from './duplicates.ts';

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
  /** `listed`: named by its Annex III entry itself (false for an isomer the entry's name covers). */
  safety_information?: { eu_allergen?: { listed?: boolean } | null };
}

/**
 * EU label allergens grouped by label name: `LIMONENE` covers d-, l- and dl-limonene. The shown
 * chemical is the one whose own name is the label name when there is one (of several, the one the
 * annex entry names itself: `Farnesol` 4602-84-0, not an isomer IFRA's standard lists beside it),
 * else the first by id.
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
      const named = sorted.filter((m) => allergenLabelKey({ ...m, inci_name: null }) === key);
      const shown =
        named.find((m) => m.safety_information?.eu_allergen?.listed === true) ?? named[0] ?? sorted[0]!;
      return { key, name: labelCase(label), chemical_id: shown.id, member_ids: sorted.map((m) => m.id) };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** What the model reads of a perfume. */
export interface ModelPerfume {
  id: string;
  brand: string;
  /** The perfume's name: with the brand it places the perfume in a line (`lineKey`). */
  name?: string;
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

/** Weight names of the evidence that is not a feature of the perfume itself. */
const BRIDGE = '(bridge)';

/** Words that do not name a line on their own: articles, prepositions, `Eau`, numbering. */
const LINE_FILLER = new Set([
  'the',
  'l',
  'la',
  'le',
  'les',
  'eau',
  'de',
  'des',
  'd',
  'du',
  'un',
  'une',
  'a',
  'of',
  'for',
  'pour',
  'di',
  'del',
  'my',
  'no',
]);

/**
 * The line a perfume belongs to: its brand (spelling key) and the first word of its name that is
 * not filler, once the name has lost its concentration and a copy of the brand (the dedupe's
 * spelling key). `Good Girl`, `Good Girl Légère` and `Good Girl Eau de Parfum Suprême` share a
 * line, as do `Sauvage` and `Eau Sauvage Elixir`; flankers are other products but the same line,
 * usually with the same base and the house's labelling habit. null when nothing names a line.
 */
export function lineKey(brand: string, name: string): string | null {
  const word = nameSpellingKey(name, brand, ' ')
    .split(' ')
    .find((t) => t !== '' && !LINE_FILLER.has(t));
  return word === undefined ? null : `${brandSpellingKey(brand)}|${word}`;
}

/** A labelled perfume as evidence for its relatives: its id and the allergen keys it declares. */
export interface LabelledRelative {
  id: string;
  declared: string[];
}

/**
 * What the labelled perfumes of the training set say about other perfumes of their line and
 * brand: per line key and per brand key, the labelled perfumes there; and how many allergens a
 * label declares on average.
 */
export interface RelativesEvidence {
  lines: Record<string, LabelledRelative[]>;
  brands: Record<string, LabelledRelative[]>;
  meanDeclared: number;
  /** How many labelled perfumes there are, and per allergen key how many of them declare it. */
  perfumes: number;
  declaring: Record<string, number>;
  /** Every labelled perfume with accords, with its accord profile (`accordProfile`). */
  profiles: Array<LabelledRelative & { accords: Record<string, number> }>;
  /** Every labelled perfume with notes, with its note profile (`noteProfile`). */
  noteProfiles: Array<LabelledRelative & { notes: Record<string, number> }>;
}

/** A perfume's notes (every level, each once, lower case) as a unit vector of equal weights. */
export function noteProfile(notes: ModelPerfume['notes']): Record<string, number> {
  const keys = new Set<string>();
  for (const level of ['top', 'middle', 'base', 'unspecified'] as const) {
    for (const note of notes[level]) keys.add(note.toLowerCase());
  }
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = 1 / Math.sqrt(keys.size);
  return out;
}

/**
 * A perfume's accords as a unit vector: the first (dominant) accord weighs most, each later one a
 * little less (1 / (1 + rank / 5)).
 */
export function accordProfile(accords: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  accords.forEach((a, rank) => {
    const key = a.toLowerCase();
    if (out[key] === undefined) out[key] = 1 / (1 + rank / 5);
  });
  const norm = Math.sqrt(Object.values(out).reduce((s, v) => s + v * v, 0));
  if (norm > 0) for (const k of Object.keys(out)) out[k] = out[k]! / norm;
  return out;
}

/** How many accord neighbours a perfume reads. */
const NEIGHBOURS = 10;

export function relativesEvidence(labelled: readonly LabelledPerfume[]): RelativesEvidence {
  const lines: Record<string, LabelledRelative[]> = {};
  const brands: Record<string, LabelledRelative[]> = {};
  let declared = 0;
  const profiles: RelativesEvidence['profiles'] = [];
  const noteProfiles: RelativesEvidence['noteProfiles'] = [];
  const counts: Record<string, number> = {};
  for (const p of [...labelled].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const entry = { id: p.id, declared: [...p.declared].sort() };
    declared += entry.declared.length;
    for (const key of entry.declared) counts[key] = (counts[key] ?? 0) + 1;
    if (p.accords.length > 0) profiles.push({ ...entry, accords: accordProfile(p.accords) });
    const notes = noteProfile(p.notes);
    if (Object.keys(notes).length > 0) noteProfiles.push({ ...entry, notes });
    const line = p.name === undefined ? null : lineKey(p.brand, p.name);
    if (line !== null) lines[line] = [...(lines[line] ?? []), entry];
    const brand = brandSpellingKey(p.brand);
    brands[brand] = [...(brands[brand] ?? []), entry];
  }
  return {
    lines,
    brands,
    meanDeclared: labelled.length === 0 ? 0 : declared / labelled.length,
    perfumes: labelled.length,
    declaring: counts,
    profiles,
    noteProfiles,
  };
}

/** What a set of labelled relatives says: per allergen key, how many declare it; their counts. */
interface RelativeSummary {
  perfumes: number;
  declaring: Map<string, number>;
  declared: number;
  listingNone: number;
}

function summarise(relatives: readonly LabelledRelative[]): RelativeSummary {
  const declaring = new Map<string, number>();
  let declared = 0;
  let listingNone = 0;
  for (const r of relatives) {
    for (const key of r.declared) declaring.set(key, (declaring.get(key) ?? 0) + 1);
    declared += r.declared.length;
    if (r.declared.length === 0) listingNone += 1;
  }
  return { perfumes: relatives.length, declaring, declared, listingNone };
}

/**
 * The labelled relatives of a perfume, never its own label (entries with its id are left out):
 * the other labelled perfumes of its line (`lineKey`) and of its brand.
 */
export interface Relatives {
  line: RelativeSummary;
  brand: RelativeSummary;
  meanDeclared: number;
  /**
   * The labelled perfumes whose accords are most like the perfume's (`NEIGHBOURS` of them with
   * a positive cosine similarity, never the perfume itself): similarity-weighted count of those
   * declaring each allergen, and their total weight.
   */
  neighbours: { weight: number; declaring: Map<string, number> };
  /** The same over the labelled perfumes whose notes are most like the perfume's. */
  noteNeighbours: { weight: number; declaring: Map<string, number> };
  /** Per allergen key, the share of the other labelled perfumes that declare it. */
  shares: Map<string, number>;
}

function accordNeighbours(evidence: RelativesEvidence, p: ModelPerfume): Relatives['neighbours'] {
  return nearest(evidence.profiles, (q) => q.accords, p.id, accordProfile(p.accords));
}

function noteNeighbours(evidence: RelativesEvidence, p: ModelPerfume): Relatives['neighbours'] {
  return nearest(evidence.noteProfiles, (q) => q.notes, p.id, noteProfile(p.notes));
}

/**
 * The `NEIGHBOURS` labelled perfumes with the most similar profile (cosine, positive only, never
 * the perfume itself): similarity-weighted count of those declaring each allergen, total weight.
 */
function nearest<Q extends LabelledRelative>(
  profiles: readonly Q[],
  profileOf: (q: Q) => Record<string, number>,
  id: string,
  mine: Record<string, number>,
): Relatives['neighbours'] {
  const declaring = new Map<string, number>();
  if (Object.keys(mine).length === 0) return { weight: 0, declaring };
  const scored: Array<{ sim: number; id: string; declared: string[] }> = [];
  for (const q of profiles) {
    if (q.id === id) continue;
    let sim = 0;
    const theirs = profileOf(q);
    for (const [a, v] of Object.entries(mine)) sim += v * (theirs[a] ?? 0);
    if (sim > 0) scored.push({ sim, id: q.id, declared: q.declared });
  }
  scored.sort((a, b) => b.sim - a.sim || (a.id < b.id ? -1 : 1));
  let weight = 0;
  for (const q of scored.slice(0, NEIGHBOURS)) {
    weight += q.sim;
    for (const key of q.declared) declaring.set(key, (declaring.get(key) ?? 0) + q.sim);
  }
  return { weight, declaring };
}

export function relativesOf(evidence: RelativesEvidence, p: ModelPerfume): Relatives {
  const line = p.name === undefined ? null : lineKey(p.brand, p.name);
  const others = (list: readonly LabelledRelative[] | undefined) => (list ?? []).filter((r) => r.id !== p.id);
  // The perfume's own label, when it is one of the labelled perfumes, counts in no average.
  const own = evidence.brands[brandSpellingKey(p.brand)]?.find((r) => r.id === p.id);
  const n = evidence.perfumes - (own ? 1 : 0);
  const shares = new Map<string, number>();
  for (const [key, count] of Object.entries(evidence.declaring)) {
    shares.set(key, n === 0 ? 0 : (count - (own?.declared.includes(key) ? 1 : 0)) / n);
  }
  const declared = evidence.meanDeclared * evidence.perfumes - (own?.declared.length ?? 0);
  return {
    line: summarise(line === null ? [] : others(evidence.lines[line])),
    brand: summarise(others(evidence.brands[brandSpellingKey(p.brand)])),
    meanDeclared: n === 0 ? 0 : declared / n,
    neighbours: accordNeighbours(evidence, p),
    noteNeighbours: noteNeighbours(evidence, p),
    shares,
  };
}

/**
 * Evidence from labelled relatives, with weights shared by every allergen: a sibling's label says
 * about as much of one allergen as of another, and no single allergen has enough labelled
 * siblings to learn weights of its own.
 *
 * - `(line labelled)`: another perfume of the line is labelled (1);
 * - `(line declares)`: the share of those that declare the allergen (a flanker tends to keep its
 *   line's base and labelling);
 * - `(line count)`: how many allergens they declare against the average label (ratio − 1);
 * - `(brand labelled)`, `(brand declares)`, `(brand count)`: the same over the brand's other
 *   labelled perfumes, shrunk towards "no evidence" by one pseudo-perfume;
 * - `(brand lists none)`: the shrunk share of the brand's other labels that list no allergen at
 *   all (the habit of houses that leave allergens off their labels);
 * - `(accord neighbours declare)`: the similarity-weighted share of the ten labelled perfumes with
 *   the most similar accords that declare the allergen, shrunk by two pseudo-perfumes towards the
 *   share of all other labelled perfumes, as a log-odds difference from that share;
 * - `(note neighbours declare)`: the same over the ten labelled perfumes with the most similar notes
 *   (every note once, equal weights), which also speaks for perfumes without accords.
 */
const RELATIVES = [
  '(line labelled)',
  '(line declares)',
  '(line count)',
  '(brand labelled)',
  '(brand declares)',
  '(brand count)',
  '(brand lists none)',
  '(accord neighbours declare)',
  '(note neighbours declare)',
] as const;

/** The relatives' evidence for one allergen: (index into RELATIVES, value) pairs, zeros left out. */
function relativeFeatures(r: Relatives, key: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const mean = r.meanDeclared > 0 ? r.meanDeclared : 1;
  const push = (k: number, v: number) => {
    if (v !== 0) out.push([k, v]);
  };
  const { line, brand } = r;
  if (line.perfumes > 0) {
    push(0, 1);
    push(1, (line.declaring.get(key) ?? 0) / line.perfumes);
    push(2, line.declared / line.perfumes / mean - 1);
  }
  if (brand.perfumes > 0) {
    const shrunk = brand.perfumes + 1;
    push(3, 1);
    push(4, (brand.declaring.get(key) ?? 0) / shrunk);
    push(5, (brand.perfumes / shrunk) * (brand.declared / brand.perfumes / mean - 1));
    push(6, brand.listingNone / shrunk);
  }
  if (r.neighbours.weight > 0) {
    // The neighbours' share against the labelled share, on the logit scale, shrunk by two
    // pseudo-perfumes at the labelled share.
    const share = r.shares.get(key) ?? 0;
    const near = ((r.neighbours.declaring.get(key) ?? 0) + 2 * share) / (r.neighbours.weight + 2);
    push(7, logit(near) - logit(share));
  }
  if (r.noteNeighbours.weight > 0) {
    const share = r.shares.get(key) ?? 0;
    const near = ((r.noteNeighbours.declaring.get(key) ?? 0) + 2 * share) / (r.noteNeighbours.weight + 2);
    push(8, logit(near) - logit(share));
  }
  return out;
}

export interface GroupModel {
  key: string;
  /** Share of labelled perfumes that declare it. */
  labelledShare: number;
  bias: number;
  /** Feature → weight; `(bridge)` is the weight of "the bridge infers it from a note". */
  weights: Record<string, number>;
  /** Whether the model was fitted (enough labels) and the relatives' evidence applies. */
  fitted: boolean;
}

export interface AllergenModel {
  likelyAt: number;
  possibleAt: number;
  trainedOn: number;
  groups: GroupModel[];
  /** The training labels as evidence for their relatives (line and brand). */
  relativesEvidence: RelativesEvidence;
  /** Weights shared by every fitted allergen of the relatives' evidence (`RELATIVES`). */
  relatives: Record<string, number>;
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
  /** The `possible` cut-off when `possibleRecall` is null (and the base-rate rule's cut-off). */
  possibleAt: number;
  /**
   * When set, the `possible` cut-off is chosen on the training labels: the one threshold at which
   * the model's cross-validated probabilities (`innerFolds` folds of the training set, each
   * predicted by a model fitted on the rest) reach this recall; never above `likelyAt`.
   */
  possibleRecall: number | null;
  innerFolds: number;
  /** L2 penalty of the relatives' evidence weights (line siblings, brand habit). */
  relativesL2: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  l2: 30,
  iterations: 200,
  minSupport: 3,
  minPositives: 5,
  likelyAt: 0.6,
  possibleAt: 0.3,
  possibleRecall: 0.85,
  innerFolds: 5,
  relativesL2: 3,
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
 * iteration count, no randomness. A training perfume's sibling evidence comes from the other
 * training perfumes, as it will for a perfume without a label. With `possibleRecall` set, the
 * `possible` cut-off comes from a cross-validation inside the training labels only.
 */
export function trainAllergenModel(
  labelled: readonly LabelledPerfume[],
  groups: readonly AllergenGroup[],
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
): AllergenModel {
  const model = fitAllergenModel(labelled, groups, options);
  if (options.possibleRecall === null || labelled.length < 2 * options.innerFolds) return model;
  const scored: Array<{ p: number; hit: boolean }> = [];
  const inner = (p: LabelledPerfume) => foldOf(`${p.id}#inner`, options.innerFolds);
  for (let f = 0; f < options.innerFolds; f++) {
    const fitted = fitAllergenModel(
      labelled.filter((p) => inner(p) !== f),
      groups,
      options,
    );
    for (const p of labelled) {
      if (inner(p) !== f) continue;
      for (const [key, prob] of predictAllergens(fitted, p))
        scored.push({ p: prob, hit: p.declared.has(key) });
    }
  }
  const at = thresholdAtRecall(scored, options.possibleRecall);
  return { ...model, possibleAt: Math.round(Math.min(at, options.likelyAt) * 1e4) / 1e4 };
}

function fitAllergenModel(
  labelled: readonly LabelledPerfume[],
  groups: readonly AllergenGroup[],
  options: TrainOptions,
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
  const evidence = relativesEvidence(labelled);
  const relatives = labelled.map((p) => relativesOf(evidence, p));

  interface Fit {
    group: AllergenGroup;
    share: number;
    y: number[];
    xs: number[][];
    related: Array<Array<[number, number]>>;
    w: Float64Array;
    bias: number;
  }
  const models = new Map<string, GroupModel>();
  const fits: Fit[] = [];
  for (const group of groups) {
    const y = labelled.map((p) => (p.declared.has(group.key) ? 1 : 0));
    const positives = y.reduce<number>((s, v) => s + v, 0);
    const share = n === 0 ? 0 : positives / n;
    if (positives < options.minPositives || n - positives < options.minPositives) {
      models.set(group.key, {
        key: group.key,
        labelledShare: share,
        bias: logit(share),
        weights: {},
        fitted: false,
      });
      continue;
    }
    fits.push({
      group,
      share,
      y,
      xs: encoded.map((x, i) => (labelled[i]!.bridgeGroups.has(group.key) ? [...x, bridgeIdx] : x)),
      related: relatives.map((r) => relativeFeatures(r, group.key)),
      w: new Float64Array(vocabulary.length + 1),
      bias: logit(share),
    });
  }
  const shared = new Float64Array(RELATIVES.length);
  const sharedGrad = new Float64Array(RELATIVES.length);
  const sharedCurvature = new Float64Array(RELATIVES.length);
  const grad = new Float64Array(vocabulary.length + 1);
  const curvature = new Float64Array(vocabulary.length + 1);
  // Damped diagonal Newton steps (gradient over the Hessian's diagonal, divided by the number of
  // features a perfume has, since they move together): rare features learn as fast as common
  // ones, which plain gradient descent on the mean loss does not do. The shared weights take one
  // step per iteration from the gradients of every allergen.
  let widest = 0;
  for (const fit of fits) {
    for (let i = 0; i < n; i++) widest = Math.max(widest, fit.xs[i]!.length + fit.related[i]!.length);
  }
  const damping = 1 / (1 + widest);
  for (let it = 0; it < options.iterations; it++) {
    sharedGrad.fill(0);
    sharedCurvature.fill(0);
    for (const fit of fits) {
      const { w, xs, related, y } = fit;
      grad.fill(0);
      curvature.fill(0);
      let gBias = 0;
      let hBias = 0;
      for (let i = 0; i < n; i++) {
        const x = xs[i]!;
        let z = fit.bias;
        for (const j of x) z += w[j]!;
        for (const [k, v] of related[i]!) z += shared[k]! * v;
        const p = sigmoid(z);
        const err = p - y[i]!;
        const h = Math.max(p * (1 - p), 1e-3);
        gBias += err;
        hBias += h;
        for (const j of x) {
          grad[j]! += err;
          curvature[j]! += h;
        }
        for (const [k, v] of related[i]!) {
          sharedGrad[k]! += err * v;
          sharedCurvature[k]! += h * v * v;
        }
      }
      fit.bias -= (damping * gBias) / hBias;
      for (let j = 0; j < w.length; j++) {
        w[j]! -= (damping * (grad[j]! + options.l2 * w[j]!)) / (curvature[j]! + options.l2);
      }
    }
    for (let k = 0; k < shared.length; k++) {
      shared[k]! -=
        (damping * (sharedGrad[k]! + options.relativesL2 * shared[k]!)) /
        (sharedCurvature[k]! + options.relativesL2);
    }
  }
  for (const fit of fits) {
    const weights: Record<string, number> = {};
    for (let j = 0; j < fit.w.length; j++) {
      const value = Math.round(fit.w[j]! * 1e4) / 1e4;
      if (value !== 0) weights[j === bridgeIdx ? BRIDGE : vocabulary[j]!] = value;
    }
    models.set(fit.group.key, {
      key: fit.group.key,
      labelledShare: fit.share,
      bias: Math.round(fit.bias * 1e4) / 1e4,
      weights,
      fitted: true,
    });
  }
  const relativeWeights: Record<string, number> = {};
  RELATIVES.forEach((name, k) => {
    relativeWeights[name] = Math.round(shared[k]! * 1e4) / 1e4;
  });
  return {
    likelyAt: options.likelyAt,
    possibleAt: options.possibleAt,
    trainedOn: n,
    groups: groups.map((g) => models.get(g.key)!),
    relativesEvidence: evidence,
    relatives: relativeWeights,
  };
}

/** Probability per allergen group key for one perfume. */
export function predictAllergens(model: AllergenModel, p: ModelPerfume): Map<string, number> {
  const features = perfumeFeatures(p);
  const relatives = relativesOf(model.relativesEvidence, p);
  const out = new Map<string, number>();
  for (const g of model.groups) {
    let z = g.bias;
    for (const f of features) z += g.weights[f] ?? 0;
    if (p.bridgeGroups.has(g.key)) z += g.weights[BRIDGE] ?? 0;
    if (g.fitted) {
      for (const [k, v] of relativeFeatures(relatives, g.key)) z += (model.relatives[RELATIVES[k]!] ?? 0) * v;
    }
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
  /**
   * Labelled perfumes whose label declares an allergen but whose out-of-fold estimate names none,
   * likely or possible: such a perfume, unlabelled, would read as free of allergens. Should be none.
   */
  declaringWithoutEstimate: string[];
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
  /** What a perfume's fold is hashed from (its id by default): another key gives other folds. */
  foldKey: (id: string) => string = (id) => id,
): CrossValidation {
  const scored: Array<{ p: number; hit: boolean }> = [];
  const likely: Set<string>[] = labelled.map(() => new Set());
  const either: Set<string>[] = labelled.map(() => new Set());
  const base: Set<string>[] = labelled.map(() => new Set());
  for (let f = 0; f < folds; f++) {
    const train = labelled.filter((p) => foldOf(foldKey(p.id), folds) !== f);
    const model = trainAllergenModel(train, groups, options);
    labelled.forEach((p, i) => {
      if (foldOf(foldKey(p.id), folds) !== f) return;
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
    declaringWithoutEstimate: labelled
      .filter((p, i) => p.declared.size > 0 && either[i]!.size === 0)
      .map((p) => p.id),
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
  return lowerToRecall(scored, target).result;
}

/** The threshold `precisionAtRecall` stops at: the lowest probability it counts (1 with nothing scored). */
export function thresholdAtRecall(
  scored: ReadonlyArray<{ p: number; hit: boolean }>,
  target: number,
): number {
  return lowerToRecall(scored, target).threshold;
}

function lowerToRecall(
  scored: ReadonlyArray<{ p: number; hit: boolean }>,
  target: number,
): { threshold: number; result: PrecisionRecall } {
  const sorted = [...scored].sort((a, b) => b.p - a.p);
  const actual = sorted.filter((s) => s.hit).length;
  let tp = 0;
  let i = 0;
  let threshold = 1;
  while (i < sorted.length) {
    const level = sorted[i]!.p;
    threshold = level;
    while (i < sorted.length && sorted[i]!.p === level) {
      if (sorted[i]!.hit) tp += 1;
      i += 1;
    }
    if (actual === 0 || tp / actual >= target) break;
  }
  return { threshold, result: pr(tp, i, actual) };
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
