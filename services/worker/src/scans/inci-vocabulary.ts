import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { REPO_ROOT } from './chemical-database.ts';
import { matchKey } from './chemical-matcher.ts';
import { allowedCost, ocrCost, ocrNormal } from './ocr-distance.ts';

/**
 * The ingredient vocabulary (every INCI name, our database's names and synonyms, Colour Index
 * numbers, everyday label names) with the lookups the scanner needs: is this reading a known name,
 * and if not, is there exactly one name it is confidently a misreading of.
 */

export const DEFAULT_VOCABULARY_PATH = path.join(REPO_ROOT, 'data/scanner/inci-vocabulary.txt.gz');

export interface VocabularyHit {
  /** The vocabulary's spelling. */
  name: string;
  /** `exact`: the reading is the name (case, spacing, punctuation aside); `corrected`: a misreading of it. */
  kind: 'exact' | 'corrected';
  /** Weighted OCR edit cost of the correction (0 when exact). */
  cost: number;
}

export interface CorrectOptions {
  /**
   * The lowest OCR confidence (0–100) among the reading's words, when known: text the engine was
   * sure of is only corrected for look-alike glyphs, not for whole-letter changes.
   */
  confidence?: number;
}

/** Confidence at or above which a reading is trusted as printed except for look-alike glyphs. */
const TRUSTED = 92;
/** How much cheaper the best name must be than the next one to be chosen. */
const MARGIN = 0.5;
const MAX_CANDIDATES = 60;

function trigrams(key: string): string[] {
  const padded = `^${key}$`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  return [...out];
}

export class InciVocabulary {
  /** Key → name. */
  private readonly byKey = new Map<string, string>();
  /** OCR-normal key → keys sharing it. */
  private readonly byNormal = new Map<string, string[]>();
  private readonly normals: string[] = [];
  private readonly index = new Map<string, number[]>();
  private readonly counts: Uint16Array;
  /** Words (keys) that occur in some name: a reading made only of them may be several names. */
  readonly words = new Set<string>();

