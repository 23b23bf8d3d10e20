/**
 * Quick comparison of allergen-model settings: the precision at recall 0.85 of the out-of-fold
 * probabilities under three fold assignments (10 folds by id, 10 folds by a second hash of the id,
 * 5 folds by id), without the inner cross-validation that only places the `possible` cut-off, so
 * about a sixth of the experiment's CPU. A change is worth keeping only when all three improve.
 * `tsx scripts/data/allergen-tune.ts [dataDir] ['{"l2":30}'] [dumpPrefix]`: the optional JSON
 * overrides training options; with a dump prefix each scheme's scored pairs (perfume id, allergen
 * key, probability, declared) are written to `<prefix>.<scheme index>.json` for analysis.
 */
import { writeFileSync } from 'node:fs';
import { loadLabelled } from './allergen-experiment.ts';
import {
  type AllergenGroup,
  DEFAULT_TRAIN_OPTIONS,
  foldOf,
  type LabelledPerfume,
  precisionAtRecall,
  predictAllergens,
  type TrainOptions,
  trainAllergenModel,
} from './allergen-model.ts';

export const FOLD_SCHEMES = [
  { name: '10 folds', folds: 10, key: (id: string) => id },
  { name: '10 folds (id#alt)', folds: 10, key: (id: string) => `${id}#alt` },
  { name: '5 folds', folds: 5, key: (id: string) => id },
] as const;

export interface ScoredPair {
  id: string;
  key: string;
  p: number;
  hit: boolean;
}

/** Every labelled perfume's allergens scored by a model trained on the other folds. */
export function outOfFold(
  labelled: readonly LabelledPerfume[],
  groups: readonly AllergenGroup[],
  options: TrainOptions,
  folds: number,
  foldKey: (id: string) => string,
): ScoredPair[] {
  const scored: ScoredPair[] = [];
  for (let f = 0; f < folds; f++) {
    const model = trainAllergenModel(
      labelled.filter((p) => foldOf(foldKey(p.id), folds) !== f),
      groups,
      { ...options, possibleRecall: null },
    );
    for (const p of labelled) {
      if (foldOf(foldKey(p.id), folds) !== f) continue;
      for (const [key, prob] of predictAllergens(model, p))
        scored.push({ id: p.id, key, p: prob, hit: p.declared.has(key) });
    }
  }
  return scored;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { labelled, groups } = loadLabelled(process.argv[2] ?? 'data');
  const options = { ...DEFAULT_TRAIN_OPTIONS, ...JSON.parse(process.argv[3] ?? '{}') } as TrainOptions;
  const dump = process.argv[4];
  const t0 = process.cpuUsage();
  const out = FOLD_SCHEMES.map((s, i) => {
    const scored = outOfFold(labelled, groups, options, s.folds, s.key);
    if (dump) writeFileSync(`${dump}.${i}.json`, JSON.stringify(scored));
    return `${s.name} ${precisionAtRecall(scored, 0.85).precision.toFixed(4)}`;
  });
  console.log(`${out.join('; ')}; cpu ${(process.cpuUsage(t0).user / 1e6).toFixed(1)} s`);
}
