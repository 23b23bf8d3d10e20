/**
 * Natural materials and their constituents: DB_Naturals.csv (302 naturals → IFRA-restricted
 * constituents with typical %, from IFRA's "contributions from other sources") and
 * DB_User_Materials.csv (1,122 commercial raw materials → allergen constituents with %, supplier data).
 */
import { parseCsvRecords } from '../io.ts';
import { cleanText } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';

export interface MaterialConstituent {
  material: string;
  constituent: string;
  ids: IdentifierCell;
  raw: string;
  percent: number | null;
}

function percent(value: string | undefined): number | null {
  const text = cleanText(value);
  if (text === null || !/^\d+(?:\.\d+)?$/.test(text)) return null;
  return Number(text);
}

export function parseNaturals(text: string): MaterialConstituent[] {
  return parseCsvRecords(text).flatMap((r) => {
    const material = cleanText(r.Natural_Name);
    const constituent = cleanText(r.Constituent_Name);
    if (!material || !constituent) return [];
    const raw = r.Constituent_CAS ?? '';
    return [{ material, constituent, ids: readIdentifiers(raw), raw, percent: percent(r.Percentage) }];
  });
}

export function parseUserMaterials(text: string): MaterialConstituent[] {
  return parseCsvRecords(text).flatMap((r) => {
    const material = cleanText(r['Material Name']);
    const constituent = cleanText(r.Constituent);
    if (!material || !constituent) return [];
    const raw = r.CAS ?? '';
    return [{ material, constituent, ids: readIdentifiers(raw), raw, percent: percent(r.Percentage) }];
  });
}
