import { catalogue } from '@scentinel/domain';
import type { ChemicalRecord } from './chemical-database.ts';
import { editDistance } from './string-distance.ts';

/** How an ingredient text was tied to a chemical. */
export type MatchKind = 'exact' | 'fuzzy' | 'cas';

export interface ChemicalMatch {
  chemical: ChemicalRecord;
  /** The database spelling that matched (INCI name, name or synonym). */
  alias: string;
  /** 1 for an exact or CAS match, else 1 − edit distance / length of the key. */
  score: number;
  kind: MatchKind;
}

/** Label abbreviations and spelling variants, unified on both sides before comparing. */
const TOKEN_REWRITES: Record<string, string> = {
  ext: 'extract',
  extr: 'extract',
  fl: 'flower',
  lf: 'leaf',
  sulphate: 'sulfate',
  sulphite: 'sulfite',
  sulphur: 'sulfur',
  colour: 'color',
};

/**
 * The comparison key of an ingredient name: folded (case, accents), abbreviations spelt out, and
 * every character that is not a letter or digit dropped, so `Alpha-Isomethyl Ionone`,
 * `ALPHA ISOMETHYL IONONE` and `alpha-isomethylionone` share one key.
 */
export function matchKey(value: string): string {
  const tokens = catalogue.foldText(value).match(/[a-z0-9]+/g) ?? [];
  return tokens
    .map((t) => TOKEN_REWRITES[t] ?? t)
    .join(' ')
    .replace(SPECIES_SYNONYMS, (name) => SPECIES[name]!)
    .replace(/ /g, '');
}

/**
 * Two INCI spellings of one plant, unified on both sides: the EU's `Citrus Aurantium Dulcis` and
 * `Citrus Aurantium Bergamia` are the `Citrus Sinensis` (sweet orange) and `Citrus Bergamia`
 * (bergamot) other labels print.
 */
const SPECIES: Record<string, string> = {
  'citrus aurantium dulcis': 'citrus sinensis',
  'citrus aurantium bergamia': 'citrus bergamia',
};
const SPECIES_SYNONYMS = new RegExp(`\\b(?:${Object.keys(SPECIES).join('|')})\\b`, 'g');

/** Edits allowed for a key of this length: none for short names, about one in six for long ones. */
export function allowedEdits(length: number): number {
  if (length < 5) return 0;
  if (length < 8) return 1;
  if (length < 14) return 2;
  return Math.floor(length * 0.18);
}

interface Entry {
  key: string;
  alias: string;
  chemical: ChemicalRecord;
  /**
   * 0 INCI name, 0.5 a label name the law prescribes for the chemical's labelling entry, 0.75 one
   * name of an INCI cell listing several, 1 name, 2 synonym: lower wins when two chemicals share a
   * key.
   */
  rank: number;
}

function trigrams(key: string): string[] {
  const padded = `^${key}$`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  return [...out];
}

const CAS_IN_TEXT = /\b\d{2,7}\s?[-‐–]\s?\d{2}\s?[-‐–]\s?\d\b/g;

/**
 * Finds the chemical an ingredient text names: exact key, CAS number, then fuzzy (edit distance on
 * keys, candidates from a trigram index so a lookup never scans the whole database).
 */
export class ChemicalMatcher {
  private readonly entries: Entry[] = [];
  /** Key → entry id. */
  private readonly exact = new Map<string, number>();
  private readonly byCas = new Map<string, ChemicalRecord>();
  private readonly index = new Map<string, number[]>();
  private readonly counts: Uint16Array;
  private allergens: string[] | null = null;

