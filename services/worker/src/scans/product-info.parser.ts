import { catalogue } from '@scentinel/domain';

/**
 * Product identification from the label lines outside the ingredient list: brand (from the
 * catalogue's brand names when given, else the label's top line), product name, product type and
 * size in ml (`50 ml`, `1.7 fl oz`, `5 cl`). Pure.
 */

export interface ProductIdentification {
  brand: string | null;
  product_name: string | null;
  product_type: string | null;
  size_ml: number | null;
}

const ML_PER_FL_OZ = 29.5735;

/** Product type phrases (folded), longest first, with the label we report. */
const PRODUCT_TYPES: ReadonlyArray<[RegExp, string]> = (
  [
    ['extrait de parfum', 'Extrait de Parfum'],
    ['eau de parfum', 'Eau de Parfum'],
    ['eau de toilette', 'Eau de Toilette'],
    ['eau de cologne', 'Eau de Cologne'],
    ['eau fraiche', 'Eau Fraîche'],
    ['parfum de toilette', 'Parfum de Toilette'],
    ['perfume oil', 'Perfume Oil'],
    ['huile parfumee', 'Perfume Oil'],
    ['hair mist', 'Hair Mist'],
    ['parfum cheveux', 'Hair Mist'],
    ['body mist', 'Body Mist'],
    ['body spray', 'Body Spray'],
    ['body lotion', 'Body Lotion'],
    ['lait (?:pour le )?corps', 'Body Lotion'],
    ['korperlotion', 'Body Lotion'],
    ['kroppslotion', 'Body Lotion'],
    ['body milk', 'Body Lotion'],
    ['body cream', 'Body Cream'],
    ['hand cream', 'Hand Cream'],
    ['creme mains', 'Hand Cream'],
    ['shower gel', 'Shower Gel'],
    ['gel douche', 'Shower Gel'],
    ['duschgel', 'Shower Gel'],
    ['gel de ducha', 'Shower Gel'],
    ['body wash', 'Body Wash'],
    ['after ?shave balm', 'Aftershave Balm'],
    ['baume apres[ -]rasage', 'Aftershave Balm'],
    ['after ?shave', 'Aftershave'],
    ['apres[ -]rasage', 'Aftershave'],
    ['anti-?perspirant', 'Antiperspirant'],
    ['deodorant stick', 'Deodorant Stick'],
    ['deodorant', 'Deodorant'],
    ['deo spray', 'Deodorant'],
    ['toothpaste', 'Toothpaste'],
    ['dentifrice', 'Toothpaste'],
    ['zahnpasta', 'Toothpaste'],
    ['tandkram', 'Toothpaste'],
    ['shampoo', 'Shampoo'],
    ['shampooing', 'Shampoo'],
    ['conditioner', 'Conditioner'],
    ['bath oil', 'Bath Oil'],
    ['soap', 'Soap'],
    ['savon', 'Soap'],
    ['cologne', 'Cologne'],
    ['parfum', 'Parfum'],
    ['perfume', 'Perfume'],
    ['edp', 'Eau de Parfum'],
    ['edt', 'Eau de Toilette'],
    ['edc', 'Eau de Cologne'],
  ] as const
).map(([pattern, label]) => [new RegExp(`(?:^|[^a-z])(${pattern})(?=$|[^a-z])`), label]);

/** Size in ml from label text, preferring a printed ml figure over a converted fl oz one. */
export function parseSizeMl(text: string): number | null {
  const folded = catalogue.foldText(text).replace(/(\d)\s*[,]\s*(\d)/g, '$1.$2');
  const ml = /(?:^|[^\d.])(\d{1,4}(?:\.\d{1,2})?)\s*(?:ml|m1|mi|mls)(?![a-z])/.exec(folded);
  if (ml) return Number(ml[1]);
  const cl = /(?:^|[^\d.])(\d{1,3}(?:\.\d)?)\s*cl(?![a-z])/.exec(folded);
  if (cl) return Number(cl[1]) * 10;
  const oz =
    /(?:^|[^\d.])(\d{1,2}(?:\.\d{1,2})?)\s*(?:us\s*)?(?:fl\.?\s*oz|fl\.?\s*0z|fluid ounces?|oz)(?![a-z])/.exec(
      folded,
    );
  if (oz) return flOzToMl(Number(oz[1]));
  return null;
}

/** US fl oz → ml; labels round the ounces, so a result within 2 % of a multiple of 5 ml snaps to it. */
export function flOzToMl(ounces: number): number {
  const ml = ounces * ML_PER_FL_OZ;
  const snapped = Math.round(ml / 5) * 5;
  if (snapped > 0 && Math.abs(ml - snapped) / snapped <= 0.02) return snapped;
  return Math.round(ml * 10) / 10;
}

export function parseProductType(text: string): { label: string; match: string } | null {
  const folded = catalogue.foldText(text);
  for (const [re, label] of PRODUCT_TYPES) {
    const m = re.exec(folded);
    if (m) return { label, match: m[1]! };
  }
  return null;
}

/** A brand lookup over the catalogue's brand names (keys are folded word runs). */
export class BrandIndex {
  private readonly byKey = new Map<string, string>();
  private readonly maxWords: number;

