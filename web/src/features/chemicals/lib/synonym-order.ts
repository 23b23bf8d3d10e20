import { isSystematicName } from '../../../../../services/domain/src/chemicals/systematic-name.ts';

/**
 * The order "Also known as" lists a chemical's other names in: the names people and labels use
 * (`Galaxolide`, `Hexamethylindanopyran`, `Bornan-2-one`) before systematic and CAS index names
 * (`1,3,4,6,7,8-Hexahydro-4,6,6,7,8,8-…`, `Bicyclo[2.2.1]heptan-2-one, 1,7,7-trimethyl-`), which are
 * exact but long, so that the first line a reader sees before "read more" names something they
 * may know. Within each kind the given order is kept.
 */
export function readableNamesFirst(names: readonly string[]): string[] {
  const readable: string[] = [];
  const systematic: string[] = [];
  for (const name of names) (isSystematic(name) ? systematic : readable).push(name);
  return [...readable, ...systematic];
}

/**
 * A systematic name (a run of locants or a ring descriptor), or one CAS writes: dotted Greek
 * letters (`.alpha.`) or an index name's trailing substituents (`…, 1,7,7-trimethyl-`).
 */
function isSystematic(name: string): boolean {
  return isSystematicName(name) || /\.(?:alpha|beta|gamma|delta)\./i.test(name) || /, [^,]*-$/.test(name);
}
