/**
 * Perfume identity normalisation used to merge catalogue sources (scripts/data) and, later, to
 * match user input against the catalogue. Pure functions, no I/O.
 *
 * A perfume's key is `<brand key>|<name key>`:
 * - text is folded (Unicode NFKD, accents dropped, ß→ss, æ→ae, œ→oe, ø→o, ł→l, lower case,
 *   `&`→`and`) and cut into letter/digit tokens, so punctuation, case and slug hyphens do not count;
 * - the tokens are joined without separators, so `D.S. & Durga` = `ds-durga` and `L'Eau` = `Leau`;
 * - `and` tokens are dropped (`Dolce&Gabbana` = `dolce-gabbana`);
 * - numbering is unified: `N°5`, `Nº 5`, `No. 05`, `№5` and `n05` all become `no 5`; other numbers
 *   lose leading zeros;
 * - name keys drop a trailing concentration (`Eau de Parfum`, `EDT`, `Extrait`, `Parfum`, ... see
 *   CONCENTRATIONS) and a leading copy of the brand (`Chanel No 5` by Chanel = `No 5`);
 * - brand keys drop generic words (`Parfums`, `Perfumes`, `Fragrances`, `Paris`, `London`, ...) and a
 *   leading `by`, so `Al Haramain Perfumes` = `Al Haramain` and `By Kilian` = `Kilian`.
 */

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower-cased, accent-free text with `&` spelt out. */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæÆœŒøØłŁđĐþı]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .replace(/&/g, ' and ')
    .toLowerCase();
}

/** Letter/digit tokens of folded text (non-Latin letters are kept). */
export function textTokens(value: string): string[] {
  return foldText(value).match(/[\p{L}\p{N}]+/gu) ?? [];
}

const NUMBER_WORDS = new Set(['n', 'no', 'nr', 'num']);

/** Unifies perfume numbering: `n 5`, `nr 05`, `n05` → `no 5`; other numbers lose leading zeros. */
export function unifyNumbers(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const glued = /^(?:n|no|nr)(\d+)$/.exec(token);
    if (glued) {
      out.push('no', stripZeros(glued[1]!));
    } else if (NUMBER_WORDS.has(token) && next !== undefined && /^\d+$/.test(next)) {
      out.push('no');
    } else if (/^\d+$/.test(token)) {
      out.push(stripZeros(token));
    } else {
      out.push(token);
    }
  }
  return out;
}

function stripZeros(digits: string): string {
  const stripped = digits.replace(/^0+/, '');
  return stripped === '' ? '0' : stripped;
}

/** Concentration phrases recognised at the end of a perfume name, longest first. */
export const CONCENTRATIONS: ReadonlyArray<{ tokens: readonly string[]; label: string }> = [
  { tokens: ['extrait', 'de', 'parfum'], label: 'Extrait de Parfum' },
  { tokens: ['parfum', 'de', 'toilette'], label: 'Parfum de Toilette' },
  { tokens: ['eau', 'de', 'parfum'], label: 'Eau de Parfum' },
  { tokens: ['eau', 'de', 'toilette'], label: 'Eau de Toilette' },
  { tokens: ['eau', 'de', 'cologne'], label: 'Eau de Cologne' },
  { tokens: ['extrait'], label: 'Extrait de Parfum' },
  { tokens: ['parfum'], label: 'Parfum' },
  { tokens: ['edp'], label: 'Eau de Parfum' },
  { tokens: ['edt'], label: 'Eau de Toilette' },
  { tokens: ['edc'], label: 'Eau de Cologne' },
];

const CONCENTRATION_BY_PHRASE = new Map(CONCENTRATIONS.map((c) => [c.tokens.join(' '), c.label]));

/** Canonical label for a concentration phrase (`EDP`, `eau de parfum`), or null if not one. */
export function concentrationLabel(value: string): string | null {
  return CONCENTRATION_BY_PHRASE.get(textTokens(value).join(' ')) ?? null;
}

