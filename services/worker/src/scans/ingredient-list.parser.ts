import { catalogue } from '@scentinel/domain';
import { editDistance } from './string-distance.ts';

/**
 * Finds and splits the ingredient list in OCR text of a product label. Pure: no I/O, no database.
 * Multilingual headers, "may contain" / "[+/-]" lists, line-break hyphenation and common OCR noise
 * are handled here; matching the items to chemicals is `chemical-matcher.ts`'s job.
 */

export interface ParsedIngredient {
  /** The ingredient as printed, cleaned of noise (`AQUA (WATER)`, `Linalool`). */
  text: string;
  /** The separator that ended it: a period may be OCR noise inside a name (`ETHYLHEXYL. METHOXYCINNAMATE`). */
  endedBy: string;
  /** A printed concentration such as `0.5%`, when there is one. */
  concentration: string | null;
  /** Listed under "may contain" / "+/-" (colourants that may or may not be present). */
  mayContain: boolean;
}

export interface ParsedLabel {
  /** The header word that opened the list (`INGREDIENTS`), or null when the list was found by its shape. */
  header: string | null;
  ingredients: ParsedIngredient[];
  /** The list's text as found (after hyphenation repair). */
  sectionText: string;
  /** Every line that is not part of the list (for product identification and printed warnings). */
  otherLines: string[];
  /** The lines above the list (where brand and product name usually are). */
  linesBefore: string[];
}

/** Header words in the label languages we meet (folded: lower case, no accents). */
const HEADER_WORDS = [
  'ingredients',
  'ingredient',
  'ingredienser',
  'ingredientes',
  'ingredienti',
  'ingredienten',
  'ingrediente',
  'ingredientai',
  'ingrediencie',
  'inhaltsstoffe',
  'bestandteile',
  'zusammensetzung',
  'composition',
  'composicion',
  'composicao',
  'composizione',
  'samenstelling',
  'sammansattning',
  'innehall',
  'ainesosat',
  'skladniki',
  'sklad',
  'slozeni',
  'sastojci',
  'osszetevok',
  'icindekiler',
  'inci',
];

/** OCR confusions that only matter for spotting a header: `lNGREDlENTS`, `1NGRED1ENTS`, `C0MPOSITION`. */
function headerForm(word: string): string {
  return catalogue
    .foldText(word)
    .replace(/[|l1!]/g, 'i')
    .replace(/0/g, 'o');
}

const HEADER_FORMS = new Map(HEADER_WORDS.map((w) => [headerForm(w), w]));

/** The header word a token stands for, allowing one OCR error in long words. */
export function headerWord(token: string): string | null {
  const form = headerForm(token);
  const exact = HEADER_FORMS.get(form);
  if (exact) return exact;
  if (form.length < 8) return null;
  for (const [candidate, word] of HEADER_FORMS) {
    if (candidate.length >= 8 && editDistance(form, candidate, 1) <= 1) return word;
  }
  return null;
}

