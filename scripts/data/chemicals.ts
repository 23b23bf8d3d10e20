/**
 * Builds the chemical-safety database (data/chemicals/chemicals.json) from the regulatory, SCCS,
 * naturals and odour sources. One chemical per valid CAS number (`chem-<CAS>`); substances a source
 * names without a valid CAS get `chem-<slug>`. Rules (scope, flags, type, SCCS mapping) are written
 * down in data/SOURCES.md; the code below follows them step by step.
 */
import { slugify } from '../../services/domain/src/catalogue/index.ts';
import { type ChemicalType, chemicalType } from './chemical-type.ts';
import type { EuAllergenEntry } from './sources/allergens.ts';
import type { CosingEntry } from './sources/cosing-inventory.ts';
import {
  type AnnexEntry,
  type AnnexIIScope,
  annexIIWording,
  isAllergenLabelling,
  isDeletedEntry,
} from './sources/eu-annexes.ts';
import type { IarcEntry } from './sources/iarc.ts';
import { IARC_ORDER } from './sources/iarc.ts';
import type { IdentifierCell, RejectedCas } from './sources/identifiers.ts';
import type { IfraAmendmentEntry, IfraStandardEntry, IfraTransparencyEntry } from './sources/ifra.ts';
import type { MaterialConstituent } from './sources/naturals.ts';
import type { GlossaryEntry, GoodScentsEntry } from './sources/odour.ts';
import type { Prop65Entry } from './sources/prop65.ts';
import type { SccsEntry } from './sources/sccs.ts';

/**
 * Source files with the date each states (null when the file states none) and the name the product
 * shows for it (never the file path). Dates that are not in the file itself are the documents' own
 * dates: the IFRA 51st Amendment was notified on 30 June 2023; SCCS/1459/11 was adopted at the
 * plenary of 26–27 June 2012.
 */
export const CHEMICAL_SOURCES = {
  annexII: {
    file: 'regulatory/COSING_Annex_II_v2.txt',
    date: '2025-12-24',
    name: 'EU CosIng, Cosmetics Regulation Annex II (export of 24 Dec 2025)',
  },
  annexIII: {
    file: 'regulatory/COSING_Annex_III_v2.txt',
    date: '2025-12-25',
    name: 'EU CosIng, Cosmetics Regulation Annex III (export of 25 Dec 2025)',
  },
  echaII: {
    file: 'regulatory/eu-annex-ii.csv',
    date: '2024-05-16',
    name: 'ECHA, Cosmetics Regulation Annex II (export of 16 May 2024)',
  },
  echaIII: {
    file: 'regulatory/eu-annex-iii.csv',
    date: '2024-05-16',
    name: 'ECHA, Cosmetics Regulation Annex III (export of 16 May 2024)',
  },
  euAllergens: {
    file: 'regulatory/DB_EU_Allergens.csv',
    date: null,
    name: 'EU fragrance allergen names, hand-compiled list (undated)',
  },
  ifraTransparency: {
    file: 'regulatory/ifra.csv',
    date: null,
    name: 'IFRA Transparency List (undated copy)',
  },
  ifraStandards: {
    file: 'regulatory/restricted-ifra.csv',
    date: null,
    name: 'IFRA Standards list (amendment per standard)',
  },
  ifraAmendment: {
    file: 'regulatory/ifra-51st-amendment-ifra-standards-overview.csv',
    date: '2023-06-30',
    name: 'IFRA Standards, 51st Amendment (2023)',
  },
  prop65: {
    file: 'regulatory/OEHHA_P65.csv',
    date: '2023-12-29',
    name: 'OEHHA Proposition 65 list (29 Dec 2023)',
  },
  prop65List: {
    file: 'regulatory/p65chemicalslist.csv',
    date: '2023-11-17',
    name: 'OEHHA Proposition 65 list (17 Nov 2023)',
  },
  cosing: {
    file: 'regulatory/cosing.csv',
    date: null,
    name: 'EU CosIng ingredient inventory (undated copy)',
  },
  iarc: { file: 'regulatory/circ.csv', date: null, name: 'IARC Monographs classification list' },
  sccs: {
    file: 'sccs/allergens.sccs_1459_11.transcribed.csv',
    date: '2012-06-27',
    name: 'SCCS opinion SCCS/1459/11 on fragrance allergens (2012)',
  },
  naturals: {
    file: 'naturals/DB_Naturals.csv',
    date: null,
    name: 'IFRA natural contributions table (undated copy)',
  },
  userMaterials: {
    file: 'naturals/DB_User_Materials.csv',
    date: null,
    name: 'Raw-material composition data from suppliers (undated)',
  },
  ifraGlossary: {
    file: 'odour/ifra_2019/ifra-fragrance-ingredient-glossary---oct-2019.csv',
    date: '2019-10',
    name: 'IFRA Fragrance Ingredient Glossary (Oct 2019)',
  },
  goodScents: {
    file: 'odour/goodscents',
    date: '2022-01-17',
    name: 'The Good Scents Company (scraped Jan 2022)',
  },
  curated: {
    file: 'scripts/data/curated-constituents.ts',
    date: null,
    name: 'Scentinel note table (curated)',
  },
} as const;

type SourceName = keyof typeof CHEMICAL_SOURCES;

export interface ChemicalInputs {
  annexII: AnnexEntry[];
  annexIII: AnnexEntry[];
  echaII: AnnexEntry[];
  echaIII: AnnexEntry[];
  euAllergens: EuAllergenEntry[];
  ifraTransparency: IfraTransparencyEntry[];
  ifraStandards: IfraStandardEntry[];
  ifraAmendment: IfraAmendmentEntry[];
  prop65: Prop65Entry[];
  prop65List: Prop65Entry[];
  iarc: IarcEntry[];
  cosing: CosingEntry[];
  sccs: SccsEntry[];
  naturals: MaterialConstituent[];
  userMaterials: MaterialConstituent[];
  ifraGlossary: GlossaryEntry[];
  goodScents: GoodScentsEntry[];
}

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
          date_listed: string | null;
          date_delisted: string | null;
          nsrl_or_madl: string | null;
          removed_endpoints: Prop65Endpoint[];
        } & SourceStamp)
      | null;
    sources: Array<{ field: string } & SourceStamp>;
  };
}

