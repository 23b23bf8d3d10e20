/**
 * Declared ingredient lists of real perfumes (retailer label data): parsing the rows, splitting
 * each list into INCI entries with the scanner's own parser, naming the chemicals they declare,
 * and matching each row to a catalogue perfume by brand and name with the catalogue's identity
 * keys. A declared list is the strongest evidence the product has about what a perfume contains.
 */
import { brandKey, brandTokens, nameKey } from '../../services/domain/src/catalogue/index.ts';
import { type ChemicalRecord, toChemicalRecord } from '../../services/worker/src/scans/chemical-database.ts';
import {
  type ChemicalMatch,
  ChemicalMatcher,
  matchKey,
} from '../../services/worker/src/scans/chemical-matcher.ts';
import { InciVocabulary, PriorityNames } from '../../services/worker/src/scans/inci-vocabulary.ts';
import { splitIngredients } from '../../services/worker/src/scans/ingredient-list.parser.ts';
import { editDistance } from '../../services/worker/src/scans/string-distance.ts';
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
  /\s*[-–]?\s*\b(?:travel\s+(?:spray|size)|rollerball|roller[\s-]*(?:ball|pearl)|mini|purse\s+spray|pen\s*spray|ovetto|refill|spray)\s*$/i;

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
const INTENSE_CONCENTRATION = /\beau\s+de\s+(?:parfum|toilette)\s+intense\b/i;
const TRAILING_FORM = /\s+(?:for\s+(?:her|him)|pure\s+perfume|perfume(?:\s+oil)?|cologne(?:\s+intense)?)$/i;

/**
 * Names to look the product up by, most literal first: the name without packaging words; then
 * with a concentration that stands inside the name removed (`Guilty Eau de Parfum Pour Homme`);
 * then without a trailing form word the catalogue leaves out (`Grapefruit Cologne`, `For Her`,
 * `Cologne Intense`); then without a trailing `by <brand>` (`Good Girl Gone Bad by KILIAN`, when
 * the brand is given); then with `and` written `&` (`Rose Water and Vanilla`); last, without an
 * `Eau de Parfum Intense` (`Gucci Bloom Ambrosia di Fiori Eau de Parfum Intense For Her`).
 */
