export { isValidCas, looksLikeCas, normalizeCas, normalizeEc } from './cas.ts';
export type {
  AllergenTolerance,
  ClassifiablePerfume,
  DataCategory,
  KnownChemical,
  KnownChemicals,
  PerfumeNotes,
} from './classify.ts';
export { dataCategory, isHypoallergenic, linkedAllergenIds } from './classify.ts';
export { isVagueNote } from './vague-note.ts';
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
