import { expandProfileIds } from '../lib/allergen-profile-ids.ts';
import type { Id, PerfumeFilters } from '../types/api.ts';

/** While "Safe for me" is on, the user's allergens are excluded server-side (and never required). */
export function withProfileExcluded(filters: PerfumeFilters, profileIds: Id[]): PerfumeFilters {
  // Patch-test entries (fragrance mixes, naturals) stand for their constituents.
  const ids = expandProfileIds(profileIds);
  if (ids.length === 0) return filters;
  const keys = new Set(ids.map(String));
  return {
    ...filters,
    includeChemicals: filters.includeChemicals.filter((id) => !keys.has(String(id))),
    excludeChemicals: [...filters.excludeChemicals.filter((id) => !keys.has(String(id))), ...ids],
  };
}
