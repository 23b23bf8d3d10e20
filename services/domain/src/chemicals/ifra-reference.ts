/**
 * Fixed facts of the IFRA Standards and the dates their lists print, shared by the data build and
 * the web client (no imports, so the client can use it as it is).
 */

/** IFRA's product categories, in the order the standards print their limits. */
export const IFRA_CATEGORIES = [
  '1',
  '2',
  '3',
  '4',
  '5A',
  '5B',
  '5C',
  '5D',
  '6',
  '7A',
  '7B',
  '8',
  '9',
  '10A',
  '10B',
  '11A',
  '11B',
  '12',
] as const;

export type IfraCategory = (typeof IFRA_CATEGORIES)[number];

/** IFRA's category of fine fragrance (eau de parfum, eau de toilette, body sprays). */
export const FINE_FRAGRANCE_CATEGORY: IfraCategory = '4';

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * The first English long date in a text as an ISO date: `January 25, 2002`, and OEHHA's
 * `November, 20 2015`, → `2002-01-25`; null when there is none (`Not applicable.`).
 */
export function parseLongDate(text: string | null | undefined): string | null {
  const m = /([A-Za-z]+),?\s+(\d{1,2}),?\s+(\d{4})/.exec(text ?? '');
  if (!m) return null;
  const month = MONTH_NAMES.indexOf(m[1]!.toLowerCase());
  if (month < 0) return null;
  return `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
}
