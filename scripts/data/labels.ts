/**
 * Declared ingredient lists of real perfumes (retailer label data): parsing the rows, splitting
 * each list into INCI entries with the scanner's own parser, naming the chemicals they declare,
 * and matching each row to a catalogue perfume by brand and name with the catalogue's identity
 * keys. A declared list is the strongest evidence the product has about what a perfume contains.
 */
import { brandKey, brandTokens, nameKey } from '../../services/domain/src/catalogue/index.ts';
import type { ChemicalRecord } from '../../services/worker/src/scans/chemical-database.ts';
import { ChemicalMatcher } from '../../services/worker/src/scans/chemical-matcher.ts';
import { splitIngredients } from '../../services/worker/src/scans/ingredient-list.parser.ts';

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
  /\s*[-–]?\s*\b(?:travel\s+(?:spray|size)|rollerball|roller[\s-]*(?:ball|pearl)|mini|purse\s+spray|pen\s+spray|refill|spray)\s*$/i;

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
const TRAILING_FORM = /\s+(?:for\s+(?:her|him)|pure\s+perfume|perfume(?:\s+oil)?|cologne)$/i;

/**
 * Names to look the product up by, most literal first: the name without packaging words; then
 * with a concentration that stands inside the name removed (`Guilty Eau de Parfum Pour Homme`);
 * then without a trailing form word the catalogue leaves out (`Grapefruit Cologne`, `For Her`).
 */
export function labelNameCandidates(productName: string): string[] {
  const out: string[] = [];
  const add = (name: string) => {
    const clean = name.replace(/\s+/g, ' ').trim();
    if (clean !== '' && !out.includes(clean)) out.push(clean);
  };
  const name = labelPerfumeName(productName);
  add(name);
  const inner = name.replace(INNER_CONCENTRATION, ' ');
  add(inner);
  add(inner.replace(/\s+/g, ' ').trim().replace(TRAILING_FORM, ''));
  return out;
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

  const byPerfume = new Map<string, LabelRow[]>();
  const unmatched: LabelRow[] = [];
  for (const row of rows) {
    // The first name form that finds anything decides; more than one perfume is no match.
    let hits = new Set<string>();
    for (const n of labelNameCandidates(row.product_name)) {
      for (const key of candidateBrands(row.brand)) {
        for (const p of byBrand.get(key) ?? []) {
          const own = nameKey(p.name, p.brand);
          if (own === nameKey(n, row.brand) || own === nameKey(n, p.brand)) hits.add(p.id);
        }
      }
      if (hits.size > 0) break;
      hits = new Set<string>();
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
 * The declared list of a perfume from its label rows. Entries are matched to chemicals exactly
 * (INCI name, name, synonym or CAS): a fuzzy match could turn one declared allergen into another.
 */
export function declaredList(rows: readonly LabelRow[], matcher: ChemicalMatcher): DeclaredList {
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
      const match = matcher.match(entry);
      if (!match || match.kind === 'fuzzy' || seenChemicals.has(match.chemical.id)) continue;
      seenChemicals.add(match.chemical.id);
      chemicals.push({ chemical_id: match.chemical.id, name: match.chemical.name });
    }
  }
  return { ingredients, chemicals };
}

export function labelMatcher(chemicals: readonly ChemicalRecord[]): ChemicalMatcher {
  return new ChemicalMatcher(chemicals);
}
