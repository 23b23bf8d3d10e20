import { isSystematicName } from '../../../../../services/domain/src/chemicals/systematic-name.ts';

/**
 * The order "Also known as" lists a chemical's other names in, so that the first line a reader sees
 * before "read more" names something they may know:
 * 1. plain names, without locants or position prefixes: trade, trivial and INCI names (`Lilial`,
 *    `Galaxolide`, `Butylphenyl Methylpropional`);
 * 2. names with a locant or a position prefix (`2-Methylundecanal`, `p-t-Bucinal`,
 *    `alpha-Hexyl cinnamic aldehyde`);
 * 3. systematic and CAS index names (`1,3,4,6,7,8-Hexahydro-4,6,6,7,8,8-…`, `Bicyclo[2.2.1]heptan-2-one,
 *    1,7,7-trimethyl-`), exact but long.
 * Within each kind the given order is kept.
 */
export function readableNamesFirst(names: readonly string[]): string[] {
  const tiers: [string[], string[], string[]] = [[], [], []];
  for (const name of names) tiers[isSystematic(name) ? 2 : hasPositions(name) ? 1 : 0].push(name);
  return tiers.flat();
}

/** A locant (`2-`, `4-(`) or a position prefix (`p-`, `tert-`, `alpha-`, `β-`) in a name. */
function hasPositions(name: string): boolean {
  return /\d/.test(name) || /(?:^|[-(\s])(?:[opm]|sec|tert|alpha|beta|gamma|delta|[αβγδß])-/i.test(name);
}

/**
 * A systematic name (a run of locants or a ring descriptor), or one CAS writes: dotted Greek
 * letters (`.alpha.`) or an index name's trailing substituents (`…, 1,7,7-trimethyl-`).
 */
function isSystematic(name: string): boolean {
  return isSystematicName(name) || /\.(?:alpha|beta|gamma|delta)\./i.test(name) || /, [^,]*-$/.test(name);
}
