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
 * A run of locants (`1,3,4-`, `3a,4,5-`, `2',6'-`), a ring descriptor (`[2.2.1]`), CAS's dotted
 * Greek letters (`.alpha.`) or a CAS index name's trailing substituents (`…, 1,7,7-trimethyl-`).
 */
function isSystematic(name: string): boolean {
  return (
    /\d+[a-z]?'?(?:,\d+[a-z]?'?)+-/i.test(name) ||
    /\[\d+(?:\.\d+)+\]/.test(name) ||
    /\.(?:alpha|beta|gamma|delta)\./i.test(name) ||
    /, [^,]*-$/.test(name)
  );
}
