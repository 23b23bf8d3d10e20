/**
 * Records the catalogue read side keeps and answers with. Inputs are the domain's own types
 * (`CataloguePerfume`, `Chemical`, declared links); outputs are the perfume cards the API answers with.
 */
import type {
  CataloguePerfume,
  Chemical,
  DataCategory,
  DeclaredChemicalLink,
  Knowledge,
  NoteCoverage,
  PerfumeGender,
  PerfumeNotes,
} from '@scentinel/domain';

export type { CataloguePerfume, Chemical, DataCategory, DeclaredChemicalLink, PerfumeNotes };

/**
 * What the read model keeps of one perfume: the catalogued state of its stream (domain
 * `PerfumeState` with status `catalogued`). Cards are derived from it, and projections read it
 * back to apply partial events with the domain's `evolve`.
 */
export interface PerfumeDocument {
  perfume: CataloguePerfume;
  notesAssigned: boolean;
  declared: DeclaredChemicalLink[];
  removedChemicalIds: string[];
}

export type ChemicalLinkSource = 'inferred' | DeclaredChemicalLink['source'];

/** One chemical as shown on a perfume card. */
export interface PerfumeCardChemical {
  chemical_id: string;
  name: string;
  cas_number: string | null;
  allergen_flag: boolean;
  verified: boolean;
  kind: 'declared' | 'inferred';
  source: ChemicalLinkSource;
  from_note: string | null;
  concentration_min: number | null;
  concentration_max: number | null;
}

/**
 * An EU label allergen of a perfume and the evidence for it: `declared` (on its label, or declared
 * by an admin, a contributor or a scan), or `likely` / `possible` as estimated from what labelled
 * perfumes declare (`probability`), with the notes whose known constituents include it.
 */
export interface PerfumeAllergen {
  chemical_id: string;
  name: string;
  cas_number: string | null;
  basis: 'declared' | 'likely' | 'possible';
  /** For declared ones: who declared it (label, admin, contribution, scan). */
  source: string | null;
  probability: number | null;
  from_notes: string[];
}

/** The declared ingredient list as a card shows it. */
export interface PerfumeLabel {
  source_name: string;
  source_date: string;
  ingredients: string[];
  /**
   * false when the list names no fragrance material (only "Fragrance" beside carriers and
   * additives): it then says nothing of the allergens, which are estimated as for a perfume
   * without a label.
   */
  names_fragrance: boolean;
}

/** A perfume as the read API answers it . */
export interface PerfumeCard {
  id: string;
  name: string;
  brand: string;
  year_released: number | null;
  gender: PerfumeGender | null;
  perfumer: string | null;
  concentration: string | null;
  description: string | null;
  image_url: string | null;
  accords: string[];
  notes: PerfumeNotes;
  /** Declared links (admin, contribution, scan) first, then inferred ones (one entry per chemical). */
  chemicals: PerfumeCardChemical[];
  /** EU label allergens: declared first, then likely, then possible. */
  allergens: PerfumeAllergen[];
  hypoallergenic: boolean;
  /** What is known of the perfume's contents (label list, all notes resolved, partial, none). */
  knowledge: Knowledge;
  /** Specific notes resolved and unknown; null for records without it. */
  coverage: NoteCoverage | null;
  label: PerfumeLabel | null;
  chemical_count: number;
  note_count: number;
  data_category: DataCategory;
  data_completeness: DataCategory;
  field_sources: Record<string, string>;
  sources: string[];
}

export interface RegionRecord {
  code: string;
  name: string;
  description: string | null;
}

/** A note of the taxonomy (`data/notes/notes.json`). */
export interface NoteRecord {
  id: string;
  name: string;
  category: string | null;
  description: string | null;
}
