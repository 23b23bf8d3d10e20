/** Shapes shared by the data build modules (scripts/data). */

export type Gender = 'masculine' | 'feminine' | 'unisex';

/** A note list by pyramid position; `unspecified` holds flat lists. */
export interface NoteLists {
  top: string[];
  middle: string[];
  base: string[];
  unspecified: string[];
}

/** Keys naming each perfume source in `field_sources` / `sources` (see data/SOURCES.md). */
export type PerfumeSourceKey =
  | 'perfume_database'
  | 'fra_cleaned'
  | 'all_brands_clean'
  | 'final_perfume_data'
  | '2011-2021_converted'
  | 'perfume_data_final'
  | 'parfumo_data_clean'
  | 'smellthings:fragrantica'
  | 'smellthings:parfumo'
  | 'smellthings:luckyscent'
  | 'fragrantica_new'
  | 'luckyscent_notes';

/** One perfume row of one source, already cleaned (concentration split off the name). */
export interface SourcePerfume {
  source: PerfumeSourceKey;
  /** Row number in the source (0-based), used to break ties deterministically. */
  row: number;
  brand: string;
  /** Other spellings of the brand given by the source (Parfumo's `A / B` brands). */
  brandAlternatives: string[];
  name: string;
  concentration: string | null;
  year: number | null;
  gender: Gender | null;
  perfumer: string | null;
  description: string | null;
  imageUrl: string | null;
  accords: string[];
  notes: NoteLists;
}

export function emptyNotes(): NoteLists {
  return { top: [], middle: [], base: [], unspecified: [] };
}

export function sourcePerfume(
  source: PerfumeSourceKey,
  row: number,
  fields: Partial<Omit<SourcePerfume, 'source' | 'row'>> & { brand: string; name: string },
): SourcePerfume {
  return {
    source,
    row,
    brandAlternatives: [],
    concentration: null,
    year: null,
    gender: null,
    perfumer: null,
    description: null,
    imageUrl: null,
    accords: [],
    notes: emptyNotes(),
    ...fields,
  };
}
