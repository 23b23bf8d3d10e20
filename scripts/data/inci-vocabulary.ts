/**
 * The scanner's ingredient vocabulary: every name an ingredient list may print, so the worker can
 * correct OCR misreadings towards real names and split run-together entries. Built from the CosIng
 * inventory (INCI names), our chemical database (names, INCI names, short synonyms), the Colour
 * Index numbers CosIng and the database know, and the everyday names labels print instead of INCI
 * names (water, fragrance, common plant oils and extracts).
 *
 * Written as gzip text, one name per line, sorted by its folded form: the worker reads it in a few
 * milliseconds and builds its own indexes.
 */
import { allergenLabelNames } from '../../services/domain/src/catalogue/index.ts';
import { gzipDeterministic } from './io.ts';

/** Label words and everyday names printed in place of (or beside) INCI names. */
export const COMMON_LABEL_NAMES = [
  'Aqua',
  'Water',
  'Eau',
  'Purified Water',
  'Deionized Water',
  'Parfum',
  'Fragrance',
  'Perfume',
  'Aroma',
  'Flavor',
  'Flavour',
  'Alcohol',
  'Alcohol Denat.',
  'Vitamin A',
  'Vitamin B3',
  'Vitamin B5',
  'Vitamin C',
  'Vitamin E',
  'Provitamin B5',
  'Aloe Vera',
  'Aloe Vera Gel',
  'Shea Butter',
  'Cocoa Butter',
  'Mango Butter',
  'Beeswax',
  'Coconut Oil',
  'Olive Oil',
  'Almond Oil',
  'Sweet Almond Oil',
  'Jojoba Oil',
  'Argan Oil',
  'Avocado Oil',
  'Castor Oil',
  'Sunflower Oil',
  'Sunflower Seed Oil',
  'Rosehip Oil',
  'Grapeseed Oil',
  'Hemp Seed Oil',
  'Palm Oil',
  'Mineral Oil',
  'Tea Tree Oil',
  'Tea Tree Leaf Oil',
  'Lavender Oil',
  'Peppermint Oil',
  'Spearmint Oil',
  'Eucalyptus Oil',
  'Rosemary Oil',
  'Rosemary Extract',
  'Lemon Oil',
  'Lemon Peel Oil',
  'Orange Oil',
  'Orange Peel Oil',
  'Sweet Orange Oil',
  'Bergamot Oil',
  'Grapefruit Oil',
  'Lime Oil',
  'Geranium Oil',
  'Rose Oil',
  'Ylang Ylang Oil',
  'Patchouli Oil',
  'Sandalwood Oil',
  'Cedarwood Oil',
  'Clove Oil',
  'Cinnamon Oil',
  'Chamomile Extract',
  'Green Tea Extract',
  'Witch Hazel',
  'Witch Hazel Extract',
  'Cucumber Extract',
  'Oat Extract',
  'Colloidal Oatmeal',
  'Calendula Extract',
  'Ginseng Extract',
  'Licorice Extract',
  'Honey',
  'Kaolin',
  'Calcined Kaolin',
  'Hydrated Magnesium Silicate',
  'Magnesium Silicate',
  'Hydrated Silica',
  'Turmeric',
  'Oleoresin Turmeric',
  'Turmeric Oleoresin',
  'Sodium Lauryl Sulphate',
  'Sodium Laureth Sulphate',
  'Fluoride',
  'Sodium Fluoride',
  'Menthol',
  'Sugar',
  'Sea Salt',
  'Salt',
  'Milk',
  'Color',
  'Colour',
  'Colorant',
  'Preservative',
] as const;

export interface VocabularyChemical {
  name: string;
  inci_name: string | null;
  synonyms: readonly string[];
  allergen_flag?: boolean;
  /** An Annex III entry's conditions: a grouped allergen entry prescribes its label name there. */
  restrictions?: string | null;
}

/** Longest synonym kept: longer ones are systematic chemical names no label prints. */
const MAX_SYNONYM_LENGTH = 48;

/** The folded form names are compared and sorted by: lower case, no accents, letters and digits only. */
export function vocabularyKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function cleanName(name: string): string | null {
  const text = name.replace(/\s+/g, ' ').trim();
  if (text.length < 2 || text.length > 200 || !/\p{L}/u.test(text)) return null;
  return text;
}

/**
 * All names, one per folded form (the first source wins: database INCI name, the label name an
 * allergen's entry prescribes (`Rose Ketones`), database name,
 * CosIng, everyday names, synonyms), sorted by folded form; Colour Index numbers as `CI nnnnn`.
 */
export function buildInciVocabulary(
  cosingNames: readonly string[],
  chemicals: readonly VocabularyChemical[],
): string[] {
  const byKey = new Map<string, string>();
  const add = (raw: string | null | undefined) => {
    if (!raw) return;
    const name = cleanName(raw);
    if (name === null) return;
    const key = vocabularyKey(name);
    if (key.length >= 2 && !byKey.has(key)) byKey.set(key, name);
    for (const m of name.matchAll(/\bC\.?\s?I\.?\s?(\d{5})\b/g)) {
      const ci = `CI ${m[1]}`;
      byKey.set(vocabularyKey(ci), ci);
    }
  };
  for (const c of chemicals) add(c.inci_name);
  for (const c of chemicals)
    for (const n of allergenLabelNames({ ...c, allergen_flag: c.allergen_flag === true })) add(n);
  for (const c of chemicals) add(c.name);
  for (const name of cosingNames) add(name);
  for (const name of COMMON_LABEL_NAMES) add(name);
  for (const c of chemicals) for (const s of c.synonyms) if (s.length <= MAX_SYNONYM_LENGTH) add(s);
  return [...byKey.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, n]) => n);
}

/** The shipped file: gzip text, one name per line. */
export function inciVocabularyFile(names: readonly string[]): Buffer {
  return gzipDeterministic(`${names.join('\n')}\n`);
}
