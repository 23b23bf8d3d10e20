/**
 * DB_EU_Allergens.csv (kijjaz/miniPinscher): names of the EU fragrance-allergen labelling list
 * (Regulation (EU) 2023/1545 + the classic 26) with CAS and EC numbers pipe-separated. Hand-made:
 * names may hold several INCI names joined by `;`, a " - BANNED" note or typos.
 */
import { parseCsvRecords } from '../io.ts';
import { cleanText } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';

export interface EuAllergenEntry {
  /** First name of the cell, cleaned of notes like " - BANNED". */
  name: string;
  /** The other names of the cell. */
  otherNames: string[];
  ids: IdentifierCell;
  raw: string;
}

export function parseEuAllergens(text: string): EuAllergenEntry[] {
  return parseCsvRecords(text).flatMap((r) => {
    const cell = cleanText(r.Name);
    if (!cell) return [];
    const names = cell
      .split(';')
      .map((n) => n.replace(/\s+-\s+BANNED\s*$/i, '').trim())
      .filter((n) => n !== '');
    if (names.length === 0) return [];
    const raw = r.CAS ?? '';
    return [{ name: names[0]!, otherNames: names.slice(1), ids: readIdentifiers(raw), raw }];
  });
}
