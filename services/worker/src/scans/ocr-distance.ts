/**
 * How far an OCR reading is from a name, counting the mistakes OCR really makes as cheap: glyphs
 * that look alike (`l`/`I`/`1`, `0`/`O`, `rn`/`m`, `cl`/`d`, `c`/`e`), thin glyphs lost (`i`, `l`,
 * `t`, `f`, `r`, `j`) and the first letter of a word lost at a line break (`lycerin`, `odium`), while
 * any other change costs a whole edit.
 */

/**
 * A key (lower-case letters and digits) with look-alike glyphs unified: `1`, `|`, `!` and `i` read as
 * `l`, `0` as `o`, `5` as `s`, `rn` as `m`, `cl` as `d`, `vv` as `w`. Two keys with one normal form
 * differ only by classic misreadings.
 */
export function ocrNormal(key: string): string {
  return key
    .replace(/rn/g, 'm')
    .replace(/cl/g, 'd')
    .replace(/vv/g, 'w')
    .replace(/[1|!i]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/5/g, 's');
}

/** Pairs of glyphs OCR swaps, after `ocrNormal` (both orders). */
const LOOK_ALIKE = new Set(
  [
    'ce',
    'co',
    'eo',
    'ao',
    'nu',
    'nh',
    'bh',
    'vy',
    'ly',
    'gq',
    'cd',
    'tl',
    'fl',
    'jl',
    'ft',
    'sz',
    'ae',
    'mn',
  ].flatMap((p) => [p, `${p[1]}${p[0]}`]),
);
/** Glyphs so thin OCR drops them or reads them out of nothing. */
const THIN = new Set(['l', 't', 'f', 'r', 'j']);

/** A wide glyph and the pairs of glyphs it is read for, after `ocrNormal`. */
const WIDE = new Map([
  ['u', ['ll']],
  ['m', ['ln', 'nl', 'nn']],
  ['n', ['ll']],
  ['h', ['ll']],
]);

const SWAP_COST = 0.5;
const THIN_COST = 0.5;
const FIRST_LETTER_COST = 0.5;

function substitution(a: string, b: string): number {
  if (a === b) return 0;
  return LOOK_ALIKE.has(a + b) ? SWAP_COST : 1;
}

/**
 * Weighted edit distance from `read` (what OCR gave) to `name` (a vocabulary key), both already
 * `ocrNormal`. Stops early (returns a value above `max`) once the cost must exceed `max`.
 */
export function ocrCost(read: string, name: string, max = Number.POSITIVE_INFINITY): number {
  if (read === name) return 0;
  const n = read.length;
  const m = name.length;
  let prev = new Float32Array(m + 1);
  let cur = new Float32Array(m + 1);
  // A letter of the name missing from the reading: cheap when thin, or when it is the first letter.
  const missing = (j: number) => (j === 0 ? FIRST_LETTER_COST : THIN.has(name[j]!) ? THIN_COST : 1);
  const extra = (i: number) => (THIN.has(read[i]!) ? THIN_COST : 1);
  prev[0] = 0;
  for (let j = 1; j <= m; j += 1) prev[j] = prev[j - 1]! + missing(j - 1);
  for (let i = 1; i <= n; i += 1) {
    cur[0] = prev[0]! + extra(i - 1);
    let rowMin = cur[0]!;
    for (let j = 1; j <= m; j += 1) {
      let v = Math.min(
        prev[j - 1]! + substitution(read[i - 1]!, name[j - 1]!),
        prev[j]! + extra(i - 1),
        cur[j - 1]! + missing(j - 1),
      );
      // Two thin glyphs read as one wide one: `li` (normal `ll`) as `u`, `in` (`ln`) as `m`.
      if (j >= 2 && WIDE.get(read[i - 1]!)?.includes(name.slice(j - 2, j)))
        v = Math.min(v, prev[j - 2]! + SWAP_COST);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const spare = prev;
    prev = cur;
    cur = spare;
  }
  return prev[m]!;
}

/**
 * The cost a correction may have for a reading of this many key characters: none for short words
 * (an OCR error there leaves too little to go on), then about one classic misreading in six.
 */
export function allowedCost(length: number): number {
  if (length < 5) return 0;
  if (length < 7) return 0.5;
  if (length < 10) return 1;
  if (length < 14) return 1.5;
  return Math.min(3.5, length * 0.14);
}
