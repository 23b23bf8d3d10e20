/**
 * Flattening of a label photographed on a curved bottle: the label is wrapped round a cylinder, so
 * print near its sides is squeezed sideways and text lines bow. The lines' bow is measured from the
 * ink's row profiles (each vertical band's profile matched with its neighbour's), the sideways
 * squeeze follows from the cylinder the print spans, and the image is remapped flat.
 */

export interface Cylinder {
  /** Columns where the print starts and ends (the visible part of the cylinder, in pixels). */
  left: number;
  right: number;
  /** Angle (radians) the print's edges are turned away from the camera. */
  edgeAngle: number;
}

/**
 * How far round the bottle the print at a label's edges is usually turned: a label spanning the
 * photo's width ends where the bottle turns about 60–75° away.
 */
export const EDGE_ANGLE = (65 * Math.PI) / 180;
/** Vertical bands whose row profiles are compared. */
const BANDS = 16;
/** Grey level below which a pixel counts as ink when finding where the print starts and ends. */
const INK_BELOW = 0.6;

/** Mean grey of the image. */
function meanOf(data: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < data.length; i += 1) s += data[i]!;
  return s / Math.max(1, data.length);
}

/**
 * The columns the print spans: first and last columns holding a fair share of ink (a few stray
 * specks at the border do not count).
 */
export function printExtent(data: Uint8Array, w: number, h: number): { left: number; right: number } {
  const threshold = meanOf(data) * INK_BELOW;
  const cols = new Uint32Array(w);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) if (data[y * w + x]! < threshold) cols[x] = cols[x]! + 1;
  let max = 0;
  for (const c of cols) max = Math.max(max, c);
  const enough = Math.max(1, max * 0.05);
  let left = 0;
  while (left < w - 1 && cols[left]! < enough) left += 1;
  let right = w - 1;
  while (right > left && cols[right]! < enough) right -= 1;
  return { left, right: right + 1 };
}

/**
 * Vertical offset of each column's text lines (pixels; add to y to find the line in the image):
 * each band's row profile of ink is matched with its neighbour's, from the middle band outwards,
 * and a parabola fitted to the offsets. Zero everywhere when no bow is found.
 */
export function lineBow(
  data: Uint8Array,
  w: number,
  h: number,
  lineHeight: number,
): { offsets: Float32Array; sag: number } {
  const out = new Float32Array(w);
  const none = { offsets: out, sag: 0 };
  if (w < BANDS * 8 || h < 16) return none;
  const bw = w / BANDS;
  const profiles: Float32Array[] = [];
  const energy: number[] = [];
  for (let b = 0; b < BANDS; b += 1) {
    const p = new Float32Array(h);
    const x0 = Math.floor(b * bw);
    const x1 = Math.floor((b + 1) * bw);
    // Ink by its edges (changes along the row), so shading, glare and a rotated photo's blank
    // corners, which change slowly or once, do not count.
    for (let y = 0; y < h; y += 1) {
      let s = 0;
      const row = y * w;
      for (let x = Math.max(1, x0); x < x1; x += 1) s += Math.abs(data[row + x]! - data[row + x - 1]!);
      p[y] = s / (x1 - x0);
    }
    let m = 0;
    for (let y = 0; y < h; y += 1) m += p[y]!;
    m /= h;
    let e = 0;
    for (let y = 0; y < h; y += 1) {
      p[y] = p[y]! - m;
      e += p[y]! * p[y]!;
    }
    profiles.push(p);
    energy.push(e);
  }
  const search = Math.max(2, Math.round(lineHeight * 0.6));
  /** Shift of `b` against `a` that best lines up their rows, with its correlation. */
  const bestShift = (a: Float32Array, b: Float32Array): { shift: number; corr: number } => {
    let best = 0;
    let bestCorr = Number.NEGATIVE_INFINITY;
    for (let s = -search; s <= search; s += 1) {
      let c = 0;
      for (let y = Math.max(0, -s); y < Math.min(h, h - s); y += 1) c += a[y]! * b[y + s]!;
      if (c > bestCorr) {
        bestCorr = c;
        best = s;
      }
    }
    return { shift: best, corr: bestCorr };
  };
  const shifts = new Float64Array(BANDS);
  const weights = new Float64Array(BANDS);
  const maxEnergy = Math.max(...energy);
  const usable = (b: number) => energy[b]! > maxEnergy * 0.05;
  // The chain starts from the inkiest of the middle half's bands (glare may blank the very middle).
  let mid = Math.floor(BANDS / 4);
  for (let b = mid; b < (BANDS * 3) / 4; b += 1) if (energy[b]! > energy[mid]!) mid = b;
  weights[mid] = usable(mid) ? 1 : 0;
  for (const dir of [-1, 1]) {
    let prev = mid;
    for (let b = mid + dir; b >= 0 && b < BANDS; b += dir) {
      if (!usable(b) || !usable(prev)) {
        shifts[b] = shifts[prev]!;
        continue;
      }
      const { shift, corr } = bestShift(profiles[prev]!, profiles[b]!);
      const norm = corr / Math.sqrt(energy[prev]! * energy[b]!);
      if (norm < 0.3) {
        shifts[b] = shifts[prev]!;
        continue;
      }
      shifts[b] = shifts[prev]! + shift;
      weights[b] = norm;
      prev = b;
    }
  }
  // Weighted least squares: shift = a·t² + b·t + c over band centres t in [-1, 1].
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const v = [0, 0, 0];
  let used = 0;
  for (let b = 0; b < BANDS; b += 1) {
    const wgt = weights[b]!;
    if (wgt === 0) continue;
    used += 1;
    const t = ((b + 0.5) / BANDS) * 2 - 1;
    const f = [t * t, t, 1];
    for (let i = 0; i < 3; i += 1) {
      v[i] = v[i]! + wgt * f[i]! * shifts[b]!;
      for (let j = 0; j < 3; j += 1) m[i]![j] = m[i]![j]! + wgt * f[i]! * f[j]!;
    }
  }
  if (used < BANDS / 2) return none;
  const coef = solve3(m, v);
  if (!coef) return none;
  const [a, bl, c] = coef;
  for (let x = 0; x < w; x += 1) {
    const t = ((x + 0.5) / w) * 2 - 1;
    out[x] = a * t * t + bl * t + c;
  }
  // How far the lines' middles stand above or below their ends.
  return { offsets: out, sag: Math.abs(a) };
}

