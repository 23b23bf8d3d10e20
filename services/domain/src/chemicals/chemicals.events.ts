/**
 * Chemicals: events, state and evolve. Stream: `chemical:<chemical id>`.
 * The record follows the shape of `data/chemicals/chemicals.json`.
 */
import type { DomainEventOf } from '../shared/event.ts';
import type { FormerListingChange } from './regulatory-shapes.ts';

export const chemicalTypes = ['natural', 'synthetic', 'essential_oil', 'aromatic_compound'] as const;
export type ChemicalType = (typeof chemicalTypes)[number];

export const regulatoryStatuses = ['prohibited', 'restricted'] as const;
export type RegulatoryStatus = (typeof regulatoryStatuses)[number];

export const regionalRegulationStatuses = [
  'prohibited',
  'restricted',
  'allergen',
  'prop65_listed',
  'other',
] as const;
export type RegionalRegulationStatus = (typeof regionalRegulationStatuses)[number];

export interface RegionalRegulation {
  /** `EU`, `US`, `Asia`, … */
  region: string;
  status: RegionalRegulationStatus;
  regulation: string | null;
  details: string | null;
  source: string | null;
  source_date: string | null;
  /** The source as the product shows it (document name and date), never a file path. */
  source_name?: string | null;
  /** False for a former listing (delisted, moved to another annex, endpoint removed). */
  current?: boolean;
  /** The date a former listing stopped applying. */
  until?: string | null;
  /** For a former listing: what ended it (`kind` and its facts), so it can be worded in any language. */
  change?: FormerListingChange | null;
}

/** How far an EU Annex II prohibition reaches (the data build's rule, see data/SOURCES.md). */
export const euProhibitionScopes = ['substance', 'natural_constituent_exempt', 'plant_part'] as const;
export type EuProhibitionScope = (typeof euProhibitionScopes)[number];

export interface EuProhibition {
  /** Annex II reference number. */
  entry: string;
  scope: EuProhibitionScope;
  /** The law's own exception wording. */
  exception: string | null;
  /** For `plant_part`: the banned part or preparation. */
  part: string | null;
  applies_when?: string | null;
  applies_from?: string | null;
  applies_to_all_from?: string | null;
  regulation: string;
  source: string;
  source_name: string;
  source_date: string | null;
}

export interface EuAllergen {
  /** `classic_26` (labelled since 2005) or `eu_2023_1545` (new products from 31 Jul 2026, all from 31 Jul 2028). */
  list: 'classic_26' | 'eu_2023_1545';
  entry: string | null;
  /**
   * False for a substance the entry covers by its chemical name without listing its CAS number (an
   * isomer: d-linalool under Linalool, beta-damascone under Rose Ketones).
   */
  listed?: boolean;
  applies_from: string;
  applies_to_all_from: string | null;
  regulation: string;
  source: string;
  source_name: string;
  source_date: string | null;
}

export interface RegionalSummary {
  total_regions: number;
  prohibited_in: string[];
  restricted_in: string[];
  prop65_listed: boolean;
  allergen_regions: string[];
}

/** SCCS opinion data. Enumerated texts are kept as strings: other values may come. */
export interface SccsData {
  /** BANNED, EXTREME_RISK, HIGH_RISK, MODERATE_RISK or LOW_RISK. */
  risk_level: string | null;
  sccs_recommendation: string | null;
  /** banned_substance, established_allergen or other. */
  classification: string | null;
  /** extreme, strong, moderate or other. */
  sensitization_potency: string | null;
  ec3_value: number | null;
  safe_concentration_ppm: number | null;
  patch_test_prevalence: number | null;
  clinical_relevance: number | null;
  population_stats: {
    eczema_patient_sensitization: number | null;
    general_population_allergy: number | null;
  } | null;
  cross_reactivity: string[];
  [extra: string]: unknown;
}

export interface SourceRef {
  field: string;
  source: string;
  source_date: string | null;
  source_name?: string | null;
}

