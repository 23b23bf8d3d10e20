/**
 * The data build's safety step: what is known of each perfume's notes, the declared ingredient
 * lists of labelled perfumes, and calibrated allergen estimates for the others.
 *
 * - Coverage: each specific note (not a family word, `isVagueNote`) is resolved when the notes →
 *   constituents bridge has constituents for it, else unknown.
 * - Labels: rows of the label dataset matched to a perfume replace its inferred chemicals with the
 *   declared ones (a declared ingredient beats an inferred one), when the list names the
 *   fragrance's materials (`fragranceMaterialIds`). A list that names nothing of the fragrance but
 *   "Fragrance" is kept as printed (`names_fragrance: false`) but says nothing of the allergens: the
 *   perfume keeps its inferred chemicals and gets estimates, and the model does not learn from it.
 * - Estimates: a model trained on the labelled perfumes (`allergen-model.ts`) gives every other
 *   perfume its likely and possible EU label allergens, from its notes, accords and brand and
 *   from the labels of its line's and brand's labelled perfumes. Its cross-validated precision and recall,
 *   beside the notes-only and base-rate-only rules, are part of the build summary.
 */
import { isVagueNote, labelNamesFragrance } from '../../services/domain/src/catalogue/index.ts';
import type { AllergenEstimate, DeclaredLabel, NoteCoverage } from '../../services/domain/src/index.ts';
import {
  type AllergenGroup,
  type AllergenModel,
  allergenGroups,
  basisFor,
  type CrossValidation,
  crossValidate,
  DEFAULT_TRAIN_OPTIONS,
  type LabelledPerfume,
  type ModelPerfume,
  predictAllergens,
  trainAllergenModel,
} from './allergen-model.ts';
import type { Chemical } from './chemicals.ts';
import {
  declaredList,
  formerAllergenNames,
  LABEL_SOURCE,
  type LabelRow,
  labelMatcher,
  labelReader,
  matchLabels,
  parseLabelRows,
} from './labels.ts';
import type { NoteConstituent } from './notes-bridge.ts';
import type { NoteLists } from './types.ts';

type Bridge = ReadonlyMap<string, readonly NoteConstituent[]>;

/** The perfume fields this step reads and writes. */
export interface SafetyPerfume {
  id: string;
  name: string;
  brand: string;
  gender: string | null;
  accords: string[];
  notes: NoteLists;
  chemicals: Array<{ chemical_id: string; name: string; source: 'inferred'; from_note: string }>;
}

export interface SafetyFields {
  label: DeclaredLabel | null;
  coverage: NoteCoverage;
  allergen_estimates: AllergenEstimate[];
}

function allNotes(notes: NoteLists): string[] {
  return [...notes.top, ...notes.middle, ...notes.base, ...notes.unspecified];
}

/** Specific notes of a perfume (each once, case-insensitive), resolved or unknown by the bridge. */
export function noteCoverage(notes: NoteLists, bridge: Bridge): NoteCoverage {
  const seen = new Set<string>();
  let specific = 0;
  let resolved = 0;
  const unknown: string[] = [];
  for (const note of allNotes(notes)) {
    const key = note.toLowerCase();
    if (seen.has(key) || isVagueNote(note)) continue;
    seen.add(key);
    specific += 1;
    if ((bridge.get(key)?.length ?? 0) > 0) resolved += 1;
    else unknown.push(note);
  }
  return { specific_notes: specific, resolved_notes: resolved, unknown_notes: unknown };
}

/** A labelled perfume as the model trains on it: its model view and the groups its label declares. */
export function labelledPerfume(
  p: Parameters<typeof modelPerfume>[0],
  labelChemicals: ReadonlyArray<{ chemical_id: string }>,
  groupOf: ReadonlyMap<string, string>,
): LabelledPerfume {
  const declared = new Set<string>();
  for (const c of labelChemicals) {
    const g = groupOf.get(c.chemical_id);
    if (g) declared.add(g);
  }
  return { ...modelPerfume(p, groupOf), declared };
}

export interface SafetySummary {
  labelRows: number;
  labelledPerfumes: number;
  /** Labelled perfumes whose list names no fragrance material (estimated, not learnt from). */
  labelsNamingNoFragrance: number;
  unmatchedLabelRows: LabelRow[];
  model: AllergenModel;
  crossValidation: CrossValidation;
  estimates: { likely: number; possible: number; perfumesWithEstimates: number };
  coverage: { specificOccurrences: number; resolvedOccurrences: number };
}

