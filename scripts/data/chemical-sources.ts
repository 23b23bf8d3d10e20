/**
 * The source files the chemical-safety database is built from, with the date each states and the
 * name the product shows for it, and the parsed inputs `buildChemicals` takes.
 */
import type { SourceStamp } from './chemical-record.ts';
import type { EuAllergenEntry } from './sources/allergens.ts';
import type { CosingEntry } from './sources/cosing-inventory.ts';
import type { AnnexEntry } from './sources/eu-annexes.ts';
import type { IarcEntry } from './sources/iarc.ts';
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

export type SourceName = keyof typeof CHEMICAL_SOURCES;

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

/**
 * Official lists whose naming of a CAS number makes a chemical `verified`, in the order their stamp
 * is given for the CAS number.
 */
export const VERIFYING: readonly SourceName[] = [
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

/** The source stamp (file, shown name, date) a record field carries. */
export function src(name: SourceName): SourceStamp {
  const s = CHEMICAL_SOURCES[name];
  return { source: s.file, source_name: s.name, source_date: s.date };
}
