/**
 * Shapes of regulatory and safety data that the data build writes and the web client reads, kept
 * here once (types only, no imports, so the client can use it as it is).
 */

/**
 * A California Proposition 65 safe harbor level: no warning is needed for a daily exposure below
 * it. A cancer listing has a no significant risk level (NSRL), a reproductive one a maximum
 * allowable dose level (MADL).
 */
export interface SafeHarborLevel {
  level: 'NSRL' | 'MADL';
  amount: number;
  unit: 'µg/day' | 'fibers/day';
  /** OEHHA's words in brackets after the amount: the route (`oral`, `except inhalation`) or a scope. */
  route: string | null;
  /** Who or what the level is for when one listing has several (`Adult`, `Beryllium oxide`). */
  subject: string | null;
  /** Words after the amount (`as 32% pesticidal formulation`) and the list's footnote to it (English). */
  note: string | null;
}

/**
 * What ended a former listing, so that it can be worded in any language: a Prop 65 endpoint
 * removed (other listings remain) or the chemical delisted, with the removed toxicity and its
 * listing date; or an EU allergen-labelling entry that stopped applying because the substance
 * moved to Annex II (entry and amending regulation, null for the 2009 text).
 */
export type FormerListingChange =
  | { kind: 'prop65_endpoint_removed' | 'prop65_delisted'; toxicity: string; date_listed: string | null }
  | { kind: 'eu_labelling_ended'; annex_ii_entry: string; regulation: string | null };

/**
 * One side of a "molecule occurs in a natural material" pair, as a chemical record shows it: on a
 * natural material, one of its constituents; on a molecule, a natural material it occurs in.
 */
export interface NaturalOccurrence {
  /** The other side's chemical record, when the database has one (a material may have none). */
  chemical_id: string | null;
  name: string;
  /** Whether the other side is an EU label allergen. */
  allergen: boolean;
  /** The molecule's typical share of the material, when a composition table gives it. */
  typical_percent: number | null;
  /** A principal constituent, as the material's reference (an ISO standard, a monograph) names it. */
  principal: boolean;
  /** Where it is written, in words (never a file path). */
  sources: string[];
  /**
   * On an EU label allergen's other forms: the form the material holds (`d-Limonene` for
   * Limonene), when it is not the chemical itself.
   */
  as?: string;
}
