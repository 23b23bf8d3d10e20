/**
 * Spelling, language and wording variants of a note, reduced to the forms the bridge looks up.
 *
 * A perfume keeps its note as written ("Madagascar Vanilla", "Vanille", "Lemon Zest"); the bridge
 * answers for that string by trying, in order: the note itself and the note without a bracketed
 * alternative, each also without place-of-origin words (Madagascar, Calabrian, Bourbon, …), form
 * words (absolute, oil, essence, extract, …) and peel words (zest, peel, rind); then the bracketed
 * name alone, the same ways ("Oud (Agarwood)" → oud, agarwood); then with foreign words translated
 * (vanille → vanilla, fleur d'oranger → orange blossom). Each form is also tried with its phrase
 * table entry and with the last word made singular. The first
 * form that the note table (or, failing that, a source material) knows wins, so a more specific
 * entry ("Atlas Cedar", "Pink Pepper", "Orange Blossom") is never overridden by a shorter one.
 */
import { textTokens } from '../../services/domain/src/catalogue/index.ts';
import { COMMON_NAMES } from './note-canonical/common-names.ts';
import { MOLECULES_DESCRIPTORS } from './note-canonical/molecules-descriptors.ts';
import { QUALIFIED_NAMES } from './note-canonical/qualified-names.ts';
import { TRANSLATIONS } from './note-canonical/translations.ts';
import { FORM_WORDS, ORIGIN_WORDS } from './note-canonical/words.ts';

/**
 * Whole-phrase translations and respellings (folded tokens joined by one space), in lookup-table
 * order.
 */
const PHRASES: ReadonlyArray<[string, string]> = [
  ...COMMON_NAMES,
  ...TRANSLATIONS,
  ...MOLECULES_DESCRIPTORS,
  ...QUALIFIED_NAMES,
];

const phraseMap = new Map<string, string>(PHRASES);

function singularOf(words: readonly string[]): string[] | null {
  const last = words[words.length - 1];
  if (!last || last.length <= 3 || !last.endsWith('s') || last.endsWith('ss') || last.endsWith('us'))
    return null;
  const stem = last.endsWith('ies')
    ? `${last.slice(0, -3)}y`
    : last.endsWith('oes')
      ? last.slice(0, -2)
      : last.slice(0, -1);
  return [...words.slice(0, -1), stem];
}

/**
 * The lookup forms of a note, most specific first (all folded: lower case, no accents, words
 * joined by one space). The note's own folded form is always first.
 */
export function noteVariants(note: string): string[] {
  const out: string[] = [];
  const add = (words: readonly string[]) => {
    const form = words.join(' ');
    if (form !== '' && !out.includes(form)) out.push(form);
  };
  const tokens = textTokens(note);
  const outside = textTokens(note.replace(/\([^)]*\)/g, ' '));
  const inside = [...note.matchAll(/\(([^)]*)\)/g)].map((m) => textTokens(m[1] ?? ''));
  const expand = (words: readonly string[]) => {
    add(words);
    const joined = words.join(' ');
    const phrase = phraseMap.get(joined);
    if (phrase) add(phrase.split(' '));
    const one = singularOf(words);
    if (one) {
      add(one);
      const p = phraseMap.get(one.join(' '));
      if (p) add(p.split(' '));
    }
  };
  const reduce = (base: readonly string[]) => {
    const reduced = base.filter((t) => !ORIGIN_WORDS.has(t) && !FORM_WORDS.has(t));
    if (reduced.length > 0 && reduced.length < base.length) expand(reduced);
    const noForm = base.filter((t) => !FORM_WORDS.has(t));
    if (noForm.length > 0 && noForm.length < base.length) expand(noForm);
  };
  // What stands outside the brackets names the material before what they hold, even once it has
  // lost its origin and form words: "Moroccan Petitgrain (Bitter Orange)" is petitgrain (the leaf
  // oil of the bitter orange tree), not bitter orange (its peel oil).
  const whole = [tokens, outside].filter((t) => t.length > 0);
  const bracketed = inside.filter((t) => t.length > 0);
  for (const bases of [whole, bracketed]) {
    for (const base of bases) expand(base);
    for (const base of bases) reduce(base);
  }
  // Word-by-word translation of what is left (`Rosa Bulgara` → `rose bulgara`).
  for (const form of [...out]) {
    const words = form.split(' ');
    const translated = words.map((w) => phraseMap.get(w) ?? w);
    if (translated.join(' ') !== form) expand(translated.join(' ').split(' '));
  }
  return out;
}

/**
 * A note made of several materials joined by "and", "&", "with", "," or "/" ("Oakmoss absolute
 * and styrax balm"): its parts, or null for a note of one material. "or" joins two names of one
 * material ("Cypriol Oil or Nagarmotha") and is not a split.
 */
export function noteParts(note: string): string[] | null {
  const parts = note
    .split(/\s*(?:,|\/|\+|&|\band\b|\bwith\b|\bet\b|\bund\b)\s*/i)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return parts.length > 1 ? parts : null;
}

/** "Cypriol Oil or Nagarmotha": the alternative names of one material, or null. */
export function noteAlternatives(note: string): string[] | null {
  const parts = note
    .split(/\s+or\s+/i)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return parts.length > 1 ? parts : null;
}
