/** Small cleaning helpers shared by the perfume source adapters. */
import type { Gender, NoteLists } from '../types.ts';

/**
 * Characters that print as nothing: zero-width space, word joiner, byte-order mark and soft hyphen.
 * Sources paste them into names (CAS index names come with a zero-width space after every comma
 * and hyphen), where they make a name differ from the same name typed. Zero-width (non-)joiners are
 * kept: scripts such as Persian need them.
 */
export const INVISIBLE_CHARACTERS = /[\u00ad\u200b\u2060\ufeff]/g;

/** Trimmed text with single spaces and no invisible characters, or null for empty and `NA` cells. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(INVISIBLE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  return text === '' || text === 'NA' || text === 'N/A' || text === 'nan' ? null : text;
}

/** A four-digit release year in a plausible range, else null. */
export function parseYear(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : cleanText(value);
  if (text === null || !/^\d{4}(?:\.0)?$/.test(text)) return null;
  const year = Number.parseInt(text, 10);
  return year >= 1700 && year <= 2030 ? year : null;
}

/**
 * Comma-separated list → trimmed, non-empty items. A comma inside brackets does not separate
 * (`Amber (we're sure there is more, but it's kept secret)` is one item), unless a bracket is
 * never closed.
 */
export function splitList(value: unknown, separator: string | RegExp = ','): string[] {
  const text = cleanText(value);
  if (text === null) return [];
  const parts = separator === ',' ? splitOutsideBrackets(text) : text.split(separator);
  return parts.map((s) => s.trim()).filter((s) => s !== '' && s !== 'NA');
}

/** Splits at commas outside round and square brackets; a plain split when brackets do not balance. */
export function splitOutsideBrackets(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return text.split(',');
  parts.push(text.slice(start));
  return parts;
}

/** Longest note text kept: longer "notes" are sentences of a flat list ("11 select (but undisclosed!) notes that..."). */
export const MAX_NOTE_LENGTH = 60;

/**
 * Cleans note names: trims, drops a leading `&`/`and`, trailing punctuation and wrapping quotes,
 * drops empties, sentence-like texts (over MAX_NOTE_LENGTH characters) and repeats
 * (case-insensitive); keeps order.
 */
export function cleanNotes(notes: readonly unknown[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const note of notes) {
    const raw = cleanText(note);
    const text =
      raw === null
        ? null
        : cleanText(
            raw
              .replace(/^(?:&|and\s)\s*/i, '')
              .replace(/[.;:!,]+$/, '')
              .replace(/^["'\u201c\u2018]+|["'\u201d\u2019]+$/g, ''),
          );
    if (text === null || text.length > MAX_NOTE_LENGTH) continue;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

export function pyramid(top: unknown[], middle: unknown[], base: unknown[]): NoteLists {
  return { top: cleanNotes(top), middle: cleanNotes(middle), base: cleanNotes(base), unspecified: [] };
}

export function flat(notes: unknown[]): NoteLists {
  return { top: [], middle: [], base: [], unspecified: cleanNotes(notes) };
}

/**
 * Gender from Fragrantica-style labels: `women`/`for women`/`female` → feminine, `men` → masculine,
 * `women and men`/`unisex` → unisex.
 */
export function parseGender(value: unknown): Gender | null {
  const text = cleanText(value)
    ?.toLowerCase()
    .replace(/^for\s+/, '');
  if (!text) return null;
  if (/^(women and men|men and women|unisex)$/.test(text)) return 'unisex';
  if (/^(women|woman|female|her)$/.test(text)) return 'feminine';
  if (/^(men|man|male|him)$/.test(text)) return 'masculine';
  return null;
}

/** Fragrantica image URL for a Fragrantica perfume id. */
export function fragranticaImage(id: number | string | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  const text = String(id).trim();
  return /^\d+$/.test(text) ? `https://fimgs.net/mdimg/perfume/375x500.${text}.jpg` : null;
}

/** `jean-paul-gaultier` → `Jean Paul Gaultier` (display text for slug-only sources). */
export function titleFromSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Lower-cased accords without repeats. */
export function cleanAccords(accords: readonly unknown[]): string[] {
  return cleanNotes(accords.map((a) => (typeof a === 'string' ? a.toLowerCase() : a)));
}
