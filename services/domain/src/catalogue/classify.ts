/**
 * What the product may say about a perfume's data and allergens. Pure: callers pass the perfume's
 * visible chemical links (declared ones first: an admin's, a contributor's, a scan's or the
 * published label's; then those inferred from notes), what is known of its notes, the allergen
 * estimates of the data build, and what is known about each chemical.
 *
 * The rules, in the words the product uses:
 *
 * - Evidence has kinds, strongest first: declared (a label list, a contribution, an admin's
 *   assignment, a scan); inferred from a note through a cited composition; likely or possible
 *   from what labelled perfumes declare. Unknown is a value, never an empty list.
 * - A label list speaks for the fragrance only when it names a fragrance material. A list that
 *   names nothing of the fragrance but "Fragrance" / "Parfum" (beside alcohol, water, UV filters,
 *   colours) says nothing of its allergens: such a perfume is judged by its notes and estimates, as
 *   one without a label, and its label's entries still count as declared ingredients.
 * - Complete data: a declared ingredient list that names the fragrance's materials, declared
 *   chemicals (beyond those of a label that names none), or every specific note resolved.
 *   Otherwise the perfume "needs enhancement".
 * - Hypoallergenic ("no EU label allergen expected"):
 *   - with a declared label list that names the fragrance's materials: it names no EU label
 *     allergen;
 *   - otherwise: every specific note is resolved, no linked chemical is an allergen and no
 *     allergen is likely or possible.
 *   A perfume with an unknown note or no data is never hypoallergenic.
 * - Records built before note coverage was recorded (no `coverage`) keep the earlier rule: complete
 *   when a link names a known chemical; hypoallergenic when complete and no link is an allergen.
 */
import type { NoteCoverage } from '../perfumes/perfumes.events.ts';

export type DataCategory = 'complete' | 'unspecific';

export interface PerfumeNotes {
  readonly top: readonly string[];
  readonly middle: readonly string[];
  readonly base: readonly string[];
  readonly unspecified: readonly string[];
}

/** A visible chemical link: `kind: 'declared'` for declared ones (label included). */
export interface ClassifiableLink {
  readonly chemical_id: string;
  readonly kind?: 'declared';
}

export interface ClassifiableEstimate {
  readonly chemical_id: string;
  readonly member_ids?: readonly string[];
}

/** What the classification needs of a perfume. */
export interface ClassifiablePerfume {
  readonly notes?: PerfumeNotes | null;
  readonly chemicals: ReadonlyArray<ClassifiableLink>;
  readonly label?: ClassifiableLabel | null;
  readonly coverage?: NoteCoverage | null;
  readonly allergen_estimates?: ReadonlyArray<ClassifiableEstimate>;
}

/** What the classification needs of a label list. */
export interface ClassifiableLabel {
  readonly chemicals: ReadonlyArray<{ readonly chemical_id: string }>;
  /** false when the list names no fragrance material; absent (older records) reads as true. */
  readonly names_fragrance?: boolean;
}

/**
 * Whether a perfume's label list speaks for its fragrance: there is one and it names a fragrance
 * material. A list of "Alcohol, Fragrance, Water" does not.
 */
export function labelNamesFragrance(label: ClassifiableLabel | null | undefined): boolean {
  return label != null && label.names_fragrance !== false;
}

/** What the classification needs of a chemical. */
export interface KnownChemical {
  readonly allergen_flag: boolean;
}

/** Chemicals by id; links to ids missing from it are ignored. */
export type KnownChemicals = ReadonlyMap<string, KnownChemical>;

/** Allergen tolerance of the hypoallergenic filter; the product default is 'low'. */
export type AllergenTolerance = 'low';

/** How much the product knows of what a perfume contains. */
export type Knowledge =
  /** A published ingredient list. */
  | 'declared_list'
  /** Every specific note resolved through a cited composition. */
  | 'notes_resolved'
  /** Some specific notes resolved, some unknown. */
  | 'partial'
  /** No specific note resolved and nothing declared. */
  | 'none';

/**
 * A catalogue record with no declared or removed links, as these rules read it: its label's
 * chemicals are declared links, followed by the links inferred from its notes.
 */