const TRAILING_CONCENTRATION = new RegExp(
  `^(.*?[\\p{L}\\p{N}].*?)[\\s,;:\\-–—]*\\(?\\s*(${[...CONCENTRATIONS]
    .sort((a, b) => b.tokens.join(' ').length - a.tokens.join(' ').length)
    .map((c) => c.tokens.join('\\s+'))
    .join('|')})\\s*\\)?[\\s.]*$`,
  'iu',
);

/**
 * Splits a trailing concentration off a display name: `Chance Eau de Toilette` →
 * `{ name: 'Chance', concentration: 'Eau de Toilette' }`, `Joop! Homme (Eau de Toilette)` likewise.
 * A name that is only a concentration word (`Parfum`) is left whole.
 */
export function splitConcentration(rawName: string): { name: string; concentration: string | null } {
  const name = rawName.trim().replace(/\s+/g, ' ');
  const match = TRAILING_CONCENTRATION.exec(name);
  if (!match) return { name, concentration: null };
  const rest = match[1]!.trim();
  const label = concentrationLabel(match[2]!);
  if (label === null || !/[\p{L}\p{N}]/u.test(rest)) return { name, concentration: null };
  return { name: rest, concentration: label };
}

const BRAND_NOISE = new Set([
  'parfums',
  'parfum',
  'perfumes',
  'perfume',
  'perfumery',
  'parfumerie',
  'profumi',
  'fragrances',
  'fragrance',
  'cosmetics',
  'paris',
  'london',
  'milano',
  'co',
  'company',
  'inc',
  'ltd',
]);

/** Brand tokens after dropping generic words (kept whole when nothing would remain). */
export function brandTokens(brand: string): string[] {
  const tokens = unifyNumbers(textTokens(brand)).filter((t) => t !== 'and');
  const trimmed = tokens[0] === 'by' && tokens.length > 1 ? tokens.slice(1) : tokens;
  const meaningful = trimmed.filter((t) => !BRAND_NOISE.has(t));
  return meaningful.length > 0 ? meaningful : trimmed;
}

/** Key of a brand: `Parfums de Marly` → `demarly`, `D.S. & Durga` → `dsdurga`. */
export function brandKey(brand: string): string {
  return brandTokens(brand).join('');
}

function endsWith(tokens: readonly string[], suffix: readonly string[]): boolean {
  if (suffix.length === 0 || suffix.length > tokens.length) return false;
  const offset = tokens.length - suffix.length;
  return suffix.every((t, i) => tokens[offset + i] === t);
}

function startsWith(tokens: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length === 0 || prefix.length > tokens.length) return false;
  return prefix.every((t, i) => tokens[i] === t);
}

/**
 * Name tokens used for the key: numbering unified, `and` dropped, a trailing concentration and a
 * leading copy of the brand removed (when something remains).
 */
export function nameTokens(name: string, brand: string): string[] {
  let tokens = unifyNumbers(textTokens(name)).filter((t) => t !== 'and');
  for (const c of CONCENTRATIONS) {
    if (endsWith(tokens, c.tokens) && tokens.length > c.tokens.length) {
      tokens = tokens.slice(0, tokens.length - c.tokens.length);
      break;
    }
  }
  const full = unifyNumbers(textTokens(brand)).filter((t) => t !== 'and');
  for (const prefix of [full, brandTokens(brand)]) {
    if (startsWith(tokens, prefix) && tokens.length > prefix.length) {
      tokens = tokens.slice(prefix.length);
      break;
    }
  }
  return tokens;
}

/** Key of a perfume name within its brand. */
export function nameKey(name: string, brand: string): string {
  return nameTokens(name, brand).join('');
}

/** Merge key of a perfume: `<brand key>|<name key>`. */
export function perfumeKey(brand: string, name: string): string {
  return `${brandKey(brand)}|${nameKey(name, brand)}`;
}

/** ASCII slug (`Eau Sauvage` → `eau-sauvage`); empty when the text has no Latin letters or digits. */
export function slugify(value: string): string {
  return (foldText(value).match(/[a-z0-9]+/g) ?? []).join('-');
}

/** Key for a fragrance note: `Lily-of-the-Valley` = `lily of the valley`, `Oak moss` = `Oakmoss`. */
export function noteKey(note: string): string {
  return textTokens(note).join('');
}
