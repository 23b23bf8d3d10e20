import { matchKey } from './chemical-matcher.ts';
import type { InciVocabulary, VocabularyHit } from './inci-vocabulary.ts';
import { ocrCost, ocrNormal } from './ocr-distance.ts';

/**
 * Segmentation of ingredient entries against the vocabulary: run-together names split where two
 * names abut, blends (`Glycerin / Sorbitol`) split into their members, and names picked out of
 * ingredient lists written as sentences.
 */

export interface Piece {
  /** The words as read. */
  printed: string;
  hit: VocabularyHit;
}

/** Words that join names without being part of one (`Perfume with Sandalwood Oil`). */
const CONNECTORS = new Set(['with', 'and', 'und', 'och', 'et', 'y', 'e', 'plus', 'in', '&', '+']);

/** Longest run of words one name may span. */
const MAX_RUN = 8;

/** Word confidences (0–100) by `matchKey`, when the OCR engine gives them. */
export type ConfidenceOf = (key: string) => number | undefined;

export function lowestConfidence(words: readonly string[], confidenceOf?: ConfidenceOf): number | undefined {
  if (!confidenceOf) return undefined;
  let low: number | undefined;
  for (const w of words) {
    const c = confidenceOf(matchKey(w));
    if (c !== undefined && (low === undefined || c < low)) low = c;
  }
  return low;
}

function hitFor(
  words: readonly string[],
  vocabulary: InciVocabulary,
  confidenceOf: ConfidenceOf | undefined,
  exactOnly: boolean,
): VocabularyHit | null {
  const text = words.join(' ');
  if (exactOnly) {
    const name = vocabulary.exact(text);
    return name ? { name, kind: 'exact', cost: 0 } : null;
  }
  return vocabulary.correct(text, { confidence: lowestConfidence(words, confidenceOf) });
}

/**
 * Splits an entry into the fewest vocabulary names covering all its words (connector words may be
 * left out); null unless it takes two or more names. `Hydrated Magnesium Silicate Lycerin Sorbitol`
 * → Hydrated Magnesium Silicate, Glycerin, Sorbitol.
 */
export function segmentEntry(
  text: string,
  vocabulary: InciVocabulary,
  confidenceOf?: ConfidenceOf,
): Piece[] | null {
  const words = text.split(/\s+/).filter((w) => w !== '');
  if (words.length < 2 || words.length > 16) return null;
  // best[i]: cheapest cover of the first i words (pieces count 1 each plus their correction cost).
  const best: ({ cost: number; pieces: Piece[] } | null)[] = [{ cost: 0, pieces: [] }];
  for (let end = 1; end <= words.length; end += 1) {
    let chosen: { cost: number; pieces: Piece[] } | null = null;
    const prevSkip = best[end - 1];
    if (prevSkip && CONNECTORS.has(words[end - 1]!.toLowerCase()))
      chosen = { cost: prevSkip.cost + 0.2, pieces: prevSkip.pieces };
    for (let start = Math.max(0, end - MAX_RUN); start < end; start += 1) {
      const prev = best[start];
      if (!prev) continue;
      if (start === 0 && end === words.length) continue;
      const run = words.slice(start, end);
      const hit = hitFor(run, vocabulary, confidenceOf, false);
      if (!hit) continue;
      const cost = prev.cost + 1 + hit.cost;
      if (chosen === null || cost < chosen.cost)
        chosen = { cost, pieces: [...prev.pieces, { printed: run.join(' '), hit }] };
    }
    best[end] = chosen;
  }
  const done = best[words.length];
  return done && done.pieces.length >= 2 ? done.pieces : null;
}

export interface PartialPiece {
  printed: string;
  /** Null for words that name nothing known: kept as printed, to be checked. */
  hit: VocabularyHit | null;
}

/** Unknown words cost this much each, so known names are preferred wherever they fit. */
const UNKNOWN_WORD = 2.5;
/** Shortest key a name must have to be picked out among unknown words. */
const MIN_PICKED = 6;
/**
 * Names this long are not found among unrelated words by chance: when every name picked out is at
 * least this long, a third of the words may be names (the rest is often a neighbouring column's
 * text read into the same line) instead of half.
 */
const LONG_PICKED = 8;

const HEADER_FORMS = ['ingredients', 'ingredienser', 'ingredientes', 'inhaltsstoffe', 'composition'].map(
  ocrNormal,
);

