export {
  allergenLabelKey,
  allergenLabelNames,
  inciCellNames,
  type LabelledChemical,
  labelCase,
  prescribedLabelNames,
} from './allergen-label.ts';
export { isValidCas, looksLikeCas, normalizeCas, normalizeEc } from './cas.ts';
export type {
  AllergenTolerance,
  ClassifiableEstimate,
  ClassifiableLabel,
  ClassifiableLink,
  ClassifiablePerfume,
  DataCategory,
  Knowledge,
  KnownChemical,
  KnownChemicals,
  PerfumeNotes,
} from './classify.ts';
export {
  classifiableRecord,
  dataCategory,
  filterChemicalIds,
  isHypoallergenic,
  knowledgeOf,
  labelNamesFragrance,
  linkedAllergenIds,
} from './classify.ts';
export {
  brandKey,
  brandTokens,
  CONCENTRATIONS,
  concentrationLabel,
  foldText,
  nameKey,
  nameTokens,
  noteKey,
  perfumeKey,
  slugify,
  splitConcentration,
  textTokens,
} from './normalize.ts';
export { isVagueNote } from './vague-note.ts';
