// Entity shapes the client reads from the API. Ids may be numbers or strings.

import type { NaturalOccurrence } from '../../../services/domain/src/chemicals/regulatory-shapes.ts';

export type Id = string | number;

export type RegionalRegulation = {
  region?: string;
  status?: string;
  regulation?: string | null;
  details?: string | null;
  source?: string | null;
  source_date?: string | null;
};

/** Where one field of a chemical's data comes from (data/SOURCES.md). */
export type SourceRef = {
  field: string;
  source: string;
  source_date?: string | null;
};

export type SccsData = {
  risk_level?: string | null;
  sccs_recommendation?: string | null;
  classification?: string | null;
  sensitization_potency?: string | null;
  ec3_value?: number | null;
  safe_concentration_ppm?: number | null;
  patch_test_prevalence?: number | null;
  clinical_relevance?: number | null;
  population_stats?: {
    eczema_patient_sensitization?: number | null;
    general_population_allergy?: number | null;
  } | null;
  cross_reactivity?: string[] | null;
  /** The opinion's own category, in its words ("Established contact allergens in humans"). */
  sccs_category?: string | null;
  /** The opinion the assessment comes from (`SCCS/1459/11`). */
  opinion?: string | null;
  source_name?: string | null;
  source_date?: string | null;
};

export type SafetyInformation = {
  is_allergen?: boolean;
  is_prohibited?: boolean;
  is_restricted?: boolean;
  regulatory_status?: string | null;
  restrictions?: string | null;
  regional_regulations?: RegionalRegulation[] | null;
  regional_summary?: {
    total_regions?: number;
    prohibited_in?: string[];
    restricted_in?: string[];
    prop65_listed?: boolean;
    allergen_regions?: string[];
  } | null;
  sccs_data?: SccsData | null;
  sources?: SourceRef[] | null;
  /** On a natural material: the molecules it is made of. */
  constituents?: NaturalOccurrence[] | null;
  /** On a molecule: the natural materials it occurs in. */
  occurs_in?: NaturalOccurrence[] | null;
};

export type Chemical = {
  id: Id;
  name: string;
  type?: string | null;
  cas_number?: string | null;
  ec_number?: string | null;
  inci_name?: string | null;
  /** Other names of the chemical (labels, suppliers, the law's lists). */
  synonyms?: string[] | null;
  /** Odour descriptors from the odour glossary (`floral`, `jasmin`). */
  odour?: string[] | null;
  description?: string | null;
  allergen_flag?: boolean;
  prohibited?: boolean;
  restricted?: boolean;
  restrictions?: string | null;
  regulatory_status?: string | null;
  verified?: boolean;
  safety_information?: SafetyInformation | null;
  concentration_min?: number | null;
  concentration_max?: number | null;
  usage_statistics?: { total_perfumes?: number; sample_perfumes?: unknown[] } | null;
  regulatory_summary?: { prohibited_in?: string[]; restricted_in?: string[]; prop65_listed?: boolean } | null;
};

export type Note = {
  id: Id;
  name: string;
  category?: string | null;
  description?: string | null;
};

export type Region = {
  code: string;
  name: string;
  description?: string | null;
  chemical_count?: number;
};

export type ChemicalLookup = {
  found: boolean;
  chemical?: Chemical | null;
  search_cas?: string | null;
  error?: string | null;
};

/** Include/exclude filters of the Advanced Filters dialog (ids of chemicals and notes). */
export type PerfumeFilters = {
  includeChemicals: Id[];
  excludeChemicals: Id[];
  includeNotes: Id[];
  excludeNotes: Id[];
  allergenFree: boolean;
};

export const EMPTY_FILTERS: PerfumeFilters = {
  includeChemicals: [],
  excludeChemicals: [],
  includeNotes: [],
  excludeNotes: [],
  allergenFree: false,
};

export function activeFilterCount(filters: PerfumeFilters): number {
  return (
    filters.includeChemicals.length +
    filters.excludeChemicals.length +
    filters.includeNotes.length +
    filters.excludeNotes.length +
    (filters.allergenFree ? 1 : 0)
  );
}

export type DataCategory = '' | 'complete' | 'unspecific' | 'hypoallergenic';

/** One chemical of the user's personal allergen profile ("My allergens"). */
export type AllergenProfileItem = { id: Id; name: string };
