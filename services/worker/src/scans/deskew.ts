import type { Sharp } from 'sharp';

/**
 * Skew estimate by projection profiles: text lines are straight rows of ink, so the rotation that
 * makes the row histogram of dark pixels most peaked is the page's skew. Runs on a small copy
 * (≤ 700 px wide): a few milliseconds, against a second OCR pass for "try angles, keep the best".
 */

const WORK_WIDTH = 700;
const MAX_POINTS = 40_000;

function rowProfile(
  xs: Float32Array,
  ys: Float32Array,
  n: number,
  angle: number,
  height: number,
): Uint32Array {
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const bins = new Uint32Array(Math.ceil(height * 2) + 2);
  const offset = height;
  for (let i = 0; i < n; i += 1) {
    const row = Math.round(ys[i]! * cos - xs[i]! * sin + offset);
    if (row >= 0 && row < bins.length) bins[row]! += 1;
  }
  return bins;
}

function profileScore(xs: Float32Array, ys: Float32Array, n: number, angle: number, height: number): number {
  const bins = rowProfile(xs, ys, n, angle, height);
  let score = 0;
  for (let i = 0; i < bins.length; i += 1) score += bins[i]! * bins[i]!;
  return score;
}

/** Median height of the runs of inked rows (text lines) in a level profile, in profile rows. */
function medianLineHeight(bins: Uint32Array): number | null {
  let max = 0;
  for (const b of bins) max = Math.max(max, b);
  const threshold = max * 0.08;
  const runs: number[] = [];
  let run = 0;
  for (const b of bins) {
    if (b > threshold) run += 1;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  const lines = runs.filter((r) => r >= 2).sort((a, b) => a - b);
  if (lines.length < 2) return null;
  const median = lines[Math.floor(lines.length / 2)]!;
  // A run taller than a sixth of the page is glare or a picture, not a text line.
  return median * 6 > bins.length / 2 ? null : median;
}

export interface PageGeometry {
  /** Degrees to rotate by (sharp's `rotate`) so text lines run level; 0 when level. */
  skewDegrees: number;
  /** Typical text line height in pixels of the full image, when lines could be told apart. */
  lineHeight: number | null;
}

/** Skew and text line height of a page, from its ink's row profiles. */
export async function measurePage(image: Sharp, width: number, dark: boolean): Promise<PageGeometry> {
  const { data, info } = await image
    .clone()
    .resize({ width: Math.min(width, WORK_WIDTH) })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  let sum = 0;
  for (let i = 0; i < data.length; i += 1) sum += data[i]!;
  const mean = sum / data.length;
  // Ink: clearly darker than the page (or lighter, on a dark carton).
  const isInk = dark ? (v: number) => v > mean + 60 : (v: number) => v < mean - 60;
  let inked = 0;
  for (let i = 0; i < data.length; i += 1) if (isInk(data[i]!)) inked += 1;
  const step = Math.max(1, Math.ceil(inked / MAX_POINTS));
  const xs = new Float32Array(MAX_POINTS);
  const ys = new Float32Array(MAX_POINTS);
  let n = 0;
  let seen = 0;
  for (let i = 0; i < data.length && n < MAX_POINTS; i += 1) {
    if (!isInk(data[i]!)) continue;
    seen += 1;
    if (seen % step !== 0) continue;
    xs[n] = (i % w) - w / 2;
    ys[n] = Math.floor(i / w) - h / 2;
    n += 1;
  }
  if (n < 200) return { skewDegrees: 0, lineHeight: null };
  const rad = Math.PI / 180;
  let best = 0;
  let bestScore = profileScore(xs, ys, n, 0, h);
  for (let deg = -12; deg <= 12; deg += 1) {
    const s = profileScore(xs, ys, n, deg * rad, h);
    if (s > bestScore) {
      bestScore = s;
      best = deg;
    }
  }
  const coarse = best;
  for (let deg = coarse - 1; deg <= coarse + 1; deg += 0.2) {
    const s = profileScore(xs, ys, n, deg * rad, h);
    if (s > bestScore) {
      bestScore = s;
      best = deg;
    }
  }
  const line = medianLineHeight(rowProfile(xs, ys, n, best * rad, h));
  return {
    skewDegrees: Math.abs(best) < 0.4 ? 0 : -Math.round(best * 10) / 10,
    lineHeight: line === null ? null : (line * width) / w,
  };
}
