/**
 * Field readers used by `decide`: each returns the clean value or throws a `validation`
 * DomainError naming the field. They take `unknown` because commands are built from request
 * bodies and data files, and the domain does not rely on the caller's typing alone.
 */
import { validationError } from './errors.ts';
import { isValidConcentration, isValidEntityId, looksLikeCas, normalizeCas } from './validation.ts';

/** A required, trimmed, non-empty text of at most `maxLength` characters. */
export function requiredText(value: unknown, field: string, label: string, maxLength: number): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw validationError(`${label} is required`, field);
  }
  const text = value.trim();
  if (text.length > maxLength) {
    throw validationError(`${label} must be at most ${maxLength} characters`, field);
  }
  return text;
}

/** An optional text: undefined, null and blank become null; otherwise trimmed and length-checked. */
export function optionalText(value: unknown, field: string, label: string, maxLength: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw validationError(`${label} must be text`, field);
  const text = value.trim();
  if (text === '') return null;
  if (text.length > maxLength) {
    throw validationError(`${label} must be at most ${maxLength} characters`, field);
  }
  return text;
}

/** An optional boolean: undefined and null give `fallback`. */
export function optionalBoolean(value: unknown, field: string, label: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw validationError(`${label} must be true or false`, field);
  return value;
}

/** One of a fixed list of values; undefined/null give `fallback` when there is one. */
export function oneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
  label: string,
  fallback?: T,
): T {
  if ((value === undefined || value === null || value === '') && fallback !== undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw validationError(`${label} must be one of: ${allowed.join(', ')}`, field);
}

/** An entity id (see `isValidEntityId`). */
export function entityId(value: unknown, field: string, label: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw validationError(`${label} is required`, field);
  if (!isValidEntityId(value)) {
    throw validationError(`${label} may only contain letters, digits, '_', '.' and '-'`, field);
  }
  return value;
}

/** An optional CAS number: blank gives null; otherwise normalised and check-digit verified. */
export function optionalCas(value: unknown, field: string): string | null {
  const text = optionalText(value, field, 'CAS number', 20);
  if (text === null) return null;
  const canonical = normalizeCas(text);
  if (canonical !== null) return canonical;
  if (looksLikeCas(text)) throw validationError(`CAS number "${text}" has a wrong check digit`, field);
  throw validationError(`CAS number "${text}" is not in the format 1234567-12-1`, field);
}

/** An optional concentration (percent, 0–100, step 0.01); undefined, null and '' give null. */
export function optionalConcentration(value: unknown, field: string, label: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (!isValidConcentration(value)) {
    throw validationError(`${label} must be a number from 0 to 100 in steps of 0.01`, field);
  }
  return value;
}

/** A min/max concentration pair, both optional, min ≤ max when both are given. */
export function concentrationRange(
  min: unknown,
  max: unknown,
  fieldPrefix: string,
): { concentration_min: number | null; concentration_max: number | null } {
  const concentration_min = optionalConcentration(
    min,
    `${fieldPrefix}concentration_min`,
    'Minimum concentration',
  );
  const concentration_max = optionalConcentration(
    max,
    `${fieldPrefix}concentration_max`,
    'Maximum concentration',
  );
  if (concentration_min !== null && concentration_max !== null && concentration_min > concentration_max) {
    throw validationError(
      `Minimum concentration (${concentration_min}%) must not exceed maximum concentration (${concentration_max}%)`,
      `${fieldPrefix}concentration_min`,
    );
  }
  return { concentration_min, concentration_max };
}

/** A list of trimmed non-empty strings, in order; blank items and repeats are dropped. */
export function textList(
  value: unknown,
  field: string,
  label: string,
  maxItems: number,
  maxLength: number,
): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw validationError(`${label} must be a list`, field);
  if (value.length > maxItems) throw validationError(`${label} may hold at most ${maxItems} items`, field);
  const out: string[] = [];
  value.forEach((item, index) => {
    const text = optionalText(item, `${field}[${index}]`, label, maxLength);
    if (text !== null && !out.includes(text)) out.push(text);
  });
  return out;
}

/** A whole number ≥ 0 (and ≤ max when given). */
export function count(value: unknown, field: string, label: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw validationError(`${label} must be a whole number from 0 to ${max}`, field);
  }
  return value;
}

/** A finite number ≥ 0. */
export function nonNegative(value: unknown, field: string, label: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw validationError(`${label} must be a number of 0 or more`, field);
  }
  return value;
}
