/**
 * Declared ingredient lists of real perfumes (retailer label data): parsing the rows, splitting
 * each list into INCI entries with the scanner's own parser, naming the chemicals they declare,
 * and matching each row to a catalogue perfume by brand and name with the catalogue's identity
 * keys. A declared list is the strongest evidence the product has about what a perfume contains.
 */
import { brandKey, brandTokens, nameKey } from '../../services/domain/src/catalogue/index.ts';
import type { ChemicalRecord } from '../../services/worker/src/scans/chemical-database.ts';
import { ChemicalMatcher, matchKey } from '../../services/worker/src/scans/chemical-matcher.ts';
import { InciVocabulary, PriorityNames } from '../../services/worker/src/scans/inci-vocabulary.ts';
import { splitIngredients } from '../../services/worker/src/scans/ingredient-list.parser.ts';
import { readWithVocabulary } from '../../services/worker/src/scans/vocabulary-reading.ts';

/** Where the declared lists come from, as shown to users beside every declared ingredient. */
export const LABEL_SOURCE = {
  key: 'sephora_labels_2023',
  file: 'labels/sephora_fragrance_ingredients.jsonl',
  name: 'Sephora product pages',
  date: '2023-03',
} as const;

export interface LabelRow {
  brand: string;
  product_name: string;
  size: string | null;
  category: string | null;
  ingredients: string;
  product_id: string;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** One JSON object per line; rows without a brand, a name or an ingredient list are skipped. */
export function parseLabelRows(text: string): LabelRow[] {
  const rows: LabelRow[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const raw = JSON.parse(line) as Record<string, unknown>;
    const brand = str(raw.brand);
    const name = str(raw.product_name);
    const ingredients = str(raw.ingredients);
    if (!brand || !name || !ingredients) continue;
    rows.push({
      brand,
      product_name: name,
      size: str(raw.size),
      category: str(raw.category),
      ingredients,
      product_id: str(raw.sephora_product_id) ?? `${brand}|${name}`,
    });
  }
  return rows;
}

const PACKAGING =
  /\s*[-–]?\s*\b(?:travel\s+(?:spray|size)|rollerball|roller[\s-]*(?:ball|pearl)|mini|purse\s+spray|pen\s*spray|refill|spray)\s*$/i;

/**
 * The product's perfume name without retail packaging words (`Travel Spray`, `Rollerball`, a leading
 * `Mini`): a travel spray holds the same perfume as the bottle. Concentrations stay; the name key
 * drops a trailing one.
 */
export function labelPerfumeName(productName: string): string {
  let name = productName.trim().replace(/^mini\s+/i, '');
  for (;;) {
    const next = name.replace(PACKAGING, '').trim();
    if (next === name || next === '') return name;
    name = next;
  }
}

const INNER_CONCENTRATION = /\b(?:eau\s+de\s+(?:parfum|toilette|cologne)|extrait\s+de\s+parfum)\b/gi;
const TRAILING_FORM = /\s+(?:for\s+(?:her|him)|pure\s+perfume|perfume(?:\s+oil)?|cologne(?:\s+intense)?)$/i;

/**
 * Names to look the product up by, most literal first: the name without packaging words; then
 * with a concentration that stands inside the name removed (`Guilty Eau de Parfum Pour Homme`);
 * then without a trailing form word the catalogue leaves out (`Grapefruit Cologne`, `For Her`,
 * `Cologne Intense`); then without a trailing `by <brand>` (`Good Girl Gone Bad by KILIAN`, when
 * the brand is given); then with `and` written `&` (`Rose Water and Vanilla`).
 */
export function labelNameCandidates(productName: string, brand?: string): string[] {
  const out: string[] = [];
  const add = (name: string) => {
    const clean = name.replace(/\s+/g, ' ').trim();
    if (clean !== '' && !out.includes(clean)) out.push(clean);
  };
  const name = labelPerfumeName(productName);
  add(name);
  const inner = name.replace(INNER_CONCENTRATION, ' ');
  add(inner);
  let short = inner.replace(/\s+/g, ' ').trim().replace(TRAILING_FORM, '');
  add(short);
  const by = /\s+by\s+(.+)$/i.exec(short);
  if (by && brand !== undefined && sameBrandWords(by[1]!, brand)) {
    short = short.slice(0, by.index);
    add(short);
  }
  if (/\sand\s/i.test(short)) add(short.replace(/\s+and\s+/gi, ' & '));
  return out;
}

/** Whether one brand's words are all words of the other (`KILIAN` and `KILIAN Paris`). */
function sameBrandWords(a: string, b: string): boolean {
  const wa = brandTokens(a);
  const wb = brandTokens(b);
  return wa.length > 0 && wb.length > 0 && (containsAll(wa, wb) || containsAll(wb, wa));
}

/**
 * The name keys a catalogue perfume answers to: its name key; the same without the brand written
 * into the name as `d'<brand>` or `de <brand>` (`Twilly d'Hermès Eau Ginger` is sold as `Twilly
 * Eau Ginger`); and without a trailing form word (`Pure Musc For Her`).
 */
function catalogueNameKeys(p: CataloguePerfumeRef): string[] {
  const keys = new Set([nameKey(p.name, p.brand)]);
  for (const word of brandTokens(p.brand)) {
    const elided = p.name.replace(new RegExp(`\\s+(?:d['’]\\s*|de\\s+)${word}(?=\\s|$)`, 'i'), '');
    const folded = elided.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const again = folded.replace(new RegExp(`\\s+(?:d['’]\\s*|de\\s+)${word}(?=\\s|$)`, 'i'), '');
    for (const n of [elided, again]) if (n !== p.name && n.trim() !== '') keys.add(nameKey(n, p.brand));
  }
  const bare = p.name.replace(TRAILING_FORM, '');
  if (bare !== p.name && bare.trim() !== '') keys.add(nameKey(bare, p.brand));
  return [...keys];
}

/**
 * Retail brand names that the catalogue spells another way (a beauty division's name, a
 * trading name). Keys and values are brand keys.
 */
const LABEL_BRAND_ALIASES: Record<string, string> = {
  [brandKey('Armani Beauty')]: brandKey('Giorgio Armani'),
  [brandKey('KILIAN Paris')]: brandKey('By Kilian'),
  [brandKey('Fenty Beauty by Rihanna')]: brandKey('Fenty'),
  [brandKey('KVD Beauty')]: brandKey('KVD Vegan Beauty'),
};

export interface CataloguePerfumeRef {
  id: string;
  name: string;
  brand: string;
}

export interface LabelMatching {
  /** Perfume id → the label rows that declare its ingredients (a bottle and its travel spray). */
  byPerfume: Map<string, LabelRow[]>;
  unmatched: LabelRow[];
}

/**
 * Matches label rows to catalogue perfumes: same brand key (or a brand whose words contain the
 * other's, `Jo Malone London` = `Jo Malone`) and same name key. A row whose name matches several
 * perfumes of one brand, or none, stays unmatched: a wrong match would put one product's declared
 * allergens on another.
 */
export function matchLabels(
  rows: readonly LabelRow[],
  perfumes: readonly CataloguePerfumeRef[],
): LabelMatching {
  const byBrand = new Map<string, CataloguePerfumeRef[]>();
  const brandWords = new Map<string, string[]>();
  for (const p of perfumes) {
    const key = brandKey(p.brand);
    const list = byBrand.get(key);
    if (list) list.push(p);
    else {
      byBrand.set(key, [p]);
      brandWords.set(key, brandTokens(p.brand));
    }
  }
  const brandFor = new Map<string, string[]>();
  const candidateBrands = (labelBrand: string): string[] => {
    const key = LABEL_BRAND_ALIASES[brandKey(labelBrand)] ?? brandKey(labelBrand);
    const cached = brandFor.get(key);
    if (cached) return cached;
    let found: string[] = byBrand.has(key) ? [key] : [];
    if (found.length === 0) {
      const words = brandTokens(labelBrand);
      found = [...brandWords.entries()]
        .filter(([, w]) => w.length > 0 && (containsAll(words, w) || containsAll(w, words)))
        .map(([k]) => k);
    }
    brandFor.set(key, found);
    return found;
  };

  const primaryKey = (p: CataloguePerfumeRef): string[] => [nameKey(p.name, p.brand)];
  const keysOf = new Map<string, string[]>();
  const ownKeys = (p: CataloguePerfumeRef): string[] => {
    let keys = keysOf.get(p.id);
    if (!keys) {
      keys = catalogueNameKeys(p);
      keysOf.set(p.id, keys);
    }
    return keys;
  };
  const byPerfume = new Map<string, LabelRow[]>();
  const unmatched: LabelRow[] = [];
  for (const row of rows) {
    // The first name form that finds anything decides (the perfumes' own name keys before their
    // other forms); more than one perfume is no match.
    const hits = new Set<string>();
    search: for (const keysOfPerfume of [primaryKey, ownKeys]) {
      for (const n of labelNameCandidates(row.product_name, row.brand)) {
        for (const key of candidateBrands(row.brand)) {
          for (const p of byBrand.get(key) ?? []) {
            const own = keysOfPerfume(p);
            if (own.includes(nameKey(n, row.brand)) || own.includes(nameKey(n, p.brand))) hits.add(p.id);
          }
        }
        if (hits.size > 0) break search;
      }
    }
    if (hits.size !== 1) {
      unmatched.push(row);
      continue;
    }
    const id = [...hits][0]!;
    const list = byPerfume.get(id);
    if (list) list.push(row);
    else byPerfume.set(id, [row]);
  }
  return { byPerfume, unmatched };
}

function containsAll(haystack: readonly string[], needles: readonly string[]): boolean {
  return needles.every((n) => haystack.includes(n));
}

export interface DeclaredList {
  /** Every entry of the list as printed, in label order (merged rows: first row's order, then new ones). */
  ingredients: string[];
  /** The chemicals of our database the entries name (one per chemical, in label order). */
  chemicals: Array<{ chemical_id: string; name: string }>;
}

/** The INCI entries of one printed list (the scanner's splitter, so both read labels alike). */
export function labelEntries(ingredients: string): string[] {
  // The list's closing period is not part of its last entry (`…, Farnesol.`); `Alcohol Denat.` keeps its.
  const text = ingredients.trim().replace(/\.\s*$/, '');
  return splitIngredients(text)
    .map((i) => i.text.trim())
    .filter((t) => t !== '');
}

/**
 * How label entries the database does not name as printed are read: the scanner's vocabulary
 * reading (names run together, catalogue codes, misspellings) and the allergen names a
 * misspelling must not hide.
 */
export interface LabelReader {
  vocabulary: InciVocabulary;
  priority: PriorityNames;
  /** Comparison keys of the names labels print the EU label allergens by. */
  allergenNames: ReadonlySet<string>;
}

export function labelReader(vocabularyNames: Iterable<string>, matcher: ChemicalMatcher): LabelReader {
  const names = matcher.allergenNames();
  return {
    vocabulary: new InciVocabulary(vocabularyNames),
    priority: new PriorityNames(names),
    allergenNames: new Set(names.map((n) => matchKey(n))),
  };
}

/**
 * The chemicals one printed entry declares. An entry the database names exactly (INCI name, name,
 * synonym or CAS) is that chemical. Otherwise, with a reader, the entry is read as the scanner
 * reads a label: names printed as such inside it count (`Coumarin Eugenol`, a comma lost;
 * `Citral <ILN36640>`), and a misspelling counts only when it is one of an EU label allergen's
 * label names (`Courmarin`, `Benzyl Salcylate`): a declared allergen must not be lost, while a
 * correction into any other name could turn one substance into its neighbour. Never a plain fuzzy
 * match: it could turn one declared allergen into another.
 */
function entryChemicals(
  entry: string,
  matcher: ChemicalMatcher,
  reader: LabelReader | undefined,
): Array<{ chemical_id: string; name: string }> {
  const match = matcher.match(entry);
  if (match && match.kind !== 'fuzzy') return [{ chemical_id: match.chemical.id, name: match.chemical.name }];
  if (!reader) return [];
  const read = readWithVocabulary(entry, match, matcher, reader.vocabulary, undefined, reader.priority) ?? [];
  return read.flatMap((piece) => {
    if (!piece.match || piece.match.kind === 'fuzzy') return [];
    if (piece.reading === 'unrecognised') return [];
    if (piece.reading === 'corrected' && !reader.allergenNames.has(matchKey(piece.match.alias))) return [];
    return [{ chemical_id: piece.match.chemical.id, name: piece.match.chemical.name }];
  });
}

/**
 * The declared list of a perfume from its label rows (each entry read by `entryChemicals`).
 */
export function declaredList(
  rows: readonly LabelRow[],
  matcher: ChemicalMatcher,
  reader?: LabelReader,
): DeclaredList {
  const ingredients: string[] = [];
  const seenEntries = new Set<string>();
  const chemicals: DeclaredList['chemicals'] = [];
  const seenChemicals = new Set<string>();
  for (const row of rows) {
    for (const entry of labelEntries(row.ingredients)) {
      const folded = entry.toLowerCase();
      if (!seenEntries.has(folded)) {
        seenEntries.add(folded);
        ingredients.push(entry);
      }
      for (const c of entryChemicals(entry, matcher, reader)) {
        if (seenChemicals.has(c.chemical_id)) continue;
        seenChemicals.add(c.chemical_id);
        chemicals.push(c);
      }
    }
  }
  return { ingredients, chemicals };
}

export function labelMatcher(chemicals: readonly ChemicalRecord[]): ChemicalMatcher {
  return new ChemicalMatcher(chemicals);
}
