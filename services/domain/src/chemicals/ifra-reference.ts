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

/** The hazards IFRA names as the reason for a standard, as keys the interface words in each language. */
export type IfraHazard =
  | 'dermal_sensitization'
  | 'systemic_toxicity'
  | 'insufficient_data'
  | 'phototoxicity'
  | 'photosensitization'
  | 'carcinogenicity'
  | 'genotoxicity'
  | 'genotoxicity_pah'
  | 'mutagenicity'
  | 'depigmentation'
  | 'neurotoxicity'
  | 'reproductive_toxicity'
  | 'teratogenicity'
  | 'acute_toxicity'
  | 'liver_toxicity'
  | 'skin_toxicity'
  | 'toxicity'
  | 'nitrosamine_formation'
  | 'cyanide_release'
  | 'vpvb'
  | 'see_specification';

const IFRA_HAZARDS: Record<string, IfraHazard> = {
  'dermal sensitization': 'dermal_sensitization',
  'systemic toxicity': 'systemic_toxicity',
  'insufficient data': 'insufficient_data',
  phototoxicity: 'phototoxicity',
  photosensitization: 'photosensitization',
  carcinogenicity: 'carcinogenicity',
  genotoxicity: 'genotoxicity',
  'genotoxicity by release of polynuclear hydrocarbons (pah)': 'genotoxicity_pah',
  mutagenicity: 'mutagenicity',
  depigmentation: 'depigmentation',
  'dermal depigmentation': 'depigmentation',
  neurotoxicity: 'neurotoxicity',
  'reproductive toxicity': 'reproductive_toxicity',
  teratogenicity: 'teratogenicity',
  'acute toxicity': 'acute_toxicity',
  'liver toxicity': 'liver_toxicity',
  'skin toxicity': 'skin_toxicity',
  toxicity: 'toxicity',
  'potential of nitrosamine formation': 'nitrosamine_formation',
  'potential of cyanide release': 'cyanide_release',
  vpvb: 'vpvb',
  'see fragrance ingredient specification': 'see_specification',
};

/**
 * The hazards of IFRA's "intrinsic property" text (`DERMAL SENSITIZATION AND SYSTEMIC TOXICITY`
 * → dermal_sensitization, systemic_toxicity), each once; null when a part is not one we word, so
 * the text is then shown as IFRA wrote it.
 */
export function ifraHazards(text: string | null | undefined): IfraHazard[] | null {
  const parts = (text ?? '')
    .toLowerCase()
    .split(/\s*,\s*|\s+and\s+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return null;
  const hazards: IfraHazard[] = [];
  for (const part of parts) {
    const hazard = IFRA_HAZARDS[part];
    if (hazard === undefined) return null;
    if (!hazards.includes(hazard)) hazards.push(hazard);
  }
  return hazards;
}

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
