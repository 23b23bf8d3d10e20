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
 * them ("L'Eau d'Issey" → "leau", "dissey"). Only words not already among `searchWords`.
 */
export function joinedWords(text: string): string[] {
  if (!JOINERS_RE.test(text)) return [];
  JOINERS_RE.lastIndex = 0;
  const plain = new Set(searchWords(text));
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

const rowA = new Int32Array(64);
const rowB = new Int32Array(64);
const rowC = new Int32Array(64);

/**
 * Edit distance (insertions, deletions, substitutions and swaps of two neighbouring letters)
 * between `a` and `b` when it is at most `max`, else `max + 1`.
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0 || lb === 0) return Math.max(la, lb) <= max ? Math.max(la, lb) : max + 1;
  if (lb >= 63) return a === b ? 0 : max + 1;
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  const d = prev[lb]!;
  return d <= max ? d : max + 1;
}
