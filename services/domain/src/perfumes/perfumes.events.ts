/**
 * Perfumes: events, state and evolve. Stream: `perfume:<perfume id>`.
 * The catalogue record is the shape of `data/catalogue/perfumes.jsonl.gz`; chemical links are
 * either inferred from notes by the data build or declared (assigned by an admin, an approved
 * contribution or a scan).
 */
import type { DomainEventOf } from '../shared/event.ts';

export const perfumeGenders = ['masculine', 'feminine', 'unisex'] as const;
export type PerfumeGender = (typeof perfumeGenders)[number];

export interface PerfumeNotes {
  top: string[];
  middle: string[];
  base: string[];
  /** Notes a source gave as a flat list, without a pyramid position. */
  unspecified: string[];
}

/** A chemical the data build inferred from a note (via the notes → constituents bridge). */
export interface InferredChemicalLink {
  chemical_id: string;
  name: string;
  source: 'inferred';
  from_note: string;
}

export type DeclaredLinkSource = 'admin' | 'contribution' | 'scan';

/** A chemical someone declared the perfume contains (`label`: its published ingredient list). */
export interface DeclaredChemicalLink {
  chemical_id: string;
  name: string;
  kind: 'declared';
  source: DeclaredLinkSource | 'label';
  concentration_min: number | null;
  concentration_max: number | null;
}

export type PerfumeChemicalLink = InferredChemicalLink | DeclaredChemicalLink;

/**
 * A perfume's ingredient list as declared on its label, from a published retail label dataset. A
 * declared list beats anything inferred: with one, the perfume's chemicals are the label's.
 */
export interface DeclaredLabel {
  /** Source key, human-readable name and date of the dataset. */
  source: string;
  source_name: string;
  source_date: string;
  /** The retailer's product ids the list was read from (a bottle and its travel size). */
  product_ids: string[];
  /** Every entry of the list as printed. */
  ingredients: string[];
  /** The chemicals of our database the entries name. */
  chemicals: Array<{ chemical_id: string; name: string }>;
  /**
   * false when the list names no fragrance material: nothing but "Fragrance" / "Parfum" beside
   * carriers and additives (alcohol, water, UV filters, antioxidants, colours). Such a list does
   * not say which allergens its fragrance holds (a US label need not), so it is no evidence that
   * there are none. Absent in records built before it was recorded: read as true.
   */
  names_fragrance?: boolean;
}

/**
 * What is known of a perfume's notes: each specific note (one that names a material, not a family
 * such as "Floral Notes") is resolved when a cited composition gives its constituents, or unknown.
 */
export interface NoteCoverage {
  specific_notes: number;
  resolved_notes: number;
  unknown_notes: string[];
}

export const likelihoodBases = ['likely', 'possible'] as const;
export type LikelihoodBasis = (typeof likelihoodBases)[number];

/**
 * An EU label allergen a perfume without a declared list probably contains, with the probability
 * a model calibrated on declared lists gives it. Kept small (one per allergen and perfume, on most
 * of the catalogue): the name and the notes it comes from are read from the chemical and the links.
 */
export interface AllergenEstimate {
  chemical_id: string;
  basis: LikelihoodBasis;
  probability: number;
}

/** The catalogue record as the data build writes it. */
export interface CataloguePerfume {
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
  chemicals: InferredChemicalLink[];
  /** Which source gave each field (e.g. `{ "description": "final_perfume_data" }`). */
  field_sources: Record<string, string>;
  sources: string[];
  /** The declared ingredient list, when a label dataset has the perfume. */
  label?: DeclaredLabel | null;
  /** What is known of the notes (absent in records built before coverage was recorded). */
  coverage?: NoteCoverage | null;
  /** Likely and possible EU label allergens, for perfumes without a declared list. */
  allergen_estimates?: AllergenEstimate[];
  /** Ids of records that turned out to be this perfume and were merged into it. */
  merged_ids?: string[];
}