export function labelNameCandidates(productName: string, brand?: string): string[] {
  const out: string[] = [];
  const add = (name: string) => {
    const clean = name.replace(/\s+/g, ' ').trim();
    if (clean !== '' && !out.includes(clean)) out.push(clean);
  };
  const name = labelPerfumeName(productName);
  if (brand !== undefined) {
    const alias = LABEL_NAME_ALIASES.get(`${labelBrandKey(brand)}|${nameKey(name, brand)}`);
    if (alias !== undefined) add(alias);
  }
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
  // `Eau de Parfum Intense` as a concentration (`Bloom Ambrosia di Fiori Eau de Parfum Intense`), last:
  // a perfume named `… Intense` is found first.
  if (INTENSE_CONCENTRATION.test(name))
    add(name.replace(INTENSE_CONCENTRATION, ' ').replace(/\s+/g, ' ').trim().replace(TRAILING_FORM, ''));
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
 * Eau Ginger`); without a trailing form word (`Pure Musc For Her`); and without a concentration
 * inside the name (`L'Interdit Eau de Parfum Rouge` is sold as `L'Interdit Rouge Eau de Parfum`).
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
  const inner = p.name.replace(INNER_CONCENTRATION, ' ').replace(/\s+/g, ' ').trim();
  if (inner !== p.name && inner !== '') keys.add(nameKey(inner, p.brand));
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

/** The catalogue's brand key for a retail brand name. */
function labelBrandKey(brand: string): string {
  return LABEL_BRAND_ALIASES[brandKey(brand)] ?? brandKey(brand);
}

/**
 * Products a retailer sells under another name than the catalogue's, checked one by one: the
 * English name of a French-named product (`002 Neroli, Jasmine and White Amber` is `002 neroli,
 * jasmin, ambre blanc`), the line written out (`Born in Roma Coral Fantasy` is `Donna Born In
 * Roma Coral Fantasy`), a relaunch's name for the original strength (Commodity's `Moss
 * Expressive` is `Moss`; its `Bold` and `Personal` strengths are other products and stay
 * unmatched). Keys are the retail brand and name (packaging words dropped); values the
 * catalogue's name. A name here is looked up first; it still has to find exactly one perfume.
 */
const LABEL_NAME_ALIASES: ReadonlyMap<string, string> = new Map(
  (
    [
      [
        'Bon Parfumeur',
        '002 Neroli, Jasmine and White Amber Eau de Parfum',
        '002 neroli, jasmin, ambre blanc',
      ],
      ['Bon Parfumeur', '802 Peony, Lotus and Bamboo Eau de Parfum', '802 pivoine, lotus, bambou'],
      ['CHANEL', 'COCO MADEMOISELLE L’EAU PRIVÉE Eau Pour la Nuit', "Coco Mademoiselle L'Eau Privée"],
      ['CLEAN RESERVE', 'Reserve - Rain', 'Clean Reserve - Rain [Reserve Blend]'],
      ['Commodity', 'Moss Expressive', 'Moss'],
      ['Commodity', 'Paper Expressive', 'Paper'],
      ['DedCool', '01 "Taunt" Eau de Parfum', 'Fragrance 01 Taunt'],
      ['Valentino', 'Born in Roma Coral Fantasy Eau de Parfum', 'Donna Born In Roma Coral Fantasy'],
      ['Valentino', 'Uomo Coral Fantasy Cologne', 'Uomo Born In Roma Coral Fantasy'],
      ['Valentino', 'Uomo Yellow Dream Cologne', 'Uomo Born In Roma Yellow Dream'],
      ['Versace', 'Dylan Purple Eau de Parfum', 'Pour Femme Dylan Purple'],
    ] as const
  ).map(([brand, retail, catalogue]) => [`${labelBrandKey(brand)}|${nameKey(retail, brand)}`, catalogue]),
);

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
    const key = labelBrandKey(labelBrand);
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

/**
 * The INCI entries of one printed list (the scanner's splitter, so both read labels alike). A comma
 * after a fused-ring or Greek-letter locant (`4,4a,5,9b-Tetrahydro…`, `.alpha.,.alpha.,4-Trimethyl-`)
 * is part of the name, as a comma between digits is; a stereo descriptor printed after a comma
 * (`…, Acetate, (E)`) stays with the name it describes.
 */
export function labelEntries(ingredients: string): string[] {
  // The list's closing period is not part of its last entry (`…, Farnesol.`); `Alcohol Denat.` keeps its.
  const text = ingredients
    .trim()
    .replace(/\.\s*$/, '')
    // A line break of the retail page (` | `) inside an entry, not after a comma, colon or period
    // nor before a heading (`| Orchid: |`), falls inside one name (`Butyl | Methoxydibenzoylmethane`).
    .replace(/(?<=[\p{L}\d)\]])\s+\|\s+(?=[\p{L}\d(])(?![^,|]*:)/gu, ' ')
    .replace(
      /(\d[a-h]|\.(?:alpha|beta|gamma|delta)\.),(?=\d|\.(?:alpha|beta|gamma|delta)\.)/gi,
      `$1${LOCANT_COMMA}`,
    )
    .replace(/,(\s*\((?:\d+[a-h]?)?[EZRS]\)-?)(?=\s*(?:,|$))/gi, `${LOCANT_COMMA}$1`);
  return splitIngredients(text)
    .map((i) => i.text.replaceAll(LOCANT_COMMA, ',').trim())
    .filter((t) => t !== '');
}

/** Stands for a comma inside a name while the list is split (a character no label prints). */
const LOCANT_COMMA = '\u201a';

/** A parenthesised remark on the material (`(floral note/safe synthetic)`, `(solvent / botanical)`). */
const REMARK = /\s*\([^()]*\b(?:note|synthetic|solvent|botanical|isolate)\b[^()]*\)/gi;

function withoutRemarks(text: string): string {
  return text.replace(REMARK, '').replace(/\s+/g, ' ').trim();
}

/**
 * Whether an entry is a CAS index name put back together (`Benzaldehyde, 4-hydroxy-3-methoxy-`):
 * a comma outside brackets; one inside (`Aqua (Water, Eau)`) is the splitter's own.
 */
function isCasIndexName(text: string): boolean {
  let outside = withoutRemarks(text);
  for (;;) {
    const next = outside.replace(/\([^()]*\)|\[[^[\]]*\]/g, '');
    if (next === outside) break;
    outside = next;
  }
  return outside.includes(', ');
}

/** A stereo descriptor printed as a piece of its own: `(E)`, `(12E)-`, `cis-`, `(3aR,5aS,9aS,9bR)`. */
function isStereo(piece: string): boolean {
  if (/^(?:cis|trans)-?$/i.test(piece)) return true;
  if (!/^[([].*[)\]]-?$/.test(piece)) return false;
  const letters = piece.replace(/alpha|beta/gi, '').replace(/[^a-z]/gi, '');
  return letters !== '' && /^[rsezab]+$/i.test(letters);
}

/** An ester or salt word ending a CAS index name: `acetate`, `3-Acetate`, `methyl ester`. */
function isEsterPiece(piece: string): boolean {
  return /^(?:\S+\s+)?ester-?$/i.test(piece) || /^(?:\d+-)?(?:[a-z]*oate|acetate|formate)-?$/i.test(piece);
}

/**
 * A substituent of a CAS index name (`3,7-dimethyl-`, `.alpha.,.alpha.,4-trimethyl-`, `oxybis-`,
 * `4-(1-methylethyl)-`): one word with a locant or a multiplying prefix, ending as a substituent
 * does.
 */
function isSubstituent(piece: string): boolean {
  if (/\s/.test(piece)) return false;
  const core = piece.replace(/-$/, '');
  return (
    (/\d/.test(core) ||
      /^(?:\.?(?:alpha|beta|gamma)\.?|\(|oxybis|di|tri|tetra|penta|hexa|hepta|octa|dodeca)/i.test(core)) &&
    /(?:yl|yl\)|yl\]|hydro|oxy|oxy\)|oxo|bis|idene)$/i.test(core)
  );
}

/**
 * The parent of a CAS index name as printed before its first comma (`2,6-Octadien-1-ol`,
 * `Benzaldehyde`, `Benzoic acid`, `Naphtho[2,1-b]furan`): one word that reads as a chemical name
 * (or `<word> acid`).
 */
function isCasParent(piece: string): boolean {
  const core = withoutRemarks(piece);
  if (!/^[\w[\](),.'’-]+(?:\s+acid)?$/i.test(core)) return false;
  if (/^(?:alcohol|water|aqua|eau|parfum|fragrance|perfume)$/i.test(core)) return false;
  return /\d|[[\]]|(?:ol|al|one|ene|ane|ine|yne|an|ide|yde|acid|in|ole|ate)$/i.test(core);
}

/** Whether the database names this text exactly (all of it, not a part). */
function exactChemical(text: string, matcher: ChemicalMatcher): ChemicalMatch['chemical'] | null {
  const key = matchKey(text);
  if (key.length < 2) return null;
  const found = matcher.match(text, { wholeOnly: true });
  return found && found.kind === 'exact' && matchKey(found.alias) === key ? found.chemical : null;
}

/**
 * Puts back together what the list's commas cut apart: a CAS index name, printed with its own commas
 * (`2,6-Octadien-1-ol, 3,7-dimethyl-, acetate, (E)`, `Benzaldehyde, 4-hydroxy-3-methoxy-`), becomes
 * one entry joined by `, `; and two neighbouring pieces that together are one name the database
 * knows, the first not on its own (`Benzyl, Benzoate`), become that name.
 */
export function joinLabelPieces(entries: readonly string[], matcher: ChemicalMatcher): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const last = out.at(-1);
    if (last !== undefined) {
      const lastCore = withoutRemarks(last);
      const core = withoutRemarks(entry).split(', ')[0]!;
      const casName = isCasIndexName(last) || isCasParent(last);
      const tail = isSubstituent(core) || isEsterPiece(core) || isStereo(core);
      // A remark (`(musk note/safe synthetic)`) closes a CAS name.
      const closed = lastCore !== last.replace(/\s+/g, ' ').trim();
      if (casName && tail && !closed && core !== '') {
        out[out.length - 1] = `${last}, ${entry}`;
        continue;
      }
      const joined = `${last} ${entry}`;
      if (!exactChemical(lastCore, matcher) && exactChemical(joined, matcher)) {
        out[out.length - 1] = joined;
        continue;
      }
    }
    out.push(entry);
  }
  return out;
}

/**
 * The chemical a CAS index name names (`Benzaldehyde, 4-hydroxy-3-methoxy-` is vanillin): the name as
 * printed, without its stereo descriptors, turned into a substitutive name (`4-hydroxy-3-
 * methoxybenzaldehyde`), an acid's ester (`Benzoic acid, 2-hydroxy-, pentyl ester` is `pentyl
 * 2-hydroxybenzoate`) or an alcohol's ester named after the alcohol (`1,6-Octadien-3-ol, 3,7-dimethyl-,
 * 3-acetate`: the alcohol is linalool, so `linalyl acetate`), each only when the database knows that
 * very name.
 */
export function casIndexChemical(entry: string, matcher: ChemicalMatcher): ChemicalMatch['chemical'] | null {
  const pieces = withoutRemarks(entry)
    .split(/,\s+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (pieces.length < 2) return null;
  const [parent, ...rest] = pieces as [string, ...string[]];
  const plain = rest.filter((p) => !isStereo(p));
  const esters = plain.filter((p) => isEsterPiece(p) && !isSubstituent(p));
  const substituents = plain.filter((p) => !esters.includes(p)).map((p) => p.replace(/-$/, ''));
  const lowerFirst = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);
  const candidates = [pieces.join(', '), [parent, ...plain].join(', ')];
  const alcohol = `${substituents.join('')}${lowerFirst(parent)}`;
  if (esters.length === 0) candidates.push(alcohol);
  else if (esters.length === 1) {
    const ester = esters[0]!.replace(/-$/, '');
    const acid = /^(.*)ic\s+acid$/i.exec(parent);
    const esterGroup = /^(.*?)\s*ester$/i.exec(ester);
    if (acid && esterGroup)
      candidates.push(`${esterGroup[1]} ${substituents.join('')}${lowerFirst(acid[1]!)}ate`);
    if (!acid && !esterGroup && /ol$/i.test(parent)) {
      const acidWord = ester.replace(/^\d+-/, '');
      const stereo = rest.filter(isStereo);
      const found =
        exactChemical(alcohol, matcher) ??
        exactChemical([parent, ...substituents, ...stereo].join(', '), matcher) ??
        exactChemical([parent, ...substituents].join(', '), matcher);
      for (const name of found ? [found.inci_name, found.name, ...found.synonyms] : []) {
        if (!name || !/^[a-z]+ol$/i.test(name)) continue;
        const stem = name.replace(/ol$/i, '').replace(/[aeiou]+$/i, '');
        candidates.push(`${stem}yl ${acidWord}`);
      }
    }
  }
  for (const c of candidates) {
    const found = exactChemical(c, matcher);
    if (found) return found;
  }
  return null;
}

/** A label row's entries as the import reads them: the printed list split, then its cut names joined. */
export function labelRowEntries(ingredients: string, matcher: ChemicalMatcher): string[] {
  return joinLabelPieces(labelEntries(ingredients), matcher);
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
  /** Comparison keys of every vocabulary name, by length (for the misspelt-allergen check). */
  vocabularyKeys: ReadonlyMap<number, readonly string[]>;
  /** Comparison keys of the vocabulary's names of EU label allergens, digits allowed (`Methyl 2-Octynoate`). */
  allergenSpellings: ReadonlySet<string>;
}

export function labelReader(
  vocabularyNames: Iterable<string>,
  matcher: ChemicalMatcher,
  /**
   * Label names of former EU label allergens the law now prohibits (`formerAllergenNames`): a label
   * that declares one, misspelt, must not lose it either.
   */
  formerAllergens: readonly string[] = [],
): LabelReader {
  const current = matcher.allergenNames();
  // Former allergens are accepted corrections, not names the reading favours: favoured, a long
  // one swallows a current allergen printed before it with the comma lost (`Coumarin Butylphenyl
  // Methypropional`).
  const names = [...current, ...formerAllergens];
  const former = new Set(formerAllergens.map((n) => matchKey(n)));
  const list = [...vocabularyNames];
  const vocabularyKeys = new Map<number, string[]>();
  const allergenNames = new Set(names.map((n) => matchKey(n)));
  const allergenSpellings = new Set(allergenNames);
  for (const name of list) {
    const key = matchKey(name);
    if (/^[\p{L}\d][\p{L}\d -]{3,60}$/u.test(name)) {
      const chemical = exactChemical(name, matcher);
      const formerAllergen = chemical !== null && former.has(matchKey(chemical.inci_name ?? chemical.name));
      if (chemical?.allergen_flag || formerAllergen) allergenSpellings.add(key);
    }
    const same = vocabularyKeys.get(key.length);
    if (same) same.push(key);
    else vocabularyKeys.set(key.length, [key]);
  }
  return {
    vocabulary: new InciVocabulary(list),
    priority: new PriorityNames(current),
    allergenNames,
    vocabularyKeys,
    allergenSpellings,
  };
}

