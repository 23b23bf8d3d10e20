export {
  type Alternative,
  type AlternativesAnswer,
  AlternativesFinder,
  type AlternativesSource,
  type ExcludedChemical,
  type SharedFeatures,
  UnknownChemicalError,
} from './alternatives.ts';
export { bruteForceAlternatives } from './brute-force.ts';