export function classifiableRecord(p: {
  readonly notes: PerfumeNotes;
  readonly chemicals: ReadonlyArray<{ readonly chemical_id: string }>;
  readonly label?: ClassifiablePerfume['label'];
  readonly coverage?: NoteCoverage | null;
  readonly allergen_estimates?: ReadonlyArray<ClassifiableEstimate>;
}): ClassifiablePerfume {
  const declared = (p.label?.chemicals ?? []).map((c) => ({
    chemical_id: c.chemical_id,
    kind: 'declared' as const,
  }));
  return {
    notes: p.notes,
    chemicals: [...declared, ...p.chemicals],
    label: p.label ?? null,
    coverage: p.coverage ?? null,
    allergen_estimates: p.allergen_estimates ?? [],
  };
}

/** What the product knows of a perfume (see the rules above). */
export function knowledgeOf(perfume: ClassifiablePerfume): Knowledge {
  if (labelNamesFragrance(perfume.label)) return 'declared_list';
  const c = perfume.coverage;
  if (!c) return 'none';
  if (c.specific_notes > 0 && c.unknown_notes.length === 0 && c.resolved_notes >= c.specific_notes) {
    return 'notes_resolved';
  }
  return c.resolved_notes > 0 ? 'partial' : 'none';
}

function uniqueLinks<T extends { chemical_id: string }>(links: ReadonlyArray<T>): T[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    if (seen.has(link.chemical_id)) return false;
    seen.add(link.chemical_id);
    return true;
  });
}

/**
 * `complete` when a label list that names the fragrance's materials or declared chemicals exist, or
 * every specific note is resolved; otherwise `unspecific` ("Needs Enhancement"). The entries of a
 * label that names no fragrance material do not count. Records without coverage: complete when a
 * link names a known chemical.
 */
export function dataCategory(perfume: ClassifiablePerfume, knownChemicals: KnownChemicals): DataCategory {
  if (labelNamesFragrance(perfume.label)) return 'complete';
  const silentLabel = perfume.label ? new Set(perfume.label.chemicals.map((c) => c.chemical_id)) : null;
  const counts = (id: string) => knownChemicals.has(id) && !silentLabel?.has(id);
  if (perfume.chemicals.some((link) => link.kind === 'declared' && counts(link.chemical_id))) {
    return 'complete';
  }
  if (perfume.coverage) return knowledgeOf(perfume) === 'notes_resolved' ? 'complete' : 'unspecific';
  if (perfume.label) return 'unspecific';
  return perfume.chemicals.some((link) => knownChemicals.has(link.chemical_id)) ? 'complete' : 'unspecific';
}

/** The linked chemicals that are EU label allergens, in link order (declared first). */
export function linkedAllergenIds(perfume: ClassifiablePerfume, knownChemicals: KnownChemicals): string[] {
  return uniqueLinks(perfume.chemicals)
    .filter((link) => knownChemicals.get(link.chemical_id)?.allergen_flag === true)
    .map((link) => link.chemical_id);
}

/**
 * Hypoallergenic at tolerance 'low' (the default; see the rules above). Never true for a perfume
 * with an unknown note or no data.
 */
export function isHypoallergenic(
  perfume: ClassifiablePerfume,
  knownChemicals: KnownChemicals,
  _tolerance: AllergenTolerance = 'low',
): boolean {
  if (dataCategory(perfume, knownChemicals) !== 'complete') return false;
  if (linkedAllergenIds(perfume, knownChemicals).length > 0) return false;
  if (labelNamesFragrance(perfume.label)) return true;
  if (!perfume.coverage) return !perfume.label;
  return knowledgeOf(perfume) === 'notes_resolved' && (perfume.allergen_estimates ?? []).length === 0;
}

/**
 * Every chemical id a filter on chemicals should see for a perfume: its visible links and, without
 * a declared list that names the fragrance's materials, every chemical of its likely or possible
 * allergens (so "must not contain" keeps out a perfume that probably contains it).
 */
export function filterChemicalIds(perfume: ClassifiablePerfume): string[] {
  const ids = new Set(perfume.chemicals.map((link) => link.chemical_id));
  if (!labelNamesFragrance(perfume.label)) {
    for (const e of perfume.allergen_estimates ?? []) {
      ids.add(e.chemical_id);
      for (const id of e.member_ids ?? []) ids.add(id);
    }
  }
  return [...ids];
}
