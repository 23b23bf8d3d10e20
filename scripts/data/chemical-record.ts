/** The chemical record of data/chemicals/chemicals.json and its regulatory parts. */

import type {
  FormerListingChange,
  NaturalOccurrence,
  SafeHarborLevel,
} from '../../services/domain/src/chemicals/regulatory-shapes.ts';
import type { ChemicalType } from './chemical-type.ts';
import type { AnnexIIScope } from './sources/eu-annexes.ts';
import type { RejectedCas } from './sources/identifiers.ts';

export type RegionCode = 'EU' | 'US' | 'Asia';

export interface SourceStamp {
  /** The source file (under shared/data), for provenance. */
  source: string;
  /** What the product shows: the document's name and date. */
  source_name: string;
  source_date: string | null;
}

export interface RegionalRegulation extends SourceStamp {
  region: RegionCode;
  status: 'prohibited' | 'restricted' | 'allergen' | 'prop65_listed' | 'other';
  regulation: string;
  details: string | null;
  /** False for a listing that no longer applies (kept in `regulatory_history`). */
  current: boolean;
  /** The date a former listing stopped applying; null for current rows or when unknown. */
  until: string | null;
  /** For a former listing: what ended it, as data, so the product can word it in any language. */
  change?: FormerListingChange;
}

/** How far an EU Annex II prohibition reaches; see `AnnexIIScope`. */
export interface EuProhibition extends SourceStamp {
  /** Annex II reference number. */
  entry: string;
  scope: AnnexIIScope;
  /** The law's own exception wording, or null. */
  exception: string | null;
  /** For `plant_part`: the banned part or preparation as the entry names it. */
  part: string | null;
  /** The use the ban is limited to ("when used as a fragrance ingredient"), or null. */
  applies_when: string | null;
  /** When the amending regulation's ban applied to new products / to every product (null: not recorded). */
  applies_from: string | null;
  applies_to_all_from: string | null;
  regulation: string;
}

/** The EU fragrance-allergen labelling obligation (Annex III). */
export interface EuAllergen extends SourceStamp {
  /** `classic_26`: labelled since 11 March 2005; `eu_2023_1545`: added by Regulation (EU) 2023/1545. */
  list: 'classic_26' | 'eu_2023_1545';
  /** Annex III reference number. */
  entry: string | null;
  /**
   * True when the entry lists this CAS number; false for a substance it covers by its chemical name
   * only (d-linalool under Linalool, beta-damascone under Rose Ketones).
   */
  listed: boolean;
  /** Products placed on the market from this date must name it. */
  applies_from: string;
  /** Every product made available from this date must name it (null: the same date). */
  applies_to_all_from: string | null;
  regulation: string;
}

export interface Prop65Endpoint {
  toxicity: string;
  date_listed: string | null;
  date_removed: string;
}

export type RiskLevel = 'BANNED' | 'EXTREME_RISK' | 'HIGH_RISK' | 'MODERATE_RISK' | 'LOW_RISK';
export type Potency = 'extreme' | 'strong' | 'moderate' | 'other';

export interface SccsData {
  risk_level: RiskLevel;
  sccs_recommendation: string | null;
  classification: 'banned_substance' | 'established_allergen' | 'other';
  sensitization_potency: Potency | null;
  ec3_value: number | null;
  safe_concentration_ppm: number | null;
  patch_test_prevalence: number | null;
  clinical_relevance: string | null;
  population_stats: {
    eczema_patient_sensitization: number | null;
    general_population_allergy: number | null;
  };
  cross_reactivity: string[];
  sccs_category: string;
  human_evidence: string | null;
  ec3_note: string | null;
  structure_alert: string | null;
  opinion: 'SCCS/1459/11';
  source: string;
  source_name: string;
  source_date: string | null;
}

export interface Chemical {
  id: string;
  name: string;
  type: ChemicalType;
  cas_number: string | null;
  ec_number: string | null;
  inci_name: string | null;
  synonyms: string[];
  description: string | null;
  allergen_flag: boolean;
  prohibited: boolean;
  restricted: boolean;
  restrictions: string | null;
  regulatory_status: 'prohibited' | 'restricted' | null;
  verified: boolean;
  odour: string[] | null;
  safety_information: {
    is_allergen: boolean;
    is_prohibited: boolean;
    is_restricted: boolean;
    regulatory_status: 'prohibited' | 'restricted' | null;
    restrictions: string | null;
    /** Current listings only. */
    regional_regulations: RegionalRegulation[];
    /** Former listings (delisted, moved to another annex, removed endpoints): `current: false`, dated. */
    regulatory_history: RegionalRegulation[];
    eu_prohibition: EuProhibition | null;
    eu_allergen: EuAllergen | null;
    regional_summary: {
      total_regions: number;
      prohibited_in: RegionCode[];
      restricted_in: RegionCode[];
      prop65_listed: boolean;
      allergen_regions: RegionCode[];
    };
    sccs_data: SccsData | null;
    iarc:
      | ({
          group: string;
          agent: string;
          volume: string | null;
          volume_year: string | null;
          evaluation_year: string | null;
        } & SourceStamp)
      | null;
    ifra: {
      standard_type: string;
      standard_name: string;
      amendment: string | null;
      publication_date: string | null;
      intrinsic_property: string | null;
      implementation_new_creations: string | null;
      implementation_existing_creations: string | null;
      limits: Record<string, number | string>;
      /** The standard's notes (scope, exemptions, limits given in words), as printed. */
      notes: string[];
      source: string;
      source_name: string;
      source_date: string | null;
    } | null;
    prop65:
      | ({
          /** `delisted`: every listing of the chemical was removed; it is no longer on the list. */
          status: 'listed' | 'delisted';
          /** Current toxicity types (removed endpoints are in `removed_endpoints`). */
          toxicity_types: string[];
          /** Earliest listing date of the current listings (of every listing when delisted). */
          date_listed: string | null;
          /** The current listings, each with its own date (an endpoint may be added years later). */
          listings: Array<{ toxicity_types: string[]; date_listed: string | null }>;
          /** What the listing covers when its name limits it (`ingested`); null for the whole chemical. */
          scope: string | null;
          date_delisted: string | null;
          /** Current safe harbor levels (NSRL for cancer, MADL for reproductive toxicity), per listing. */
          safe_harbor_levels: Array<SafeHarborLevel & { toxicity_types: string[] }>;
          removed_endpoints: Prop65Endpoint[];
        } & SourceStamp)
      | null;
    sources: Array<{ field: string } & SourceStamp>;
    /** On a natural material: the molecules it is made of (`naturalOccurrence`). */
    constituents?: NaturalOccurrence[];
    /** On a molecule: the natural materials it occurs in. */
    occurs_in?: NaturalOccurrence[];
  };
}

export interface ChemicalBuildResult {
  chemicals: Chemical[];
  rejectedCas: RejectedCas[];
  /**
   * CosIng INCI names not given to the substance of their CAS number because they describe another
   * part or form of the plant (`attachCosingNames`): how many, on how many substances.
   */
  otherMaterials: { names: number; substances: number };
  /** Why chemicals are in scope: count per reason (a chemical can have several). */
  scope: Record<string, number>;
}
