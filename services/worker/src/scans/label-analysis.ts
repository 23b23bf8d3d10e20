import {
  type AnalysisType,
  distinctMessages,
  type ScanIngredient,
  type ScanMessage,
  type ScanMessages,
  type ScanResult,
  scanMessageText,
} from '@scentinel/domain';
import type { Barcode } from './barcode-reader.ts';
import type { ChemicalRecord } from './chemical-database.ts';
import { type ChemicalMatch, type ChemicalMatcher, matchKey } from './chemical-matcher.ts';
import { type ImageStats, imageWarnings, rateImage } from './image-quality.ts';
import { type InciVocabulary, PriorityNames, withoutStereo } from './inci-vocabulary.ts';
import { type ParsedIngredient, parseLabelText } from './ingredient-list.parser.ts';
import { namesInProse } from './ingredient-segmentation.ts';
import {
  type BrandIndex,
  type ProductIdentification,
  parseProductIdentification,
} from './product-info.parser.ts';
import { editDistance } from './string-distance.ts';
import { type Reading, readWithVocabulary } from './vocabulary-reading.ts';

/**
 * Turns what an engine read (OCR text, or a vision model's ingredient names) into the scan result
 * the API answers: ingredients matched to the chemical database, allergen/prohibited/restricted flags,
 * product identification, and an honest quality rating.
 */

export interface LabelAnalysisDeps {
  matcher: ChemicalMatcher;
  brands?: BrandIndex;
  /** Every ingredient name a label may print: OCR readings are corrected and split against it. */
  vocabulary?: InciVocabulary | null;
}

/** A fuzzy match below this is not trusted: the item is kept as printed, unmatched. */
export const MIN_MATCH_SCORE = 0.8;

export interface MatchedIngredient {
  ingredient: ScanIngredient;
  match: ChemicalMatch | null;
}

/** INCI abbreviations that stay in capitals. */
const ACRONYMS = new Set([
  'BHA',
  'BHT',
  'CI',
  'DEA',
  'DMDM',
  'EDTA',
  'MEA',
  'PEG',
  'PPG',
  'PVP',
  'SLS',
  'TEA',
  'UV',
]);

/** `AQUA (WATER)` → `Aqua (Water)` for all-caps label text (`BHT`, `PEG-40`, `CI 77491` stay); mixed case is kept. */
export function tidyCase(text: string): string {
  const letters = text.match(/\p{L}/gu) ?? [];
  const upper = text.match(/\p{Lu}/gu) ?? [];
  if (letters.length === 0 || upper.length < letters.length * 0.8) return text;
  return text.replace(/\p{L}+/gu, (word) =>
    ACRONYMS.has(word) || !/[AEIOUY]/.test(word) ? word : word[0] + word.slice(1).toLowerCase(),
  );
}

function displayName(printed: string, match: ChemicalMatch | null): string {
  return displayNameOf(printed, match).replace(/\bC[Ii] (\d{5})\b/g, 'CI $1');
}

function displayNameOf(printed: string, match: ChemicalMatch | null): string {
  if (match === null) return tidyCase(printed);
  const paren = /\(([^)]+)\)/.exec(printed)?.[1];
  const alias = tidyCase(match.alias);
  if (paren && !matchKey(alias).includes(matchKey(paren))) return `${alias} (${tidyCase(paren)})`;
  return alias;
}

/** Items with no database match are kept only when they read like an ingredient name. */
function plausibleUnmatched(text: string): boolean {
  // Colour Index numbers (`CI 77491`, `Yellow 5 (CI 19140)`) are names of their own.
  if (/\bCI \d{5}\b/.test(text)) return true;
  const compact = text.replace(/\s/g, '');
  const letters = (compact.match(/\p{L}/gu) ?? []).length;
  if (letters < 3 || letters < compact.length * 0.6) return false;
  if (!/\p{L}{3,}/u.test(text)) return false;
  // OCR debris: long runs of consonants or of one repeated letter.
  if (/[bcdfghjklmnpqrstvwxz]{6,}/i.test(compact) || /(\p{L})\1\1/u.test(compact)) return false;
  return true;
}

export interface MatchOptions {
  /**
   * Tesseract's confidence (0–100) in a word as read, by its `matchKey`: a confidently read word is
   * not "corrected" into a neighbouring name (`NITRATE` read at 96 % is not `CITRATE`).
   */
  wordConfidence?: (key: string) => number | undefined;
  /** Lowest fuzzy score accepted (default `MIN_MATCH_SCORE`). */
  minScore?: number;
  vocabulary?: InciVocabulary | null;
}

