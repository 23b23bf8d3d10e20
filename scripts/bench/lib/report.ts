/** Small helpers every bench uses to summarise samples and print an aligned result table. */

export type Cell = string | number;
export type TableRow = Record<string, Cell>;

/** The value at quantile `p` (0..1) of `values`, nearest-rank; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p < 0 || p > 1) throw new RangeError(`percentile: p must be within 0..1, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] as number;
}

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/**
 * `project / peer` as `1.23x`, with `digits` significant digits so a small ratio still shows
 * (`0.00266x`); `n/a` when the peer is zero or either side is not a number.
 */
export function formatRatio(project: number, peer: number, digits = 3): string {
  if (!Number.isFinite(project) || !Number.isFinite(peer) || peer === 0) return 'n/a';
  const ratio = project / peer;
  return `${ratio >= 1 || ratio === 0 ? ratio.toFixed(2) : ratio.toPrecision(digits)}x`;
}

/** `yes` / `NO` for a pass, so a failing row stands out in a column of results. */
export function verdict(pass: boolean): string {
  return pass ? 'yes' : 'NO';
}

/** Numbers, and figures with a unit such as `102.8 kB` or `0.86x`, are right-aligned. */
function isNumeric(value: Cell | undefined): boolean {
  return (
    typeof value === 'number' || (typeof value === 'string' && /^-?\d[\d.,]*(\s?[a-zA-Z%/]+)?$/.test(value))
  );
}

/**
 * An aligned plain-text table: the columns are the keys of the rows (in first-seen order); a column
 * whose cells are all figures is right-aligned, any other left-aligned.
 */
export function formatTable(rows: readonly TableRow[]): string {
  if (rows.length === 0) return '(no rows)';
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  const text = (value: Cell | undefined) => (value === undefined ? '' : String(value));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c]).length)));
  const numeric = columns.map((c) => rows.every((r) => r[c] === undefined || r[c] === '' || isNumeric(r[c])));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(columns), rule, ...rows.map((row) => line(columns.map((c) => text(row[c]))))].join('\n');
}

export function printTable(title: string, rows: readonly TableRow[]): void {
  process.stdout.write(`\n${title}\n${formatTable(rows)}\n`);
}
