/**
 * Spelling duplicates: catalogue records that name one perfume with spellings that differ only in
 * accents, case, punctuation, spacing, numbering (`N°5`, `No 5`, `Nº5`, `#5`), `&`/`and`, a copy of
 * the brand at the start or end of the name, a trailing concentration (`Eau de Parfum`, `EDT`, …) or
 * the spelling of the brand (`Christian Dior` / `Dior`, `Estée Lauder` / `Est e Lauder`).
 *
 * Words that make a different product are never dropped: flankers (`Intense`, `Elixir`, `Extrait`,
 * `Cologne`, `Absolu`, `Sport`, `Night`, `Eau Fraîche`, …), years, editions and numbers stay in the
 * key, so `Aventus` and `Aventus Cologne` or `No 5` and `No 19` never share one.
 *
 * Used by the build (scripts/data/merge.ts merges the groups) and by the data audit (which checks
 * that the shipped catalogue has none left).
 */
import { brandTokens, textTokens, unifyNumbers } from '../../services/domain/src/catalogue/normalize.ts';

/**
 * Concentrations dropped from the end of a name. `Extrait` is not among them: an extrait is often
 * its own perfume (`Baccarat Rouge 540 Extrait de Parfum`), and `Cologne` alone is a flanker name.
 */
const TRAILING_CONCENTRATIONS: readonly (readonly string[])[] = [
  ['parfum', 'de', 'toilette'],
  ['eau', 'de', 'parfum'],
  ['eau', 'de', 'toilette'],
  ['eau', 'de', 'cologne'],
  ['parfum'],
  ['edp'],
  ['edt'],
  ['edc'],
];

/** Brand spellings of one house that share no key (aliases), folded to the first one's key. */
export const BRAND_ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['Yves Saint Laurent', 'YSL'],
  ['Christian Dior', 'Dior'],
];

function endsWith(tokens: readonly string[], suffix: readonly string[]): boolean {
  if (suffix.length === 0 || suffix.length >= tokens.length) return false;
  const offset = tokens.length - suffix.length;
  return suffix.every((t, i) => tokens[offset + i] === t);
}

function startsWith(tokens: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length === 0 || prefix.length >= tokens.length) return false;
  return prefix.every((t, i) => tokens[i] === t);
}