/** Confidence at or above which a word is taken as printed, unless the change is a typical misreading. */
const TRUSTED_WORD = 90;

/**
 * A word's outline for OCR confusions: similar glyphs unified (`l`/`I`/`1`/`|`, `0`/`o`, `rn`/`m`,
 * `cl`/`d`) and thin glyphs OCR drops (`i`, `l`, `t`, `f`, `r`, `j`) removed. Two words with one
 * outline may be one word misread; `nitrate` and `citrate` are not.
 */
export function ocrOutline(key: string): string {
  return key
    .replace(/rn/g, 'm')
    .replace(/cl/g, 'd')
    .replace(/vv/g, 'w')
    .replace(/0/g, 'o')
    .replace(/5/g, 's')
    .replace(/8/g, 'b')
    .replace(/[il1|!tfrj]/g, '');
}

const TOKEN_SPLIT = /[\s/\\()-]+/;

/**
 * Whether a fuzzy match may stand: the database name must not add a whole word the text lacks
 * (`BRAN EXTRACT` is not `BRAN OIL EXTRACT`), and words Tesseract read confidently are only
 * corrected where the difference is a typical misreading (`lonone` → `ionone`, `Laury` → `Lauryl`).
 */
function fuzzyMayStand(text: string, alias: string, options: MatchOptions): boolean {
  const textKey = matchKey(text);
  const textTokens = text
    .split(TOKEN_SPLIT)
    .map(matchKey)
    .filter((k) => k !== '');
  const aliasTokens = alias
    .split(TOKEN_SPLIT)
    .map(matchKey)
    .filter((k) => k !== '');
  for (const token of aliasTokens) {
    if (token.length < 3 || textKey.includes(token)) continue;
    if (!textTokens.some((t) => editDistance(t, token, 2) <= Math.min(2, Math.floor(token.length / 4))))
      return false;
  }
  const confidence = options.wordConfidence;
  if (!confidence) return true;
  const aliasSet = new Set(aliasTokens);
  for (const token of textTokens) {
    if (aliasSet.has(token) || (confidence(token) ?? 0) < TRUSTED_WORD) continue;
    let closest = aliasTokens[0] ?? '';
    for (const a of aliasTokens) if (editDistance(token, a) < editDistance(token, closest)) closest = a;
    if (ocrOutline(token) !== ocrOutline(closest)) return false;
  }
  return true;
}

function acceptMatch(
  text: string,
  matcher: ChemicalMatcher,
  options: MatchOptions,
  wholeOnly = false,
): ChemicalMatch | null {
  const found = matcher.match(text, { wholeOnly });
  if (found?.kind !== 'fuzzy') return found;
  if (found.score < (options.minScore ?? MIN_MATCH_SCORE)) return null;
  return fuzzyMayStand(text, found.alias, options) ? found : null;
}

/** Separators OCR invents inside a name (a speck read as `.` or `;`), unlike the list's commas. */
const WEAK_SEPARATORS = new Set(['.', ';', '|', '•', '·', '●', '']);

/**
 * Matches parsed items to chemicals. Two neighbours are joined when together they name a chemical
 * better than apart (`ETHYLHEXYL. METHOXYCINNAMATE`, `Hexyl` / `Cinnamal` split by a stray mark), and
 * run-together names (a lost comma) are split when that explains them.
 */
