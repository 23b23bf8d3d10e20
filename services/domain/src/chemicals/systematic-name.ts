/**
 * A systematic name built from locants: a run of them (`1,3,4,6,7,8-Hexahydro-…`, `3a,4,5,6,7,7a-`,
 * `2,2',4,4'-`) or a ring descriptor (`bicyclo[2.2.1]`). Exact, and what a chemist writes, but not
 * what a label prints or a reader recognises. A single locant (`2-Methylundecanal`) is not enough.
 * The data build shows another name instead of one; the screens list such names last.
 */
export function isSystematicName(name: string): boolean {
  return /\d+[a-z]?'?(?:,\d+[a-z]?'?)+-/i.test(name) || /\[\d+(?:\.\d+)+\]/.test(name);
}
