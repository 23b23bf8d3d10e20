/**
 * The Elasticsearch perfume document and index definition. Every filtered field is normalised in
 * the application (`normalizeText`, domain `noteKey`) and stored as a `keyword`, so filters mean
 * exactly what the in-process index means. Name and brand are also text fields holding the words
 * text search reads (`searchWords`, `joinedWords`), for Elasticsearch's fuzzy matching and scoring.
 * The stored `document` is the read model's own record; cards are rendered from it at read time
 * with the current chemicals, like the in-process adapter does.
 */
import { filterChemicalIds, noteKey } from '@scentinel/domain';
import type { Chemical, PerfumeDocument } from '../catalogue.types.ts';
import { brandKeyOf } from '../catalogue-query.ts';
import { classifiable, classify, visibleLinks } from '../perfume-card.ts';
import { joinedWords, searchWords } from '../search-text.ts';
import { normalizeText } from '../text-normalize.ts';

export interface EsPerfumeDoc {
  id: string;
  /** Catalogue order: the log position of the perfume's first catalogue event. */
  seq: number;
  name_key: string;
  name_tokens: string[];
  brand_key: string;
  brand_tokens: string[];
  /** The words text search reads of the name and brand. */
  name_text: string;
  brand_text: string;
  /** Source catalogues listing the perfume (popularity). */
  sources: number;
  category: 'complete' | 'unspecific';
  hypoallergenic: boolean;
  chemical_ids: string[];
  note_keys: string[];
  /** Ids of retired spelling duplicates of this record (they resolve to it). */
  merged_ids: string[];
  document: PerfumeDocument;
}

export function toEsDoc(
  doc: PerfumeDocument,
  known: ReadonlyMap<string, Chemical>,
  seq: number,
): EsPerfumeDoc {
  const p = doc.perfume;
  const links = visibleLinks(doc);
  const c = classify(p, links, known);
  const nameKey = normalizeText(p.name);
  const brandKey = brandKeyOf(p.brand);
  const notes = [...p.notes.top, ...p.notes.middle, ...p.notes.base, ...p.notes.unspecified];
  return {
    id: p.id,
    seq,
    name_key: nameKey,
    name_tokens: unique(nameKey.split(' ').filter(Boolean)),
    brand_key: brandKey,
    brand_tokens: unique(brandKey.split(' ').filter(Boolean)),
    name_text: unique([...searchWords(p.name), ...joinedWords(p.name)]).join(' '),
    brand_text: unique([...searchWords(p.brand), ...joinedWords(p.brand)]).join(' '),
    sources: p.sources.length,
    category: c.category,
    hypoallergenic: c.hypoallergenic,
    chemical_ids: filterChemicalIds(classifiable(p, links)),
    note_keys: unique(notes.map(noteKey)),
    merged_ids: p.merged_ids ?? [],
    document: doc,
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** Highest `skip + limit` the API allows; the index's result window must cover it. */
export const MAX_RESULT_WINDOW = 1_000_200;

/** Index template body (`PUT <index>`), one index per projection version behind an alias. */
export const perfumeIndexDefinition = {
  settings: {
    number_of_shards: 1,
    max_result_window: MAX_RESULT_WINDOW,
    analysis: {
      analyzer: { words: { type: 'custom', tokenizer: 'whitespace', filter: ['lowercase'] } },
    },
  },
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      seq: { type: 'long' },
      name_key: { type: 'keyword' },
      name_tokens: { type: 'keyword' },
      brand_key: { type: 'keyword' },
      brand_tokens: { type: 'keyword' },
      name_text: { type: 'text', analyzer: 'words' },
      brand_text: { type: 'text', analyzer: 'words' },
      sources: { type: 'integer' },
      category: { type: 'keyword' },
      hypoallergenic: { type: 'boolean' },
      chemical_ids: { type: 'keyword' },
      note_keys: { type: 'keyword' },
      merged_ids: { type: 'keyword' },
      document: { type: 'object', enabled: false },
    },
  },
} as const;
