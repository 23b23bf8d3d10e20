/**
 * CAS Registry Numbers: `NNNNNNN-NN-N` (2 to 7 digits, 2 digits, 1 check digit).
 * The check digit is the sum of the other digits, each multiplied by its position counted from the
 * right (1, 2, 3, ...), modulo 10.
 */

const CANONICAL = /^[1-9]\d{1,6}-\d{2}-\d$/;
const LOOSE = /^(\d{2,7})-(\d{2})-(\d{1,2})$/;

/** Check digit computed from the digits before it (the first two groups). */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i + 1);
  }
  return sum % 10;
}

/** True when `value` is a canonical CAS number whose check digit is right. */
export function isValidCas(value: string): boolean {
  if (!CANONICAL.test(value)) return false;
  const [a, b, c] = value.split('-') as [string, string, string];
  return checkDigit(a + b) === Number(c);
}

/**
 * Brings a CAS number as written in a source to its canonical form, or returns null when it is
 * malformed or its check digit is wrong. Tolerated: surrounding spaces, Unicode dashes, leading
 * zeros in the first group (`0050-00-0`) and a zero-padded check digit (`9000-01-05`, a spreadsheet
 * artefact). Digit runs without hyphens are not guessed at.
 */
export function normalizeCas(raw: string): string | null {
  const compact = raw
    .trim()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, '');
  const match = LOOSE.exec(compact);
  if (!match) return null;
  const [, first, second, check] = match as unknown as [string, string, string, string];
  if (check.length === 2 && !check.startsWith('0')) return null;
  const head = first.replace(/^0+/, '');
  if (head.length < 2) return null;
  const candidate = `${head}-${second}-${check.slice(-1)}`;
  return isValidCas(candidate) ? candidate : null;
}

/** True when `value` looks like a CAS number (format only, check digit not tested). */
export function looksLikeCas(value: string): boolean {
  return LOOSE.test(value.trim());
}

/**
 * EC (EINECS/ELINCS/NLP) numbers: `NNN-NNN-N`; the check digit is the sum of the first six digits
 * weighted 1..6, modulo 11 (never 10 for a valid number).
 */
export function normalizeEc(raw: string): string | null {
  const compact = raw
    .trim()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, '');
  if (!/^\d{3}-\d{3}-\d$/.test(compact)) return null;
  const digits = compact.replace(/-/g, '');
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += (digits.charCodeAt(i) - 48) * (i + 1);
  return sum % 11 === Number(digits[6]) ? compact : null;
}