  constructor(names: Iterable<string>) {
    for (const name of names) {
      const key = matchKey(name);
      if (key.length < 2 || this.byKey.has(key)) continue;
      this.byKey.set(key, name);
      for (const w of name.split(/[\s/()-]+/)) {
        const k = matchKey(w);
        if (k.length >= 2) this.words.add(k);
      }
      const normal = ocrNormal(key);
      const same = this.byNormal.get(normal);
      if (same) {
        same.push(key);
        continue;
      }
      this.byNormal.set(normal, [key]);
      const id = this.normals.length;
      this.normals.push(normal);
      for (const gram of trigrams(normal)) {
        const list = this.index.get(gram);
        if (list) list.push(id);
        else this.index.set(gram, [id]);
      }
    }
    this.counts = new Uint16Array(this.normals.length);
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The vocabulary's spelling when the text is a name as it stands. */
  exact(text: string): string | null {
    return this.byKey.get(matchKey(text)) ?? null;
  }

  /**
   * The name this reading stands for: itself when known, else the one name it is a confident
   * misreading of (cheap OCR edits for its length, clearly closer than any other name); null when
   * none is, so the reading is kept as printed and shown as unrecognised.
   */
  correct(text: string, options: CorrectOptions = {}): VocabularyHit | null {
    const key = matchKey(text);
    if (key.length < 2) return null;
    const known = this.byKey.get(key);
    if (known) return { name: known, kind: 'exact', cost: 0 };
    const normal = ocrNormal(key);
    const same = this.byNormal.get(normal);
    if (same) {
      if (same.length !== 1) return null;
      return { name: this.byKey.get(same[0]!)!, kind: 'corrected', cost: 0 };
    }
    let max = allowedCost(key.length);
    // A word read with high confidence is taken as printed unless only look-alike glyphs differ.
    if ((options.confidence ?? 0) >= TRUSTED) max = Math.min(max, 0.5);
    if (max <= 0) return null;

    let best = Number.POSITIVE_INFINITY;
    let bestId = -1;
    let second = Number.POSITIVE_INFINITY;
    for (const id of this.candidates(normal, max)) {
      const cost = ocrCost(normal, this.normals[id]!, Math.min(second, max + MARGIN));
      if (cost < best) {
        second = best;
        best = cost;
        bestId = id;
      } else if (cost < second) second = cost;
    }
    if (bestId < 0 || best > max || second - best < MARGIN) return null;
    const keys = this.byNormal.get(this.normals[bestId]!)!;
    if (keys.length !== 1) return null;
    const name = this.plainForm(this.byKey.get(keys[0]!)!);
    if (addsWord(text, name)) return null;
    return { name, kind: 'corrected', cost: best };
  }

  /**
   * A misreading corrected to a stereo form (`l-Limonene`, whose prefix is thin glyphs OCR makes up
   * or a first letter misread) stands for the name labels print (`Limonene`) when that is known.
   */
  plainForm(name: string): string {
    const plain = withoutStereo(name);
    return plain === name ? name : (this.byKey.get(matchKey(plain)) ?? name);
  }

  /**
   * The cheapest OCR cost from the reading to any name outside `except` (by OCR-normal key), when
   * one is within `max`; infinity otherwise.
   */
  nearestCost(text: string, max: number, except: ReadonlySet<string>): number {
    const normal = ocrNormal(matchKey(text));
    let best = Number.POSITIVE_INFINITY;
    for (const id of this.candidates(normal, max)) {
      const name = this.normals[id]!;
      if (except.has(name)) continue;
      best = Math.min(best, ocrCost(normal, name, Math.min(best, max)));
    }
    return best;
  }

  /** Names sharing enough trigrams with the reading to be within `max` edits, most shared first. */
  private candidates(normal: string, max: number): number[] {
    const grams = trigrams(normal);
    const touched: number[] = [];
    const counts = this.counts;
    for (const gram of grams) {
      const list = this.index.get(gram);
      if (!list) continue;
      for (const id of list) {
        if (counts[id] === 0) touched.push(id);
        counts[id] = counts[id]! + 1;
      }
    }
    const needed = Math.max(1, grams.length - 3 * Math.ceil(max));
    const out = touched
      .filter((id) => counts[id]! >= needed)
      .sort((a, b) => counts[b]! - counts[a]!)
      .slice(0, MAX_CANDIDATES);
    for (const id of touched) counts[id] = 0;
    return out;
  }
}

/** A name without a stereo prefix (`l-Limonene` → `Limonene`, `trans-Anethole` → `Anethole`). */
export function withoutStereo(name: string): string {
  return name.replace(/^(?:d|l|dl|cis|trans)-(?=\p{L})/iu, '');
}

/** Share of a priority name's length a misreading of it may cost (the general limit is about 1/7). */
const PRIORITY_COST = 0.3;
/**
 * Short names (under ten letters) are confused with too much by chance: at most this cost, and one
 * edit more for names of eight or nine letters (two whole letters misread in `Painesol`, `Comarn`).
 */
const PRIORITY_SHORT_COST = 1.5;
const PRIORITY_EIGHT_COST = 2;

function priorityLimit(length: number): number {
  if (length >= 10) return length * PRIORITY_COST;
  return length >= 8 ? PRIORITY_EIGHT_COST : PRIORITY_SHORT_COST;
}

/** How much cheaper the best priority name must be than the next priority name. */
const PRIORITY_MARGIN = 1;
/** Shortest key a priority name needs (shorter ones are too easily read out of debris). */
const PRIORITY_MIN_LENGTH = 7;
/**
 * Shortest key (letters as read, before look-alikes are unified) a reading needs to be taken for a
 * priority name it does not spell: a name's first letter lost at a line break (`Ugendl`) or `ri`
 * read as `n` (`Comarn`) leaves six.
 */
const PRIORITY_MIN_READING = 6;

/**
 * Names a misreading must not hide (the declared fragrance allergens): a reading that the general
 * correction leaves unrecognised is still taken for one of them when it is a looser but clear
 * misreading of it (`Benzyl Saucratl`, `Sedroesotronellal`): its cost within about a third of the
 * name's length (short names: little more than the general limit), clearly cheaper than any other
 * priority name, and no other vocabulary name closer (one as close is a tie the allergen wins).
 */
export class PriorityNames {
  /** `letters`: the name's key length as spelled (the limit's measure). */
  private readonly names: { name: string; normal: string; letters: number }[] = [];
  private readonly normals = new Set<string>();