export const catalogueFields = [
  'name',
  'brand',
  'year_released',
  'gender',
  'perfumer',
  'concentration',
  'description',
  'image_url',
  'accords',
  'notes',
  'chemicals',
  'field_sources',
  'sources',
  'label',
  'coverage',
  'allergen_estimates',
  'merged_ids',
] as const satisfies readonly (keyof CataloguePerfume)[];
export type CatalogueField = (typeof catalogueFields)[number];
export type CatalogueChanges = Partial<Pick<CataloguePerfume, CatalogueField>>;

export const assignmentTypes = ['add', 'remove', 'replace'] as const;
export type AssignmentType = (typeof assignmentTypes)[number];

/**
 * Inferred links that come from one note, as a stored `PerfumeCatalogued` carries them: the note,
 * then the id and name of each linked chemical (`[note, id₁, name₁, id₂, name₂, …]`).
 */
export type InferredLinkGroup = [from_note: string, ...idsAndNames: string[]];

/**
 * Allergen estimates of one basis as a stored `PerfumeCatalogued` carries them: the basis, then the
 * chemical id and probability of each (`['likely', id₁, p₁, id₂, p₂, …]`).
 */
export type AllergenEstimateGroup = [basis: LikelihoodBasis, ...idsAndProbabilities: (string | number)[]];

/**
 * The catalogue record as a `PerfumeCatalogued` of schema version 2 stores it. The inferred links
 * (three quarters of a version 1 payload, each repeating `chemical_id`, `name`, `source` and
 * `from_note`) are grouped by note in `inferred`, and the allergen estimates by basis in
 * `estimates`; each run of consecutive entries with the same note (basis) is one group, so they
 * read back in their order. Everything else as in `CataloguePerfume`, fields in the same order.
 */
export interface CompactCataloguePerfume extends Omit<CataloguePerfume, 'chemicals'> {
  inferred: InferredLinkGroup[];
  /**
   * In the place of `allergen_estimates`; absent when the record has none (records built before
   * they were recorded).
   */
  estimates?: AllergenEstimateGroup[];
}

/** Schema version of a `PerfumeCatalogued` whose perfume is a `CompactCataloguePerfume`. */
export const PERFUME_CATALOGUED_SCHEMA_VERSION = 2;

/**
 * A perfume entered the catalogue. Version 1 (logs written before version 2) holds the record with
 * its links as objects; version 2 holds it compact. The two are told apart by their shape
 * (`chemicals` or `inferred`), so a reader that does not look at the schema version reads both.
 */
export type PerfumeCatalogued = DomainEventOf<
  'PerfumeCatalogued',
  { perfume: CataloguePerfume | CompactCataloguePerfume }
>;

export function isCompactCataloguePerfume(
  perfume: CataloguePerfume | CompactCataloguePerfume,
): perfume is CompactCataloguePerfume {
  return (perfume as Partial<CompactCataloguePerfume>).inferred !== undefined;
}

/**
 * Consecutive items with the same key as one group, `[key, a₁, b₁, a₂, b₂, …]` (a new group where
 * the key changes), so the items read back in their order.
 */
function groupPairs<T, K, A, B>(
  items: readonly T[],
  key: (item: T) => K,
  pair: (item: T) => [A, B],
): [K, ...(A | B)[]][] {
  const groups: [K, ...(A | B)[]][] = [];
  let group: [K, ...(A | B)[]] | null = null;
  for (const item of items) {
    const k = key(item);
    if (group === null || group[0] !== k) {
      group = [k];
      groups.push(group);
    }
    group.push(...pair(item));
  }
  return groups;
}

/** The items of groups made by `groupPairs`, in their order. */
function ungroupPairs<K, A, B, T>(
  groups: readonly (readonly [K, ...(A | B)[]])[],
  item: (key: K, a: A, b: B) => T,
): T[] {
  const items: T[] = [];
  for (const group of groups) {
    for (let i = 1; i + 1 < group.length; i += 2)
      items.push(item(group[0], group[i] as A, group[i + 1] as B));
  }
  return items;
}

