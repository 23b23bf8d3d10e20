import type sharp from 'sharp';

/**
 * Skew estimate by projection profiles: text lines are straight rows of ink, so the rotation that
 * makes the row histogram of dark pixels most peaked is the page's skew. Runs on a small copy
 * (≤ 700 px wide): a few milliseconds, against a second OCR pass for "try angles, keep the best".
 */

const WORK_WIDTH = 700;
const MAX_POINTS = 40_000;

function profileScore(xs: Float32Array, ys: Float32Array, n: number, angle: number, height: number): number {
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const bins = new Uint32Array(Math.ceil(height * 2) + 2);
  const offset = height / 2;
  for (let i = 0; i < n; i += 1) {
    const row = Math.round(ys[i]! * cos - xs[i]! * sin + offset);
    if (row >= 0 && row < bins.length) bins[row]! += 1;
  }
  let score = 0;
  for (let i = 0; i < bins.length; i += 1) score += bins[i]! * bins[i]!;
  return score;
}

/** Degrees to rotate the image by (sharp's `rotate`) so its text lines run level; 0 when level. */
export async function estimateSkewDegrees(image: sharp.Sharp, width: number, dark: boolean): Promise<number> {
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
  const step = Math.max(1, Math.ceil(data.length / (MAX_POINTS * 4)));
  const xs = new Float32Array(MAX_POINTS);
  const ys = new Float32Array(MAX_POINTS);
  let n = 0;
  for (let i = 0; i < data.length && n < MAX_POINTS; i += step) {
    if (!isInk(data[i]!)) continue;
    xs[n] = (i % w) - w / 2;
    ys[n] = Math.floor(i / w) - h / 2;
    n += 1;
  }
  if (n < 200) return 0;
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
  return Math.abs(best) < 0.4 ? 0 : -Math.round(best * 10) / 10;
}