export interface ChemicalBuildResult {
  chemicals: Chemical[];
  rejectedCas: RejectedCas[];
  /** Why chemicals are in scope: count per reason (a chemical can have several). */
  scope: Record<string, number>;
}

/** SCCS EC3 (%) → potency, the standard LLNA bands: ≤0.1 extreme, ≤1 strong, ≤10 moderate, else weak ('other'). */
export function potencyFromEc3(ec3: number | null): Potency | null {
  if (ec3 === null) return null;
  if (ec3 <= 0.1) return 'extreme';
  if (ec3 <= 1) return 'strong';
  if (ec3 <= 10) return 'moderate';
  return 'other';
}

/**
 * Risk level: prohibited → BANNED; else by potency (extreme → EXTREME_RISK, strong → HIGH_RISK,
 * moderate → MODERATE_RISK, weak → LOW_RISK); without an EC3: established in humans → MODERATE_RISK,
 * other SCCS categories → LOW_RISK.
 */
export function riskLevel(prohibited: boolean, potency: Potency | null, entry: SccsEntry): RiskLevel {
  if (prohibited) return 'BANNED';
  switch (potency) {
    case 'extreme':
      return 'EXTREME_RISK';
    case 'strong':
      return 'HIGH_RISK';
    case 'moderate':
      return 'MODERATE_RISK';
    case 'other':
      return 'LOW_RISK';
    default:
      return entry.category === 'established_in_humans' ? 'MODERATE_RISK' : 'LOW_RISK';
  }
}

/** `AMYL CINNAMAL` → `Amyl Cinnamal`; mixed-case names are kept. */
export function displayCase(name: string): string {
  if (/[a-z]/.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s(])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());
}

