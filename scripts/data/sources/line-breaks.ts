/**
 * Chemical names copied out of printed, column-wrapped tables carry the line breaks of the print as
 * "hyphen + space": a word split by hyphenation ("Trimethylbi- cyclo"), or a break after a hyphen
 * that belongs to the name ("Dimethyl- 2-methylene"). `repairLineBreaks` undoes both and leaves
 * every other space alone.
 */

/**
 * Words written with a hyphen before the rest of a name: Greek letters, stereo and position
 * prefixes. A break next to one of them keeps its hyphen ("alpha- Terpineol" → "alpha-Terpineol").
 * Single letters (o-, m-, p-, N-, E-, R-, α-…) count as prefixes too.
 */
const PREFIX_WORDS = new Set([
  'alpha',
  'beta',
  'gamma',
  'delta',
  'epsilon',
  'omega',
  'cis',
  'trans',
  'sec',
  'tert',
  'dl',
  'rs',
  'endo',
  'exo',
  'syn',
  'anti',
  'erythro',
  'threo',
  'rac',
  'meso',
]);

/** Latin and Greek letters; "ß" stands for beta in some names ("N-isopropyl-ß-alaninate"). */
const LETTER = /[A-Za-zα-ωΑ-Ωß]/;
const TRAILING_LETTERS = /[A-Za-zα-ωΑ-Ωß]+$/;
const LEADING_LETTERS = /^[A-Za-zα-ωΑ-Ωß]+/;
/** A ring-size descriptor of a bridged ring system: `[2.2.1]`, `[2.2.1.02,6]`. */
const RING_DESCRIPTOR = /\[\d+(?:\.\d+)+(?:,\d+)*\]$/;
/**
 * After "- ": an English word, so the hyphen ends a part of the name ("mono- and di-",
 * "2,2'-iminobis- with epichlorohydrin").
 */
const CONJUNCTION = /^(?:and|or|to|with|of|in|for|from|as|by|the|its|their)\b/i;
/** Before "- ": a bracketed locant or indicated hydrogen, as in "1,4(8)", "1(3H)", "(T-4)". */
const PAREN_LOCANT = /\((?:[A-Z]-)?\d+[A-Za-z]{0,2}(?:,\d+[A-Za-z]{0,2})*\)$/;
/** After "- (": a locant or stereo descriptor, as in "(1E)", "(R)", "(+)", "(alpha". */
const STEREO_PAREN = /^\((?:\d|(?:[EZRS]\*?|RS|[+±-])[),-]|(?:alpha|beta|gamma|delta|cis|trans)\b)/i;

function isPrefixWord(word: string): boolean {
  return word.length === 1 || PREFIX_WORDS.has(word.toLowerCase());
}

/** What "- " at `index` of `text` becomes: "" (hyphenation), "-" (broken after a hyphen) or "- ". */
function repairBreak(text: string, index: number): string {
  const before = text.slice(0, index);
  const after = text.slice(index + 2);
  const last = before.at(-1);
  if (last === undefined || !/[\p{L}\p{N})\]'′*]/u.test(last) || CONJUNCTION.test(after)) return '- ';
  const next = after.charAt(0);
  if (/\d|\[/.test(next) || /^[A-ZΑ-Ω]/.test(next)) return '-';
  const afterLocant = /[\d′']/.test(last);
  if (next === '(') return afterLocant || STEREO_PAREN.test(after) ? '-' : '- ';
  if (!LETTER.test(next)) return '- ';
  // A lowercase word follows.
  if (afterLocant || PAREN_LOCANT.test(before)) return '-';
  if (last === ']') return RING_DESCRIPTOR.test(before) ? '' : '- ';
  const word = TRAILING_LETTERS.exec(before)?.[0];
  if (word === undefined) return '- ';
  const isLocant = word.length <= 2 && /\d$/.test(before.slice(0, -word.length));
  const nextWord = LEADING_LETTERS.exec(after)![0];
  const nextIsPrefix = isPrefixWord(nextWord) && !LETTER.test(after.charAt(nextWord.length));
  return isLocant || isPrefixWord(word) || nextIsPrefix ? '-' : '';
}

/**
 * Undoes print line breaks in a chemical name:
 * - "bi- cyclo", "benz- aldehyde", "-yl- benzene": hyphenation, joined without the hyphen;
 * - after a locant ("8a- hexahydro", "2,4- dichloro", "1(3H)- isobenzofuranone") or next to a Greek letter or stereo prefix ("2-hydroxy- alpha",
 *   "beta- Pinene"), and before a digit, "[", an uppercase letter or a "(" that opens a locant or
 *   stereo descriptor: the hyphen is kept and the space dropped;
 * - "-- " becomes "-"; "bicyclo [3.1.1]" loses its space; "tricyclo[2.2.1.02,6]- hept" is joined.
 * Everything else stays, among it "dimethyl- (isomer mixture)", "mono- and di-", "Nonylphenol [1]"
 * and ordinary spaces between words.
 */
export function repairLineBreaks(name: string): string {
  return name
    .replace(/(?<=[^\s-])-- (?=\S)/g, '-')
    .replace(/- (?=\S)/g, (_match, offset: number, text: string) => repairBreak(text, offset))
    .replace(/(?<=[a-z]) (?=\[\d+(?:\.\d+)+(?:,\d+)*\])/g, '');
}
