/**
 * Pure predicates and normalisers shared by every feature's `decide` and by the API (which checks
 * some of them before building a command, e.g. the password before hashing it).
 */

// ---------------------------------------------------------------------------------------------
// CAS Registry Numbers: one implementation, in `catalogue/cas.ts` (shared with the data build).
// `normalizeCas` returns the canonical form or null (malformed or wrong check digit);
// `isValidCas` accepts canonical text only; `looksLikeCas` checks the shape alone.
// ---------------------------------------------------------------------------------------------

export { isValidCas, looksLikeCas, normalizeCas, normalizeEc } from '../catalogue/cas.ts';

/** The pattern that makes a search query a CAS lookup (1–7 digits, 2 digits, 1 digit). */
const CAS_SEARCH_PATTERN = /^\d{1,7}-\d{2}-\d$/;

/** True when a search query has the CAS search shape (1–7 digits, 2, 1; the check digit is not looked at). */
export function isCasSearchQuery(query: string): boolean {
  return CAS_SEARCH_PATTERN.test(query.trim());
}

// ---------------------------------------------------------------------------------------------
// Concentrations
// ---------------------------------------------------------------------------------------------

export const CONCENTRATION_MIN = 0;
export const CONCENTRATION_MAX = 100;

/**
 * A concentration is a percentage from 0 to 100 in steps of 0.01. Float-safe: 0.07 and
 * 33.33 pass although `x * 100` is not an exact integer in binary floating point; 0.001 does not.
 */
export function isValidConcentration(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (value < CONCENTRATION_MIN || value > CONCENTRATION_MAX) return false;
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** Emails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A pragmatic email check: one `@`, no spaces, a dotted domain with sane labels, length limits. */
export function isValidEmail(email: string): boolean {
  const value = normalizeEmail(email);
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at !== value.indexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || /\s/.test(local) || local.startsWith('.') || local.endsWith('.')) return false;
  if (local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u.test(label));
}

/** Usernames: 3–32 letters, digits, `_`, `.` or `-`, starting with a letter or digit. */
export function isValidUsername(username: string): boolean {
  const value = username.trim();
  return (
    value.length >= USERNAME_MIN_LENGTH &&
    value.length <= USERNAME_MAX_LENGTH &&
    /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u.test(value)
  );
}

/** Key under which usernames are unique (case-insensitive). */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Checked by the API before hashing (decide only ever sees the hash). No rule is given for it; we
 * ask for 8–256 characters, not all whitespace.
 */
export function isAcceptablePassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && password.trim() !== ''
  );
}

// ---------------------------------------------------------------------------------------------
// Ids
// ---------------------------------------------------------------------------------------------

/**
 * Entity ids become the second half of a stream id (`chemical:<id>`): 1–200 letters, digits,
 * `_`, `.` or `-`, starting with a letter or digit (so no `:`, `/` or spaces).
 */
export function isValidEntityId(id: string): boolean {
  return id.length <= 200 && /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u.test(id);
}

/** Client session ids (one per page load) name usage streams: 6–128 of `A–Z a–z 0–9 _ . -`. */
export function isValidSessionId(id: string): boolean {
  return /^[A-Za-z0-9_.-]{6,128}$/.test(id);
}

/** Names compared for uniqueness: trimmed, case- and accent-insensitive, inner spaces collapsed. */
export function uniqueNameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}