export function matchIngredients(
  items: readonly ParsedIngredient[],
  matcher: ChemicalMatcher,
  options: MatchOptions = {},
): MatchedIngredient[] {
  const out: MatchedIngredient[] = [];
  const seen = new Set<string>();
  const push = (
    printed: string,
    concentration: string | null,
    match: ChemicalMatch | null,
    how: { reading?: Reading; readAs?: string | null; blend?: string | null } = {},
  ) => {
    const name = displayName(printed, match);
    const key = match ? `chem:${match.chemical.id}` : `text:${matchKey(name)}`;
    if (seen.has(key)) return;
    seen.add(key);
    const reading: Reading =
      how.reading ?? (match === null ? 'unrecognised' : match.kind === 'fuzzy' ? 'corrected' : 'printed');
    const readAs = reading === 'corrected' ? (how.readAs ?? printed) : null;
    out.push({
      ingredient: {
        name,
        is_allergen: match?.chemical.allergen_flag ?? false,
        concentration,
        chemical_id: match?.chemical.id ?? null,
        reading,
        read_as: readAs !== null && matchKey(readAs) !== matchKey(name) ? tidyCase(readAs) : null,
        blend: how.blend ? tidyCase(how.blend) : null,
      },
      match,
    });
  };
  const vocabulary = options.vocabulary ?? null;
  const priority = vocabulary ? priorityNames(matcher) : undefined;
  const matches = items.map((item) => acceptMatch(item.text, matcher, options));
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    let found = matches[i] ?? null;
    const next = items[i + 1];
    if (next && (WEAK_SEPARATORS.has(item.endedBy) || found === null || matches[i + 1] === null)) {
      // Only the joined text as a whole counts, not a bracketed part of one of the two.
      const joined = acceptMatch(`${item.text} ${next.text}`, matcher, options, true);
      const apart = Math.max(found?.score ?? 0, matches[i + 1]?.score ?? 0);
      const oneUnmatched = found === null || matches[i + 1] === null;
      if (
        joined &&
        joined.score >= 0.9 &&
        (joined.score > apart || (joined.score >= apart && oneUnmatched))
      ) {
        push(`${item.text} ${next.text}`, item.concentration ?? next.concentration, joined);
        i += 1;
        continue;
      }
      // A name broken in two by a mark OCR read at the line break (`Butyrospermum Parkii. / Butter`):
      // neither half is a known name, together they are.
      const both = `${item.text} ${next.text}`;
      if (vocabulary && !vocabulary.exact(item.text) && vocabulary.exact(both) !== null) {
        const whole = readWithVocabulary(both, null, matcher, vocabulary, options.wordConfidence, priority);
        if (whole?.length === 1) {
          const r = whole[0]!;
          push(r.text, item.concentration ?? next.concentration, r.match, { reading: r.reading });
          i += 1;
          continue;
        }
      }
      // A declared allergen broken at a line break, its first half misread (`Alpiassomethyl` /
      // `Ionone`): the first half names nothing, together they clearly name the allergen.
      if (vocabulary && priority && found === null && vocabulary.correct(item.text) === null) {
        const urgent = priority.closest(both, vocabulary);
        const whole = urgent
          ? readWithVocabulary(urgent.name, null, matcher, vocabulary, options.wordConfidence, priority)
          : null;
        if (whole?.length === 1) {
          push(whole[0]!.text, item.concentration ?? next.concentration, whole[0]!.match, {
            reading: 'corrected',
            readAs: both,
          });
          i += 1;
          continue;
        }
      }
    }
    const read = vocabulary
      ? readWithVocabulary(item.text, found, matcher, vocabulary, options.wordConfidence, priority)
      : null;
    if (read) {
      for (const [n, r] of read.entries())
        push(r.text, n === 0 ? item.concentration : null, r.match, {
          reading: r.reading,
          readAs: r.readAs,
          blend: r.blend,
        });
      continue;
    }
    if (found) {
      push(item.text, item.concentration, found);
      continue;
    }
    const parts = segment(item.text, matcher, options);
    if (parts) {
      for (const part of parts) push(part.text, null, part.match);
      continue;
    }
    found = null;
    if (plausibleUnmatched(item.text)) push(item.text, item.concentration, found);
  }
  return out;
}

const priorities = new WeakMap<ChemicalMatcher, PriorityNames>();

/** The database's declared allergens, which a misreading must not hide (made once per database). */
function priorityNames(matcher: ChemicalMatcher): PriorityNames {
  let names = priorities.get(matcher);
  if (!names) {
    // A stereo form (`l-Limonene`, `trans-Anethole`) is the substance for a misreading's purposes.
    const substance = (name: string) => {
      const base = withoutStereo(name);
      return matcher.match(base, { wholeOnly: true })?.chemical.id ?? matchKey(base);
    };
    names = new PriorityNames(matcher.allergenNames(), (a, b) => substance(a) === substance(b));
    priorities.set(matcher, names);
  }
  return names;
}

/**
 * Splits `Farnesol Cinnamal` (a comma lost by OCR) into the fewest runs of words that each match a
 * chemical; null unless every word is covered and there are at least two runs.
 */