  /** `sameSubstance`: whether two of the names are one substance's (never rivals for a reading). */
  constructor(
    names: Iterable<string>,
    private readonly sameSubstance: (a: string, b: string) => boolean = (a, b) => a === b,
  ) {
    for (const name of names) {
      const normal = ocrNormal(matchKey(name));
      if (normal.length < PRIORITY_MIN_LENGTH || this.normals.has(normal)) continue;
      this.normals.add(normal);
      this.names.push({ name, normal, letters: matchKey(name).length });
    }
  }

  closest(text: string, vocabulary: InciVocabulary): VocabularyHit | null {
    const key = matchKey(text);
    if (key.length < PRIORITY_MIN_READING) return null;
    const normal = ocrNormal(key);
    const within: { name: string; cost: number; max: number }[] = [];
    for (const { name, normal: target, letters } of this.names) {
      if (Math.abs(letters - key.length) > letters * PRIORITY_COST) continue;
      const max = priorityLimit(letters);
      // Rivals a little beyond their own limit count too: the best must be clearly the best.
      const cost = ocrCost(normal, target, max + PRIORITY_MARGIN);
      if (cost <= max + PRIORITY_MARGIN) within.push({ name, cost, max });
    }
    // Ties between one substance's names go to the shortest (`Limonene`, not `l-Limonene`).
    within.sort((a, b) => a.cost - b.cost || a.name.length - b.name.length);
    const found = within[0]?.name ?? null;
    const best = within[0]?.cost ?? Number.POSITIVE_INFINITY;
    // The runner-up among other substances (`l-Limonene` is no rival to `Limonene`).
    const second = within.find((c) => !this.sameSubstance(found!, c.name))?.cost ?? Number.POSITIVE_INFINITY;
    if (found === null || best > within[0]!.max || second - best < PRIORITY_MARGIN) return null;
    // A piece of the name read as printed (`SALICYLATE` after `BENZYL` at a line break) is that
    // piece of another entry, not this name misread.
    if (isPartOf(key, found)) return null;
    // Another name as close is a tie the allergen wins; a closer one is what was printed when it
    // is clearly closer or a confident reading by the general limit (`Be Benzoate` under a glare
    // is no more `Butyl Benzoate`, 3 away, than `Benzyl Benzoate`, 3.5 away).
    const rival = vocabulary.nearestCost(text, best, this.normals);
    if (rival < best && (rival < best - 1 || rival <= allowedCost(key.length))) return null;
    // No word-by-word check here: the lengths already agree, and a lost hyphen or space
    // (`Alpiassomethyl Ionone`) must not hide the allergen.
    return { name: vocabulary.plainForm(vocabulary.exact(found) ?? found), kind: 'corrected', cost: best };
  }
}

/** Whether `key` is one or more of the name's words, in order, but not all of them. */
function isPartOf(key: string, name: string): boolean {
  const words = name
    .split(/[\s/()-]+/)
    .map(matchKey)
    .filter((w) => w !== '');
  for (let i = 0; i < words.length; i += 1)
    for (let j = i + 1; j <= words.length; j += 1)
      if (j - i < words.length && words.slice(i, j).join('') === key) return true;
  return false;
}

const wordsOf = (text: string) =>
  text
    .split(/[\s/()-]+/)
    .map((w) => ocrNormal(matchKey(w)))
    .filter((w) => w !== '');

/**
 * Whether the name has a whole word the reading lacks (`Butyrospermum Parkii` is not `Butyrospermum
 * Parkii Oil`): every word of three or more letters must be in the reading, or close to one of its
 * words (`oy` for `oil`, `aolin` for `kaolin`).
 */
function addsWord(reading: string, name: string): boolean {
  const read = wordsOf(reading);
  const whole = read.join('');
  const words = wordsOf(name);
  // One word OCR broke in two (`Uge Nol`): the reading's words together are the name's word.
  if (words.length === 1 && read.length > 1 && ocrCost(whole, words[0]!, 1) <= allowedCost(whole.length))
    return false;
  return words.some(
    (word) =>
      word.length >= 3 &&
      !whole.includes(word) &&
      !read.some((r) => ocrCost(r, word, word.length * 0.4) <= Math.max(1, word.length * 0.4)),
  );
}

/** Reads the shipped vocabulary (gzip text, one name per line); null when the data build has not made it. */
export async function loadInciVocabulary(file = DEFAULT_VOCABULARY_PATH): Promise<InciVocabulary | null> {
  if (!existsSync(file)) return null;
  const text = gunzipSync(await readFile(file)).toString('utf8');
  return new InciVocabulary(text.split('\n').filter((l) => l !== ''));
}
