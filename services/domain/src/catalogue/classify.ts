/**
 * Data-completeness and hypoallergenic classification of a perfume (spec §4). Pure: callers pass the
 * perfume's current notes and chemical links (inferred from notes at build time, or declared later
 * by admins and contributors) and what is known about each chemical.
 */

export type DataCategory = 'complete' | 'unspecific';

export interface PerfumeNotes {
  readonly top: readonly string[];
  readonly middle: readonly string[];
  readonly base: readonly string[];
  readonly unspecified: readonly string[];
}

/** What the classification needs of a perfume. */
export interface ClassifiablePerfume {
  readonly notes?: PerfumeNotes | null;
  readonly chemicals: ReadonlyArray<{ readonly chemical_id: string }>;
}

/** What the classification needs of a chemical. */
export interface KnownChemical {
  readonly allergen_flag: boolean;
}

/** Chemicals by id; links to ids missing from it are ignored. */
export type KnownChemicals = ReadonlyMap<string, KnownChemical>;

/** Allergen tolerance of the hypoallergenic filter; the product default is 'low' (spec §9). */
export type AllergenTolerance = 'low';

/** Known allergens a hypoallergenic perfume may link to, per tolerance ('low': none at all). */
const ALLOWED_ALLERGENS: Record<AllergenTolerance, number> = { low: 0 };

function linkedChemicals(perfume: ClassifiablePerfume, known: KnownChemicals): KnownChemical[] {
  const out: KnownChemical[] = [];
  const seen = new Set<string>();
  for (const link of perfume.chemicals) {
    if (seen.has(link.chemical_id)) continue;
    seen.add(link.chemical_id);
    const chemical = known.get(link.chemical_id);
    if (chemical) out.push(chemical);
  }
  return out;
}

/**
 * `complete` when the perfume has at least one link to a known chemical (declared, or inferred from
 * a specific note at build time); otherwise `unspecific` ("Needs Enhancement"): no notes, only vague
 * notes ("Woodsy Notes", "Spices"), or specific notes that no source ties to a chemical.
 */
export function dataCategory(perfume: ClassifiablePerfume, knownChemicals: KnownChemicals): DataCategory {
  return linkedChemicals(perfume, knownChemicals).length > 0 ? 'complete' : 'unspecific';
}

/** The known allergens a perfume links to (chemicals with allergen_flag), in link order. */
export function linkedAllergenIds(perfume: ClassifiablePerfume, knownChemicals: KnownChemicals): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const link of perfume.chemicals) {
    if (seen.has(link.chemical_id)) continue;
    seen.add(link.chemical_id);
    if (knownChemicals.get(link.chemical_id)?.allergen_flag) ids.push(link.chemical_id);
  }
  return ids;
}

/**
 * Hypoallergenic = `complete` AND, at tolerance 'low' (the default), zero linked chemicals with
 * allergen_flag. An unspecific perfume is never hypoallergenic: without chemical data nothing can be
 * claimed about its allergens.
 */
export function isHypoallergenic(
  perfume: ClassifiablePerfume,
  knownChemicals: KnownChemicals,
  tolerance: AllergenTolerance = 'low',
): boolean {
  if (dataCategory(perfume, knownChemicals) !== 'complete') return false;
  const allowedAllergens = ALLOWED_ALLERGENS[tolerance];
  return linkedAllergenIds(perfume, knownChemicals).length <= allowedAllergens;
}