  constructor(brands: readonly string[]) {
    let maxWords = 1;
    for (const brand of brands) {
      const tokens = catalogue.textTokens(brand);
      const key = tokens.join(' ');
      // Very short keys (`b`, `ck`) match too much of any label.
      if (key.replace(/ /g, '').length < 3) continue;
      if (!this.byKey.has(key)) this.byKey.set(key, brand);
      maxWords = Math.max(maxWords, tokens.length);
    }
    this.maxWords = Math.min(maxWords, 5);
  }

  /** The longest brand named in this line, as whole words. */
  find(line: string): string | null {
    const tokens = catalogue.textTokens(line);
    let best: string | null = null;
    let bestLength = 0;
    for (let i = 0; i < tokens.length; i += 1) {
      for (let n = Math.min(this.maxWords, tokens.length - i); n >= 1; n -= 1) {
        const key = tokens.slice(i, i + n).join(' ');
        const brand = this.byKey.get(key);
        if (brand && key.length > bestLength) {
          best = brand;
          bestLength = key.length;
        }
      }
    }
    return best;
  }
}

const NOT_A_NAME =
  /(ingredient|made in|www\.|https?:|lot\b|batch|warning|caution|do not|keep|avoid|flammable|distributed|\d{5,}|@)/i;

function isNameLike(line: string): boolean {
  const letters = (line.match(/\p{L}/gu) ?? []).length;
  // `N°5` is a name: letters and digits make up most of it.
  const alnum = (line.match(/[\p{L}\p{N}]/gu) ?? []).length;
  return (
    letters >= 1 &&
    alnum >= 2 &&
    alnum >= line.replace(/\s/g, '').length * 0.6 &&
    !NOT_A_NAME.test(line) &&
    line.length <= 60
  );
}

function tidy(text: string): string | null {
  const t = text
    .replace(/[|_~•·]+/g, ' ')
    .replace(/^[\s\-–—,.:;]+|[\s\-–—,.:;]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length >= 2 ? t : null;
}

/**
 * Brand, name, type and size from the lines above/around the list (top of the label first).
 * Only what the text shows: anything not found is null.
 */
export function parseProductIdentification(
  lines: readonly string[],
  brands?: BrandIndex,
  /** Where to look for the brand first (the lines above the ingredient list). */
  top: readonly string[] = lines,
): ProductIdentification {
  const clean = lines.map((l) => l.trim()).filter((l) => l !== '');
  const topCount = Math.max(1, top.filter((l) => l.trim() !== '').length);
  const all = clean.join('\n');
  const size_ml = parseSizeMl(all);

  let typeLine = -1;
  let type: { label: string; match: string } | null = null;
  for (let i = 0; i < clean.length && type === null; i += 1) {
    if (NOT_A_NAME.test(clean[i]!)) continue;
    type = parseProductType(clean[i]!);
    if (type) typeLine = i;
  }

  let brandLine = -1;
  let brand: string | null = null;
  if (brands) {
    for (let i = 0; i < Math.min(clean.length, topCount) && brand === null; i += 1) {
      if (!isNameLike(clean[i]!)) continue;
      brand = brands.find(clean[i]!);
      if (brand) brandLine = i;
    }
  }
  if (brand === null) {
    // The top line of the label, when it reads like a brand (short, not a size or a type).
    const first = clean.findIndex((l) => isNameLike(l));
    const candidate = first >= 0 ? clean[first]! : null;
    if (
      candidate &&
      first !== typeLine &&
      candidate.split(/\s+/).length <= 4 &&
      parseSizeMl(candidate) === null &&
      parseProductType(candidate) === null
    ) {
      brand = tidy(candidate);
      brandLine = first;
    }
  }

  let product_name: string | null = null;
  if (typeLine >= 0) {
    const line = clean[typeLine]!;
    const folded = catalogue.foldText(line);
    const at = folded.indexOf(type!.match);
    const before = tidy(stripBrand(line.slice(0, at), brand));
    if (before && isNameLike(before)) product_name = before;
    else {
      for (let i = typeLine - 1; i > brandLine && i >= 0; i -= 1) {
        const candidate = tidy(stripBrand(clean[i]!, brand));
        if (candidate && isNameLike(candidate) && parseSizeMl(candidate) === null) {
          product_name = candidate;
          break;
        }
      }
    }
  } else if (brandLine >= 0) {
    const next = clean[brandLine + 1];
    const candidate = next ? tidy(next) : null;
    if (candidate && isNameLike(candidate) && parseSizeMl(candidate) === null) product_name = candidate;
  }

  return { brand, product_name, product_type: type?.label ?? null, size_ml };
}

function stripBrand(text: string, brand: string | null): string {
  if (!brand) return text;
  const key = catalogue.textTokens(brand).join(' ');
  const words = text.trim().split(/\s+/);
  for (let n = 1; n <= words.length; n += 1) {
    const prefix = catalogue.textTokens(words.slice(0, n).join(' ')).join(' ');
    if (prefix === key) return words.slice(n).join(' ');
    if (!key.startsWith(prefix)) break;
  }
  return text;
}