/** The model's view of a perfume: its names, notes, accords and the allergen groups its chemicals fall in. */
function modelPerfume(
  p: Omit<SafetyPerfume, 'chemicals'> & { chemicals: ReadonlyArray<{ chemical_id: string }> },
  groupOf: ReadonlyMap<string, string>,
): ModelPerfume {
  const bridgeGroups = new Set<string>();
  for (const link of p.chemicals) {
    const g = groupOf.get(link.chemical_id);
    if (g) bridgeGroups.add(g);
  }
  return {
    id: p.id,
    brand: p.brand,
    name: p.name,
    notes: p.notes,
    accords: p.accords,
    gender: p.gender,
    bridgeGroups,
  };
}

/**
 * Runs the step over every perfume. Returns the new fields per perfume id (the caller writes them)
 * and replaces the inferred chemicals of labelled perfumes with nothing: their chemicals are the
 * label's, which `label.chemicals` holds.
 */
export function buildSafety(
  perfumes: SafetyPerfume[],
  chemicals: readonly Chemical[],
  bridge: Bridge,
  labelsText: string,
  /** The scanner's INCI vocabulary, to read label entries the database does not name as printed. */
  vocabularyNames?: readonly string[],
  /** Chemicals that are fragrance materials on a label (`fragranceMaterialIds`); absent: all. */
  fragranceMaterials?: ReadonlySet<string>,
): { fields: Map<string, SafetyFields>; summary: SafetySummary } {
  const groups = allergenGroups(chemicals);
  const groupOf = new Map<string, string>();
  const groupByKey = new Map<string, AllergenGroup>();
  for (const g of groups) {
    groupByKey.set(g.key, g);
    for (const id of g.member_ids) groupOf.set(id, g.key);
  }

  // Labels.
  const rows = parseLabelRows(labelsText);
  const matching = matchLabels(rows, perfumes);
  const matcher = labelMatcher(chemicals);
  const reader = vocabularyNames
    ? labelReader(vocabularyNames, matcher, formerAllergenNames(chemicals))
    : undefined;
  const labels = new Map<string, DeclaredLabel>();
  for (const [id, labelRows] of matching.byPerfume) {
    const list = declaredList(labelRows, matcher, reader);
    labels.set(id, {
      source: LABEL_SOURCE.key,
      source_name: LABEL_SOURCE.name,
      source_date: LABEL_SOURCE.date,
      product_ids: labelRows.map((r) => r.product_id),
      ingredients: list.ingredients,
      chemicals: list.chemicals,
      names_fragrance: fragranceMaterials
        ? list.chemicals.some((c) => fragranceMaterials.has(c.chemical_id))
        : true,
    });
  }

  // The model, trained on every perfume whose label names its fragrance; cross-validated the same way.
  const labelled: LabelledPerfume[] = [];
  for (const p of perfumes) {
    const label = labels.get(p.id);
    if (label && labelNamesFragrance(label)) labelled.push(labelledPerfume(p, label.chemicals, groupOf));
  }
  labelled.sort((a, b) => (a.id < b.id ? -1 : 1));
  const model = trainAllergenModel(labelled, groups, DEFAULT_TRAIN_OPTIONS);
  const crossValidation = crossValidate(labelled, groups, DEFAULT_TRAIN_OPTIONS, 10);

  // Every perfume's fields.
  const fields = new Map<string, SafetyFields>();
  let likely = 0;
  let possible = 0;
  let withEstimates = 0;
  let specificOccurrences = 0;
  let resolvedOccurrences = 0;
  for (const p of perfumes) {
    const coverage = noteCoverage(p.notes, bridge);
    specificOccurrences += coverage.specific_notes;
    resolvedOccurrences += coverage.resolved_notes;
    const label = labels.get(p.id) ?? null;
    const estimates: AllergenEstimate[] = [];
    if (!labelNamesFragrance(label)) {
      const mp = modelPerfume(p, groupOf);
      for (const [key, probability] of predictAllergens(model, mp)) {
        const basis = basisFor(model, probability);
        if (basis === null) continue;
        const group = groupByKey.get(key)!;
        estimates.push({
          chemical_id: group.chemical_id,
          basis,
          probability: Math.round(probability * 100) / 100,
        });
      }
      estimates.sort((a, b) => b.probability - a.probability || (a.chemical_id < b.chemical_id ? -1 : 1));
      for (const e of estimates) {
        if (e.basis === 'likely') likely += 1;
        else possible += 1;
      }
      if (estimates.length > 0) withEstimates += 1;
    } else {
      p.chemicals = [];
    }
    fields.set(p.id, { label, coverage, allergen_estimates: estimates });
  }

  return {
    fields,
    summary: {
      labelRows: rows.length,
      labelledPerfumes: labels.size,
      labelsNamingNoFragrance: [...labels.values()].filter((l) => !l.names_fragrance).length,
      unmatchedLabelRows: matching.unmatched,
      model,
      crossValidation,
      estimates: { likely, possible, perfumesWithEstimates: withEstimates },
      coverage: { specificOccurrences, resolvedOccurrences },
    },
  };
}
