import type { ChemicalMatch, ChemicalMatcher } from './chemical-matcher.ts';
import type { InciVocabulary, PriorityNames, VocabularyHit } from './inci-vocabulary.ts';
import {
  type ConfidenceOf,
  lowestConfidence,
  runTogetherSynonyms,
  segmentEntry,
  segmentWithUnknown,
  splitBlend,
  startsWithHeading,
} from './ingredient-segmentation.ts';

/**
 * One list entry read against the vocabulary: kept as printed when it is a known name, corrected
 * when it is a confident misreading of one, split when it is a blend or several names run together.
 */

export type Reading = 'printed' | 'corrected' | 'unrecognised';

export interface ReadEntry {
  /** The text to show and match: the vocabulary's name, with the printed bracketed synonym kept. */
  text: string;
  match: ChemicalMatch | null;
  reading: Reading;
  /** What OCR read, when it was corrected. */
  readAs: string | null;
  /** The printed blend this entry is a member of (`Glycerin / Sorbitol`). */
  blend: string | null;
}

function splitBrackets(text: string): { outside: string; inside: string[] } {
  const outside = text
    .replace(/\([^)]*\)?|\[[^\]]*\]?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const inside = [...text.matchAll(/\(([^)]*)\)|\[([^\]]*)\]/g)]
    .map((m) => (m[1] ?? m[2] ?? '').trim())
    .filter((s) => s !== '');
  return { outside, inside };
}

/** The chemical a vocabulary name is, only when the database knows it by that very name. */
function chemicalNamed(name: string, matcher: ChemicalMatcher): ChemicalMatch | null {
  const found = matcher.match(name, { wholeOnly: true });
  return found && found.kind !== 'fuzzy' ? found : null;
}

function withSynonyms(name: string, inside: readonly string[]): string {
  return inside.length > 0 ? `${name} (${inside.join(', ')})` : name;
}

/**
 * Reads one entry against the vocabulary; null when the vocabulary has nothing to say, so the
 * caller falls back to the chemical database's own fuzzy matching. `found` is the database's match
 * for the entry as printed.
 */
export function readWithVocabulary(
  text: string,
  found: ChemicalMatch | null,
  matcher: ChemicalMatcher,
  vocabulary: InciVocabulary,
  confidenceOf?: ConfidenceOf,
  priority?: PriorityNames,
): ReadEntry[] | null {
  // The list's heading, misread, run into the first entry (`Ingredientsangredients: Aqua`).
  const colon = text.indexOf(':');
  if (colon > 0 && colon < text.length - 1 && startsWithHeading(text.slice(0, colon)))
    return readWithVocabulary(
      text.slice(colon + 1).trim(),
      null,
      matcher,
      vocabulary,
      confidenceOf,
      priority,
    );
  const { outside, inside } = splitBrackets(text);
  const base = outside === '' ? text : outside;
  // The database knows the entry itself (not just its bracketed synonym or one side of a blend).
  if (found && found.kind !== 'fuzzy') {
    const whole = matcher.match(base, { wholeOnly: true });
    if (whole && whole.kind !== 'fuzzy') return null;
  }
  const entry = (name: string, reading: Reading, readAs: string | null, blend: string | null = null) => {
    const shown = withSynonyms(name, blend ? [] : inside);
    const match =
      chemicalNamed(name, matcher) ?? (reading === 'printed' ? chemicalNamed(shown, matcher) : null);
    return { text: shown, match, reading, readAs, blend };
  };
  /**
   * A piece the vocabulary names: as printed when exact, else corrected from what was printed;
   * `blend` is the whole entry when the piece is one side of a blend.
   */
  const named = (p: { printed: string; hit: VocabularyHit }, blend: string | null = null) =>
    p.hit.kind === 'exact'
      ? entry(p.hit.name, 'printed', null, blend)
      : entry(p.hit.name, 'corrected', p.printed, blend);
  /** A piece nothing names, unless it is a declared allergen misread beyond the general limit. */
  const unnamed = (printed: string): ReadEntry => {
    const urgent = priority?.closest(printed, vocabulary);
    return urgent
      ? entry(urgent.name, 'corrected', printed)
      : { text: printed, match: null, reading: 'unrecognised', readAs: null, blend: null };
  };

  // A known name as printed: never "corrected" into a database neighbour.
  if (vocabulary.exact(text)) return [entry(base, 'printed', null)];
  if (vocabulary.exact(base)) return [entry(base, 'printed', null)];

  const blend = splitBlend(base, vocabulary, confidenceOf, (a, b) => {
    const ca = chemicalNamed(a, matcher);
    return ca !== null && ca.chemical.id === chemicalNamed(b, matcher)?.chemical.id;
  });
  if (blend?.synonyms) return [entry(base, 'printed', null)];
  if (blend) {
    return blend.parts.map((p) => named(p, base));
  }

  const words = base.split(/\s+/);
  const corrected = vocabulary.correct(base, { confidence: lowestConfidence(words, confidenceOf) });
  if (corrected) {
    // Names printed exactly, run together (a comma lost at a line break: `Geraniol Linalool`),
    // are those names, not a correction of the whole into a third (`Geranyl Linalool`).
    const apart = corrected.cost > 0 ? segmentEntry(base, vocabulary, confidenceOf) : null;
    if (apart?.every((p) => p.hit.kind === 'exact')) return apart.map((p) => named(p));
    return [entry(corrected.name, 'corrected', base)];
  }
  // The database's own close match stands when the vocabulary has no better explanation.
  if (found) return null;
  // Names printed exactly, run together, are those names, not one allergen misread (`CINNAMAL
  // CITRAL`, a comma lost at a line break, is not Cinnamyl Alcohol).
  const pieces = segmentEntry(base, vocabulary, confidenceOf);
  // A declared allergen misread beyond the general limit is still named (before the run-together
  // synonyms below, which read pieces of `Coumaan` as `eau` and `aqua`).
  const urgent = pieces?.every((p) => p.hit.kind === 'exact') ? null : priority?.closest(base, vocabulary);
  if (urgent) return [entry(urgent.name, 'corrected', base)];
  // `Aqua/Water/Eau` read as one word.
  const same = runTogetherSynonyms(base);
  if (same) return [entry(vocabulary.exact(same) ?? same, 'corrected', base)];
  if (pieces) return pieces.map((p) => named(p));
  // Names among words that name nothing: the names, and the rest kept as printed to be checked.
  const partial = segmentWithUnknown(base, vocabulary, confidenceOf);
  if (partial) {
    return partial
      .filter((p) => p.hit !== null || /\p{L}{4}/u.test(p.printed))
      .map((p) => (p.hit ? named({ printed: p.printed, hit: p.hit }) : unnamed(p.printed)));
  }
  return null;
}