/** Lines that end the list: directions, warnings, origin, batch codes, addresses, sizes. */
const STOP_LINE =
  /^\s*(made in|fabriqu|hergestellt|tillverkad|hecho en|prodotto in|fabricado|do not|don't|warning|warnings|caution|attention|avertissement|achtung|warnhinweis|varning|advertencia|avvertenz|keep |avoid |for external|external use|flammable|inflammable|entz[uü]ndlich|brandfarlig|lot\b|batch|exp\b|best before|use by|distributed|distribu|importe|www\.|https?:|directions|how to use|usage|mode d.emploi|anwendung|bruksanvisning|modo de (?:uso|empleo)|store |conserver|recycl|net\b|contents|contenu|inhalt\b|e?\s?\d+([.,]\d+)?\s?(ml|fl)\b)/i;

/** Same phrases when they start a sentence inside a line (`... Sodium Hydroxide. Do not use ...`). */
const STOP_SENTENCE =
  /\.\s+(?=(made in|fabriqu|hergestellt|tillverkad|do not|don't|warning|caution|attention|avertissement|achtung|varning|keep |avoid |for external|flammable|inflammable|directions|how to use|store |conserver|lot\b|batch)\b)/i;

const MAY_CONTAIN_WORDS =
  '\\+\\s*\\/\\s*[-−–]|±|may contain|peut contenir|kann enthalten|puede contener|kan inneh[aå]lla|pu[oò] contenere|pode conter|kan bevatten';
const MAY_CONTAIN_ANYWHERE = new RegExp(`(^|\\s|[([])(${MAY_CONTAIN_WORDS})\\s*:?`, 'gi');
/** Marks the start and end of a "may contain" group in split text. */
const GROUP_START = '\u0001';
const GROUP_END = '\u0002';

/** Abbreviations whose period does not end an item (`ALCOHOL DENAT.`, `EXT.`). */
const ABBREVIATIONS = new Set([
  'denat',
  'ext',
  'extr',
  'fl',
  'oz',
  'no',
  'nr',
  'spp',
  'ssp',
  'var',
  'sp',
  'aq',
  'hydr',
]);

/** Repairs words broken at line ends: `HYDROXY-\nCITRONELLAL` → `HYDROXY-CITRONELLAL`, `hydroxy-\ncitronellal` → `hydroxycitronellal`. */
export function repairHyphenation(text: string): string {
  return text
    .replace(/(\p{L})[-‐­]\s*\n\s*(\p{Ll})/gu, '$1$2')
    .replace(/(\p{L}|\d)[-‐]\s*\n\s*(\p{Lu}|\d)/gu, '$1-$2');
}

interface HeaderHit {
  line: number;
  /** Where the list starts in that line (after the header and its colon). */
  column: number;
  word: string;
}

function findHeader(lines: readonly string[], fromLine = 0): HeaderHit | null {
  for (let i = fromLine; i < lines.length; i += 1) {
    const line = lines[i]!;
    const tokens = [...line.matchAll(/[\p{L}\p{N}|!]+/gu)];
    for (let t = 0; t < tokens.length; t += 1) {
      const token = tokens[t]!;
      let word = headerWord(token[0]);
      let last = token;
      let k = t + 1;
      // A header word split by a stray space: `INGRE DIENTS:`.
      const next = tokens[t + 1];
      if (word === null && next && line.slice(token.index! + token[0].length, next.index) === ' ') {
        word = token[0].length >= 3 && next[0].length >= 3 ? headerWord(token[0] + next[0]) : null;
        last = next;
        k = t + 2;
      }
      if (word === null) continue;
      // Swallow a run of header words in other languages: `INGREDIENTS/INGRÉDIENTS/INGREDIENSER:`.
      while (k < tokens.length) {
        const next = tokens[k]!;
        const between = line.slice(last.index! + last[0].length, next.index);
        if (!/^[\s/|,\-–—‐.]*$/.test(between) || headerWord(next[0]) === null) break;
        last = next;
        k += 1;
      }
      const end = last.index! + last[0].length;
      const rest = line.slice(end);
      const colon = /^\s*(?:\([^)]{0,12}\))?\s*[:：;]/.exec(rest);
      if (colon) return { line: i, column: end + colon[0].length, word };
      const atLineStart = line.slice(0, token.index).trim() === '';
      if (atLineStart && rest.trim() === '') return { line: i, column: line.length, word };
      // The colon lost to OCR: `INGREDIENTS AQUA, PARFUM, ...` at the start of a line.
      if (atLineStart && t === 0 && rest.includes(',') && word !== 'inci')
        return { line: i, column: end, word };
    }
  }
  return null;
}

/**
 * Periods that stand for lost commas: small or smeared print often reads `ALCOHOL, PARFUM` as
 * `ALCOHOL. PARFUM`. A period counts when the text between it and the next one is a short name
 * (at most three words) starting with a capital: prose sentences are longer.
 */
function listPeriodCount(text: string): number {
  const parts = text.split(/\.\s+(?=[\p{Lu}\d])/u);
  if (parts.length < 3) return 0;
  let count = 0;
  for (let i = 1; i < parts.length; i += 1) {
    const words = (parts[i - 1]!.match(/[\p{L}\p{N}]+/gu) ?? []).length;
    if (words >= 1 && words <= 3) count += 1;
  }
  // Most of the line must be such short pieces, or it is prose with a few short sentences.
  return count * 3 >= (parts.length - 1) * 2 ? count : 0;
}

function commaCount(text: string): number {
  const commas = (text.match(/[,;]/g) ?? []).length;
  return commas > 0 ? commas : listPeriodCount(text);
}

function wordCount(text: string): number {
  return (text.match(/\p{L}{2,}/gu) ?? []).length;
}

/** Does this line read like more of a comma-separated list rather than prose or another block? */
function looksLikeListLine(line: string): boolean {
  const commas = commaCount(line);
  if (commas === 0) return wordCount(line) <= 4 && !/[.!?]\s*$/.test(line.trim());
  return commas * 6 >= wordCount(line);
}

function endsWithTerminalPeriod(text: string): boolean {
  const m = /([\p{L}\p{N}]+)\s*\.\s*$/u.exec(text);
  if (!m) return false;
  return !ABBREVIATIONS.has(catalogue.foldText(m[1]!));
}

/**
 * Parses OCR text: finds the ingredient list (by its header, else by its comma-dense shape), splits
 * it into items and returns the other lines for product identification.
 */
export function parseLabelText(ocrText: string): ParsedLabel {
  const lines = repairHyphenation(ocrText.replace(/\r\n?/g, '\n'))
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trimEnd())
    // Lines of punctuation only are specks and rules read as `: ; -`: they would split an item.
    .filter((l) => l.trim() === '' || /[\p{L}\p{N}]/u.test(l));
  const header = findHeader(lines);
  let startLine: number;
  let startColumn: number;
  if (header) {
    startLine = header.line;
    startColumn = header.column;
  } else {
    const block = densestListBlock(lines);
    if (block === null) {
      const all = lines.filter((l) => l.trim() !== '');
      return { header: null, ingredients: [], sectionText: '', otherLines: all, linesBefore: all };
    }
    startLine = block;
    startColumn = 0;
  }

  const taken: string[] = [];
  const first = lines[startLine]!.slice(startColumn).trim();
  if (first !== '') taken.push(first);
  let endLine = startLine;
  let sawBlank = false;
  for (let i = startLine + 1; i < lines.length; i += 1) {
    const line = lines[i]!.trim();
    if (line === '') {
      if (taken.length > 0) sawBlank = true;
      continue;
    }
    const soFar = taken.join(' ');
    if (taken.length > 0) {
      if (STOP_LINE.test(line) || findHeader([line]) !== null) break;
      if (endsWithTerminalPeriod(soFar) && !looksLikeListLine(line)) break;
      if (sawBlank && (endsWithTerminalPeriod(soFar) || !looksLikeListLine(line))) break;
      if (!header && !looksLikeListLine(line) && commaCount(line) === 0 && wordCount(line) > 4) break;
    }
    sawBlank = false;
    taken.push(line);
    endLine = i;
  }

  let section = taken.join(' ');
  const stop = STOP_SENTENCE.exec(section);
  let tail = '';
  if (stop) {
    tail = section.slice(stop.index + 1).trim();
    section = section.slice(0, stop.index + 1);
  }
  const otherLines = [
    ...lines.slice(0, startLine),
    header ? lines[startLine]!.slice(0, header.column) : '',
    tail,
    ...lines.slice(endLine + 1),
  ].filter((l) => l.trim() !== '');
  const linesBefore = lines.slice(0, startLine).filter((l) => l.trim() !== '');
  return {
    header: header?.word ?? null,
    ingredients: splitIngredients(section),
    sectionText: section,
    otherLines,
    linesBefore,
  };
}

/** Without a header: the first line of the block with the most commas (at least three). */
function densestListBlock(lines: readonly string[]): number | null {
  let best: { start: number; commas: number } | null = null;
  let start = -1;
  let commas = 0;
  const flush = () => {
    if (start >= 0 && commas >= 3 && (best === null || commas > best.commas)) best = { start, commas };
  };
  for (let i = 0; i <= lines.length; i += 1) {
    const line = lines[i];
    if (line === undefined || line.trim() === '' || !looksLikeListLine(line)) {
      flush();
      start = -1;
      commas = 0;
      continue;
    }
    if (start < 0) start = i;
    commas += commaCount(line);
  }
  return (best as { start: number } | null)?.start ?? null;
}

/**
 * Splits list text into items on commas, semicolons and bullets, never inside parentheses
 * (`AQUA (WATER)`, `PARFUM (FRAGRANCE)` stay whole) except "may contain" groups, whose members are
 * items of their own.
 */
export function splitIngredients(sectionText: string): ParsedIngredient[] {
  const text = markMayContainGroups(
    sectionText
      .replace(/\s*\n\s*/g, ' ')
      // `C.I. 15510`, `C. I. 15510`, `CI-15510`: the Colour Index prefix, whose periods end nothing.
      .replace(/\bC\s?\.\s?[I1l|]\s?\.?\s?-?\s?(\d{5})\b/g, 'CI $1')
      .replace(/\bCI\s?-\s?(\d{5})\b/g, 'CI $1'),
  );
  const pieces: string[] = [];
  const enders: string[] = [];
  let current = '';
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '(' || c === '[' || c === '{') {
      depth += 1;
      current += c;
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      if (depth > 0) {
        depth -= 1;
        current += c;
      }
      // A closing bracket with no opening one: a "may contain" group's end, or noise.
      else current += ' ';
      continue;
    }
    // A comma between two digits with no space is a locant inside a chemical name
    // (`3,3,5,5-tetramethylcyclohexanone`), not a list separator.
    const locantComma = c === ',' && /\d/.test(text[i - 1] ?? '') && /\d/.test(text[i + 1] ?? '');
    const separator =
      (c === ',' && !locantComma) ||
      c === ';' ||
      c === '•' ||
      c === '·' ||
      c === '●' ||
      (c === '|' && /\s/.test(text[i - 1] ?? ' ') && /\s/.test(text[i + 1] ?? ' '));
    const period = c === '.' && isItemPeriod(text, i, current);
    if ((separator || period) && depth > 0 && !bracketClosesSoon(text, i)) depth = 0;
    if ((separator || period) && depth === 0) {
      pieces.push(current);
      enders.push(c);
      current = '';
      continue;
    }
    current += c;
  }
  pieces.push(current);
  enders.push('');

  const out: ParsedIngredient[] = [];
  let mayContain = false;
  for (let [index, piece] of pieces.entries()) {
    if (piece.includes(GROUP_START)) {
      mayContain = true;
      piece = piece.replace(GROUP_START, ' ');
    }
    const ends = piece.includes(GROUP_END);
    const item = cleanIngredient(piece.replace(GROUP_END, ' '));
    if (item) out.push({ ...item, endedBy: enders[index]!, mayContain });
    if (ends) mayContain = false;
  }
  return out;
}

