/**
 * The catalogue search index port: one query type for every perfume
 * list the API answers, and the writes the catalogue projection makes. Adapters: in-process
 * (`in-process-search-index.adapter.ts`, the embedded default) and Elasticsearch
 * (`elasticsearch/`, scale-out). Both must give the answers `catalogue-oracle.ts` gives.
 */

import type { perfumes } from '@scentinel/domain';
import type { Chemical, NoteRecord, PerfumeCard, PerfumeDocument } from './catalogue.types.ts';
import type { ChemicalReadModel } from './chemical-table.ts';
import { listCard, type PerfumeListCard } from './perfume-card.ts';

export const catalogueCategories = ['all', 'complete', 'unspecific', 'hypoallergenic'] as const;
export type CatalogueCategory = (typeof catalogueCategories)[number];

/**
 * Every perfume search, browse and filter is one of these.
 *
 * - `text`: matches perfumes whose name and brand words hold every query word (exactly, as a
 *   prefix for the last word, or within a typo allowance by word length), case-, accent- and
 *   symbol-insensitive, with brand aliases; and, when the text names a chemical (CAS number or
 *   name), perfumes containing it. Ranked by relevance (`relevance.ts`); ties in catalogue order.
 * - `brands`: any of these brands (exact, case- and accent-insensitive).
 * - `category`: absent = the default view: complete-only unless text, brands, a filter or
 *   `include_unspecific` is active; 'all' = every perfume.
 * - `include_chemicals` (all of them) / `exclude_chemicals` (none of them): chemical id, name or
 *   CAS number. An include that names no known chemical matches nothing.
 * - `include_notes` / `exclude_notes`: note id (notes taxonomy) or note name.
 * - `allergen_free`: hypoallergenic perfumes only (complete, no linked allergen).
 * - Without text, results are in catalogue order (the order perfumes were first catalogued).
 */
export interface CatalogueQuery {
  text?: string;
  brands?: string[];
  category?: CatalogueCategory;
  include_chemicals?: string[];
  exclude_chemicals?: string[];
  include_notes?: string[];
  exclude_notes?: string[];
  allergen_free?: boolean;
  include_unspecific?: boolean;
  limit: number;
  skip: number;
}

export interface CatalogueResult {
  items: PerfumeCard[];
  total: number;
  has_more: boolean;
}

/** A page of `search` with each card in its list form (`listCard`). */
export interface CatalogueListResult {
  items: PerfumeListCard[];
  total: number;
  has_more: boolean;
}

export interface CatalogueStats {
  total_perfumes: number;
  complete: number;
  unspecific: number;
  hypoallergenic: number;
}

export interface BrandCount {
  name: string;
  perfume_count: number;
}

export interface NoteCount extends NoteRecord {
  perfume_count: number;
}

export interface ChemicalUsage {
  total_perfumes: number;
  sample_perfumes: { id: string; name: string; brand: string }[];
}

/** Writes may complete synchronously (in-process) or not (Elasticsearch): await only a promise. */
export type MaybePromise<T> = T | Promise<T>;

export interface SearchIndex {
  /** The chemicals read model the index resolves chemical references against. */
  readonly chemicals: ChemicalReadModel;

  /**
   * Changes whenever a write is applied through this instance, so an answer computed at one
   * generation may be reused while the generation stays the same (the API's answer cache). `null`
   * when answers can change without a write through this instance (a shared external index):
   * then nothing may be reused.
   */
  readonly generation: number | null;

  /** Inserts or replaces a perfume. `position` is the event log position of the write. */
  upsertPerfume(doc: PerfumeDocument, position: number): MaybePromise<void>;
  /**
   * `upsertPerfume` of a perfume just catalogued (no declared or removed links, notes as imported),
   * taken as a version 2 `PerfumeCatalogued` stores it, links and estimates grouped, for adapters
   * that can index that without making link objects (optional: the projection folds the event
   * with the domain's `evolve` and calls `upsertPerfume` otherwise).
   */
  upsertCatalogued?(perfume: perfumes.CompactCataloguePerfume, position: number): MaybePromise<void>;
  removePerfume(id: string): MaybePromise<void>;
  /** The stored document (to apply partial events with the domain's `evolve`), or null. */
  getPerfume(id: string): MaybePromise<PerfumeDocument | null>;
  /**
   * The id of the record a perfume id names: itself when the index holds it, else the record that
   * lists it among its `merged_ids` (a retired spelling duplicate), else null.
   */
  resolvePerfumeId(id: string): MaybePromise<string | null>;

  /** Inserts or replaces a chemical; perfumes linking it get their category and allergens recomputed. */
  upsertChemical(chemical: Chemical): MaybePromise<void>;
  removeChemical(id: string): MaybePromise<void>;

  search(query: CatalogueQuery): Promise<CatalogueResult>;
  /**
   * `search` with each card as `listCard(card, flag, first)` makes it, for adapters that can make
   * or keep list cards without the full card (optional: `searchListPage` falls back to `search`).
   */
  searchList?(
    query: CatalogueQuery,
    flag?: ReadonlySet<string>,
    first?: ReadonlySet<string>,
  ): Promise<CatalogueListResult>;
  stats(): Promise<CatalogueStats>;
  /** Brands with their perfume counts, by name. */
  brands(): Promise<BrandCount[]>;
  /** The notes taxonomy plus every note used in the catalogue, with perfume counts. */
  notes(): Promise<NoteCount[]>;
  /** How many perfumes link a chemical, and a few of them. */
  chemicalUsage(chemicalId: string, sampleSize: number): Promise<ChemicalUsage>;
}

/** A page of list cards from any adapter: its own `searchList` when it has one, else `search` + `listCard`. */
export async function searchListPage(
  index: SearchIndex,
  query: CatalogueQuery,
  flag?: ReadonlySet<string>,
  first?: ReadonlySet<string>,
): Promise<CatalogueListResult> {
  if (index.searchList) return index.searchList(query, flag, first);
  const result = await index.search(query);
  return { ...result, items: result.items.map((card) => listCard(card, flag, first)) };
}
