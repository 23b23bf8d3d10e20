/**
 * How the pickers' lists (notes, brands, chemicals) answer a typed text: every item of the whole set
 * is considered, and the ones a person most likely means come first.
 *
 * Tiers, best first: the name is the text (case, accents and punctuation aside); another name of
 * the item is the text (a chemical's INCI name or a synonym such as the trade name `Lilial`); the
 * name starts with it; a word of the name starts with it; the name contains it; another field
 * matched otherwise (a chemical's CAS number, or part of another name). Inside a tier, the more
 * popular item first (perfumes using it), then the shorter name, then by name. Without text, the
 * whole set by popularity.
 */
import { normalizeText } from '@scentinel/platform/search';

export const MatchTier = {
  exact: 0,
  alias: 1,
  prefix: 2,
  wordPrefix: 3,
  contains: 4,
  other: 5,
} as const;
export type MatchTier = (typeof MatchTier)[keyof typeof MatchTier];

/** The tier of `name` for the normalised text `needle` (`normalizeText`), or null when it does not match. */
export function nameTier(name: string, needle: string): MatchTier | null {
  const n = normalizeText(name);
  if (n === needle) return MatchTier.exact;
  if (n.startsWith(needle)) return MatchTier.prefix;
  if (!n.includes(needle)) return null;
  if (n.includes(` ${needle}`)) return MatchTier.wordPrefix;
  return MatchTier.contains;
}

/** The name of `names` that best matches the normalised `needle`, with its tier; null when none does. */
export function bestNameMatch(
  names: readonly string[],
  needle: string,
): { name: string; tier: MatchTier } | null {
  let best: { name: string; tier: MatchTier } | null = null;
  for (const name of names) {
    const tier = nameTier(name, needle);
    if (tier !== null && (best === null || tier < best.tier)) best = { name, tier };
  }
  return best;
}

export interface Ranked<T> {
  item: T;
  tier: MatchTier;
  popularity: number;
  name: string;
}

export function compareRanked<T>(a: Ranked<T>, b: Ranked<T>): number {
  return (
    a.tier - b.tier ||
    b.popularity - a.popularity ||
    a.name.length - b.name.length ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

export interface RankOptions<T> {
  name: (item: T) => string;
  popularity: (item: T) => number;
  /**
   * How an item matches otherwise (a chemical's CAS number or INCI name): a tier, or null. The
   * better of this and the name's tier counts. `own` is the name's tier (never exact here).
   */
  otherTier?: (item: T, raw: string, own: MatchTier | null) => MatchTier | null;
}

/** `items` ranked for the typed `text` (see the file comment); only matching items are kept. */
export function rankForText<T>(items: readonly T[], text: string | undefined, options: RankOptions<T>): T[] {
  const raw = text?.trim() ?? '';
  const needle = normalizeText(raw);
  const ranked: Ranked<T>[] = [];
  for (const item of items) {
    const name = options.name(item);
    let tier: MatchTier | null = raw === '' ? MatchTier.exact : needle === '' ? null : nameTier(name, needle);
    const other =
      raw === '' || tier === MatchTier.exact ? null : (options.otherTier?.(item, raw, tier) ?? null);
    if (other !== null && (tier === null || other < tier)) tier = other;
    if (tier === null) continue;
    ranked.push({ item, tier, popularity: options.popularity(item), name });
  }
  return ranked.sort(compareRanked).map((r) => r.item);
}

/** One page of a ranked list, with how many matched in all. */
export function pageOf<T>(items: readonly T[], skip: number, limit: number) {
  const slice = items.slice(skip, skip + limit);
  return { slice, total: items.length, has_more: skip + slice.length < items.length };
}