/**
 * Turns "may contain" phrases into separators with group markers: `[+/- CI 77491, CI 77492]` and
 * `May contain: CI 77491, CI 77492` become items of their own, flagged, up to the group's bracket.
 */
function markMayContainGroups(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(MAY_CONTAIN_ANYWHERE)) {
    const start = m.index! + m[1]!.length;
    if (start < last) continue;
    const opener = m[1]!.trim();
    out += `${text.slice(last, m.index)}${opener === '' ? m[1] : ' '}, ${GROUP_START}`;
    last = m.index! + m[0].length;
    if (opener === '(' || opener === '[') {
      const close = text.indexOf(opener === '(' ? ')' : ']', last);
      if (close >= 0) {
        out += `${text.slice(last, close)} ${GROUP_END},`;
        last = close + 1;
      }
    }
  }
  return out + text.slice(last);
}

/** A period splits items unless it is a decimal point or ends an abbreviation like `DENAT.`. */
function isItemPeriod(text: string, i: number, current: string): boolean {
  const before = text[i - 1] ?? '';
  const after = text[i + 1] ?? '';
  if (/\d/.test(before) && /\d/.test(after)) return false;
  if (after !== '' && !/\s/.test(after)) return false;
  const word = /([\p{L}]+)\s*$/u.exec(current)?.[1];
  return !(word && ABBREVIATIONS.has(catalogue.foldText(word)));
}

