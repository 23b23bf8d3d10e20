/**
 * The meaning of a `CatalogueQuery`'s non-text parts, shared by the adapters: which category
 * applies, whether there is text at all, and how chemical and note references are resolved.
 */
import { noteKey } from '@scentinel/domain';
import type { NoteRecord } from './catalogue.types.ts';
import type { ChemicalReadModel } from './chemical-table.ts';
import type { CatalogueCategory, CatalogueQuery } from './search-index.port.ts';
import { isCasNumber, normalizeCas, normalizeText } from './text-normalize.ts';

/** At most this many query tokens are used (the rest of a very long query is ignored). */
export const MAX_QUERY_TOKENS = 8;

/**
 * The category that applies: an explicit category wins; otherwise the default view is
 * complete-only unless text, brands, a chemical/note filter, allergen_free or include_unspecific
 * is active, in which case every perfume is searched.
 */
export function effectiveCategory(q: CatalogueQuery): CatalogueCategory {
  if (q.category !== undefined) return q.category;
  const active =
    prepareText(q.text) !== null ||
    (q.brands?.length ?? 0) > 0 ||
    (q.include_chemicals?.length ?? 0) > 0 ||
    (q.exclude_chemicals?.length ?? 0) > 0 ||
    (q.include_notes?.length ?? 0) > 0 ||
    (q.exclude_notes?.length ?? 0) > 0 ||
    q.allergen_free === true ||
    q.include_unspecific === true;
  return active ? 'all' : 'complete';
}

export interface PreparedText {
  /** The normalised query (`normalizeText`), tokens joined by single spaces. */
  normalized: string;
  tokens: string[];
  /** Canonical CAS number when the text is one. */
  cas: string | null;
}

/** Null when the text matches nothing at all (empty after normalisation and not a CAS number). */
export function prepareText(text: string | undefined): PreparedText | null {
  if (text === undefined) return null;
  const cas = isCasNumber(text) ? normalizeCas(text) : null;
  const tokens = normalizeText(text).split(' ').filter(Boolean).slice(0, MAX_QUERY_TOKENS);
  if (tokens.length === 0 && cas === null) return null;
  return { normalized: tokens.join(' '), tokens, cas };
}

/**
 * Chemical ids each reference names (one entry per reference). References naming no chemical
 * resolve to an empty list: as an include it matches nothing, as an exclude it excludes nothing.
 */
export function resolveChemicalRefs(
  refs: readonly string[] | undefined,
  chemicals: ChemicalReadModel,
): string[][] {
  return (refs ?? []).map((ref) => chemicals.resolve(ref));
}

/** Note keys (domain `noteKey`) each reference names: a taxonomy note id, else a note name. */
export function resolveNoteRefs(
  refs: readonly string[] | undefined,
  taxonomy: ReadonlyMap<string, NoteRecord>,
): string[] {
  return (refs ?? []).map((ref) => noteKey(taxonomy.get(ref.trim())?.name ?? ref));
}

export function brandKeyOf(brand: string): string {
  return normalizeText(brand);
}
