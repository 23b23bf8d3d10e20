/** cosing.csv (sohab117/inci-cas-builder): CosIng ingredient inventory, INCI name → CAS, EC, functions. */
import { parseCsvRecords } from '../io.ts';
import { cleanText } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';

export interface CosingEntry {
  inciName: string;
  ids: IdentifierCell;
  raw: string;
  functions: string[];
  perfuming: boolean;
}

export function parseCosingInventory(text: string): CosingEntry[] {
  return parseCsvRecords(text).flatMap((r) => {
    const inciName = cleanText(r.inci_name);
    if (!inciName) return [];
    const ids = readIdentifiers(r.cas_number);
    ids.ec.push(...readIdentifiers(r.einecs_number).ec.filter((e) => !ids.ec.includes(e)));
    const functions = (r.function ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f !== '');
    return [
      { inciName, ids, raw: r.cas_number ?? '', functions, perfuming: functions.includes('Perfuming') },
    ];
  });
}