function segment(
  text: string,
  matcher: ChemicalMatcher,
  options: MatchOptions,
): { text: string; match: ChemicalMatch }[] | null {
  const words = text.split(/\s+/).filter((w) => w !== '');
  if (words.length < 2 || words.length > 12) return null;
  const best: ({ count: number; parts: { text: string; match: ChemicalMatch }[] } | null)[] = [
    { count: 0, parts: [] },
  ];
  for (let end = 1; end <= words.length; end += 1) {
    best[end] = null;
    for (let start = Math.max(0, end - 6); start < end; start += 1) {
      const prev = best[start];
      if (!prev) continue;
      const piece = words.slice(start, end).join(' ');
      if (piece === text) continue;
      const match = acceptMatch(piece, matcher, options, true);
      if (!match || match.score < 0.86) continue;
      const current = best[end];
      if (current === null || current === undefined || prev.count + 1 < current.count) {
        best[end] = { count: prev.count + 1, parts: [...prev.parts, { text: piece, match }] };
      }
    }
  }
  const done = best[words.length];
  return done && done.count >= 2 ? done.parts : null;
}

/** Text of at most about `max` characters, cut after a whole sentence or word (with `…`), never inside a word. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const sentence = Math.max(head.lastIndexOf('. '), head.lastIndexOf('; '));
  if (sentence >= max * 0.6) return `${head.slice(0, sentence + 1)} …`;
  const space = head.lastIndexOf(' ');
  return `${(space > 0 ? head.slice(0, space) : head).replace(/[\s,;:—–-]+$/, '')} …`;
}

export function regulatoryWarnings(matches: readonly MatchedIngredient[]): ScanMessage[] {
  const out: ScanMessage[] = [];
  for (const { ingredient, match } of matches) {
    const chemical: ChemicalRecord | undefined = match?.chemical;
    if (!chemical) continue;
    if (chemical.prohibited) {
      out.push({ key: 'prohibited_eu', values: { name: ingredient.name } });
    } else if (chemical.restricted) {
      const limits = chemical.restrictions ? shortened(chemical.restrictions, 300) : null;
      out.push({ key: 'restricted_eu', values: { name: ingredient.name, ...(limits ? { limits } : {}) } });
    }
  }
  return out;
}

/**
 * The label's own allergy sentences (as printed), then each EU label allergen read; `withMessages`
 * drops repeats.
 */
export function allergenWarnings(
  matches: readonly MatchedIngredient[],
  lines: readonly string[],
): ScanMessage[] {
  const printed = lines
    .flatMap((l) => l.split(/(?<=[.!])\s+/))
    .map((s) => s.trim())
    .filter((s) => /allerg/i.test(s) && s.length <= 300)
    .map((text): ScanMessage => ({ key: 'label_text', values: { text } }));
  const listed = matches
    .filter((m) => m.ingredient.is_allergen)
    .map((m): ScanMessage => ({ key: 'allergen_declared', values: { name: m.ingredient.name } }));
  return [...printed, ...listed];
}

/** A result's text fields written from its messages, with the messages beside them. */
export function withMessages(
  result: Omit<ScanResult, 'notes' | 'warnings' | 'messages' | 'codes_and_regulatory'> & {
    codes_and_regulatory: Omit<ScanResult['codes_and_regulatory'], 'allergen_warnings'>;
  },
  messages: ScanMessages,
): ScanResult {
  const distinct: ScanMessages = {
    allergen_warnings: distinctMessages(messages.allergen_warnings),
    warnings: distinctMessages(messages.warnings),
    notes: messages.notes,
  };
  return {
    ...result,
    codes_and_regulatory: {
      ...result.codes_and_regulatory,
      allergen_warnings: distinct.allergen_warnings.map(scanMessageText),
    },
    notes: distinct.notes.map(scanMessageText).join(' ') || null,
    warnings: distinct.warnings.map(scanMessageText),
    messages: distinct,
  };
}

export interface OcrEvidence {
  text: string;
  /** 0–100. */
  confidence: number;
  /** Confidence of a word as read, by its `matchKey` (the lowest when it occurs more than once). */
  wordConfidence?: (key: string) => number | undefined;
  /** A second reading of the same image (another page layout), when one was taken. */
  secondText?: string;
  /** Further readings (another scale or page layout) of a hard image, each a whole text. */
  otherTexts?: readonly string[];
  /**
   * Per entry of `otherTexts`: true when that reading covers only the rows of the ingredient list
   * (no brand, name or size to read there; the product is then taken from the first reading).
   */
  otherListOnly?: readonly boolean[];
}

/**
 * How well a reading agrees with the vocabulary: names it recognised, less the debris it could
 * not place. Used to choose which of several readings of one image leads.
 */
