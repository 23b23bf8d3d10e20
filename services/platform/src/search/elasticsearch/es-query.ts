/**
 * `CatalogueQuery` → Elasticsearch search body, as pure functions. References (chemical names and
 * CAS numbers, note ids) are resolved by the caller with the same functions the in-process index
 * uses, so the translation only deals with ids and keys.
 *
 * Text ranking: the match itself is a filter (every token prefixes a name or brand token, or the
 * perfume links a chemical with the queried CAS number); the tiers are constant-score `should`
 * clauses whose boosts (8, 4, 2, 1) sum to a strictly decreasing score per tier because the tiers
 * are nested (exact name ⊂ name prefix ⊂ tokens in name ⊂ tokens in name or brand). Ties sort by
 * catalogue order (`seq`).
 */
import { brandKeyOf, effectiveCategory, type PreparedText, prepareText } from '../catalogue-query.ts';
import type { CatalogueQuery } from '../search-index.port.ts';

export type EsQuery = Record<string, unknown>;

export interface ResolvedRefs {
  /** Chemical ids per include reference (an empty list matches nothing). */
  includeChemicals: string[][];
  excludeChemicals: string[];
  includeNotes: string[];
  excludeNotes: string[];
  /** Ids of chemicals with the queried CAS number (when the text is one). */
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

export const TIER_BOOSTS = { exact: 8, prefix: 4, name: 2, nameOrBrand: 1 } as const;

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

  const text = prepareText(q.text);
  if (text !== null) {
    filter.push(textMatch(text, refs.casChemicalIds));
    should.push(...textTiers(text));
  }

  const bool: EsQuery = {};
  if (filter.length > 0) bool.filter = filter;
  if (mustNot.length > 0) bool.must_not = mustNot;
  if (should.length > 0) bool.should = should;
  return {
    query: Object.keys(bool).length === 0 ? { match_all: {} } : { bool },
    sort: text === null ? [{ seq: 'asc' }] : [{ _score: 'desc' }, { seq: 'asc' }],
    from: q.skip,
    size: q.limit,
    track_total_hits: true,
    _source: ['document'],
  };
}

/** Every token prefixes a name token. */
function tokensIn(fields: readonly string[], tokens: readonly string[]): EsQuery {
  return {
    bool: {
      filter: tokens.map((t) =>
        fields.length === 1
          ? { prefix: { [fields[0]!]: t } }
          : { bool: { should: fields.map((f) => ({ prefix: { [f]: t } })), minimum_should_match: 1 } },
      ),
    },
  };
}

function textMatch(text: PreparedText, casChemicalIds: string[]): EsQuery {
  const options: EsQuery[] = [];
  if (text.tokens.length > 0) options.push(tokensIn(['name_tokens', 'brand_tokens'], text.tokens));
  if (text.cas !== null && casChemicalIds.length > 0)
    options.push({ terms: { chemical_ids: unique(casChemicalIds) } });
  if (options.length === 0) return MATCH_NONE;
  return { bool: { should: options, minimum_should_match: 1 } };
}

function textTiers(text: PreparedText): EsQuery[] {
  if (text.tokens.length === 0) return [];
  const scored = (filter: EsQuery, boost: number): EsQuery => ({ constant_score: { filter, boost } });
  return [
    scored({ term: { name_key: text.normalized } }, TIER_BOOSTS.exact),
    scored({ prefix: { name_key: text.normalized } }, TIER_BOOSTS.prefix),
    scored(tokensIn(['name_tokens'], text.tokens), TIER_BOOSTS.name),
    scored(tokensIn(['name_tokens', 'brand_tokens'], text.tokens), TIER_BOOSTS.nameOrBrand),
  ];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
