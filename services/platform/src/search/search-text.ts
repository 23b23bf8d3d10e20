/**
 * How text search reads perfume names and queries: words after `normalizeText` (case, accents and
 * symbols folded), number signs made one word ("N°5", "Nº5", "No.5" and "No 5" all read "no 5"),
 * words joined across an apostrophe or hyphen ("L'Eau" also reads "leau"), brand aliases ("YSL")
 * replaced by the brand's words, and the typo allowance per word length. Shared by the index and
 * the brute-force oracle, so both read text the same way.
 */
import { BRAND_ALIASES } from './brand-aliases.ts';
import { normalizeText } from './text-normalize.ts';

/** At most this many query words are used (the rest of a very long query is ignored). */
export const MAX_QUERY_WORDS = 12;

const NUMBER_SIGN_RE = /^n[o]?(\d+)$/;
const DIGITS_RE = /^\d/;
const JOINERS_RE = /['’‘`´ʼ\-‐‑–]/g;

/** The words of a name or query, number signs made one word ("n°5" → "no", "5"), duplicates kept. */
export function searchWords(text: string): string[] {
  const norm = normalizeText(text);
  if (norm === '') return [];
  const raw = norm.split(' ');
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i]!;
    const sign = NUMBER_SIGN_RE.exec(word);
    if (sign) {
      out.push('no', sign[1]!);
    } else if ((word === 'n' || word === 'nr') && DIGITS_RE.test(raw[i + 1] ?? '')) {
      out.push('no');
    } else {
      out.push(word);
    }
  }
  return out;
}

/**
 * Extra words a name is also found by: its words joined where an apostrophe or hyphen separated
 * them ("L'Eau d'Issey" → "leau", "dissey"). Only words not already among `searchWords`
 * (`words`: those, when the caller has them already).
 */
export function joinedWords(text: string, words?: readonly string[]): string[] {
  if (!JOINERS_RE.test(text)) return [];
  JOINERS_RE.lastIndex = 0;
  const plain = new Set(words ?? searchWords(text));
  const joined = searchWords(text.replace(JOINERS_RE, ''));
  return [...new Set(joined.filter((w) => !plain.has(w)))];
}

/** The query's words with brand aliases replaced by the brand's words (at most `MAX_QUERY_WORDS`). */
export function queryWords(text: string): string[] {
  const words = searchWords(text);
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    let replaced = false;
    // Longest alias first (three words down to one).
    for (let n = Math.min(3, words.length - i); n >= 1 && !replaced; n--) {
      const key = words.slice(i, i + n).join(' ');
      // Own keys only: a query word like "constructor" is not an alias.
      const alias = Object.hasOwn(BRAND_ALIASES, key) ? BRAND_ALIASES[key] : undefined;
      if (alias !== undefined) {
        out.push(...alias.split(' '));
        i += n;
        replaced = true;
      }
    }
    if (!replaced) out.push(words[i++]!);
  }
  return out.slice(0, MAX_QUERY_WORDS);
}

/** The last query word matches as a prefix from this many letters on (a lone letter only as a word). */
export const MIN_PREFIX = 2;

/** Typos a query word may carry: none up to 4 characters, one up to 8, two above. */
export function typoBudget(word: string): number {
  return word.length <= 4 ? 0 : word.length <= 8 ? 1 : 2;
}

export { editDistanceWithin } from '../text/edit-distance.ts';