function agreement(matches: readonly MatchedIngredient[]): number {
  let score = 0;
  for (const m of matches) score += m.ingredient.reading === 'unrecognised' ? -0.5 : 1;
  return score;
}

export interface LabelEvidence {
  analysisType: AnalysisType;
  /** Null when no OCR ran (barcode-only scans). */
  ocr: OcrEvidence | null;
  barcodes: Barcode[];
  image: ImageStats;
}

export const IMAGE_SCORE = { good: 1, fair: 0.7, poor: 0.4 } as const;

export function roundFraction(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(Math.min(1, Math.max(0, value)) * f) / f;
}

function textClarity(ocr: OcrEvidence | null): string | null {
  if (ocr === null) return null;
  if (ocr.text.trim() === '') return 'no_text';
  if (ocr.confidence >= 80) return 'clear';
  if (ocr.confidence >= 60) return 'partially_readable';
  return 'unreadable';
}

/** The keys a listed name is known by: whole, outside brackets, each bracketed and each slashed part. */
function namesWithin(name: string): string[] {
  const outside = name.replace(/\([^)]*\)/g, ' ');
  const parts = [
    name,
    outside,
    ...[...name.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!),
    ...outside.split(/[\\/]/),
  ];
  return parts.map((p) => matchKey(p)).filter((k) => k.length >= 3);
}

/**
 * Product fields from the leading reading. When the brand it shows is not one the catalogue knows
 * and another reading names one (the leading reading lost the brand line, e.g. read beside a
 * column), that reading's brand and name are taken; type and size stay the leading reading's when
 * it has them.
 */
function productFromReadings(
  readings: readonly ReturnType<typeof parseLabelText>[],
  lead: number,
  brands: BrandIndex | undefined,
): ProductIdentification {
  const of = (r: ReturnType<typeof parseLabelText>) =>
    parseProductIdentification(r.otherLines, brands, r.linesBefore);
  const main = of(readings[lead]!);
  const known = (brand: string | null) => brand !== null && brands?.find(brand) != null;
  if (!brands || known(main.brand)) return main;
  for (let i = 0; i < readings.length; i += 1) {
    if (i === lead) continue;
    const other = of(readings[i]!);
    if (known(other.brand))
      return {
        brand: other.brand,
        product_name: other.product_name ?? main.product_name,
        product_type: main.product_type ?? other.product_type,
        size_ml: main.size_ml ?? other.size_ml,
      };
  }
  return main;
}

