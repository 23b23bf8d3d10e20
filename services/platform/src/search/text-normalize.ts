/**
 * Text normalisation shared by every catalogue search adapter (in-process, Elasticsearch) and by
 * the brute-force oracle, so they agree on what "case- and accent-insensitive" means.
 */

/** Letters that NFKD does not decompose into base + mark. */
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const FOLD_RE = /[ßæœøłđðþı]/g;
const MARKS_RE = /\p{M}+/gu;
const NON_WORD_RE = /[^\p{L}\p{N}]+/gu;
const ASCII_WORD_RE = /^[a-z0-9 ]*$/;

/**
 * Lower case, accents removed, every run of non-letters/digits turned into one space, trimmed:
 * `"L'Eau d'Issey Pour Homme"` → `"l eau d issey pour homme"`, `"Château"` → `"chateau"`.
 */
export function normalizeText(input: string): string {
  const lower = input.toLowerCase();
  if (ASCII_WORD_RE.test(lower) && !lower.includes('  ') && lower.trim() === lower) return lower;
  return lower
    .normalize('NFKD')
    .replace(MARKS_RE, '')
    .replace(FOLD_RE, (c) => FOLD[c] ?? c)
    .replace(NON_WORD_RE, ' ')
    .trim();
}

/** The tokens of a text after `normalizeText` (no empty tokens, duplicates kept). */
export function tokenize(input: string): string[] {
  const n = normalizeText(input);
  return n === '' ? [] : n.split(' ');
}

/** CAS Registry Number format accepted by search: 1-7 digits, 2 digits, 1 check digit. */
export const CAS_PATTERN = /^\d{1,7}-\d{2}-\d$/;

export function isCasNumber(input: string): boolean {
  return CAS_PATTERN.test(input.trim());
}

/** Canonical CAS form for lookups: trimmed, leading zeros of the first group dropped. */
export function normalizeCas(input: string): string {
  const t = input.trim();
  const m = /^0*(\d+)-(\d{2})-(\d)$/.exec(t);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : t;
}