/** What `formerAllergenNames` reads of a chemical. */
export interface FormerAllergenCandidate {
  name: string;
  inci_name: string | null;
  prohibited: boolean;
  safety_information?: { regulatory_history?: ReadonlyArray<{ region: string; status: string }> };
}

/**
 * The label names (INCI name, else name) of substances that were EU label allergens and are now
 * prohibited (butylphenyl methylpropional, hydroxyisohexyl 3-cyclohexene carboxaldehyde): a label
 * still printing one declares a substance the EU bans.
 */
export function formerAllergenNames(chemicals: readonly FormerAllergenCandidate[]): string[] {
  return chemicals
    .filter(
      (c) =>
        c.prohibited &&
        (c.safety_information?.regulatory_history ?? []).some(
          (h) => h.region === 'EU' && h.status === 'allergen',
        ),
    )
    .map((c) => c.inci_name ?? c.name);
}

/**
 * The chemicals one printed entry declares. An entry the database names exactly (INCI name, name,
 * synonym or CAS) is that chemical. Otherwise, with a reader, the entry is read as the scanner
 * reads a label: names printed as such inside it count (`Coumarin Eugenol`, a comma lost;
 * `Citral <ILN36640>`), and a misspelling counts only when it is one of an EU label allergen's
 * label names, current or now prohibited (`Courmarin`, `Benzyl Salcylate`, `Butylphenyl
 * Methypropional`): a declared allergen must not be lost, while a
 * correction into any other name could turn one substance into its neighbour. Never a plain fuzzy
 * match: it could turn one declared allergen into another.
 */