/** A word that is probably the list's heading badly read (`Nerebients`, `INGEEDIENTES`). */
export function looksLikeHeading(word: string): boolean {
  const key = ocrNormal(matchKey(word));
  return key.length >= 7 && HEADER_FORMS.some((h) => ocrCost(key, h, key.length * 0.4) <= key.length * 0.4);
}

/**
 * Like `segmentEntry`, but words that name nothing may stay between the names, as pieces of their
 * own with no hit (`Limonent GF Haniol` → Limonene, `GF Haniol`). Null unless names cover at least
 * half the words. A misread heading in front of the first name is dropped.
 */
export function segmentWithUnknown(
  text: string,
  vocabulary: InciVocabulary,
  confidenceOf?: ConfidenceOf,
): PartialPiece[] | null {
  const words = text.split(/\s+/).filter((w) => w !== '');
  if (words.length < 2 || words.length > 16) return null;
  type State = { cost: number; pieces: PartialPiece[]; known: number };
  const best: (State | null)[] = [{ cost: 0, pieces: [], known: 0 }];
  for (let end = 1; end <= words.length; end += 1) {
    let chosen: State | null = null;
    const prev = best[end - 1]!;
    // One more unknown word, joined to an unknown piece just before it.
    const last = prev.pieces.at(-1);
    const word = words[end - 1]!;
    const pieces =
      last && last.hit === null
        ? [...prev.pieces.slice(0, -1), { printed: `${last.printed} ${word}`, hit: null }]
        : [...prev.pieces, { printed: word, hit: null }];
    chosen = { cost: prev.cost + UNKNOWN_WORD, pieces, known: prev.known };
    for (let start = Math.max(0, end - MAX_RUN); start < end; start += 1) {
      const from = best[start];
      if (!from) continue;
      const run = words.slice(start, end);
      if (matchKey(run.join('')).length < MIN_PICKED) continue;
      const hit = hitFor(run, vocabulary, confidenceOf, false);
      if (!hit) continue;
      const cost = from.cost + 1 + hit.cost;
      if (cost < chosen.cost)
        chosen = {
          cost,
          pieces: [...from.pieces, { printed: run.join(' '), hit }],
          known: from.known + run.length,
        };
    }
    best[end] = chosen;
  }
  const done = best[words.length]!;
  const named = done.pieces.filter((p) => p.hit !== null);
  if (named.length === 0) return null;
  const allLong = named.every((p) => matchKey(p.printed).length >= LONG_PICKED && p.hit!.cost <= 1);
  if (done.known * (allLong ? 3 : 2) < words.length) return null;
  const pieces = done.pieces.filter((p, i) => !(i === 0 && p.hit === null && looksLikeHeading(p.printed)));
  return pieces.length >= 2 || (pieces.length === 1 && pieces[0]!.hit && pieces.length < done.pieces.length)
    ? pieces
    : null;
}

/**
 * Whether the text starts with the list's heading, misread or run into another word
 * (`Ingredientsangredients`, `INGREIMENTSINGREDIENTS`): its first word's opening letters are close
 * to a heading word.
 */
export function startsWithHeading(text: string): boolean {
  const first = text.trim().split(/[\s/]+/)[0] ?? '';
  const key = ocrNormal(matchKey(first));
  if (looksLikeHeading(first)) return true;
  return HEADER_FORMS.some(
    (h) => key.length > h.length && ocrCost(key.slice(0, h.length), h, h.length * 0.25) <= h.length * 0.25,
  );
}

/**
 * A run-together reading of one thing's names in several languages, the separators lost or misread
 * (`Aquaavaterzeal` for Aqua/Water/Eau, `Parfumfragrance`): the group's first name, or null. Every
 * part must be a close reading of a name of the same group, with at most one stray glyph between.
 */
export function runTogetherSynonyms(text: string): string | null {
  const key = ocrNormal(matchKey(text));
  if (key.length < 7) return null;
  for (const group of SYNONYM_GROUPS) {
    const words = group.map(ocrNormal);
    // reach[i]: the first i letters are covered by group words (and stray glyphs between them).
    const reach: number[] = new Array(key.length + 1).fill(Number.POSITIVE_INFINITY);
    reach[0] = 0;
    for (let i = 0; i < key.length; i += 1) {
      const parts = reach[i]!;
      if (!Number.isFinite(parts)) continue;
      for (const word of words) {
        for (const len of [word.length - 1, word.length, word.length + 1]) {
          if (len < 3 || i + len > key.length) continue;
          if (ocrCost(key.slice(i, i + len), word, 1) > 1) continue;
          for (const gap of [0, 1]) {
            const end = i + len + gap;
            if (end <= key.length && reach[end]! > parts + 1) reach[end] = parts + 1;
          }
        }
      }
    }
    const parts = reach[key.length]!;
    if (Number.isFinite(parts) && parts >= 2) return group[0]![0]!.toUpperCase() + group[0]!.slice(1);
  }
  return null;
}