/** Drops footnote marks (`(*)`) and extra spaces from a substance name. */
export function cleanName(name: string): string {
  return name
    .replace(/\(\*+\)|\*+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Synonym cells of IFRA and CosIng hold headings such as `78-70-6 (Linalool):`; those are not names. */
function isNameLike(text: string): boolean {
  return text !== '' && !/^\d{2,7}-\d{2}-\d/.test(text) && !/:$/.test(text) && /\p{L}/u.test(text);
}

function oneLine(text: string | null): string | null {
  return text === null ? null : text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Annex III restriction text: product type, maximum concentration, other conditions, warnings. */
export function restrictionText(entry: AnnexEntry): string {
  const parts = [
    entry.productType && `Product type: ${oneLine(entry.productType)}`,
    entry.maxConcentration && `Maximum concentration: ${oneLine(entry.maxConcentration)}`,
    entry.other && `Conditions: ${oneLine(entry.other)}`,
    entry.warnings && `Warnings: ${oneLine(entry.warnings)}`,
  ].filter((p): p is string => typeof p === 'string' && p !== '');
  return `EU Annex III entry ${entry.ref}${parts.length > 0 ? `: ${parts.join('; ')}` : ''}`;
}

function annexRegulation(entry: AnnexEntry): string {
  const amended =
    entry.regulation && !/2009\/1223/.test(entry.regulation) ? ` (as amended by ${entry.regulation})` : '';
  return `Regulation (EC) No 1223/2009, Annex ${entry.annex}, entry ${entry.ref}${amended}`;
}

const ANNEX_II_FRAGRANCE = /fragrance|essential oil|perfum|musk/i;

/** Annex II entries that concern fragrances even when no other list names their CAS. */
export function isFragranceAnnexII(entry: AnnexEntry): boolean {
  return (
    entry.regulation === '(EU) 2017/1410' ||
    (entry.sccsOpinions !== null && ANNEX_II_FRAGRANCE.test(entry.sccsOpinions))
  );
}

interface Named {
  name: string;
  rank: number;
}

/** Display-name preference (lower is better); see data/SOURCES.md. */
const NAME_RANK: Record<string, number> = {
  ifraStandard: 1,
  ifraTransparency: 2,
  naturals: 3,
  annexInci: 4,
  prop65: 5,
  ifraGlossary: 6,
  goodScents: 7,
  sccs: 8,
  iarc: 9,
  annexName: 10,
  cosing: 11,
  // DB_EU_Allergens is hand-made and has typos ("Evernia Prunastri Review"): a late resort.
  euAllergens: 12,
  userMaterials: 13,
  curated: 14,
};

class Accumulator {
  readonly names: Named[] = [];
  readonly synonyms = new Set<string>();
  readonly ec: Array<{ ec: string; rank: number }> = [];
  readonly inci: Array<{ name: string; rank: number }> = [];
  readonly annexII: AnnexEntry[] = [];
  readonly annexIII: AnnexEntry[] = [];
  readonly allergenFrom: Array<{ source: SourceName; details: string | null }> = [];
  /** CAS numbers the hand-made allergen list names in the same row as this one (isomers, grades). */
  readonly allergenSiblings = new Set<string>();
  readonly prop65: Array<{ entry: Prop65Entry; source: SourceName }> = [];
  readonly iarc: IarcEntry[] = [];
  readonly ifraStandards: IfraStandardEntry[] = [];
  readonly ifraAmendment: IfraAmendmentEntry[] = [];
  sccs: SccsEntry | null = null;
  ncs = false;
  smiles: string | null = null;
  glossaryOdour: string[] | null = null;
  goodScentsOdour: string[] | null = null;
  readonly inSources = new Set<SourceName>();
  constructor(
    readonly id: string,
    readonly cas: string | null,
  ) {}
  addName(name: string, rank: number): void {
    const clean = displayCase(cleanName(name));
    if (clean === '') return;
    this.names.push({ name: clean, rank });
    this.synonyms.add(clean);
  }
}

/** EC number paired with a CAS in a row: the only one, or the same position when counts match. */
function pairedEc(ids: IdentifierCell, cas: string): string | null {
  if (ids.ec.length === 0) return null;
  if (ids.cas.length === 1) return ids.ec.length === 1 ? ids.ec[0]! : null;
  return ids.cas.length === ids.ec.length ? (ids.ec[ids.cas.indexOf(cas)] ?? null) : null;
}

/**
 * `required`: substances other modules must find (the curated note constituents); they join the
 * scope with the reason 'curated note constituent' and keep the given name as a last resort.
 */
export function buildChemicals(
  input: ChemicalInputs,
  required: ReadonlyArray<{ cas: string; name: string }> = [],
): ChemicalBuildResult {
  const rejectedCas: RejectedCas[] = [];
  const noteRejected = (
    source: SourceName,
    entries: ReadonlyArray<{ ids: IdentifierCell }>,
    label: (e: never) => string,
  ) => {
    for (const entry of entries) {
      for (const r of entry.ids.rejected) {
        const context = label(entry as never).replace(/\s+/g, ' ');
        rejectedCas.push({
          source: CHEMICAL_SOURCES[source].file,
          value: r.value,
          reason: r.reason,
          context: context.length > 100 ? `${context.slice(0, 99)}…` : context,
        });
      }
    }
  };
  noteRejected('annexII', input.annexII, (e: AnnexEntry) => e.name);
  noteRejected('annexIII', input.annexIII, (e: AnnexEntry) => e.name);
  noteRejected('echaII', input.echaII, (e: AnnexEntry) => e.name);
  noteRejected('echaIII', input.echaIII, (e: AnnexEntry) => e.name);
  noteRejected('euAllergens', input.euAllergens, (e: EuAllergenEntry) => e.name);
  noteRejected('ifraTransparency', input.ifraTransparency, (e: IfraTransparencyEntry) => e.name);
  noteRejected('ifraStandards', input.ifraStandards, (e: IfraStandardEntry) => e.title);
  noteRejected('ifraAmendment', input.ifraAmendment, (e: IfraAmendmentEntry) => e.name);
  noteRejected('prop65', input.prop65, (e: Prop65Entry) => e.name);
  noteRejected('prop65List', input.prop65List, (e: Prop65Entry) => e.name);
  noteRejected('iarc', input.iarc, (e: IarcEntry) => e.agent);
  noteRejected('cosing', input.cosing, (e: CosingEntry) => e.inciName);
  noteRejected('sccs', input.sccs, (e: SccsEntry) => e.name);
  noteRejected('naturals', input.naturals, (e: MaterialConstituent) => e.constituent);
  noteRejected('userMaterials', input.userMaterials, (e: MaterialConstituent) => e.constituent);
  noteRejected('ifraGlossary', input.ifraGlossary, (e: GlossaryEntry) => e.name);
  noteRejected('goodScents', input.goodScents, (e: GoodScentsEntry) => e.name ?? e.raw);

  // --- Scope -------------------------------------------------------------------------------------
  const cas = <T extends { ids: IdentifierCell }>(entries: readonly T[]) => entries.flatMap((e) => e.ids.cas);
  const labellingIII = [...input.annexIII, ...input.echaIII].filter(isAllergenLabelling);
  const reasons = new Map<string, Set<string>>();
  const because = (list: readonly string[], reason: string) => {
    for (const c of list) {
      let set = reasons.get(c);
      if (!set) {
        set = new Set();
        reasons.set(c, set);
      }
      set.add(reason);
    }
  };
  because([...cas(input.euAllergens), ...cas(labellingIII)], 'EU allergen list');
  because(
    [...cas(input.ifraTransparency), ...cas(input.ifraStandards), ...cas(input.ifraAmendment)],
    'IFRA list or standard',
  );
  because(cas(input.sccs), 'SCCS/1459/11');
  because(cas(input.naturals), 'constituent of a natural (DB_Naturals)');
  const core = new Set(reasons.keys());
  const relevant = new Set([
    ...core,
    ...cas(input.cosing.filter((c) => c.perfuming)),
    ...cas(input.userMaterials),
  ]);
  const regulated = [
    ...cas(input.annexII),
    ...cas(input.echaII),
    ...cas(input.annexIII),
    ...cas(input.echaIII),
    ...cas(input.prop65),
    ...cas(input.prop65List),
    ...cas(input.iarc),
  ];
  because(
    regulated.filter((c) => relevant.has(c) && !core.has(c)),
    'fragrance-relevant Annex II/III, Prop 65 or IARC entry',
  );
  because(cas(input.annexII.filter(isFragranceAnnexII)), 'Annex II fragrance entry');
  because(
    required.map((r) => r.cas).filter((c) => !reasons.has(c)),
    'curated note constituent',
  );

  // --- Accumulate ---------------------------------------------------------------------------------
  const byId = new Map<string, Accumulator>();
  for (const c of [...reasons.keys()].sort()) byId.set(`chem-${c}`, new Accumulator(`chem-${c}`, c));
  const get = (c: string) => byId.get(`chem-${c}`);
  const each = <T extends { ids: IdentifierCell }>(
    entries: readonly T[],
    fn: (acc: Accumulator, entry: T, cas: string) => void,
  ) => {
    for (const entry of entries) {
      for (const c of entry.ids.cas) {
        const acc = get(c);
        if (acc) fn(acc, entry, c);
      }
    }
  };

  each(input.ifraStandards, (acc, e) => {
    acc.ifraStandards.push(e);
    acc.inSources.add('ifraStandards');
    if (e.ids.cas.length === 1) acc.addName(e.title, NAME_RANK.ifraStandard!);
    else acc.synonyms.add(e.title);
  });
  each(input.ifraAmendment, (acc, e) => {
    acc.ifraAmendment.push(e);
    acc.inSources.add('ifraAmendment');
    if (e.ids.cas.length === 1) acc.addName(e.name, NAME_RANK.ifraStandard!);
    for (const s of e.synonyms) acc.synonyms.add(s);
  });
  // IFRA Transparency List: several names may share one CAS (bergamot oil qualities and a petitgrain
  // bergamot absolute): prefer the names whose first word most of them share, then (for naturals)
  // an oil, then no comma, then the shortest.
  const firstWord = (name: string) => name.split(/[\s,]+/)[0]!.toLowerCase();
  const wordCount = new Map<string, number>();
  for (const e of input.ifraTransparency) {
    for (const c of e.ids.cas)
      wordCount.set(`${c} ${firstWord(e.name)}`, (wordCount.get(`${c} ${firstWord(e.name)}`) ?? 0) + 1);
  }
  const share = (e: IfraTransparencyEntry) =>
    Math.max(0, ...e.ids.cas.map((c) => wordCount.get(`${c} ${firstWord(e.name)}`) ?? 0));
  const transparency = [...input.ifraTransparency].sort(
    (a, b) =>
      share(b) - share(a) ||
      Number(a.ncsCategory !== null && !/\boil\b/i.test(a.name)) -
        Number(b.ncsCategory !== null && !/\boil\b/i.test(b.name)) ||
      Number(a.name.includes(',')) - Number(b.name.includes(',')) ||
      a.name.length - b.name.length ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  each(transparency, (acc, e) => {
    acc.inSources.add('ifraTransparency');
    acc.addName(e.name, NAME_RANK.ifraTransparency!);
    if (e.ncsCategory) acc.ncs = true;
  });
  each(input.naturals, (acc, e) => {
    acc.inSources.add('naturals');
    acc.addName(e.constituent, NAME_RANK.naturals!);
  });
  each(input.euAllergens, (acc, e, c) => {
    acc.inSources.add('euAllergens');
    acc.allergenFrom.push({ source: 'euAllergens', details: null });
    for (const sibling of e.ids.cas) if (sibling !== c) acc.allergenSiblings.add(sibling);
    if (e.ids.cas.length === 1) acc.addName(e.name, NAME_RANK.euAllergens!);
    else acc.synonyms.add(e.name);
    for (const n of e.otherNames) acc.synonyms.add(n);
    const ec = pairedEc(e.ids, c);
    if (ec) acc.ec.push({ ec, rank: 4 });
  });
  const annex = (entries: AnnexEntry[], source: SourceName, ecRank: number) =>
    each(entries, (acc, e, c) => {
      acc.inSources.add(source);
      (e.annex === 'II' ? acc.annexII : acc.annexIII).push(e);
      if (e.annex === 'III' && isAllergenLabelling(e)) {
        acc.allergenFrom.push({ source, details: oneLine(e.other ?? e.warnings) });
      }
      if (e.inciName && e.ids.cas.length === 1) acc.addName(e.inciName, NAME_RANK.annexInci!);
      if (e.ids.cas.length === 1) acc.addName(e.name, NAME_RANK.annexName!);
      else acc.synonyms.add(displayCase(e.name));
      const ec = pairedEc(e.ids, c);
      if (ec) acc.ec.push({ ec, rank: ecRank });
      if (e.inciName) acc.inci.push({ name: e.inciName, rank: 2 });
    });
  annex(input.annexII, 'annexII', 1);
  annex(input.annexIII, 'annexIII', 1);
  annex(input.echaII, 'echaII', 2);
  annex(input.echaIII, 'echaIII', 2);
  each(input.prop65, (acc, e) => {
    acc.inSources.add('prop65');
    acc.prop65.push({ entry: e, source: 'prop65' });
    acc.addName(e.name, NAME_RANK.prop65!);
  });
  each(input.prop65List, (acc, e) => {
    acc.inSources.add('prop65List');
    acc.prop65.push({ entry: e, source: 'prop65List' });
    acc.synonyms.add(e.name);
  });
  each(input.iarc, (acc, e) => {
    acc.inSources.add('iarc');
    acc.iarc.push(e);
    acc.addName(e.agent, NAME_RANK.iarc!);
  });
  each(input.cosing, (acc, e, c) => {
    acc.inSources.add('cosing');
    acc.addName(e.inciName, NAME_RANK.cosing!);
    if (e.ids.cas.length === 1) acc.inci.push({ name: e.inciName, rank: 1 });
    const ec = pairedEc(e.ids, c);
    if (ec) acc.ec.push({ ec, rank: 3 });
  });
  each(input.sccs, (acc, e) => {
    acc.inSources.add('sccs');
    acc.sccs ??= e;
    acc.addName(e.name, NAME_RANK.sccs!);
  });
  each(input.userMaterials, (acc, e) => {
    acc.inSources.add('userMaterials');
    acc.addName(e.constituent, NAME_RANK.userMaterials!);
  });
  each(input.ifraGlossary, (acc, e) => {
    acc.inSources.add('ifraGlossary');
    acc.addName(e.name, NAME_RANK.ifraGlossary!);
    if (acc.glossaryOdour === null && e.descriptors.length > 0) acc.glossaryOdour = e.descriptors;
  });
  for (const r of required) get(r.cas)?.addName(r.name, NAME_RANK.curated!);
  each(input.goodScents, (acc, e) => {
    acc.inSources.add('goodScents');
    if (e.name) acc.addName(e.name, NAME_RANK.goodScents!);
    acc.smiles ??= e.smiles;
    if (acc.goodScentsOdour === null && e.descriptors.length > 0)
      acc.goodScentsOdour = e.descriptors.slice(0, 8);
  });

  // SCCS substances without a valid CAS (e.g. "ROSE FLOWER OIL / ROSA SPP.", CAS "Diverse").
  for (const e of input.sccs) {
    if (e.ids.cas.length > 0) continue;
    const id = `chem-${slugify(displayCase(e.name))}`;
    let acc = byId.get(id);
    if (!acc) {
      acc = new Accumulator(id, null);
      byId.set(id, acc);
    }
    acc.inSources.add('sccs');
    acc.sccs ??= e;
    acc.addName(e.name, NAME_RANK.sccs!);
    let set = reasons.get(id);
    if (!set) {
      set = new Set();
      reasons.set(id, set);
    }
    set.add('SCCS/1459/11');
  }

  // --- Assemble -----------------------------------------------------------------------------------
  const removals = new Map<string, Prop65Entry>();
  for (const e of [...input.prop65, ...input.prop65List]) {
    if (e.removedOn) for (const c of e.ids.cas) removals.set(prop65Key(e, c), e);
  }
  const amendmentYears = new Map<string, string>();
  for (const e of input.ifraAmendment) {
    if (e.amendment && e.lastPublication && !amendmentYears.has(e.amendment))
      amendmentYears.set(e.amendment, e.lastPublication);
  }
  // Labelling entries per CAS (CosIng; ECHA for CAS CosIng lacks), for the allergen list's siblings.
  const labellingByCas = new Map<string, AnnexEntry[]>();
  for (const e of [...input.annexIII, ...input.echaIII].filter(isAllergenLabelling)) {
    for (const c of e.ids.cas) {
      const list = labellingByCas.get(c) ?? [];
      if (list.length === 0 || list[0]!.file === e.file) list.push(e);
      labellingByCas.set(c, list);
    }
  }
  const chemicals = [...byId.values()].map((acc) =>
    assemble(acc, { removals, amendmentYears, labellingByCas }),
  );
  chemicals.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const scope: Record<string, number> = {};
  for (const set of reasons.values()) for (const r of set) scope[r] = (scope[r] ?? 0) + 1;
  return { chemicals, rejectedCas, scope };
}

const VERIFYING: readonly SourceName[] = [
  'annexII',
  'annexIII',
  'echaII',
  'echaIII',
  'prop65',
  'prop65List',
  'iarc',
  'ifraStandards',
  'ifraAmendment',
];

function src(name: SourceName): SourceStamp {
  const s = CHEMICAL_SOURCES[name];
  return { source: s.file, source_name: s.name, source_date: s.date };
}

function bestBy<T extends { rank: number }>(items: readonly T[]): T | null {
  let best: T | null = null;
  for (const item of items) if (best === null || item.rank < best.rank) best = item;
  return best;
}

/**
 * The 26 fragrance allergens of Directive 2003/15/EC, individually labelled since 11 March 2005
 * (CAS numbers as that directive listed them; in Regulation (EC) No 1223/2009 they are Annex III
 * entries 45 and 67–92, entry 68 excepted). Two of them have since moved to Annex II: HICC
 * (Regulation (EU) 2017/1410) and butylphenyl methylpropional (Regulation (EU) 2021/1902).
 */
export const CLASSIC_26: Readonly<Record<string, string>> = {
  '122-40-7': 'Amyl cinnamal',
  '100-51-6': 'Benzyl alcohol',
  '104-54-1': 'Cinnamyl alcohol',
  '5392-40-5': 'Citral',
  '97-53-0': 'Eugenol',
  '31906-04-4': 'Hydroxyisohexyl 3-cyclohexene carboxaldehyde (HICC)',
  '97-54-1': 'Isoeugenol',
  '101-85-9': 'Amylcinnamyl alcohol',
  '118-58-1': 'Benzyl salicylate',
  '104-55-2': 'Cinnamal',
  '91-64-5': 'Coumarin',
  '106-24-1': 'Geraniol',
  '107-75-5': 'Hydroxycitronellal',
  '105-13-5': 'Anise alcohol',
  '103-41-3': 'Benzyl cinnamate',
  '4602-84-0': 'Farnesol',
  '80-54-6': 'Butylphenyl methylpropional',
  '78-70-6': 'Linalool',
  '120-51-4': 'Benzyl benzoate',
  '106-22-9': 'Citronellol',
  '101-86-0': 'Hexyl cinnamal',
  '5989-27-5': 'Limonene',
  '111-12-6': 'Methyl 2-octynoate',
  '127-51-5': 'alpha-Isomethyl ionone',
  '90028-68-5': 'Oakmoss extract (Evernia prunastri)',
  '90028-67-4': 'Treemoss extract (Evernia furfuracea)',
};

/** Labelling dates: the classic 26 since 11 March 2005; Regulation (EU) 2023/1545 for products placed on the market from 31 July 2026 and all products from 31 July 2028. */
export const ALLERGEN_LISTS = {
  classic_26: {
    applies_from: '2005-03-11',
    applies_to_all_from: null,
    regulation:
      'Directive 2003/15/EC (the 26 fragrance allergens), now Regulation (EC) No 1223/2009, Annex III',
  },
  eu_2023_1545: {
    applies_from: '2026-07-31',
    applies_to_all_from: '2028-07-31',
    regulation: 'Regulation (EU) 2023/1545 amending Regulation (EC) No 1223/2009, Annex III',
  },
} as const;

/**
 * When the fragrance bans of an amending regulation apply: new products / every product on the
 * market. Regulation (EU) 2017/1410 (HICC, atranol, chloroatranol): 23 Aug 2019 / 23 Aug 2021;
 * Regulation (EU) 2021/1902 (butylphenyl methylpropional): 1 Mar 2022 for both.
 */
export const ANNEX_II_APPLICATION: Readonly<Record<string, { from: string; all: string }>> = {
  '(EU) 2017/1410': { from: '2019-08-23', all: '2021-08-23' },
  '(EU) 2021/1902': { from: '2022-03-01', all: '2022-03-01' },
};

/** `51` → `51st`, `43` → `43rd`, `12` → `12th`. */
export function ordinal(n: string): string {
  const v = Number.parseInt(n, 10);
  if (!Number.isFinite(v)) return n;
  const teen = v % 100 >= 11 && v % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][v % 10] ?? 'th');
  return `${v}${suffix}`;
}

/** Annex II scope: natural content exempt by the entry's own words; plant part when a natural
 * material's CAS is also restricted or labelled in Annex III (the law regulates another part or
 * preparation of it there); otherwise the substance itself. */
export function annexIIScope(entry: AnnexEntry, natural: boolean, currentAnnexIII: boolean): AnnexIIScope {
  const wording = annexIIWording(entry.name);
  if (wording.naturalContentExempt) return 'natural_constituent_exempt';
  if ((natural || PLANT_MATERIAL.test(wording.banned)) && currentAnnexIII) return 'plant_part';
  return 'substance';
}

/** Words that make an Annex II entry a plant material (its part or preparation). */
const PLANT_MATERIAL =
  /\b(?:oils?|extracts?|balsam|absolutes?|resins?|resinoids?|seeds?|roots?|leaf|leaves|flowers?|bark|fruits?|peel)\b/i;

function prop65Key(e: Prop65Entry, cas: string): string {
  return `${cas}|${e.dateListed ?? ''}|${[...e.toxicity].sort().join(',')}`;
}

interface AssembleContext {
  /** Prop 65 rows with a removal note, by CAS, date listed and toxicity. */
  removals: ReadonlyMap<string, Prop65Entry>;
  /** IFRA amendment number → year of publication (from the 51st Amendment overview). */
  amendmentYears: ReadonlyMap<string, string>;
  labellingByCas: ReadonlyMap<string, AnnexEntry[]>;
}

function assemble(acc: Accumulator, context: AssembleContext): Chemical {
  const { removals, amendmentYears, labellingByCas } = context;
  const sources: Array<{ field: string } & SourceStamp> = [];
  const nameRankSource: Record<number, SourceName> = {
    1: acc.ifraStandards.length > 0 ? 'ifraStandards' : 'ifraAmendment',
    2: 'ifraTransparency',
    3: 'naturals',
    4: 'annexIII',
    5: 'prop65',
    6: 'ifraGlossary',
    7: 'goodScents',
    8: 'sccs',
    9: 'iarc',
    10: acc.annexII.length > 0 ? 'annexII' : 'annexIII',
    11: 'cosing',
    12: 'euAllergens',
    13: 'userMaterials',
    14: 'curated',
  };
  const chosen = bestBy(acc.names);
  const name = chosen?.name ?? acc.cas ?? acc.id;
  if (chosen) sources.push({ field: 'name', ...src(nameRankSource[chosen.rank]!) });
  if (acc.cas) {
    const casSource = VERIFYING.find((s) => acc.inSources.has(s)) ?? [...acc.inSources].sort()[0];
    if (casSource) sources.push({ field: 'cas_number', ...src(casSource) });
  }
  const ec = bestBy(acc.ec)?.ec ?? null;
  const inci = bestBy(acc.inci)?.name ?? null;
  if (inci)
    sources.push({ field: 'inci_name', ...src(bestBy(acc.inci)!.rank === 1 ? 'cosing' : 'annexIII') });
  const lower = name.toLowerCase();
  const synonyms = [...new Set([...acc.synonyms].map(cleanName))]
    .filter((s) => isNameLike(s) && s.toLowerCase() !== lower)
    .sort((a, b) =>
      a.toLowerCase() < b.toLowerCase()
        ? -1
        : a.toLowerCase() > b.toLowerCase()
          ? 1
          : a < b
            ? -1
            : a > b
              ? 1
              : 0,
    );
  const dedupedSynonyms = synonyms.filter(
    (s, i) => i === 0 || s.toLowerCase() !== synonyms[i - 1]!.toLowerCase(),
  );
  const type = chemicalType({ name, ncs: acc.ncs, smiles: acc.smiles });
  const natural = type === 'essential_oil' || type === 'natural';

  // EU Annex II / III: CosIng (2025) first, ECHA (2024) only for substances CosIng does not list.
  // Entries CosIng keeps as "Moved or deleted" prohibit nothing.
  const liveII = acc.annexII.filter((e) => !isDeletedEntry(e));
  const annexII = liveII.filter((e) => e.file === CHEMICAL_SOURCES.annexII.file);
  const annexIIUsed = annexII.length > 0 ? annexII : liveII.slice(0, 1);
  const annexIII = acc.annexIII.filter((e) => e.file === CHEMICAL_SOURCES.annexIII.file);
  const annexIIIAll =
    annexIII.length > 0 ? annexIII : acc.annexIII.filter((e) => e.file === CHEMICAL_SOURCES.echaIII.file);
  const sourceOfAnnex = (e: AnnexEntry): SourceName =>
    e.file === CHEMICAL_SOURCES.annexII.file
      ? 'annexII'
      : e.file === CHEMICAL_SOURCES.annexIII.file
        ? 'annexIII'
        : e.annex === 'II'
          ? 'echaII'
          : 'echaIII';

  const prohibited = annexIIUsed.length > 0;
  let euProhibition: EuProhibition | null = null;
  if (prohibited) {
    const main = annexIIUsed[0]!;
    const wording = annexIIWording(main.name);
    const scope = annexIIScope(main, natural, annexIIIAll.length > 0);
    const application = main.regulation ? ANNEX_II_APPLICATION[main.regulation] : undefined;
    euProhibition = {
      entry: main.ref,
      scope,
      exception: wording.exception,
      part: scope === 'plant_part' ? wording.banned : null,
      applies_when: wording.appliesWhen,
      applies_from: application?.from ?? null,
      applies_to_all_from: application?.all ?? null,
      regulation: annexRegulation(main),
      ...src(sourceOfAnnex(main)),
    };
  }
  // A substance prohibited as such is no longer on the labelling list, whatever an Annex III
  // export or the hand-made allergen list still says; the old listing is kept as history.
  const bannedOutright = euProhibition !== null && euProhibition.scope === 'substance';
  // A CAS the Annex III entries do not name but the allergen list puts in one row with a CAS they
  // do (d- and l-linalool beside linalool) takes that entry: the entry's chemical name covers it.
  const ownLabelling = annexIIIAll.filter(isAllergenLabelling);
  const siblingLabelling =
    ownLabelling.length > 0
      ? []
      : [...acc.allergenSiblings]
          .sort()
          .flatMap((c) => labellingByCas.get(c) ?? [])
          .slice(0, 1);
  const labelling = bannedOutright ? [] : [...ownLabelling, ...siblingLabelling];
  const annexIIIUsed = bannedOutright ? annexIIIAll.filter((e) => !isAllergenLabelling(e)) : annexIIIAll;
  const restricted = annexIIIUsed.length > 0;

  let euAllergen: EuAllergen | null = null;
  if (labelling.length > 0) {
    const entry = labelling[0]!;
    const viaSibling = ownLabelling.length === 0;
    const classic = viaSibling
      ? entry.ids.cas.some((c) => CLASSIC_26[c] !== undefined)
      : acc.cas !== null && CLASSIC_26[acc.cas] !== undefined;
    const list = classic ? 'classic_26' : 'eu_2023_1545';
    euAllergen = { list, entry: entry.ref, ...ALLERGEN_LISTS[list], ...src(sourceOfAnnex(entry)) };
  }
  const allergen = euAllergen !== null;

  const regional: RegionalRegulation[] = [];
  const history: RegionalRegulation[] = [];
  const current = { current: true, until: null } as const;
  for (const e of annexIIUsed) {
    regional.push({
      region: 'EU',
      status: 'prohibited',
      regulation: annexRegulation(e),
      details: oneLine(e.name),
      ...current,
      ...src(sourceOfAnnex(e)),
    });
  }
  const restrictionLines: string[] = [];
  for (const e of annexIIIUsed) {
    const text = restrictionText(e);
    restrictionLines.push(text);
    regional.push({
      region: 'EU',
      status: 'restricted',
      regulation: annexRegulation(e),
      details: text,
      ...current,
      ...src(sourceOfAnnex(e)),
    });
  }
  if (euAllergen) {
    const entry = labelling[0]!;
    const when =
      euAllergen.list === 'classic_26'
        ? 'one of the 26 fragrance allergens named on labels since 11 March 2005'
        : 'added by Regulation (EU) 2023/1545: named on new products from 31 July 2026, on every product from 31 July 2028';
    regional.push({
      region: 'EU',
      status: 'allergen',
      regulation: `Regulation (EC) No 1223/2009, Annex III entry ${entry.ref}: fragrance allergen to be named in the ingredient list (${when})`,
      details: oneLine(entry.other ?? entry.warnings),
      ...current,
      ...src(sourceOfAnnex(entry)),
    });
  } else if (bannedOutright && (acc.allergenFrom.length > 0 || ownLabelling.length > 0)) {
    const main = annexIIUsed[0]!;
    history.push({
      region: 'EU',
      status: 'allergen',
      regulation:
        'Regulation (EC) No 1223/2009, Annex III: fragrance allergen to be named in the ingredient list (no longer applies)',
      details: `No longer on the labelling list: prohibited in Annex II, entry ${main.ref}${
        main.regulation && !/2009\/1223/.test(main.regulation) ? ` (Regulation ${main.regulation})` : ''
      }${euProhibition?.applies_to_all_from ? `, for every product from ${euProhibition.applies_to_all_from}` : ''}.`,
      current: false,
      until: euProhibition?.applies_to_all_from ?? null,
      ...src(sourceOfAnnex(main)),
    });
  }

  // California Proposition 65: only current listings count; a row whose listing was removed (the
  // chemical delisted or one endpoint removed) is history. A removal note in either file applies
  // to the same row (CAS, date listed, toxicity) in the other.
  const prop65Main = acc.prop65.filter((p) => p.source === 'prop65');
  const prop65Used = prop65Main.length > 0 ? prop65Main : acc.prop65;
  let prop65: Chemical['safety_information']['prop65'] = null;
  if (prop65Used.length > 0 && acc.cas !== null) {
    const cas = acc.cas;
    const removalOf = (e: Prop65Entry) => (e.removedOn ? e : (removals.get(prop65Key(e, cas)) ?? null));
    const live = prop65Used.filter((p) => removalOf(p.entry) === null);
    const gone = prop65Used.filter((p) => removalOf(p.entry) !== null);
    const toxicity = [...new Set(live.flatMap((p) => p.entry.toxicity))].sort();
    const removedEndpoints: Prop65Endpoint[] = gone
      .flatMap((p) =>
        p.entry.toxicity.map((t) => ({
          toxicity: t,
          date_listed: p.entry.dateListed,
          date_removed: removalOf(p.entry)!.removedOn!,
        })),
      )
      .sort((a, b) => (a.toxicity < b.toxicity ? -1 : a.toxicity > b.toxicity ? 1 : 0));
    const datesOf = (rows: typeof prop65Used) =>
      rows
        .map((p) => p.entry.dateListed)
        .filter((d): d is string => d !== null)
        .sort();
    const listed = live.length > 0;
    const firstListed = (listed ? datesOf(live) : datesOf(prop65Used))[0] ?? null;
    const dateDelisted = listed
      ? null
      : (removedEndpoints
          .map((r) => r.date_removed)
          .sort()
          .at(-1) ?? null);
    const nsrl = (listed ? live : prop65Used).map((p) => p.entry.nsrlOrMadl).find((n) => n !== null) ?? null;
    const stamp = src(prop65Used[0]!.source);
    prop65 = {
      status: listed ? 'listed' : 'delisted',
      toxicity_types: toxicity,
      date_listed: firstListed,
      date_delisted: dateDelisted,
      nsrl_or_madl: listed ? nsrl : null,
      removed_endpoints: removedEndpoints,
      ...stamp,
    };
    const regulation =
      'California Proposition 65 (Safe Drinking Water and Toxic Enforcement Act of 1986), State of California only';
    if (listed) {
      regional.push({
        region: 'US',
        status: 'prop65_listed',
        regulation,
        details: `Listed for ${toxicity.join(', ') || 'unspecified toxicity'}${firstListed ? ` since ${firstListed}` : ''}${nsrl ? `; NSRL/MADL ${nsrl} µg/day` : ''}`,
        ...current,
        ...stamp,
      });
    }
    for (const r of removedEndpoints) {
      history.push({
        region: 'US',
        status: 'prop65_listed',
        regulation,
        details: `${listed ? 'Endpoint removed' : 'Delisted'}: ${r.toxicity}${r.date_listed ? ` (listed ${r.date_listed})` : ''}, removed ${r.date_removed}`,
        current: false,
        until: r.date_removed,
        ...stamp,
      });
    }
    sources.push({ field: 'prop65', ...stamp });
  }
  const regionsWith = (status: RegionalRegulation['status']) =>
    [...new Set(regional.filter((r) => r.status === status).map((r) => r.region))].sort();

  let iarc: Chemical['safety_information']['iarc'] = null;
  if (acc.iarc.length > 0) {
    const worst = [...acc.iarc].sort((a, b) => rankIarc(a.group) - rankIarc(b.group))[0]!;
    // A volume still "In prep." has no publication year: the evaluation year dates it then.
    const asYear = (v: string | null) => (v !== null && /^\d{4}$/.test(v) ? v : null);
    const year = asYear(worst.volumeYear) ?? asYear(worst.evaluationYear);
    iarc = {
      group: worst.group,
      agent: worst.agent,
      volume: worst.volume,
      volume_year: worst.volumeYear,
      evaluation_year: worst.evaluationYear,
      source: CHEMICAL_SOURCES.iarc.file,
      source_name: worst.volume
        ? `IARC Monographs, volume ${worst.volume}${year ? ` (${asYear(worst.volumeYear) ? '' : 'evaluated '}${year})` : ''}`
        : CHEMICAL_SOURCES.iarc.name,
      source_date: year,
    };
    sources.push({
      field: 'iarc',
      source: iarc.source,
      source_name: iarc.source_name,
      source_date: iarc.source_date,
    });
  }

  let ifra: Chemical['safety_information']['ifra'] = null;
  const standard = acc.ifraStandards.find((s) => s.ids.cas[0] === acc.cas) ?? acc.ifraStandards[0] ?? null;
  const amendment = acc.ifraAmendment.find((s) => s.ids.cas[0] === acc.cas) ?? acc.ifraAmendment[0] ?? null;
  if (standard || amendment) {
    const amendmentNo = amendment?.amendment ?? standard?.amendment ?? null;
    const publication = standard?.publicationDate ?? amendment?.lastPublication ?? null;
    // Standards only in the standards list are dated by their amendment (its year as the 51st
    // Amendment overview gives it) or their publication date.
    const listDate =
      standard?.publicationDate ??
      (standard?.amendment ? (amendmentYears.get(standard.amendment) ?? null) : null);
    const stamp: SourceStamp = amendment
      ? src('ifraAmendment')
      : {
          source: CHEMICAL_SOURCES.ifraStandards.file,
          source_name: standard?.amendment
            ? `IFRA Standards, ${ordinal(standard.amendment)} Amendment${listDate ? ` (${listDate.slice(0, 4)})` : ''}`
            : CHEMICAL_SOURCES.ifraStandards.name,
          source_date: listDate,
        };
    ifra = {
      standard_type: standard?.type ?? amendmentType(amendment!.type),
      standard_name: standard?.title ?? amendment!.name,
      amendment: amendmentNo,
      publication_date: publication,
      intrinsic_property: amendment?.intrinsicProperty ?? null,
      implementation_new_creations: amendment?.implementationNew ?? null,
      implementation_existing_creations: amendment?.implementationExisting ?? null,
      limits: amendment?.limits ?? {},
      ...stamp,
    };
    sources.push({ field: 'ifra', ...stamp });
  }

  let sccsData: SccsData | null = null;
  if (acc.sccs) {
    const e = acc.sccs;
    const potency = potencyFromEc3(e.ec3);
    // A ban on one part of a plant does not make the whole material a banned substance.
    const banned = prohibited && euProhibition?.scope !== 'plant_part';
    sccsData = {
      risk_level: riskLevel(banned, potency, e),
      sccs_recommendation: null,
      classification: banned
        ? 'banned_substance'
        : e.category === 'established_in_humans'
          ? 'established_allergen'
          : 'other',
      sensitization_potency: potency,
      ec3_value: e.ec3,
      safe_concentration_ppm: null,
      patch_test_prevalence: null,
      clinical_relevance: null,
      population_stats: { eczema_patient_sensitization: null, general_population_allergy: null },
      cross_reactivity: [],
      sccs_category: e.categoryText,
      human_evidence: e.humanEvidence,
      ec3_note: e.ec3Note,
      structure_alert: e.structureAlert,
      opinion: 'SCCS/1459/11',
      ...src('sccs'),
    };
    sources.push({ field: 'sccs_data', ...src('sccs') });
  }

  const odour = acc.glossaryOdour ?? acc.goodScentsOdour;
  if (acc.glossaryOdour) sources.push({ field: 'odour', ...src('ifraGlossary') });
  else if (acc.goodScentsOdour) sources.push({ field: 'odour', ...src('goodScents') });
  if (ec) {
    const rank = bestBy(acc.ec)!.rank;
    sources.push({
      field: 'ec_number',
      ...src(
        rank === 1
          ? acc.annexII.length > 0
            ? 'annexII'
            : 'annexIII'
          : rank === 2
            ? acc.annexII.length > 0
              ? 'echaII'
              : 'echaIII'
            : rank === 3
              ? 'cosing'
              : 'euAllergens',
      ),
    });
  }
  if (euAllergen) {
    sources.push({
      field: 'allergen_flag',
      source: euAllergen.source,
      source_name: euAllergen.source_name,
      source_date: euAllergen.source_date,
    });
    // The tie of this CAS to the entry comes from the hand-made list.
    if (ownLabelling.length === 0) sources.push({ field: 'allergen_flag', ...src('euAllergens') });
  }
  if (prohibited) sources.push({ field: 'prohibited', ...src(sourceOfAnnex(annexIIUsed[0]!)) });
  if (restricted) sources.push({ field: 'restricted', ...src(sourceOfAnnex(annexIIIUsed[0]!)) });

  const status: Chemical['regulatory_status'] = prohibited ? 'prohibited' : restricted ? 'restricted' : null;
  const restrictions = restrictionLines.length > 0 ? restrictionLines.join('\n') : null;
  return {
    id: acc.id,
    name,
    type,
    cas_number: acc.cas,
    ec_number: ec,
    inci_name: inci,
    synonyms: dedupedSynonyms,
    description: null,
    allergen_flag: allergen,
    prohibited,
    restricted,
    restrictions,
    regulatory_status: status,
    verified: acc.cas !== null && VERIFYING.some((s) => acc.inSources.has(s)),
    odour,
    safety_information: {
      is_allergen: allergen,
      is_prohibited: prohibited,
      is_restricted: restricted,
      regulatory_status: status,
      restrictions,
      regional_regulations: regional,
      regulatory_history: history,
      eu_prohibition: euProhibition,
      eu_allergen: euAllergen,
      regional_summary: {
        total_regions: new Set(regional.map((r) => r.region)).size,
        prohibited_in: regionsWith('prohibited'),
        restricted_in: regionsWith('restricted'),
        prop65_listed: prop65 !== null && prop65.status === 'listed',
        allergen_regions: regionsWith('allergen'),
      },
      sccs_data: sccsData,
      iarc,
      ifra,
      prop65,
      sources,
    },
  };
}

function rankIarc(group: string): number {
  const i = IARC_ORDER.indexOf(group);
  return i < 0 ? IARC_ORDER.length : i;
}

/** `RESTRICTION_SPECIFICATION` → `R-S`, the letters restricted-ifra.csv uses. */
export function amendmentType(type: string): string {
  return type
    .split('_')
    .map((t) => t.charAt(0))
    .join('-');
}