/** The links grouped as version 2 stores them (a new group where the note changes). */
export function groupInferredLinks(links: readonly InferredChemicalLink[]): InferredLinkGroup[] {
  return groupPairs(
    links,
    (l) => l.from_note,
    (l) => [l.chemical_id, l.name],
  );
}

/** The links of `groups`, in their order, as objects. */
export function inferredLinksOf(groups: readonly InferredLinkGroup[]): InferredChemicalLink[] {
  return ungroupPairs<string, string, string, InferredChemicalLink>(
    groups,
    (from_note, chemical_id, name) => ({
      chemical_id,
      name,
      source: 'inferred',
      from_note,
    }),
  );
}

/** The estimates grouped as version 2 stores them (a new group where the basis changes). */
export function groupAllergenEstimates(estimates: readonly AllergenEstimate[]): AllergenEstimateGroup[] {
  return groupPairs(
    estimates,
    (e) => e.basis,
    (e) => [e.chemical_id, e.probability],
  );
}

/** The estimates of `groups`, in their order, as objects. */
export function allergenEstimatesOf(groups: readonly AllergenEstimateGroup[]): AllergenEstimate[] {
  return ungroupPairs<LikelihoodBasis, string, number, AllergenEstimate>(
    groups as readonly [LikelihoodBasis, ...(string | number)[]][],
    (basis, chemical_id, probability) => ({ chemical_id, basis, probability }),
  );
}

/** The record of a `PerfumeCatalogued` as version 2 stores it (a version 1 record upcast). */
export function compactCataloguePerfume(
  perfume: CataloguePerfume | CompactCataloguePerfume,
): CompactCataloguePerfume {
  if (isCompactCataloguePerfume(perfume)) return perfume;
  const out: Record<string, unknown> = {};
  // Field by field, so the record keeps its order (the lists in the place of what they replace).
  for (const key in perfume) {
    if (key === 'chemicals') out.inferred = groupInferredLinks(perfume.chemicals);
    else if (key === 'allergen_estimates' && plainEstimates(perfume.allergen_estimates))
      out.estimates = groupAllergenEstimates(perfume.allergen_estimates);
    else out[key] = perfume[key as keyof CataloguePerfume];
  }
  return out as unknown as CompactCataloguePerfume;
}

/** Estimates that are exactly what `estimates` keeps (anything else stays as it is). */
function plainEstimates(estimates: unknown): estimates is AllergenEstimate[] {
  return (
    Array.isArray(estimates) &&
    estimates.every(
      (e: Partial<AllergenEstimate>) =>
        Object.keys(e).length === 3 &&
        typeof e.chemical_id === 'string' &&
        typeof e.basis === 'string' &&
        typeof e.probability === 'number',
    )
  );
}

/** The record of a `PerfumeCatalogued` of either version with its links and estimates as objects. */
export function expandCataloguePerfume(
  perfume: CataloguePerfume | CompactCataloguePerfume,
): CataloguePerfume {
  if (!isCompactCataloguePerfume(perfume)) return perfume;
  const out: Record<string, unknown> = {};
  for (const key in perfume) {
    if (key === 'inferred') out.chemicals = inferredLinksOf(perfume.inferred);
    else if (key === 'estimates') out.allergen_estimates = allergenEstimatesOf(perfume.estimates!);
    else out[key] = perfume[key as keyof CompactCataloguePerfume];
  }
  return out as unknown as CataloguePerfume;
}

/**
 * An event as the log stores it: a `PerfumeCatalogued` at version 2 (compact), every other event
 * as it is (version 1).
 */
export function storedPerfumeEvent(event: PerfumeEvent): {
  type: PerfumeEvent['type'];
  schemaVersion: number;
  data: PerfumeEvent['data'];
} {
  if (event.type !== 'PerfumeCatalogued') return { type: event.type, schemaVersion: 1, data: event.data };
  return {
    type: event.type,
    schemaVersion: PERFUME_CATALOGUED_SCHEMA_VERSION,
    data: { ...event.data, perfume: compactCataloguePerfume(event.data.perfume) },
  };
}