/** Label words that name one thing in several languages: a "blend" of them is one ingredient. */
const SYNONYM_GROUPS = [
  ['aqua', 'water', 'eau', 'agua', 'wasser', 'vatten'],
  ['parfum', 'fragrance', 'perfume', 'aroma', 'flavor', 'flavour', 'parfym', 'duft'],
];

function sameThing(a: string, b: string): boolean {
  const ka = matchKey(a);
  const kb = matchKey(b);
  return ka === kb || SYNONYM_GROUPS.some((g) => g.includes(ka) && g.includes(kb));
}

export interface Blend {
  parts: Piece[];
  /** Every side names one thing (`Parfum/Fragrance`): one ingredient, not a blend. */
  synonyms: boolean;
  /** The separator as printed, for the record (`/`, `&`, `and`). */
  joiner: string;
}

const BLEND_SPLIT = /\s*(?:\/|\\|&|\+|\band\b|\bund\b|\bet\b|\boch\b|\by\b)\s*/i;

/**
 * `Glycerin / Sorbitol`, `Palmitic Acid & Stearic Acid`, `DMDM Hydantoin and Iodopropynyl
 * Butylcarbamate`: every side a known name (or a confident correction of one), and not all one
 * thing in several languages (`Parfum/Fragrance`, `Aqua/Water/Eau`, flagged `synonyms`). Null
 * otherwise; names that contain the separator themselves (`Caprylic/Capric Triglyceride`) are the
 * caller's to check first.
 */
export function splitBlend(
  text: string,
  vocabulary: InciVocabulary,
  confidenceOf?: ConfidenceOf,
  areSame: (a: string, b: string) => boolean = sameThing,
): Blend | null {
  const joiner = BLEND_SPLIT.exec(text);
  if (!joiner) return null;
  const sides = text
    .split(new RegExp(BLEND_SPLIT.source, 'gi'))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (sides.length < 2) return null;
  const parts: Piece[] = [];
  for (const side of sides) {
    const words = side.split(/\s+/);
    const hit = hitFor(words, vocabulary, confidenceOf, false);
    if (!hit) return null;
    parts.push({ printed: side, hit });
  }
  const first = parts[0]!.hit.name;
  const synonyms = parts.every((p) => areSame(first, p.hit.name) || sameThing(first, p.hit.name));
  return { parts, synonyms, joiner: joiner[0].trim() };
}

/** Phrases after which a sentence lists ingredients. */
const PROSE_CUE =
  /\b(?:ingredients?|including|includes|contains?|containing|made with|with|enriched with|infused with|formulated with|blend of|extracts? of)\b[:\s]*/i;

/**
 * Names in ingredient lists written as sentences (`…ingredients including tea tree oil, lemon peel
 * oil and witch hazel extract`): after a cue phrase, each comma/`and` part's longest run of words
 * that is a known name. Only names of at least two words or eight letters, read exactly or
 * corrected, so ordinary words are not taken for ingredients.
 */
export function namesInProse(text: string, vocabulary: InciVocabulary, confidenceOf?: ConfidenceOf): Piece[] {
  const out: Piece[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n/)) {
    const cue = PROSE_CUE.exec(sentence);
    if (!cue) continue;
    const rest = sentence.slice(cue.index + cue[0].length);
    for (const part of rest.split(/\s*(?:,|;|\band\b|&|\bor\b|\.)\s*/i)) {
      const words = part.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
      let found: Piece | null = null;
      for (let len = Math.min(MAX_RUN, words.length); len >= 1 && !found; len -= 1) {
        for (let start = 0; start + len <= words.length; start += 1) {
          const run = words.slice(start, start + len);
          const key = matchKey(run.join(''));
          if (len < 2 && key.length < 8) continue;
          const hit = hitFor(run, vocabulary, confidenceOf, key.length < 8);
          if (hit) {
            found = { printed: run.join(' '), hit };
            break;
          }
        }
      }
      if (found) out.push(found);
    }
  }
  return out;
}
