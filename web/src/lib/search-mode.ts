export const CAS_PATTERN = /^\d{1,7}-\d{2}-\d$/;

export type SearchStatus = 'prohibited' | 'restricted' | 'allergen' | 'prop65';

export type SearchMode =
  | { kind: 'empty' }
  | { kind: 'status'; status: SearchStatus }
  | { kind: 'cas'; cas: string }
  | { kind: 'text'; query: string };

const REGULATORY_KEYWORDS: Record<string, SearchStatus> = {
  prohibited: 'prohibited',
  banned: 'prohibited',
  prohibted: 'prohibited',
  prohibitted: 'prohibited',
  prohibeted: 'prohibited',
  restricted: 'restricted',
  allergen: 'allergen',
  allergens: 'allergen',
  prop65: 'prop65',
  'prop 65': 'prop65',
  'california prop 65': 'prop65',
  'california prop65': 'prop65',
  'proposition 65': 'prop65',
};

/** A regulatory keyword lists chemicals by status, a CAS number opens the CAS modal, else text search. */
export function classifySearch(input: string): SearchMode {
  const query = input.trim();
  if (!query) return { kind: 'empty' };
  const status = REGULATORY_KEYWORDS[query.toLowerCase().replace(/\s+/g, ' ')];
  if (status) return { kind: 'status', status };
  if (CAS_PATTERN.test(query)) return { kind: 'cas', cas: query };
  return { kind: 'text', query };
}
