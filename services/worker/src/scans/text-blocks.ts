/**
 * Blocks of print found from the pixels (recursive XY-cut on an ink mask): a column gutter — a
 * band of paper at least `GUTTER` line heights wide running the height of a block — splits it
 * into columns, a paragraph gap (`PARAGRAPH` line heights) into paragraphs, and a heading of a few
 * lines above columns is cut off where the columns start. Reading each block on its own keeps
 * Tesseract from reading two columns' lines as one (small images, where its own layout analysis
 * is unsure).
 */

export interface Box {
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
}

/** Widest paper band between columns, in line heights. */
const GUTTER = 1.5;
/** Tallest gap within a paragraph (line spacing), in line heights. */
const PARAGRAPH = 0.8;
/** Shortest gap between two lines, in line heights. */
const LINE_GAP = 0.15;
/** Lines a heading above columns may have. */
const MAX_HEADING_LINES = 4;
/** Ink pixels a row needs to count as print (a speck does not). */
const ROW_INK = 2;

interface Gaps {
  /** First and last index with ink; -1 when none. */
  first: number;
  last: number;
  /** Empty runs at least `min` long between them: [s, e). */
  runs: { s: number; e: number }[];
}

function gapsOf(profile: Int32Array, lo: number, hi: number, min: number): Gaps {
  let first = -1;
  let last = -1;
  for (let i = lo; i < hi; i += 1) {
    if (profile[i]! > 0) {
      if (first < 0) first = i;
      last = i;
    }
  }
  const runs: { s: number; e: number }[] = [];
  let s = -1;
  for (let i = first; first >= 0 && i <= last; i += 1) {
    if (profile[i] === 0) {
      if (s < 0) s = i;
    } else if (s >= 0) {
      if (i - s >= min) runs.push({ s, e: i });
      s = -1;
    }
  }
  return { first, last, runs };
}

const widest = (runs: { s: number; e: number }[]) => runs.reduce((a, r) => (r.e - r.s > a.e - a.s ? r : a));

/**
 * The blocks of `ink` (1 = ink, row by row, `w` × `h`) in reading order: columns left to right,
 * paragraphs top to bottom. `lineHeight` is the print's line height in pixels.
 */
export function textBlocks(ink: Uint8Array, w: number, h: number, lineHeight: number): Box[] {
  const out: Box[] = [];
  const rows = (b: Box) => {
    const p = new Int32Array(h);
    for (let y = b.y0; y < b.y1; y += 1) {
      let n = 0;
      for (let x = b.x0; x < b.x1; x += 1) n += ink[y * w + x]!;
      p[y] = n >= ROW_INK ? n : 0;
    }
    return p;
  };
  const columns = (b: Box) => {
    const p = new Int32Array(w);
    for (let y = b.y0; y < b.y1; y += 1) for (let x = b.x0; x < b.x1; x += 1) p[x]! += ink[y * w + x]!;
    return p;
  };
  const gutter = Math.max(2, Math.round(lineHeight * GUTTER));
  const cut = (box: Box, depth: number): void => {
    const rg = gapsOf(rows(box), box.y0, box.y1, Math.max(1, Math.round(lineHeight * LINE_GAP)));
    if (rg.first < 0) return;
    let b = { ...box, y0: rg.first, y1: rg.last + 1 };
    const cg = gapsOf(columns(b), b.x0, b.x1, gutter);
    b = { ...b, x0: cg.first, x1: cg.last + 1 };
    if (depth > 12) {
      out.push(b);
      return;
    }
    if (cg.runs.length > 0) {
      const g = widest(cg.runs);
      cut({ ...b, x1: g.s }, depth + 1);
      cut({ ...b, x0: g.e }, depth + 1);
      return;
    }
    const paragraphs = rg.runs.filter((g) => g.e - g.s >= lineHeight * PARAGRAPH);
    if (paragraphs.length > 0) {
      const g = widest(paragraphs);
      cut({ ...b, y1: g.s }, depth + 1);
      cut({ ...b, y0: g.e }, depth + 1);
      return;
    }
    // A heading over columns with only a line's spacing under it.
    for (const g of rg.runs.slice(0, MAX_HEADING_LINES)) {
      const below = { ...b, y0: g.e };
      if (gapsOf(columns(below), b.x0, b.x1, gutter).runs.length > 0) {
        cut({ ...b, y1: g.s }, depth + 1);
        cut(below, depth + 1);
        return;
      }
    }
    out.push(b);
  };
  cut({ x0: 0, y0: 0, x1: w, y1: h }, 0);
  return out;
}
