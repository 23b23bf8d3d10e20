/**
 * `CatalogueQuery` → Elasticsearch search body, as pure functions. References (chemical names and
 * CAS numbers, note ids) are resolved by the caller with the same functions the in-process index
 * uses, so the translation only deals with ids and keys.
 *
 * Text: the query's words (`queryWords`: number signs, folding, brand aliases) must each match the
 * name or brand text fields, with Elasticsearch's typo allowance set like the in-process index's
 * (`fuzziness: AUTO:5,9`, first letter fixed) and the last word as a prefix (`bool_prefix`); or the
 * perfume contains a chemical the text names. The score adds an exact whole-name match and the
 * phrase in name order, and grows with popularity (the number of source catalogues). Ties sort by
 * catalogue order (`seq`). Filters are exact, as in the in-process index.
 */
import { brandKeyOf, effectiveCategory } from '../catalogue-query.ts';
import type { CatalogueQuery } from '../search-index.port.ts';
import { queryWords } from '../search-text.ts';
import { isCasNumber } from '../text-normalize.ts';

export type EsQuery = Record<string, unknown>;

export interface ResolvedRefs {
  /** Chemical ids per include reference (an empty list matches nothing). */
  includeChemicals: string[][];
  excludeChemicals: string[];
  includeNotes: string[];
  excludeNotes: string[];
  /** Ids of chemicals the text names (a CAS number or a chemical name). */
  casChemicalIds: string[];
}

export interface EsSearchBody {
  query: EsQuery;
  sort: EsQuery[];
  from: number;
  size: number;
  track_total_hits: true;
  _source: string[];
}

/** Score added for the whole name matched exactly, and for the query read as a phrase in the name. */
export const TEXT_BOOSTS = { exactName: 10, phrase: 3 } as const;
/** The typo allowance by word length: none up to 4 letters, one up to 8, two above. */
export const FUZZINESS = 'AUTO:5,9';

const MATCH_NONE: EsQuery = { match_none: {} };

export function toEsSearchBody(q: CatalogueQuery, refs: ResolvedRefs): EsSearchBody {
  const filter: EsQuery[] = [];
  const mustNot: EsQuery[] = [];
  const should: EsQuery[] = [];

  switch (effectiveCategory(q)) {
    case 'complete':
      filter.push({ term: { category: 'complete' } });
      break;
    case 'unspecific':
      filter.push({ term: { category: 'unspecific' } });
      break;
    case 'hypoallergenic':
      filter.push({ term: { hypoallergenic: true } });
      break;
    case 'all':
      break;
  }
  if (q.allergen_free) filter.push({ term: { hypoallergenic: true } });
  if (q.brands && q.brands.length > 0)
    filter.push({ terms: { brand_key: unique(q.brands.map(brandKeyOf)) } });
  for (const ids of refs.includeChemicals) {
    filter.push(ids.length === 0 ? MATCH_NONE : { terms: { chemical_ids: unique(ids) } });
  }
  if (refs.excludeChemicals.length > 0)
    mustNot.push({ terms: { chemical_ids: unique(refs.excludeChemicals) } });
  for (const key of refs.includeNotes) filter.push({ term: { note_keys: key } });
  if (refs.excludeNotes.length > 0) mustNot.push({ terms: { note_keys: unique(refs.excludeNotes) } });

  const words = q.text === undefined ? [] : queryWords(q.text);
  const hasText = words.length > 0 || (q.text !== undefined && isCasNumber(q.text));
  const must: EsQuery[] = [];
  if (hasText) {
    must.push(textMatch(words, refs.casChemicalIds));
    should.push(...textBoosts(words));
  }
  const bool: EsQuery = {};
  if (must.length > 0) bool.must = must;
  if (filter.length > 0) bool.filter = filter;
  if (mustNot.length > 0) bool.must_not = mustNot;
  if (should.length > 0) bool.should = should;
  const query: EsQuery = Object.keys(bool).length === 0 ? { match_all: {} } : { bool };
  return {
    query: hasText ? popular(query) : query,
    sort: hasText ? [{ _score: 'desc' }, { seq: 'asc' }] : [{ seq: 'asc' }],
    from: q.skip,
    size: q.limit,
    track_total_hits: true,
    _source: ['document'],
  };
}

/** Every query word in the name or brand (typos allowed by length, the last word as a prefix), or a named chemical. */
function textMatch(words: readonly string[], chemicalIds: string[]): EsQuery {
  const options: EsQuery[] = [];
  if (words.length > 0) {
    options.push({
      bool: {
        must: words.map((word, i) => ({
          multi_match: {
            query: word,
            fields: ['name_text^2', 'brand_text'],
            fuzziness: FUZZINESS,
            prefix_length: 1,
            ...(i === words.length - 1 ? { type: 'bool_prefix' } : {}),
          },
        })),
      },
    });
  }
  if (chemicalIds.length > 0)
    options.push({ constant_score: { filter: { terms: { chemical_ids: unique(chemicalIds) } }, boost: 0 } });
  if (options.length === 0) return MATCH_NONE;
  return { bool: { should: options, minimum_should_match: 1 } };
}

function textBoosts(words: readonly string[]): EsQuery[] {
  if (words.length === 0) return [];
  const phrase = words.join(' ');
  return [
    { constant_score: { filter: { term: { name_key: phrase } }, boost: TEXT_BOOSTS.exactName } },
    { match_phrase: { name_text: { query: phrase, boost: TEXT_BOOSTS.phrase } } },
  ];
}

/** Popular perfumes (listed by more source catalogues) score higher. */
function popular(query: EsQuery): EsQuery {
  return {
    function_score: {
      query,
      field_value_factor: { field: 'sources', modifier: 'log1p', missing: 0 },
      boost_mode: 'sum',
    },
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