/** The local engine's result from OCR text, barcodes and image measurements. */
export function analyzeLabel(evidence: LabelEvidence, deps: LabelAnalysisDeps): ScanResult {
  const { analysisType, ocr, barcodes, image } = evidence;
  const imageQuality = rateImage(image);
  const warnings = imageWarnings(image);
  const wantsIngredients = analysisType === 'comprehensive' || analysisType === 'ingredients';
  const wantsProduct = analysisType === 'comprehensive' || analysisType === 'product_info';
  const wantsBarcodes = analysisType !== 'ingredients';

  const matchOptions = { wordConfidence: ocr?.wordConfidence, vocabulary: deps.vocabulary };
  // Every reading of the image: the one whose ingredients agree best with the vocabulary leads
  // (its order and its unrecognised entries are kept), the others only add names it missed.
  const all = ocr
    ? [
        { text: ocr.text, listOnly: false },
        ...(ocr.otherTexts ?? []).map((text, i) => ({ text, listOnly: ocr.otherListOnly?.[i] === true })),
      ].filter((t, i) => i === 0 || t.text.trim() !== '')
    : [];
  const texts = all.map((t) => t.text);
  const readings = texts.map((text) => {
    const p = parseLabelText(text);
    return {
      parsed: p,
      matches: wantsIngredients ? matchIngredients(p.ingredients, deps.matcher, matchOptions) : [],
    };
  });
  let lead = 0;
  for (let i = 1; i < readings.length; i += 1)
    if (agreement(readings[i]!.matches) > agreement(readings[lead]!.matches)) lead = i;
  const parsed = readings[lead]?.parsed ?? null;
  const matches = readings[lead]?.matches ?? [];
  const others = readings.filter((_, i) => i !== lead).map((r) => r.matches);
  if (ocr?.secondText && wantsIngredients)
    others.push(matchIngredients(parseLabelText(ocr.secondText).ingredients, deps.matcher, matchOptions));
  // Names the other readings recognised that the leading one missed (never their unrecognised debris).
  if (others.length > 0) {
    // A name the leading reading already holds, also as a bracketed or slashed synonym
    // ("Parfum (Fragrance)", "Aqua/Water"): another reading that split it off adds nothing.
    // A stereo form of a name it holds (`l-Limonene` beside `Limonene`) is the same entry misread.
    const known = new Set(matches.flatMap((m) => namesWithin(withoutStereo(m.ingredient.name))));
    const ids = new Set(matches.map((m) => m.ingredient.chemical_id).filter((id) => id !== null));
    for (const other of others) {
      for (const m of other) {
        const key = matchKey(withoutStereo(m.ingredient.name));
        if (m.ingredient.reading === 'unrecognised' || known.has(key)) continue;
        if (m.ingredient.chemical_id !== null && ids.has(m.ingredient.chemical_id)) continue;
        known.add(key);
        if (m.ingredient.chemical_id !== null) ids.add(m.ingredient.chemical_id);
        matches.push(m);
      }
    }
  }
  // A list written as sentences has too few commas to be found as a list: take the names it mentions.
  if (parsed && wantsIngredients && deps.vocabulary && matches.length < 3) {
    const prose = namesInProse(
      [...parsed.otherLines, parsed.sectionText].join('\n'),
      deps.vocabulary,
      ocr?.wordConfidence,
    );
    const items = prose.map((p) => ({
      text: p.hit.name,
      endedBy: ',',
      concentration: null,
      mayContain: false,
    }));
    const known = new Set(matches.map((m) => matchKey(m.ingredient.name)));
    for (const m of matchIngredients(items, deps.matcher, matchOptions))
      if (!known.has(matchKey(m.ingredient.name))) matches.push(m);
  }
  const product =
    parsed && wantsProduct
      ? productFromReadings(
          readings.map((r) => r.parsed),
          all[lead]?.listOnly ? 0 : lead,
          deps.brands,
        )
      : { brand: null, product_name: null, product_type: null, size_ml: null };

  const ocrConfidence = ocr ? ocr.confidence / 100 : 0;
  const matchRate = matches.length
    ? matches.reduce((sum, m) => sum + (m.match?.score ?? 0), 0) / matches.length
    : 0;
  let confidence: number;
  if (analysisType === 'barcode') {
    confidence = barcodes.length > 0 ? 1 : 0;
    if (barcodes.length === 0) warnings.push({ key: 'no_barcode' });
  } else if (wantsIngredients) {
    confidence = 0.45 * ocrConfidence + 0.4 * matchRate + 0.15 * IMAGE_SCORE[imageQuality];
    if (matches.length === 0) {
      confidence = Math.min(confidence, 0.2);
      warnings.push({ key: parsed?.header ? 'heading_without_list' : 'no_list' });
    }
  } else {
    const found = [product.brand, product.product_name, product.product_type, product.size_ml].filter(
      (v) => v !== null,
    ).length;
    confidence = (0.7 * ocrConfidence + 0.3 * IMAGE_SCORE[imageQuality]) * (0.4 + 0.15 * found);
  }
  if (ocr && ocr.text.trim() !== '' && ocr.confidence < 60) {
    warnings.push({ key: 'unreliable_text' });
  }
  warnings.push(...regulatoryWarnings(matches));

  const matched = matches.filter((m) => m.match !== null).length;
  const notes: ScanMessage[] = [];
  if (ocr) notes.push({ key: 'ocr_confidence', values: { confidence: ocr.confidence.toFixed(0) } });
  if (wantsIngredients) {
    notes.push(
      parsed?.header
        ? { key: 'list_under_heading', values: { header: parsed.header } }
        : { key: matches.length > 0 ? 'list_by_shape' : 'no_list_found' },
    );
    if (matches.length > 0) notes.push({ key: 'matched_count', values: { matched, total: matches.length } });
  }

  return withMessages(
    {
      product_identification: product,
      ingredients: matches.map((m) => m.ingredient),
      codes_and_regulatory: {
        barcodes: wantsBarcodes ? barcodes.map((b) => ({ number: b.number, format: b.format })) : [],
      },
      analysis_quality: {
        confidence: roundFraction(confidence),
        text_clarity: textClarity(ocr),
        image_quality: imageQuality,
      },
    },
    {
      allergen_warnings: wantsIngredients ? allergenWarnings(matches, parsed?.otherLines ?? []) : [],
      warnings,
      notes,
    },
  );
}
