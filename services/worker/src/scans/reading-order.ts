/**
 * Reading order for OCR words by recursive XY-cut: split the page at the widest empty horizontal
 * band (paragraphs) or vertical band (columns), recursively, then read each piece's lines top to
 * bottom. Two-column labels then give the left column's text before the right one's, even where
 * Tesseract joined a left and a right line into one.
 */

export interface OcrWord {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Tesseract's line number (words on one printed line share it). */
  line: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Widest gap between the merged [start, end] intervals; null when they all overlap. */
function widestGap(intervals: [number, number][]): { at: number; size: number } | null {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let end = sorted[0]?.[1] ?? 0;
  let best: { at: number; size: number } | null = null;
  for (const [s, e] of sorted.slice(1)) {
    if (s > end) {
      const size = s - end;
      if (best === null || size > best.size) best = { at: (s + end) / 2, size };
    }
    end = Math.max(end, e);
  }
  return best;
}

/** Words that really are text: specks, rules and glare read as `~~` or `oo` must not fill a gutter. */
function isSolid(w: OcrWord): boolean {
  return w.confidence >= 50 && (w.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2;
}

/**
 * Whether read words of any confidence run across a vertical gap on two or more rows: the gap
 * between confident words is then where a line's unsure words sit (a column read in part), not a
 * gutter. Specks and glare (under three letters or digits) do not count.
 */
function bridged(words: readonly OcrWord[], at: number, height: number): boolean {
  const rows = new Set<number>();
  for (const w of words) {
    if (w.x0 < at && w.x1 > at && (w.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3)
      rows.add(Math.round((w.y0 + w.y1) / 2 / height));
  }
  return rows.size >= 2;
}

function cut(words: OcrWord[], height: number, out: OcrWord[][]): void {
  const solid = words.filter(isSolid);
  if (solid.length <= 1) {
    if (words.length) out.push(words);
    return;
  }
  const vertical = widestGap(solid.map((w) => [w.x0, w.x1]));
  const horizontal = widestGap(solid.map((w) => [w.y0, w.y1]));
  // A column gutter is wider than any word space; a paragraph break taller than line spacing.
  const colGap =
    vertical && vertical.size >= height * 1.6 && !bridged(words, vertical.at, height) ? vertical : null;
  const rowGap = horizontal && horizontal.size >= height * 0.9 ? horizontal : null;
  if (rowGap && (!colGap || rowGap.size / height >= colGap.size / (height * 1.6))) {
    cut(
      words.filter((w) => (w.y0 + w.y1) / 2 < rowGap.at),
      height,
      out,
    );
    cut(
      words.filter((w) => (w.y0 + w.y1) / 2 >= rowGap.at),
      height,
      out,
    );
    return;
  }
  if (colGap) {
    cut(
      words.filter((w) => (w.x0 + w.x1) / 2 < colGap.at),
      height,
      out,
    );
    cut(
      words.filter((w) => (w.x0 + w.x1) / 2 >= colGap.at),
      height,
      out,
    );
    return;
  }
  // Columns under a heading (a few lines) that spans them, with no clear break between: cut at the
  // narrower row gap under the heading that lets the part below fall into columns.
  for (const gap of rowGaps(solid, height * 0.3)) {
    const above = words.filter((w) => (w.y0 + w.y1) / 2 < gap);
    const below = words.filter((w) => (w.y0 + w.y1) / 2 >= gap);
    if (above.length === 0 || below.length === 0) continue;
    if (rowsOf(above.filter(isSolid), height) > MAX_HEADING_ROWS) break;
    if (hasColumns(below, height)) {
      cut(above, height, out);
      cut(below, height, out);
      return;
    }
  }
  out.push(words);
}

/** Middles of every horizontal gap at least `min` tall between the words' rows, top to bottom. */
function rowGaps(words: readonly OcrWord[], min: number): number[] {
  const sorted = words.map((w) => [w.y0, w.y1] as const).sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  let end = sorted[0]?.[1] ?? 0;
  for (const [s, e] of sorted.slice(1)) {
    if (s - end >= min) out.push((s + end) / 2);
    end = Math.max(end, e);
  }
  return out;
}

/** Lines a heading above columns may have (brand, name, size). */
const MAX_HEADING_ROWS = 4;

/** Rows by position (a skewed line is one row, whatever Tesseract numbered it). */
function rowsOf(words: readonly OcrWord[], height: number): number {
  return new Set(words.map((w) => Math.round((w.y0 + w.y1) / 2 / height))).size;
}

/** Two real columns: a wide gutter with several lines of text on each side of it. */
function hasColumns(words: readonly OcrWord[], height: number): boolean {
  const solid = words.filter(isSolid);
  if (solid.length < 6) return false;
  const gap = widestGap(solid.map((w) => [w.x0, w.x1]));
  if (gap === null || gap.size < height * 1.6 || bridged(words, gap.at, height)) return false;
  const sides = [solid.filter((w) => w.x1 <= gap.at), solid.filter((w) => w.x0 >= gap.at)];
  return sides.every((side) => side.length >= 4 && rowsOf(side, height) >= 3);
}

/** One block's words as lines: Tesseract's line grouping, ordered by position. */
function blockText(words: OcrWord[]): string {
  const lines = new Map<number, OcrWord[]>();
  for (const w of words) {
    const list = lines.get(w.line);
    if (list) list.push(w);
    else lines.set(w.line, [w]);
  }
  return [...lines.values()]
    .map((ws) => ws.sort((a, b) => a.x0 - b.x0))
    .sort((a, b) => a[0]!.y0 - b[0]!.y0)
    .map((ws) => ws.map((w) => w.text).join(' '))
    .join('\n');
}

/** The page's text in reading order, blocks separated by blank lines. */
export function readingOrderText(words: readonly OcrWord[]): string {
  // Tesseract's guesses at specks and glare: nothing readable, and they would split items.
  const real = words.filter(
    (w) => /[\p{L}\p{N}]/u.test(w.text) && (w.confidence >= 20 || /[\p{L}\p{N}]{3}/u.test(w.text)),
  );
  if (real.length === 0) return '';
  const height = median(real.filter(isSolid).map((w) => w.y1 - w.y0)) || 10;
  const blocks: OcrWord[][] = [];
  cut([...real], height, blocks);
  return blocks.map(blockText).join('\n\n');
}