  constructor(records: readonly ChemicalRecord[]) {
    for (const chemical of records) {
      const aliases: [string, number][] = [];
      if (chemical.inci_name) aliases.push([chemical.inci_name, 0]);
      // A label name the law prescribes for the chemical's allergen entry (`Rose Ketones` for the
      // damascones, `Lavandula Oil/Extract` for lavender and lavandin) declares the allergen even
      // where it is no name of any one substance.
      for (const name of catalogue.allergenLabelNames(chemical)) aliases.push([name, 0.5]);
      // An INCI cell that lists several names (`CEDRUS ATLANTICA BARK OIL; CEDRUS ATLANTICA BARK
      // WATER`): a label prints one of them, read before other records' own names.
      for (const part of inciParts(chemical.inci_name)) aliases.push([part, 0.75]);
      aliases.push([chemical.name, 1]);
      for (const s of chemical.synonyms) aliases.push([s, 2]);
      const seen = new Set<string>();
      for (const [alias, rank] of aliases.flatMap(([a, r]) => oilOrExtract(a).map((x) => [x, r] as const))) {
        const key = matchKey(alias);
        if (key.length < 2 || seen.has(key)) continue;
        seen.add(key);
        const entry: Entry = { key, alias, chemical, rank };
        const currentId = this.exact.get(key);
        if (currentId === undefined) this.exact.set(key, this.addToIndex(entry));
        else if (better(entry, this.entries[currentId]!)) this.entries[currentId] = entry;
      }
      const cas = chemical.cas_number ? catalogue.normalizeCas(chemical.cas_number) : null;
      if (cas && !this.byCas.has(cas)) this.byCas.set(cas, chemical);
    }
    this.counts = new Uint16Array(this.entries.length);
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * The names labels print the declared fragrance allergens by (INCI names and plain names, not
   * systematic chemical names): the ones a misreading must not hide.
   */
  allergenNames(): string[] {
    if (this.allergens) return this.allergens;
    const names = new Set<string>();
    for (const { chemical } of this.entries) {
      if (!chemical.allergen_flag) continue;
      for (const name of [chemical.inci_name, ...catalogue.allergenLabelNames(chemical), chemical.name])
        if (name && /^\p{L}[\p{L} -]{3,40}$/u.test(name)) names.add(name);
    }
    this.allergens = [...names];
    return this.allergens;
  }

  private addToIndex(entry: Entry): number {
    const id = this.entries.length;
    this.entries.push(entry);
    for (const gram of trigrams(entry.key)) {
      const list = this.index.get(gram);
      if (list) list.push(id);
      else this.index.set(gram, [id]);
    }
    return id;
  }

  /** The chemical with this CAS number, if the database has one. */
  byCasNumber(cas: string): ChemicalRecord | null {
    const normal = catalogue.normalizeCas(cas);
    return normal ? (this.byCas.get(normal) ?? null) : null;
  }

  /**
   * Best match for one ingredient as printed (`AQUA (WATER)`, `Linalool (78-70-6)`, `Parfum/Fragrance`),
   * or null when nothing is close enough. Tries the whole text, then its parts.
   */
  match(text: string, { wholeOnly = false }: { wholeOnly?: boolean } = {}): ChemicalMatch | null {
    const whole = text.trim();
    if (whole === '') return null;
    for (const raw of whole.match(CAS_IN_TEXT) ?? []) {
      const chemical = this.byCasNumber(raw.replace(/[\s‐–]/g, '').replace(/-+/g, '-'));
      if (chemical) return { chemical, alias: chemical.inci_name ?? chemical.name, score: 1, kind: 'cas' };
    }
    const withoutCas = whole.replace(CAS_IN_TEXT, ' ');
    const outside = withoutCas
      .replace(/\([^)]*\)?|\[[^\]]*\]?/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const inside = [...withoutCas.matchAll(/\(([^)]*)\)|\[([^\]]*)\]/g)].map((m) =>
      (m[1] ?? m[2] ?? '').trim(),
    );
    const slashParts = /[/\\]/.test(outside) ? outside.split(/[/\\]/).map((p) => p.trim()) : [];
    const parts = (
      wholeOnly ? [withoutCas, outside] : [withoutCas, outside, ...slashParts, ...inside]
    ).filter((p) => p.length > 1);

    for (const part of parts) {
      const id = this.exact.get(matchKey(part));
      const entry = id === undefined ? undefined : this.entries[id];
      if (entry) return { chemical: entry.chemical, alias: entry.alias, score: 1, kind: 'exact' };
    }
    let best: ChemicalMatch | null = null;
    for (const part of wholeOnly ? [withoutCas, outside] : [withoutCas, outside, ...slashParts]) {
      const found = this.fuzzy(matchKey(part));
      if (found && (best === null || found.score > best.score)) best = found;
    }
    return best;
  }

  private fuzzy(key: string): ChemicalMatch | null {
    const max = allowedEdits(key.length);
    if (max === 0) return null;
    const grams = trigrams(key);
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
    // Each edit destroys at most three trigrams: fewer shared ones than that cannot be close enough.
    const needed = Math.max(1, grams.length - 3 * max);
    const candidates = touched
      .filter((id) => counts[id]! >= needed)
      .sort((a, b) => counts[b]! - counts[a]!)
      .slice(0, 40);
    for (const id of touched) counts[id] = 0;

    let best: ChemicalMatch | null = null;
    let bestRank = Number.POSITIVE_INFINITY;
    for (const id of candidates) {
      const entry = this.entries[id]!;
      const d = editDistance(key, entry.key, max);
      if (d > max) continue;
      const score = 1 - d / Math.max(key.length, entry.key.length);
      if (best === null || score > best.score || (score === best.score && entry.rank < bestRank)) {
        best = { chemical: entry.chemical, alias: entry.alias, score, kind: 'fuzzy' };
        bestRank = entry.rank;
      }
    }
    return best;
  }
}

/** The names of an INCI cell that lists several (`inciCellNames`); none for one name. */
function inciParts(inci: string | null): string[] {
  const parts = catalogue.inciCellNames(inci).filter((p) => p.length > 2);
  return parts.length > 1 ? parts : [];
}

/**
 * A name and, for the annexes' `… oil/extract` (`Rosa alba flower oil/extract`), the oil's and
 * the extract's names, as labels print them.
 */
function oilOrExtract(alias: string): string[] {
  const m = /^(.*\S)\s+oil\s*\/\s*extract$/i.exec(alias.trim());
  return m ? [alias, `${m[1]} oil`, `${m[1]} extract`] : [alias];
}

function better(candidate: Entry, current: Entry): boolean {
  if (candidate.rank !== current.rank) return candidate.rank < current.rank;
  // An isomer an allergen entry covers by name shares the entry's label name and flags with the
  // substance the entry lists (`LINALOOL`: d-linalool and linalool): the listed one is meant.
  const flagged = (c: ChemicalRecord) =>
    Number(c.allergen_flag) +
    Number(c.prohibited) +
    Number(c.restricted) -
    Number(c.allergen_by_name === true);
  return flagged(candidate.chemical) > flagged(current.chemical);
}
