/** Splitting the identifier cells of regulatory sources into CAS and EC numbers. */
import { looksLikeCas, normalizeCas, normalizeEc } from '../../../services/domain/src/catalogue/index.ts';

export interface RejectedCas {
  source: string;
  value: string;
  reason: 'check digit' | 'malformed';
  context: string;
}

export interface IdentifierCell {
  /** CAS numbers in canonical form, in cell order, without repeats. */
  cas: string[];
  /** EC numbers with a valid check digit. */
  ec: string[];
  /** CAS-like tokens that failed validation. */
  rejected: Array<Pick<RejectedCas, 'value' | 'reason'>>;
}

const EC_SHAPE = /^\d{3}-\d{3}-\d$/;

/**
 * Reads a cell holding CAS and/or EC numbers separated by `/`, `;`, `,`, `|`, spaces, new lines or
 * `and` (`31906-04-4 / 51414-25-6`, `97-54-1; 5932-68-3`, `138-86-3|227-813-5`). Tokens without
 * digits (`-`, `diverse`, `resp.`) are ignored; digit tokens that are neither a valid CAS nor an EC
 * number are returned as rejected.
 */
export function readIdentifiers(cell: string | undefined): IdentifierCell {
  const out: IdentifierCell = { cas: [], ec: [], rejected: [] };
  if (!cell) return out;
  const tokens = cell
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .split(/[\s;,/|]+|\band\b/i)
    .map((t) => t.trim().replace(/^[([]+|[)\].:]+$/g, ''))
    .filter((t) => /\d/.test(t));
  for (const token of tokens) {
    if (EC_SHAPE.test(token)) {
      const ec = normalizeEc(token);
      if (ec && !out.ec.includes(ec)) out.ec.push(ec);
      continue;
    }
    if (looksLikeCas(token)) {
      const cas = normalizeCas(token);
      if (cas) {
        if (!out.cas.includes(cas)) out.cas.push(cas);
      } else out.rejected.push({ value: token, reason: 'check digit' });
      continue;
    }
    if (/^[\d-]+$/.test(token) && token.replace(/-/g, '').length >= 5) {
      out.rejected.push({ value: token, reason: 'malformed' });
    }
  }
  return out;
}