export type PerfumeCatalogueDataUpdated = DomainEventOf<
  'PerfumeCatalogueDataUpdated',
  { perfume_id: string; changes: CatalogueChanges }
>;

export interface AssignedChemical {
  chemical_id: string;
  name: string;
  concentration_min: number | null;
  concentration_max: number | null;
}

export type PerfumeChemicalsAssigned = DomainEventOf<
  'PerfumeChemicalsAssigned',
  {
    perfume_id: string;
    assignment_type: AssignmentType;
    chemicals: AssignedChemical[];
    source: DeclaredLinkSource;
    link_kind: 'declared';
    /** The contribution or scan the links come from, when `source` is one of those. */
    source_id: string | null;
  }
>;

export type PerfumeChemicalLinksRemoved = DomainEventOf<
  'PerfumeChemicalLinksRemoved',
  { perfume_id: string; chemical_ids: string[]; reason: 'chemical_deleted' }
>;

export type PerfumeNotesAssigned = DomainEventOf<
  'PerfumeNotesAssigned',
  {
    perfume_id: string;
    notes: PerfumeNotes;
    /** Chemicals inferred from the new notes, when the caller re-derived them; null keeps the old ones. */
    inferred_chemicals: InferredChemicalLink[] | null;
  }
>;

/**
 * The record was found to be the same product as `into` (a spelling duplicate) and retired. What
 * people wrote to it (declared links, removed chemicals) goes with it to `into`.
 */
export type PerfumeMerged = DomainEventOf<
  'PerfumeMerged',
  {
    perfume_id: string;
    into: string;
    declared: DeclaredChemicalLink[];
    removed_chemical_ids: string[];
  }
>;

/** The other side of `PerfumeMerged`: the surviving record takes over the retired one's writes. */
export type PerfumeMergeReceived = DomainEventOf<
  'PerfumeMergeReceived',
  {
    perfume_id: string;
    from: string;
    declared: DeclaredChemicalLink[];
    removed_chemical_ids: string[];
  }
>;

export type PerfumeEvent =
  | PerfumeCatalogued
  | PerfumeCatalogueDataUpdated
  | PerfumeChemicalsAssigned
  | PerfumeChemicalLinksRemoved
  | PerfumeNotesAssigned
  | PerfumeMerged
  | PerfumeMergeReceived;

export const perfumeEventTypes = [
  'PerfumeCatalogued',
  'PerfumeCatalogueDataUpdated',
  'PerfumeChemicalsAssigned',
  'PerfumeChemicalLinksRemoved',
  'PerfumeNotesAssigned',
  'PerfumeMerged',
  'PerfumeMergeReceived',
] as const satisfies readonly PerfumeEvent['type'][];

export type PerfumeState =
  | { status: 'absent' }
  | {
      status: 'catalogued';
      /** Catalogue fields; `perfume.chemicals` are the inferred links as imported. */
      perfume: CataloguePerfume;
      /** Whether an admin assigned notes (a re-import then leaves the notes alone). */
      notesAssigned: boolean;
      declared: DeclaredChemicalLink[];
      /**
       * Chemicals taken off the perfume (removed, dropped by a replace, or deleted): inferred links
       * to them stay hidden, also after a re-import, until someone declares them again.
       */
      removedChemicalIds: string[];
    }
  /** Retired as a spelling duplicate of `into`; its id still resolves to that record. */
  | { status: 'merged'; into: string };

export const initialState: PerfumeState = { status: 'absent' };

/**
 * The perfume's chemicals as shown: declared links first, then inferred links not removed and
 * not also declared (one entry per chemical).
 */