function solve3(m: number[][], v: number[]): [number, number, number] | null {
  const a = m.map((row, i) => [...row, v[i]!]);
  for (let col = 0; col < 3; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < 3; r += 1) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-9) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < 3; r += 1) {
      if (r === col) continue;
      const f = a[r]![col]! / a[col]![col]!;
      for (let k = col; k < 4; k += 1) a[r]![k] = a[r]![k]! - f * a[col]![k]!;
    }
  }
  return [a[0]![3]! / a[0]![0]!, a[1]![3]! / a[1]![1]!, a[2]![3]! / a[2]![2]!];
}

/**
 * For each column of the flattened image, the column of the photo it comes from: between the print's
 * edges the cylinder is unrolled (equal steps of arc), outside them the photo is kept as it was.
 */
export function unrollColumns(w: number, cylinder: Cylinder): { columns: Float32Array; width: number } {
  const { left, right, edgeAngle } = cylinder;
  const chord = right - left;
  const radius = chord / 2 / Math.sin(edgeAngle);
  const arc = 2 * edgeAngle * radius;
  const width = Math.round(left + arc + (w - right));
  const columns = new Float32Array(width);
  const centre = (left + right) / 2;
  for (let x = 0; x < width; x += 1) {
    if (x < left) columns[x] = x;
    else if (x >= left + arc) columns[x] = x - (left + arc) + right;
    else columns[x] = centre + radius * Math.sin((x - left) / radius - edgeAngle);
  }
  return { columns, width };
}

/**
 * Text lines bowing by at least this share of a line's height (and a few pixels) mean a curved
 * label; flat print, even photographed at an angle, bows by next to nothing.
 */
const CURVED_SAG = 0.12;
const MIN_SAG_PIXELS = 2;
/** Bow (share of a line's height) from which the print is taken to span the bottle's visible half. */
const FULL_WRAP_SAG = 0.25;

/**
 * The greyscale image flattened when its text lines bow like a label round a bottle's curve:
 * columns unrolled off the cylinder, then the lines' remaining bow taken out. Null when the lines
 * run straight. `lineHeight` (pixels) bounds how far neighbouring bands' lines may be apart.
 */
export function flattenCylinder(
  data: Uint8Array,
  w: number,
  h: number,
  lineHeight: number,
  edgeAngle = EDGE_ANGLE,
): { pixels: Uint8Array; width: number; height: number } | null {
  const curve = lineBow(data, w, h, lineHeight);
  if (curve.sag < Math.max(MIN_SAG_PIXELS, lineHeight * CURVED_SAG)) return null;
  const { left, right } = printExtent(data, w, h);
  // A slight bow is a slight curve (a close-up of a tube's front): unrolled less.
  const wrap = Math.min(1, curve.sag / (lineHeight * FULL_WRAP_SAG));
  const { columns, width } = unrollColumns(w, { left, right, edgeAngle: edgeAngle * wrap });
  const unrolled = new Uint8Array(width * h);
  for (let x = 0; x < width; x += 1) {
    const sx = columns[x]!;
    const x0 = Math.max(0, Math.min(w - 1, Math.floor(sx)));
    const x1 = Math.min(w - 1, x0 + 1);
    const f = Math.max(0, Math.min(1, sx - x0));
    for (let y = 0; y < h; y += 1) {
      const row = y * w;
      unrolled[y * width + x] = Math.round(data[row + x0]! * (1 - f) + data[row + x1]! * f);
    }
  }
  const bow = lineBow(unrolled, width, h, lineHeight).offsets;
  const pixels = new Uint8Array(width * h);
  for (let x = 0; x < width; x += 1) {
    const dy = bow[x]!;
    for (let y = 0; y < h; y += 1) {
      const sy = y + dy;
      const y0 = Math.max(0, Math.min(h - 2, Math.floor(sy)));
      const f = Math.max(0, Math.min(1, sy - y0));
      pixels[y * width + x] = Math.round(
        unrolled[y0 * width + x]! * (1 - f) + unrolled[(y0 + 1) * width + x]! * f,
      );
    }
  }
  return { pixels, width, height: h };
}
