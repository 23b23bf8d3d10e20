import type { Id, PerfumeFilters } from '../../types/api.ts';

export type FilterKind = 'chemicals' | 'notes';
export type FilterSide = 'include' | 'exclude';

const LISTS = {
  chemicals: { include: 'includeChemicals', exclude: 'excludeChemicals' },
  notes: { include: 'includeNotes', exclude: 'excludeNotes' },
} as const;

const same = (a: Id, b: Id) => String(a) === String(b);

export function filterSide(filters: PerfumeFilters, kind: FilterKind, id: Id): FilterSide | null {
  if (filters[LISTS[kind].include].some((x) => same(x, id))) return 'include';
  if (filters[LISTS[kind].exclude].some((x) => same(x, id))) return 'exclude';
  return null;
}

/**
 * Include and exclude are mutually exclusive. Selecting a side removes the item from the
 * other side; selecting the side it is already on toggles it off.
 */
export function toggleFilter(
  filters: PerfumeFilters,
  kind: FilterKind,
  side: FilterSide,
  id: Id,
): PerfumeFilters {
  const own = LISTS[kind][side];
  const other = LISTS[kind][side === 'include' ? 'exclude' : 'include'];
  const wasOn = filters[own].some((x) => same(x, id));
  return {
    ...filters,
    [own]: wasOn ? filters[own].filter((x) => !same(x, id)) : [...filters[own], id],
    [other]: filters[other].filter((x) => !same(x, id)),
  };
}

export function removeFilter(filters: PerfumeFilters, kind: FilterKind, id: Id): PerfumeFilters {
  return {
    ...filters,
    [LISTS[kind].include]: filters[LISTS[kind].include].filter((x) => !same(x, id)),
    [LISTS[kind].exclude]: filters[LISTS[kind].exclude].filter((x) => !same(x, id)),
  };
}

/** Case-insensitive name substring or CAS substring match. */
export function matchesQuery(item: { name: string; cas_number?: string | null }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return item.name.toLowerCase().includes(q) || (item.cas_number ?? '').toLowerCase().includes(q);
}