export function entryChemicals(
  entry: string,
  matcher: ChemicalMatcher,
  reader: LabelReader | undefined,
): Array<{ chemical_id: string; name: string }> {
  const one = (c: ChemicalMatch['chemical']) => [{ chemical_id: c.id, name: c.name }];
  // A CAS index name (joined by `joinLabelPieces`) is one substance: its parts are no entries.
  if (isCasIndexName(entry)) {
    const found = casIndexChemical(entry, matcher);
    return found ? one(found) : [];
  }
  const match = matcher.match(entry);
  if (match && match.kind !== 'fuzzy') return one(match.chemical);
  if (!reader) return [];
  const read = readWithVocabulary(entry, match, matcher, reader.vocabulary, undefined, reader.priority) ?? [];
  const found = read.flatMap((piece) => {
    if (!piece.match || piece.match.kind === 'fuzzy') return [];
    if (piece.reading === 'unrecognised') return [];
    if (piece.reading === 'corrected' && !reader.allergenNames.has(matchKey(piece.match.alias))) return [];
    return one(piece.match.chemical);
  });
  if (found.length > 0) return found;
  return twoNames(entry, matcher) ?? misspeltAllergen(entry, matcher, reader) ?? [];
}

/**
 * Two names the database knows, printed one after the other with the comma lost, where the first
 * is no name the vocabulary reading splits off (`Tris(Tetramethylhydroxypiperidinol) Citrate Citral`).
 */