/** Text tokens with numbering unified; `#5` counts as `No 5`; `and` dropped. */
function spellingTokens(text: string): string[] {
  return unifyNumbers(textTokens(text.replace(/#\s*(?=\d)/g, ' No '))).filter((t) => t !== 'and');
}

const aliasKeys = new Map<string, string>();
for (const [main, alias] of BRAND_ALIASES)
  aliasKeys.set(brandTokens(alias).join(''), brandTokens(main).join(''));

/** The brand part of a spelling key. */
export function brandSpellingKey(brand: string): string {
  const key = brandTokens(brand.replace(/#\s*(?=\d)/g, ' No ')).join('');
  return aliasKeys.get(key) ?? key;
}

/**
 * The name part of a spelling key: tokens without a trailing concentration and without a copy of
 * the brand at either end (never the whole name), joined without spaces.
 */
export function nameSpellingKey(name: string, brand: string, separator = ''): string {
  let tokens = spellingTokens(name);
  for (const c of TRAILING_CONCENTRATIONS) {
    if (endsWith(tokens, c)) {
      tokens = tokens.slice(0, tokens.length - c.length);
      break;
    }
  }
  const brandForms = [spellingTokens(brand), brandTokens(brand)].filter((f) => f.length > 0);
  for (const form of brandForms) {
    if (startsWith(tokens, form)) {
      tokens = tokens.slice(form.length);
      break;
    }
  }
  for (const form of brandForms) {
    if (endsWith(tokens, form)) {
      tokens = tokens.slice(0, tokens.length - form.length);
      break;
    }
  }
  return tokens.join(separator);
}

/** `<brand>|<name>` key: equal for spellings of one perfume (see the module comment). */
export function spellingKey(brand: string, name: string): string {
  return `${brandSpellingKey(brand)}|${nameSpellingKey(name, brand)}`;
}

export interface SpellingDuplicateGroup {
  key: string;
  ids: string[];
  names: string[];
}

/**
 * Groups of two or more records that are spellings of one perfume (spellingClusters), sorted by
 * key; ids and names (`<name> (<brand>)`) in input order.
 */
export function spellingDuplicateGroups(
  perfumes: ReadonlyArray<{ id: string; name: string; brand: string }>,
): SpellingDuplicateGroup[] {
  return spellingClusters(perfumes)
    .map((cluster) => ({
      key: spellingKey(perfumes[cluster[0]!]!.brand, perfumes[cluster[0]!]!.name),
      ids: cluster.map((i) => perfumes[i]!.id),
      names: cluster.map((i) => `${perfumes[i]!.name} (${perfumes[i]!.brand})`),
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * perfume_database.csv lost every non-ASCII character (`Estée Lauder` → `Est e Lauder`,
 * `Bois d'Épice` → `Bois d pice`); this is that lossy form of a text.
 */
export function asciiLossy(text: string): string {
  return text.normalize('NFC').replace(/[\u0080-\uffff]/g, ' ');
}

/** True when `a` and `b` differ by one inserted, deleted or replaced letter (not a digit). */
export function oneLetterApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  const differing = [long[i], short.length === long.length ? short[i] : undefined];
  if (differing.some((c) => c !== undefined && /\d/.test(c))) return false;
  return short.length === long.length
    ? short.slice(i + 1) === long.slice(i + 1)
    : short.slice(i) === long.slice(i + 1);
}

/** True when the text has a letter with a diacritic (or ß, æ, œ, ø, ł, đ, þ). */
export function hasDiacritics(text: string): boolean {
  return /\p{M}/u.test(text.normalize('NFD')) || /[ßæœøłđþ]/iu.test(text);
}

function push<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

/**
 * Brands spelt two ways: brand keys one letter apart (`Anfas` / `Anfass`, `Eyüp` / `Eyuep`,
 * `Contém 1g` / `Cont m 1g`) that list the same perfumes — at least two, or one when only one of
 * them is written with accents. Returns brand spelling key → the key of the house's main spelling (the one
 * written with accents, else the one with more records, else the first key).
 */
export function brandSpellingAliases(
  records: ReadonlyArray<{ name: string; brand: string }>,
): Map<string, string> {
  const names = new Map<string, Set<string>>();
  const size = new Map<string, number>();
  const accented = new Set<string>();
  for (const r of records) {
    const key = brandSpellingKey(r.brand);
    let set = names.get(key);
    if (!set) {
      set = new Set();
      names.set(key, set);
    }
    const name = nameSpellingKey(r.name, r.brand);
    if (name.length >= 3) set.add(name);
    size.set(key, (size.get(key) ?? 0) + 1);
    if (hasDiacritics(r.brand)) accented.add(key);
  }
  const keys = [...names.keys()].sort();
  const byVariant = new Map<string, string[]>();
  for (const key of keys) {
    if (key.length < 4) continue;
    const variants = new Set([key]);
    for (let j = 0; j < key.length; j += 1)
      if (!/\d/.test(key[j]!)) variants.add(key.slice(0, j) + key.slice(j + 1));
    for (const v of variants) push(byVariant, v, key);
  }
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.has(r)) r = parent.get(r)!;
    return r;
  };
  const rank = (k: string): [number, number] => [accented.has(k) ? 1 : 0, size.get(k) ?? 0];
  const better = (a: string, b: string): boolean => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] !== rb[0] ? ra[0] > rb[0] : ra[1] !== rb[1] ? ra[1] > rb[1] : a < b;
  };
  const seen = new Set<string>();
  for (const list of byVariant.values()) {
    for (let x = 0; x < list.length; x += 1) {
      for (let y = x + 1; y < list.length; y += 1) {
        const [a, b] = [list[x]!, list[y]!];
        const pair = `${a}|${b}`;
        if (a === b || seen.has(pair) || !oneLetterApart(a, b)) continue;
        seen.add(pair);
        const [na, nb] = [names.get(a)!, names.get(b)!];
        let shared = 0;
        for (const n of na) if (nb.has(n)) shared += 1;
        // One shared perfume is enough when an accent makes the difference (`Mülhens` / `Muelhens`).
        const needed = accented.has(a) !== accented.has(b) ? 1 : 2;
        if (shared < needed) continue;
        const [ra, rb] = [find(a), find(b)];
        if (ra === rb) continue;
        if (better(ra, rb)) parent.set(rb, ra);
        else parent.set(ra, rb);
      }
    }
  }
  const aliases = new Map<string, string>();
  for (const key of parent.keys()) aliases.set(key, find(key));
  return aliases;
}

/**
 * Clusters of records (indexes, two or more each, sorted) that are spellings of one perfume: equal
 * spelling keys once brand spellings are unified (brandSpellingAliases), and names that are another
 * record's name with its non-ASCII characters lost (`Terre de C dre` = `Terre de Cèdre`) when only one
 * record of the brand gives that lossy form.
 */
export function spellingClusters(records: ReadonlyArray<{ name: string; brand: string }>): number[][] {
  const aliases = brandSpellingAliases(records);
  const brandOf = (brand: string) => {
    const key = brandSpellingKey(brand);
    return aliases.get(key) ?? key;
  };
  const keys = records.map((r) => `${brandOf(r.brand)}|${nameSpellingKey(r.name, r.brand)}`);
  const byKey = new Map<string, number[]>();
  keys.forEach((key, i) => {
    push(byKey, key, i);
  });
  // Lossy forms keep word boundaries (`Aim e` is the lossy `Aimée`, `Aimé` is not).
  const spaced = new Map<string, Set<string>>();
  records.forEach((r, i) => {
    const key = `${brandOf(r.brand)}|${nameSpellingKey(r.name, r.brand, ' ')}`;
    let set = spaced.get(key);
    if (!set) {
      set = new Set();
      spaced.set(key, set);
    }
    set.add(keys[i]!);
  });
  // Lossy forms of names with non-ASCII characters → the keys that give them.
  const lossy = new Map<string, Set<string>>();
  records.forEach((r, i) => {
    if (!/[\u0080-\uffff]/.test(r.name)) return;
    const plain = asciiLossy(r.name);
    const name = nameSpellingKey(plain, asciiLossy(r.brand), ' ');
    if (name.replace(/ /g, '').length < 3) return;
    const lossyKey = `${brandOf(r.brand)}|${name}`;
    for (const found of spaced.get(lossyKey) ?? []) {
      if (found === keys[i]) continue;
      let set = lossy.get(found);
      if (!set) {
        set = new Set();
        lossy.set(found, set);
      }
      set.add(keys[i]!);
    }
  });
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.has(r)) r = parent.get(r)!;
    return r;
  };
  for (const key of [...byKey.keys()].sort()) {
    const targets = lossy.get(key);
    if (targets?.size !== 1) continue;
    const [a, b] = [find(key), find([...targets][0]!)];
    if (a !== b) parent.set(a, b);
  }
  const clusters = new Map<string, number[]>();
  for (const [key, indexes] of byKey) for (const i of indexes) push(clusters, find(key), i);
  return [...clusters.values()]
    .filter((c) => c.length > 1)
    .map((c) => c.sort((a, b) => a - b))
    .sort((a, b) => a[0]! - b[0]!);
}