export function perfumeChemicals(state: PerfumeState): PerfumeChemicalLink[] {
  if (state.status !== 'catalogued') return [];
  const declaredIds = new Set(state.declared.map((link) => link.chemical_id));
  const removed = new Set(state.removedChemicalIds);
  const seen = new Set<string>();
  const keep = (id: string): boolean => {
    if (declaredIds.has(id) || removed.has(id) || seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  const label: DeclaredChemicalLink[] = (state.perfume.label?.chemicals ?? [])
    .filter((c) => keep(c.chemical_id))
    .map((c) => ({
      chemical_id: c.chemical_id,
      name: c.name,
      kind: 'declared',
      source: 'label',
      concentration_min: null,
      concentration_max: null,
    }));
  const inferred = state.perfume.chemicals.filter((link) => keep(link.chemical_id));
  return [...state.declared, ...label, ...inferred];
}

export function evolve(state: PerfumeState, event: PerfumeEvent): PerfumeState {
  switch (event.type) {
    case 'PerfumeCatalogued':
      return {
        status: 'catalogued',
        perfume: expandCataloguePerfume(event.data.perfume),
        notesAssigned: false,
        declared: [],
        removedChemicalIds: [],
      };
    case 'PerfumeCatalogueDataUpdated':
      if (state.status !== 'catalogued') return state;
      return { ...state, perfume: { ...state.perfume, ...event.data.changes } };
    case 'PerfumeChemicalsAssigned':
      if (state.status !== 'catalogued') return state;
      return applyAssignment(state, event.data);
    case 'PerfumeChemicalLinksRemoved': {
      if (state.status !== 'catalogued') return state;
      const gone = new Set(event.data.chemical_ids);
      return {
        ...state,
        declared: state.declared.filter((link) => !gone.has(link.chemical_id)),
        removedChemicalIds: union(state.removedChemicalIds, event.data.chemical_ids),
      };
    }
    case 'PerfumeNotesAssigned':
      if (state.status !== 'catalogued') return state;
      return {
        ...state,
        notesAssigned: true,
        perfume: {
          ...state.perfume,
          notes: event.data.notes,
          chemicals: event.data.inferred_chemicals ?? state.perfume.chemicals,
        },
      };
    case 'PerfumeMerged':
      return { status: 'merged', into: event.data.into };
    case 'PerfumeMergeReceived': {
      if (state.status !== 'catalogued') return state;
      const have = new Set(state.declared.map((link) => link.chemical_id));
      return {
        ...state,
        declared: [...state.declared, ...event.data.declared.filter((link) => !have.has(link.chemical_id))],
        removedChemicalIds: union(state.removedChemicalIds, event.data.removed_chemical_ids),
      };
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

type Catalogued = Extract<PerfumeState, { status: 'catalogued' }>;

function applyAssignment(state: Catalogued, data: PerfumeChemicalsAssigned['data']): Catalogued {
  const ids = data.chemicals.map((c) => c.chemical_id);
  const toLink = (c: AssignedChemical): DeclaredChemicalLink => ({
    chemical_id: c.chemical_id,
    name: c.name,
    kind: 'declared',
    source: data.source,
    concentration_min: c.concentration_min,
    concentration_max: c.concentration_max,
  });
  switch (data.assignment_type) {
    case 'add': {
      const added = new Set(ids);
      return {
        ...state,
        declared: [
          ...state.declared.filter((link) => !added.has(link.chemical_id)),
          ...data.chemicals.map(toLink),
        ],
        removedChemicalIds: state.removedChemicalIds.filter((id) => !added.has(id)),
      };
    }
    case 'remove': {
      const removed = new Set(ids);
      return {
        ...state,
        declared: state.declared.filter((link) => !removed.has(link.chemical_id)),
        removedChemicalIds: union(state.removedChemicalIds, ids),
      };
    }
    case 'replace': {
      const kept = new Set(ids);
      const dropped = perfumeChemicals(state)
        .map((link) => link.chemical_id)
        .filter((id) => !kept.has(id));
      return {
        ...state,
        declared: data.chemicals.map(toLink),
        removedChemicalIds: union(
          state.removedChemicalIds.filter((id) => !kept.has(id)),
          dropped,
        ),
      };
    }
    default: {
      const _exhaustive: never = data.assignment_type;
      return state;
    }
  }
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
