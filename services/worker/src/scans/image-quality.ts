import type { ScanMessage } from '@scentinel/domain';
import type { Sharp } from 'sharp';

/** What the picture itself is like, measured before OCR (no text involved). */
export interface ImageStats {
  width: number;
  height: number;
  /** Variance of the Laplacian on a greyscale copy at most 1000 px wide: low = blurred. */
  sharpness: number;
  /** Mean grey level, 0–255. */
  brightness: number;
  /** Standard deviation of grey levels: low = washed out. */
  contrast: number;
  /** Share of pixels that are blown out (≥ 250): glare. */
  glare: number;
  /** Estimated sensor/JPEG noise (σ of grey levels, Immerkær's method): high = grainy. */
  noise: number;
  /** Median grey level: the page's own level where the page fills most of the image. */
  paper?: number;
  /** Grey levels between the 1st and the 99th percentile: how far the darkest print is from the page. */
  spread?: number;
}

export type ImageQuality = 'good' | 'fair' | 'poor';

const STATS_WIDTH = 1000;

/** Measures an (already oriented) image. Throws when sharp cannot decode it. */
export async function measureImage(image: Sharp, width: number, height: number): Promise<ImageStats> {
  const { data, info } = await image
    .clone()
    .greyscale()
    .resize({ width: Math.min(width, STATS_WIDTH), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  let sum = 0;
  let sumSq = 0;
  let blown = 0;
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i += 1) {
    const v = data[i]!;
    sum += v;
    sumSq += v * v;
    histogram[v] = histogram[v]! + 1;
    if (v >= 250) blown += 1;
  }
  const n = data.length || 1;
  const percentile = (p: number) => {
    const target = p * n;
    let seen = 0;
    for (let v = 0; v < 256; v += 1) {
      seen += histogram[v]!;
      if (seen > target) return v;
    }
    return 255;
  };
  const brightness = sum / n;
  const contrast = Math.sqrt(Math.max(0, sumSq / n - brightness * brightness));

  let lapSum = 0;
  let lapSq = 0;
  let noiseSum = 0;
  let count = 0;
  for (let y = 1; y < h - 1; y += 1) {
    const row = y * w;
    for (let x = 1; x < w - 1; x += 1) {
      const i = row + x;
      const up = data[i - w]!;
      const down = data[i + w]!;
      const left = data[i - 1]!;
      const right = data[i + 1]!;
      const centre = data[i]!;
      const lap = up + down + left + right - 4 * centre;
      lapSum += lap;
      lapSq += lap * lap;
      // Immerkær's mask [1 -2 1; -2 4 -2; 1 -2 1] cancels edges and keeps pixel noise.
      const corners = data[i - w - 1]! + data[i - w + 1]! + data[i + w - 1]! + data[i + w + 1]!;
      noiseSum += Math.abs(corners - 2 * (up + down + left + right) + 4 * centre);
      count += 1;
    }
  }
  const lapMean = count ? lapSum / count : 0;
  const sharpness = count ? lapSq / count - lapMean * lapMean : 0;
  const noise = count ? (Math.sqrt(Math.PI / 2) * noiseSum) / (6 * count) : 0;
  return {
    width,
    height,
    sharpness,
    brightness,
    contrast,
    glare: blown / n,
    noise,
    paper: percentile(0.5),
    spread: percentile(0.99) - percentile(0.01),
  };
}

/**
 * Blown-out pixels over this share of the image, where they are no white page: a page that is
 * itself pure white (a scan, a screenshot, a rendered label) is no glare.
 */
function glareOver(stats: ImageStats, share: number): boolean {
  return stats.glare > share && !(stats.paper !== undefined && stats.paper >= 250);
}

/**
 * Grey levels spread less than this (σ), unless the print is far from the page: black text on a
 * white page has a small σ when the page fills most of the image, and plenty of contrast.
 */
function contrastUnder(stats: ImageStats, sigma: number): boolean {
  return stats.contrast < sigma && !(stats.spread !== undefined && stats.spread >= 4 * sigma);
}

/** Good, fair or poor from blur, resolution, contrast and glare. */
export function rateImage(stats: ImageStats): ImageQuality {
  const shortSide = Math.min(stats.width, stats.height);
  if (stats.sharpness < 40 || shortSide < 200 || contrastUnder(stats, 15) || glareOver(stats, 0.35))
    return 'poor';
  if (stats.sharpness < 150 || shortSide < 500 || contrastUnder(stats, 35) || glareOver(stats, 0.12))
    return 'fair';
  return 'good';
}

/** The user-facing reasons an image rated below good. */
export function imageWarnings(stats: ImageStats): ScanMessage[] {
  const out: ScanMessage[] = [];
  const shortSide = Math.min(stats.width, stats.height);
  if (stats.sharpness < 150) out.push({ key: 'image_blurred' });
  if (shortSide < 500) out.push({ key: 'image_small', values: { width: stats.width, height: stats.height } });
  if (glareOver(stats, 0.12)) out.push({ key: 'image_glare' });
  if (contrastUnder(stats, 35)) out.push({ key: 'image_low_contrast' });
  return out;
}
