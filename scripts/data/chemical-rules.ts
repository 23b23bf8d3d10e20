/**
 * Regulatory rules of the chemical build: SCCS potency and risk level, EU Annex II/III wording and
 * scope, the allergen lists, Prop 65 and IARC ordering, IFRA amendment types.
 */
import type { Potency, RiskLevel } from './chemical-record.ts';
import { type AnnexEntry, type AnnexIIScope, annexIIWording } from './sources/eu-annexes.ts';
import { IARC_ORDER } from './sources/iarc.ts';
import type { Prop65Entry } from './sources/prop65.ts';
import type { SccsEntry } from './sources/sccs.ts';

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

export function oneLine(text: string | null): string | null {
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

export function annexRegulation(entry: AnnexEntry): string {
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

export function prop65Key(e: Prop65Entry, cas: string): string {
  return `${cas}|${e.dateListed ?? ''}|${[...e.toxicity].sort().join(',')}`;
}

export function rankIarc(group: string): number {
  const i = IARC_ORDER.indexOf(group);
  return i < 0 ? IARC_ORDER.length : i;
}

/**
 * An IARC agent that is a circumstance of exposure rather than the substance: IARC lists
 * `Acetaldehyde associated with consumption of alcoholic beverages` (Group 1) under acetaldehyde's
 * CAS number beside `Acetaldehyde` itself (Group 2B).
 */
export function isExposureCircumstance(agent: string): boolean {
  return /\b(?:associated with|consumption of|exposure|occupational|as used in|in the production of)\b/i.test(
    agent,
  );
}

/**
 * The IARC classification of the substance: its most serious group among the rows that classify
 * the substance itself, or among every row of its CAS number when none does.
 */
export function iarcOfSubstance<E extends { group: string; agent: string }>(rows: readonly E[]): E | null {
  const own = rows.filter((r) => !isExposureCircumstance(r.agent));
  return [...(own.length > 0 ? own : rows)].sort((a, b) => rankIarc(a.group) - rankIarc(b.group))[0] ?? null;
}

/** `RESTRICTION_SPECIFICATION` → `R-S`, the letters restricted-ifra.csv uses. */
export function amendmentType(type: string): string {
  return type
    .split('_')
    .map((t) => t.charAt(0))
    .join('-');
}