/** Inside brackets, a separator stays inside only when the group closes within a short stretch. */
function bracketClosesSoon(text: string, i: number): boolean {
  const rest = text.slice(i + 1, i + 80);
  const close = rest.search(/[)\]}]/);
  if (close < 0) return false;
  const open = rest.search(/[([{]/);
  return open < 0 || close < open;
}

const LETTER_RUN = /\p{L}/u;

/** Fixes digit/letter and bar confusions inside words: `L1NALOOL` → `LINALOOL`, `Linalo0l` → `Linalool`. */
export function fixOcrConfusions(word: string): string {
  if (!LETTER_RUN.test(word)) return word;
  const letters = (word.match(/\p{L}/gu) ?? []).length;
  const upper = (word.match(/\p{Lu}/gu) ?? []).length;
  const isUpper = upper * 2 > letters;
  return word
    .replace(/\|/g, isUpper ? 'I' : 'l')
    .replace(/(?<=\p{L})0(?=\p{L})/gu, isUpper ? 'O' : 'o')
    .replace(/(?<=\p{L})1(?=\p{L})/gu, isUpper ? 'I' : 'l')
    .replace(/(?<=\p{Lu})5(?=\p{Lu})/gu, 'S');
}

/** Cleans one split item; null when nothing ingredient-like is left. */
export function cleanIngredient(raw: string): { text: string; concentration: string | null } | null {
  let text = raw.replace(/\s+/g, ' ').trim();
  let concentration: string | null = null;
  const pct = /(\d+(?:[.,]\d+)?)\s?%/.exec(text);
  if (pct) {
    concentration = `${pct[1]!.replace(',', '.')}%`;
    text = text.replace(pct[0], ' ');
  }
  text = text
    .replace(/^[\s\-–—•·*+'"`.,:;_~^°†‡#>]+/u, '')
    .replace(/^\d{1,2}[.)]\s+/, '')
    .replace(/[\s\-–—•·*'"`.,:;_~^°†‡#<®™©]+$/u, '')
    .split(GROUP_START)
    .join('')
    .split(GROUP_END)
    .join('')
    .replace(/[*†‡°]+/g, '')
    .replace(/\s+-\s*|\s*-\s+/g, '-')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .replace(/\s+/g, ' ')
    .trim();
  text = text
    .split(' ')
    .map(fixOcrConfusions)
    .join(' ')
    // `Cl 19140`, `C1 77491`: the Colour Index prefix misread.
    .replace(/\bC[lI1|]\s?(\d{5})\b/g, 'CI $1')
    // `Color CI 15510`, `Colorant: CI 77891`: the colour is the Colour Index number.
    .replace(/^(?:colou?r(?:ant)?s?|dyes?|pigments?)\s*:?\s*(?=CI \d{5}$)/i, '');
  // Drop an unmatched opening bracket at the end and brackets left empty.
  text = text
    .replace(/\s*[([]\s*$/, '')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .trim();
  if (!/\p{L}/u.test(text) || (text.match(/[\p{L}\p{N}]/gu) ?? []).length < 2) return null;
  if (text.length > 120 || wordCount(text) > 10) return null;
  return { text, concentration };
}
