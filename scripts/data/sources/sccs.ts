/**
 * sccs/allergens.sccs_1459_11.transcribed.csv: the 175 substances of SCCS opinion SCCS/1459/11 on
 * fragrance allergens (category, human-evidence grade, LLNA EC3 %, structure alert).
 */
import { parseCsvRecords } from '../io.ts';
import { cleanText } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';

export type SccsCategory = 'established_in_humans' | 'established_in_animals' | 'likely' | 'possible';

export interface SccsEntry {
  name: string;
  ids: IdentifierCell;
  raw: string;
  category: SccsCategory;
  categoryText: string;
  humanEvidence: string | null;
  /** LLNA EC3 in %, null when none is given. */
  ec3: number | null;
  /** "R43" when the opinion gives a classification instead of an EC3. */
  ec3Note: string | null;
  structureAlert: string | null;
}

export function sccsCategory(text: string): SccsCategory {
  const t = text.toLowerCase();
  if (t.includes('established contact allergens in humans')) return 'established_in_humans';
  if (t.includes('in animals')) return 'established_in_animals';
  if (t.includes('likely')) return 'likely';
  if (t.includes('possible')) return 'possible';
  throw new Error(`SCCS: unknown category "${text}"`);
}

export function parseSccs(text: string): SccsEntry[] {
  return parseCsvRecords(text).flatMap((r) => {
    const name = cleanText(r.name);
    const categoryText = cleanText(r.sccs_category);
    if (!name || !categoryText) return [];
    const ec3Text = cleanText(r.ec3_value);
    const ec3 = ec3Text !== null && /^\d+(?:\.\d+)?$/.test(ec3Text) ? Number(ec3Text) : null;
    const raw = r.cas_number ?? '';
    return pairedNames(name, readIdentifiers(raw)).map(({ name, ids }) => ({
      name,
      ids,
      raw,
      category: sccsCategory(categoryText),
      categoryText,
      humanEvidence: cleanText(r.human_evidence),
      ec3,
      ec3Note: ec3 === null && ec3Text !== null && ec3Text !== 'none' ? ec3Text : null,
      structureAlert: cleanText(r.sar),
    }));
  });
}

/**
 * A row that runs two materials' names together, one per CAS number, each opening with the same
 * genus ("CINNAMOMUM CASSIA LEAF OIL CINNAMOMUM ZEYLANICUM BARK OIL", 8007-80-5 84649-98-9): one
 * entry per name and CAS number, in order. Any other row stays one entry for all its CAS numbers.
 */
export function pairedNames(name: string, ids: IdentifierCell): Array<{ name: string; ids: IdentifierCell }> {
  const first = name.split(/\s+/)[0]!;
  const parts = name.split(new RegExp(`\\s+(?=${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b)`, 'i'));
  if (ids.cas.length < 2 || parts.length !== ids.cas.length) return [{ name, ids }];
  return parts.map((part, i) => ({ name: part, ids: { ...ids, cas: [ids.cas[i]!], ec: [] } }));
}