function twoNames(
  entry: string,
  matcher: ChemicalMatcher,
): Array<{ chemical_id: string; name: string }> | null {
  const words = entry.trim().split(/\s+/);
  for (let i = 1; i < words.length; i += 1) {
    const left = exactChemical(words.slice(0, i).join(' '), matcher);
    const right = left && exactChemical(words.slice(i).join(' '), matcher);
    if (left && right && left.id !== right.id)
      return [
        { chemical_id: left.id, name: left.name },
        { chemical_id: right.id, name: right.name },
      ];
  }
  return null;
}

/**
 * An allergen's label name misspelt by two letters swapped or replaced (`Couramin`, `Methyl
 * 2-Octyonate`) that the vocabulary's OCR-minded correction leaves unread: within one edit (names of
 * five to seven letters) or two (eight or more) of exactly one allergen name, and no other name of
 * the vocabulary as close.
 */
function misspeltAllergen(
  entry: string,
  matcher: ChemicalMatcher,
  reader: LabelReader,
): Array<{ chemical_id: string; name: string }> | null {
  const key = matchKey(entry);
  if (key.length < 5) return null;
  const max = key.length < 8 ? 1 : 2;
  let best = max + 1;
  let found: string[] = [];
  for (const name of reader.allergenSpellings) {
    if (Math.abs(name.length - key.length) > max) continue;
    const d = editDistance(key, name, max);
    if (d < best) {
      best = d;
      found = [name];
    } else if (d === best) found.push(name);
  }
  if (found.length !== 1 || best > max) return null;
  const chemical = exactChemical(found[0]!, matcher);
  if (!chemical) return null;
  const spellings = new Set(
    [chemical.inci_name, chemical.name, ...chemical.synonyms].filter((n): n is string => !!n).map(matchKey),
  );
  for (let length = key.length - best; length <= key.length + best; length += 1) {
    for (const other of reader.vocabularyKeys.get(length) ?? []) {
      if (!spellings.has(other) && editDistance(key, other, best) <= best) return null;
    }
  }
  return [{ chemical_id: chemical.id, name: chemical.name }];
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
    for (const entry of labelRowEntries(row.ingredients, matcher)) {
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

/** The scanner's matcher over the database's chemicals, each read as the scanner reads it. */
export function labelMatcher(chemicals: readonly unknown[]): ChemicalMatcher {
  return new ChemicalMatcher(chemicals.map(toChemicalRecord).filter((c): c is ChemicalRecord => c !== null));
}

/**
 * CosIng functions of carriers and additives. An ingredient CosIng gives one of them is not a
 * fragrance material even when CosIng also calls it perfuming: alcohol, dipropylene glycol and
 * triethyl citrate are solvents, BHT and tocopherol antioxidants, t-butyl alcohol a denaturant.
 */
const CARRIER_FUNCTIONS = new Set([
  'antimicrobial',
  'antioxidant',
  'colorant',
  'denaturant',
  'humectant',
  'light stabilizer',
  'plasticiser',
  'preservative',
  'solvent',
  'uv absorber',
  'uv filter',
]);

/** INCI names of a fragrance as a whole, not of one of its materials. */
const WHOLE_FRAGRANCE = new Set(['PARFUM', 'FRAGRANCE', 'AROMA', 'PERFUME']);

/** What `fragranceMaterialIds` reads of a chemical. */
export interface FragranceCandidate {
  id: string;
  cas_number: string | null;
  inci_name: string | null;
  allergen_flag: boolean;
}

/** What `fragranceMaterialIds` reads of a CosIng inventory entry. */
export interface CosingFunctions {
  inciName: string;
  ids: { cas: readonly string[] };
  functions: readonly string[];
}

/**
 * The chemicals a label entry names as part of the fragrance: every EU label allergen; an
 * ingredient CosIng lists as perfuming or fragrance and as no carrier or additive
 * (`CARRIER_FUNCTIONS`); and an ingredient CosIng does not list at all (the database holds
 * fragrance materials, regulated substances and their relatives; a label entry it names that the
 * cosmetic inventory lacks is an aroma chemical written by its chemical name); never the fragrance
 * as a whole (`Parfum`). A label whose entries name none of them says only "Fragrance": it tells
 * nothing of the allergens in it.
 */
export function fragranceMaterialIds(
  chemicals: readonly FragranceCandidate[],
  cosing: readonly CosingFunctions[],
): Set<string> {
  const byCas = new Map<string, Set<string>>();
  const byInci = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, functions: readonly string[]) => {
    const set = map.get(key) ?? new Set<string>();
    for (const f of functions) set.add(f.toLowerCase());
    map.set(key, set);
  };
  for (const e of cosing) {
    for (const cas of e.ids.cas) add(byCas, cas, e.functions);
    add(byInci, e.inciName.toUpperCase(), e.functions);
  }
  const out = new Set<string>();
  for (const c of chemicals) {
    // The fragrance as a whole ("Parfum") is what a silent label names; it names no material.
    if (c.inci_name && WHOLE_FRAGRANCE.has(c.inci_name.toUpperCase())) continue;
    if (c.allergen_flag) {
      out.add(c.id);
      continue;
    }
    const functions =
      (c.cas_number ? byCas.get(c.cas_number) : undefined) ??
      (c.inci_name ? byInci.get(c.inci_name.toUpperCase()) : undefined);
    if (functions === undefined) {
      out.add(c.id);
      continue;
    }
    const perfuming = functions.has('perfuming') || functions.has('fragrance');
    if (perfuming && ![...functions].some((f) => CARRIER_FUNCTIONS.has(f))) out.add(c.id);
  }
  return out;
}