export interface SafetyInformation {
  /** The five mirrors below always equal the chemical's own flags (decide keeps them in sync). */
  is_allergen: boolean;
  is_prohibited: boolean;
  is_restricted: boolean;
  regulatory_status: RegulatoryStatus | null;
  restrictions: string | null;
  /** Current listings only. */
  regional_regulations: RegionalRegulation[];
  /** Former listings, each with `current: false` and `until`. */
  regulatory_history?: RegionalRegulation[] | null;
  /** The EU Annex II entry and how far it reaches; null when not in Annex II. */
  eu_prohibition?: EuProhibition | null;
  /** The EU labelling list the chemical is on; null when not on the current list. */
  eu_allergen?: EuAllergen | null;
  regional_summary: RegionalSummary;
  sccs_data: SccsData | null;
  /** IARC group, IFRA standard and Prop 65 listing as the data build writes them (opaque here). */
  iarc: Record<string, unknown> | null;
  ifra: Record<string, unknown> | null;
  prop65: Record<string, unknown> | null;
  sources: SourceRef[];
}

export interface Chemical {
  id: string;
  name: string;
  type: ChemicalType;
  /** Canonical CAS number (check digit verified) or null. */
  cas_number: string | null;
  ec_number: string | null;
  inci_name: string | null;
  synonyms: string[];
  description: string | null;
  allergen_flag: boolean;
  prohibited: boolean;
  restricted: boolean;
  restrictions: string | null;
  regulatory_status: RegulatoryStatus | null;
  verified: boolean;
  odour: string[] | null;
  safety_information: SafetyInformation;
}

/** Fields an edit may change (everything but the id). */
export const chemicalEditableFields = [
  'name',
  'type',
  'cas_number',
  'ec_number',
  'inci_name',
  'synonyms',
  'description',
  'allergen_flag',
  'prohibited',
  'restricted',
  'restrictions',
  'regulatory_status',
  'verified',
  'odour',
  'safety_information',
] as const satisfies readonly (keyof Chemical)[];
export type ChemicalEditableField = (typeof chemicalEditableFields)[number];
export type ChemicalChanges = Partial<Pick<Chemical, ChemicalEditableField>>;

export type ChemicalSource = 'catalogue_import' | 'admin' | 'contribution';

export type ChemicalAdded = DomainEventOf<
  'ChemicalAdded',
  {
    chemical: Chemical;
    /** `contribution` when an approved contribution named a chemical the catalogue lacked. */
    source: ChemicalSource;
    contribution_id: string | null;
  }
>;

export type ChemicalEdited = DomainEventOf<
  'ChemicalEdited',
  {
    chemical_id: string;
    /** Only the fields whose value changed, with their new values. */
    changes: ChemicalChanges;
    source: 'admin' | 'catalogue_import';
  }
>;

export type ChemicalDeleted = DomainEventOf<
  'ChemicalDeleted',
  { chemical_id: string; name: string; cas_number: string | null }
>;

export type ChemicalEvent = ChemicalAdded | ChemicalEdited | ChemicalDeleted;

export const chemicalEventTypes = [
  'ChemicalAdded',
  'ChemicalEdited',
  'ChemicalDeleted',
] as const satisfies readonly ChemicalEvent['type'][];

export type ChemicalState =
  | { status: 'absent' }
  | {
      status: 'active' | 'deleted';
      chemical: Chemical;
      /**
       * Fields an admin has edited. A catalogue re-import leaves them alone (the admin's word wins),
       * except `safety_information`, which is re-imported with its flag mirrors re-synced.
       */
      adminEditedFields: ChemicalEditableField[];
    };

export const initialState: ChemicalState = { status: 'absent' };

export function evolve(state: ChemicalState, event: ChemicalEvent): ChemicalState {
  switch (event.type) {
    case 'ChemicalAdded':
      return { status: 'active', chemical: event.data.chemical, adminEditedFields: [] };
    case 'ChemicalEdited': {
      if (state.status === 'absent') return state;
      const edited = Object.keys(event.data.changes) as ChemicalEditableField[];
      return {
        status: state.status,
        chemical: { ...state.chemical, ...event.data.changes },
        adminEditedFields:
          event.data.source === 'admin'
            ? [...new Set([...state.adminEditedFields, ...edited.filter((f) => f !== 'safety_information')])]
            : state.adminEditedFields,
      };
    }
    case 'ChemicalDeleted':
      if (state.status === 'absent') return state;
      return { ...state, status: 'deleted' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
