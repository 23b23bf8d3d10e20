/**
 * The merged perfume record and how each of its fields is chosen among the merged rows: the source
 * preference per field (FIELD_PRIORITY), then plain perfumes before concentrations, then row order.
 */
import type { Gender, NoteLists, PerfumeSourceKey, SourcePerfume } from './types.ts';

export interface PerfumeChemicalLink {
  chemical_id: string;
  name: string;
  source: 'inferred';
  from_note: string;
}

export interface MergedPerfume {
  id: string;
  name: string;
  brand: string;
  year_released: number | null;
  gender: Gender | null;
  perfumer: string | null;
  concentration: string | null;
  description: string | null;
  image_url: string | null;
  accords: string[];
  notes: NoteLists;
  chemicals: PerfumeChemicalLink[];
  field_sources: Record<string, PerfumeSourceKey>;
  sources: PerfumeSourceKey[];
  /** Ids that earlier builds gave to records now merged into this one (old links resolve). */
  merged_ids: string[];
}

/** A perfume as the identity passes leave it, before the spelling pass (see joinSpellings). */
export interface Draft {
  key: string;
  rows: SourcePerfume[];
  base: string;
  perfume: MergedPerfume;
}

export type Field =
  | 'name'
  | 'brand'
  | 'year_released'
  | 'gender'
  | 'perfumer'
  | 'concentration'
  | 'description'
  | 'image_url'
  | 'accords'
  | 'notes';

/** Source preference per field, best first. Sources not listed never give that field. */
export const FIELD_PRIORITY: Record<Field, readonly PerfumeSourceKey[]> = {
  // Names and brands: sources that keep the original punctuation and accents come first;
  // smellthings:fragrantica (names rebuilt from URL slugs: `Victoria S Secret`), perfume_database
  // (non-ASCII letters lost) and fra_cleaned (slugs) come last.
  name: [
    'all_brands_clean',
    'fragrantica_new',
    'parfumo_data_clean',
    'smellthings:parfumo',
    'perfume_data_final',
    '2011-2021_converted',
    'final_perfume_data',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'smellthings:fragrantica',
    'perfume_database',
    'fra_cleaned',
  ],
  brand: [
    'all_brands_clean',
    'fragrantica_new',
    'parfumo_data_clean',
    'smellthings:parfumo',
    'perfume_data_final',
    '2011-2021_converted',
    'final_perfume_data',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'smellthings:fragrantica',
    'perfume_database',
    'fra_cleaned',
  ],
  year_released: ['perfume_database', 'fragrantica_new', 'parfumo_data_clean'],
  gender: ['all_brands_clean', 'fragrantica_new', '2011-2021_converted', 'perfume_data_final'],
  perfumer: ['parfumo_data_clean'],
  concentration: [
    'parfumo_data_clean',
    'smellthings:parfumo',
    'smellthings:fragrantica',
    'fragrantica_new',
    'all_brands_clean',
    'perfume_database',
    'perfume_data_final',
    '2011-2021_converted',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'final_perfume_data',
    'fra_cleaned',
  ],
  description: ['final_perfume_data'],
  image_url: [
    'perfume_database',
    'smellthings:fragrantica',
    'fragrantica_new',
    'all_brands_clean',
    'final_perfume_data',
  ],
  accords: ['perfume_database', '2011-2021_converted', 'perfume_data_final', 'parfumo_data_clean'],
  // Notes: first the best shape (see notesQuality), then this order.
  notes: [
    'smellthings:fragrantica',
    'fragrantica_new',
    'perfume_database',
    '2011-2021_converted',
    'perfume_data_final',
    'parfumo_data_clean',
    'smellthings:parfumo',
    'luckyscent_notes',
    'smellthings:luckyscent',
    'final_perfume_data',
    'fra_cleaned',
  ],
};

/**
 * 3 = a real pyramid (at least two of top/middle/base), 2 = a single pyramid level,
 * 1 = a flat list, 0 = no notes.
 */
export function notesQuality(notes: NoteLists): number {
  const levels = [notes.top, notes.middle, notes.base].filter((l) => l.length > 0).length;
  if (levels >= 2) return 3;
  if (levels === 1) return 2;
  return notes.unspecified.length > 0 ? 1 : 0;
}

export function byRow(a: SourcePerfume, b: SourcePerfume): number {
  return a.row - b.row;
}

/** Rows without a concentration (the plain perfume) first, then source row order. */
function plainFirst(a: SourcePerfume, b: SourcePerfume): number {
  return Number(a.concentration !== null) - Number(b.concentration !== null) || byRow(a, b);
}

export function pick<T>(
  rows: readonly SourcePerfume[],
  field: Field,
  value: (row: SourcePerfume) => T | null,
  order: (a: SourcePerfume, b: SourcePerfume) => number = plainFirst,
): { value: T; source: PerfumeSourceKey } | null {
  for (const source of FIELD_PRIORITY[field]) {
    const candidates = rows.filter((r) => r.source === source && value(r) !== null).sort(order);
    const first = candidates[0];
    if (first) return { value: value(first)!, source };
  }
  return null;
}
