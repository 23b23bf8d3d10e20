/**
 * Optimal-string-alignment Damerau–Levenshtein distance (insert, delete, substitute, swap two
 * neighbouring characters) between `a` and `b` when it is at most `max`, else `max + 1`; the
 * rows stop early once every cell exceeds `max`. Search calls it per candidate token and the
 * scanner per vocabulary name, so its three rows are kept between calls (grown when a longer
 * string comes).
 */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

export function editDistanceWithin(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0 || lb === 0) return Math.max(la, lb) <= max ? Math.max(la, lb) : max + 1;
  if (lb + 1 > rowA.length) {
    const size = Math.max(lb + 1, rowA.length * 2);
    rowA = new Int32Array(size);
    rowB = new Int32Array(size);
    rowC = new Int32Array(size);
  }
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  const d = prev[lb]!;
  return d <= max ? d : max + 1;
}
