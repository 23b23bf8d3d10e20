/**
 * California Proposition 65 list: OEHHA_P65.csv (list of 2023-12-29, latin-1, one row per chemical and
 * toxicity type) and p65chemicalslist.csv (list of 2023-11-17 with OEHHA's original header).
 */

import { parseLongDate } from '../../../services/domain/src/chemicals/ifra-reference.ts';
import { parseCsvRows } from '../io.ts';
import { cleanText } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';

export interface Prop65Entry {
  name: string;
  toxicity: string[];
  mechanism: string | null;
  ids: IdentifierCell;
  raw: string;
  /** ISO date of first listing. */
  dateListed: string | null;
  nsrlOrMadl: string | null;
  /**
   * ISO date from which this row's listing no longer applies, as the row itself states it: the
   * chemical was delisted ("Delisted January 25, 2002"), or the row's endpoint was removed ("removal
   * of female reproductive endpoint effective March 7, 2014"). Null for a current row.
   */
  removedOn: string | null;
  /** `chemical` (delisted for this row's toxicity), `endpoint` (only this endpoint removed), or null. */
  removal: 'chemical' | 'endpoint' | null;
}

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** `1-Jan-90` → `1990-01-01`; two-digit years from 87 (the list began in 1987) are 19xx. */
export function parseListingDate(value: string | undefined): string | null {
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const month = MONTHS[m[2]!.toLowerCase()];
  if (!month) return null;
  const yy = m[3]!;
  const year = yy.length === 4 ? yy : Number(yy) >= 87 ? `19${yy}` : `20${yy}`;
  return `${year}-${month}-${m[1]!.padStart(2, '0')}`;
}

/**
 * The removal a Prop 65 name cell announces. OEHHA keeps removed chemicals and endpoints on the
 * published list (struck out) with a note in the name cell; the CSV keeps only the note.
 */
export function prop65Removal(cell: string): { removedOn: string; removal: 'chemical' | 'endpoint' } | null {
  const delisted = /\bDelisted\s+([A-Za-z]+,?\s+\d{1,2},?\s+\d{4})/i.exec(cell);
  if (delisted) {
    const date = parseLongDate(delisted[1]!);
    if (date) return { removedOn: date, removal: 'chemical' };
  }
  const endpoint = /\bremoval of [^\]]*?endpoint effective\s+([A-Za-z]+,?\s+\d{1,2},?\s+\d{4})/i.exec(cell);
  if (endpoint) {
    const date = parseLongDate(endpoint[1]!);
    if (date) return { removedOn: date, removal: 'endpoint' };
  }
  return null;
}

/** The chemical's name without OEHHA's notes (`[Click here …]`, `Delisted …`). */
export function prop65Name(cell: string): string {
  return cell
    .replace(/\[[^\]]*\]?/g, ' ')
    .replace(/\bDelisted\b.*$/is, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Both files: find the "Chemical, Type of Toxicity, ..." header and read the rows below it. */
export function parseProp65(text: string): Prop65Entry[] {
  const rows = parseCsvRows(text);
  const headerIndex = rows.findIndex((r) => r[0]?.trim() === 'Chemical' && /toxicity/i.test(r[1] ?? ''));
  if (headerIndex < 0) throw new Error('Prop 65: header row not found');
  return rows.slice(headerIndex + 1).flatMap((r): Prop65Entry[] => {
    const cell = cleanText(r[0]);
    if (!cell) return [];
    const name = prop65Name(cell) || cell;
    const removed = prop65Removal(cell);
    const raw = r[3] ?? '';
    return [
      {
        name,
        toxicity: (r[1] ?? '')
          .split(',')
          .map((t) => t.trim().toLowerCase())
          .filter((t) => t !== ''),
        mechanism: cleanText(r[2]),
        ids: readIdentifiers(raw),
        raw,
        dateListed: parseListingDate(r[4]),
        nsrlOrMadl: cleanText(r[5]),
        removedOn: removed?.removedOn ?? null,
        removal: removed?.removal ?? null,
      },
    ];
  });
}
