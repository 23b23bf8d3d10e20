/**
 * Motion-blur repair for greyscale photos: estimate the streak a moving hand left (its length and
 * direction) from the image's cepstrum, then undo it with a Wiener filter. A straight streak of L
 * pixels multiplies the spectrum by a sinc whose zeros repeat every 1/L along the streak's
 * direction; the log spectrum's ripple shows up in the cepstrum as a sharp negative peak at
 * distance L in that direction, whatever the picture shows. Text on paper has no such peak.
 */

/** Bit-reversal permutation and twiddle factors of one transform size, made once. */
interface FftPlan {
  swaps: Uint32Array;
  cos: Float64Array;
  sin: Float64Array;
}

const plans = new Map<number, FftPlan>();

function planOf(n: number): FftPlan {
  let plan = plans.get(n);
  if (plan) return plan;
  const pairs: number[] = [];
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) pairs.push(i, j);
  }
  const half = n >> 1;
  const cos = new Float64Array(Math.max(1, half));
  const sin = new Float64Array(Math.max(1, half));
  for (let k = 0; k < half; k += 1) {
    cos[k] = Math.cos((2 * Math.PI * k) / n);
    sin[k] = Math.sin((2 * Math.PI * k) / n);
  }
  plan = { swaps: Uint32Array.from(pairs), cos, sin };
  plans.set(n, plan);
  return plan;
}

/** In-place radix-2 FFT of `re`/`im` (length a power of two); `inverse` scales by 1/n. */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  const { swaps, cos, sin } = planOf(n);
  for (let p = 0; p < swaps.length; p += 2) {
    const i = swaps[p]!;
    const j = swaps[p + 1]!;
    let t = re[i]!;
    re[i] = re[j]!;
    re[j] = t;
    t = im[i]!;
    im[i] = im[j]!;
    im[j] = t;
  }
  const sign = inverse ? 1 : -1;
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    // Twiddle k of this stage is the table's k·(n/len).
    const step = n / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0, t = 0; k < half; k += 1, t += step) {
        const cr = cos[t]!;
        const ci = sign * sin[t]!;
        const a = i + k;
        const b = a + half;
        const br = re[b]!;
        const bi = im[b]!;
        const xr = br * cr - bi * ci;
        const xi = br * ci + bi * cr;
        const ar = re[a]!;
        const ai = im[a]!;
        re[b] = ar - xr;
        im[b] = ai - xi;
        re[a] = ar + xr;
        im[a] = ai + xi;
      }
    }
  }
  if (inverse) {
    const scale = 1 / n;
    for (let i = 0; i < n; i += 1) {
      re[i] = re[i]! * scale;
      im[i] = im[i]! * scale;
    }
  }
}

/** Columns transformed together: read a row's run of them at once, not one cache line per value. */
const COLUMN_BATCH = 16;

/** The column pass of a 2-D FFT, in place, over the columns before `end`. */
function fftColumns(
  re: Float64Array,
  im: Float64Array,
  w: number,
  h: number,
  inverse: boolean,
  end: number,
): void {
  const cr = Array.from({ length: COLUMN_BATCH }, () => new Float64Array(h));
  const ci = Array.from({ length: COLUMN_BATCH }, () => new Float64Array(h));
  for (let x0 = 0; x0 < end; x0 += COLUMN_BATCH) {
    const count = Math.min(COLUMN_BATCH, end - x0);
    for (let y = 0; y < h; y += 1) {
      const o = y * w + x0;
      for (let c = 0; c < count; c += 1) {
        cr[c]![y] = re[o + c]!;
        ci[c]![y] = im[o + c]!;
      }
    }
    for (let c = 0; c < count; c += 1) fft(cr[c]!, ci[c]!, inverse);
    for (let y = 0; y < h; y += 1) {
      const o = y * w + x0;
      for (let c = 0; c < count; c += 1) {
        re[o + c] = cr[c]![y]!;
        im[o + c] = ci[c]![y]!;
      }
    }
  }
}

/**
 * 2-D FFT of a real grid (`re`; `im` is overwritten): rows are transformed two at a time as one
 * complex row (the first as its real part, the second as its imaginary part) and told apart by
 * the symmetry of a real row's spectrum, which halves the row pass.
 */
export function fft2dReal(re: Float64Array, im: Float64Array, w: number, h: number): void {
  const zr = new Float64Array(w);
  const zi = new Float64Array(w);
  for (let y = 0; y < h; y += 2) {
    const o1 = y * w;
    const second = y + 1 < h;
    const o2 = o1 + w;
    zr.set(re.subarray(o1, o1 + w));
    if (second) zi.set(re.subarray(o2, o2 + w));
    else zi.fill(0);
    fft(zr, zi);
    for (let k = 0; k < w; k += 1) {
      const m = (w - k) & (w - 1);
      const ar = zr[k]!;
      const ai = zi[k]!;
      const br = zr[m]!;
      const bi = zi[m]!;
      re[o1 + k] = (ar + br) / 2;
      im[o1 + k] = (ai - bi) / 2;
      if (second) {
        re[o2 + k] = (ai + bi) / 2;
        im[o2 + k] = (br - ar) / 2;
      }
    }
  }
  halfColumnPass(re, im, w, h, false);
}

/**
 * The column pass of a real grid's 2-D transform over the columns up to the middle only; the others
 * are the complex conjugates of those, by the symmetry of a real signal's spectrum. Forward, the
 * grid's spectrum mirrors across rows too: F(u, v) = conj F(−u, −v). Back, after the column pass
 * each row is a real row's spectrum, which mirrors within the row.
 */
function halfColumnPass(
  re: Float64Array,
  im: Float64Array,
  w: number,
  h: number,
  inverse: boolean,
  from = 0,
  to = h,
): void {
  const half = w >> 1;
  fftColumns(re, im, w, h, inverse, half + 1);
  for (let y = from; y < to; y += 1) {
    const o = y * w;
    const m = (inverse ? y : (h - y) % h) * w;
    for (let u = half + 1; u < w; u += 1) {
      re[o + u] = re[m + w - u]!;
      im[o + u] = -im[m + w - u]!;
    }
  }
}

/**
 * Inverse 2-D FFT of the spectrum of a real grid, in place; the result's real part is in `re`
 * (`im` is left meaningless). After the column pass each row holds a real row's spectrum, so rows
 * are transformed back two at a time as one complex row. With `from`..`to`, only the rows of the
 * result in that range are wanted: the row pass skips the pairs of rows outside it (the others are
 * left meaningless too).
 */
export function ifft2dReal(re: Float64Array, im: Float64Array, w: number, h: number, from = 0, to = h): void {
  // Rows go in pairs from an even row: the wanted range widened to whole pairs.
  const first = from - (from % 2);
  const end = Math.min(h, to + (to % 2));
  halfColumnPass(re, im, w, h, true, first, end);
  const zr = new Float64Array(w);
  const zi = new Float64Array(w);
  for (let y = first; y < end; y += 2) {
    const o1 = y * w;
    const second = y + 1 < h;
    const o2 = o1 + w;
    for (let k = 0; k < w; k += 1) {
      // z = X1 + i·X2
      zr[k] = re[o1 + k]! - (second ? im[o2 + k]! : 0);
      zi[k] = im[o1 + k]! + (second ? re[o2 + k]! : 0);
    }
    fft(zr, zi, true);
    re.set(zr, o1);
    if (second) re.set(zi, o2);
  }
}

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/** A straight streak as the pixels it covers (rounded points on the segment), weights summing to 1. */
export interface LineKernel {
  /** Offsets from the centre and their weights. */
  taps: { dx: number; dy: number; weight: number }[];
}

/** Out-of-focus blur, modelled as a Gaussian of this standard deviation in pixels. */
export interface GaussianKernel {
  sigma: number;
}

export type BlurKernel = LineKernel | GaussianKernel;

/** The point-spread function of a straight movement of `length` pixels at `angle` radians. */
export function lineKernel(length: number, angle: number): LineKernel {
  const c = (length - 1) / 2;
  const seen = new Map<string, { dx: number; dy: number }>();
  const steps = Math.max(2, Math.ceil(length * 4));
  for (let i = 0; i < steps; i += 1) {
    const t = (i / (steps - 1)) * 2 - 1;
    const dx = Math.round(t * c * Math.cos(angle));
    const dy = Math.round(t * c * Math.sin(angle));
    seen.set(`${dx},${dy}`, { dx, dy });
  }
  const taps = [...seen.values()].map((p) => ({ ...p, weight: 1 / seen.size }));
  return { taps };
}

/** The `count` tile positions (`tw`×`th`, on a coarse grid) with the most grey-level spread: text, not blank paper. */
function busiestTiles(
  data: Uint8Array,
  w: number,
  h: number,
  tw: number,
  th: number,
  count: number,
): { x: number; y: number }[] {
  const candidates: { x: number; y: number; spread: number }[] = [];
  const stepX = Math.max(1, Math.floor((w - tw) / 3));
  const stepY = Math.max(1, Math.floor((h - th) / 2));
  for (let y = 0; y + th <= h; y += stepY) {
    for (let x = 0; x + tw <= w; x += stepX) {
      let sum = 0;
      let sq = 0;
      let n = 0;
      for (let yy = y; yy < y + th; yy += 4) {
        for (let xx = x; xx < x + tw; xx += 4) {
          const v = data[yy * w + xx]!;
          sum += v;
          sq += v * v;
          n += 1;
        }
      }
      candidates.push({ x, y, spread: sq / n - (sum / n) ** 2 });
    }
  }
  candidates.sort((a, b) => b.spread - a.spread);
  return candidates.slice(0, count);
}

export interface MotionBlur {
  /** Streak length in pixels (end to end). */
  length: number;
  /** Direction in radians, in (-π/2, π/2]: 0 is horizontal, positive turns clockwise (y down). */
  angle: number;
  /** How far the cepstrum's dip stands below its surroundings, in standard deviations. */
  strength: number;
}

const TILE = 256;
/** Streaks shorter than this barely blur text; longer than this are beyond repair here. */
const MIN_LENGTH = 5;
const MAX_LENGTH = 24;
/** A dip must stand this many standard deviations below the cepstrum around it. */
const MIN_STRENGTH = 6;

/**
 * The motion blur of a greyscale image (`data`, `w`×`h`), or null when none stands out. Averages
 * the log power spectra of up to nine 256-pixel tiles with the most ink (Hann-windowed), takes
 * the cepstrum and looks for its deepest dip between 4 and 24 pixels from the centre.
 */
export function estimateMotionBlur(data: Uint8Array, w: number, h: number): MotionBlur | null {
  if (w < TILE || h < TILE / 2) return null;
  const th = Math.min(TILE, nextPow2(h) === h ? h : nextPow2(h) / 2);
  const tw = TILE;
  const tiles = busiestTiles(data, w, h, tw, th, 6);
  const logPower = new Float64Array(tw * th);
  const re = new Float64Array(tw * th);
  const im = new Float64Array(tw * th);
  const hannX = Float64Array.from(
    { length: tw },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (tw - 1)),
  );
  const hannY = Float64Array.from(
    { length: th },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (th - 1)),
  );
  for (const tile of tiles) {
    let mean = 0;
    for (let y = 0; y < th; y += 1)
      for (let x = 0; x < tw; x += 1) mean += data[(tile.y + y) * w + tile.x + x]!;
    mean /= tw * th;
    for (let y = 0; y < th; y += 1) {
      for (let x = 0; x < tw; x += 1) {
        re[y * tw + x] = (data[(tile.y + y) * w + tile.x + x]! - mean) * hannX[x]! * hannY[y]!;
        im[y * tw + x] = 0;
      }
    }
    fft2dReal(re, im, tw, th);
    for (let i = 0; i < re.length; i += 1) logPower[i]! += Math.log(re[i]! ** 2 + im[i]! ** 2 + 1e-3);
  }
  for (let i = 0; i < re.length; i += 1) {
    re[i] = logPower[i]! / tiles.length;
    im[i] = 0;
  }
  ifft2dReal(re, im, tw, th);
  // The cepstrum is symmetric: search the half plane y ≥ 0 (and x > 0 on the axis).
  const at = (dx: number, dy: number) => re[((dy + th) % th) * tw + ((dx + tw) % tw)]!;
  let best = { dx: 0, dy: 0, value: Number.POSITIVE_INFINITY };
  let sum = 0;
  let sq = 0;
  let count = 0;
  for (let dy = 0; dy <= MAX_LENGTH + 2; dy += 1) {
    for (let dx = -MAX_LENGTH - 2; dx <= MAX_LENGTH + 2; dx += 1) {
      if (dy === 0 && dx <= 0) continue;
      const r = Math.hypot(dx, dy);
      if (r < MIN_LENGTH - 0.5 || r > MAX_LENGTH + 2) continue;
      const v = at(dx, dy);
      sum += v;
      sq += v * v;
      count += 1;
      if (r <= MAX_LENGTH + 0.5 && v < best.value) best = { dx, dy, value: v };
    }
  }
  const mean = sum / count;
  const sd = Math.sqrt(Math.max(1e-12, sq / count - mean * mean));
  const strength = (mean - best.value) / sd;
  if (!Number.isFinite(strength) || strength < MIN_STRENGTH) return null;
  // The dip sits one pixel beyond the streak's last covered pixel: a streak covering L pixels
  // has its spectral zeros at multiples of 1/L.
  const length = Math.hypot(best.dx, best.dy);
  let angle = Math.atan2(best.dy, best.dx);
  if (angle > Math.PI / 2) angle -= Math.PI;
  return { length, angle, strength };
}

/** A Gaussian's transform, a real Gaussian, as its factors along each axis of a `w`×`h` grid. */
function gaussianFactors(
  kernel: GaussianKernel,
  w: number,
  h: number,
): { fx: Float64Array; fy: Float64Array } {
  // exp(-2π²σ²f²) at each (wrapped) frequency.
  const k = -2 * Math.PI * Math.PI * kernel.sigma * kernel.sigma;
  const fx = Float64Array.from({ length: w }, (_, u) => Math.exp(k * (Math.min(u, w - u) / w) ** 2));
  const fy = Float64Array.from({ length: h }, (_, v) => Math.exp(k * (Math.min(v, h - v) / h) ** 2));
  return { fx, fy };
}

/**
 * A line kernel's transform on a `w`×`h` grid as one term per row of taps (a streak covers few
 * rows): the row's taps summed along x (`ar`, `ai` by column frequency) times the row's phase along
 * y (`br`, `bi` by row frequency); the transform is the sum of the terms' products.
 */
function lineFactors(
  kernel: LineKernel,
  w: number,
  h: number,
): { ar: Float64Array; ai: Float64Array; br: Float64Array; bi: Float64Array }[] {
  const rows = new Map<number, { dx: number; weight: number }[]>();
  for (const t of kernel.taps) rows.set(t.dy, [...(rows.get(t.dy) ?? []), t]);
  return [...rows].map(([dy, taps]) => {
    const ar = new Float64Array(w);
    const ai = new Float64Array(w);
    for (const t of taps) {
      for (let u = 0; u < w; u += 1) {
        const phase = (-2 * Math.PI * u * t.dx) / w;
        ar[u]! += t.weight * Math.cos(phase);
        ai[u]! += t.weight * Math.sin(phase);
      }
    }
    const br = new Float64Array(h);
    const bi = new Float64Array(h);
    for (let v = 0; v < h; v += 1) {
      const phase = (-2 * Math.PI * v * dy) / h;
      br[v] = Math.cos(phase);
      bi[v] = Math.sin(phase);
    }
    return { ar, ai, br, bi };
  });
}

/**
 * The discrete Fourier transform of a kernel on a `w`×`h` grid, summed tap row by tap row (a streak
 * covers few rows): far cheaper than a 2-D FFT of the mostly empty grid.
 */
export function kernelSpectrum(
  kernel: BlurKernel,
  w: number,
  h: number,
): { re: Float64Array; im: Float64Array } {
  const re = new Float64Array(w * h);
  const im = new Float64Array(w * h);
  if ('sigma' in kernel) {
    const { fx, fy } = gaussianFactors(kernel, w, h);
    for (let v = 0; v < h; v += 1) for (let u = 0; u < w; u += 1) re[v * w + u] = fx[u]! * fy[v]!;
    return { re, im };
  }
  for (const { ar, ai, br, bi } of lineFactors(kernel, w, h)) {
    for (let v = 0; v < h; v += 1) {
      const o = v * w;
      for (let u = 0; u < w; u += 1) {
        re[o + u]! += ar[u]! * br[v]! - ai[u]! * bi[v]!;
        im[o + u]! += ar[u]! * bi[v]! + ai[u]! * br[v]!;
      }
    }
  }
  return { re, im };
}

interface PaddedSpectrum {
  re: Float64Array;
  im: Float64Array;
  /** Padded grid size (powers of two) and where the image sits in it. */
  W: number;
  H: number;
  pad: number;
  w: number;
  h: number;
}

/** The 2-D spectrum of an image mirrored out by `pad` pixels (no hard edges to ring at) onto a power-of-two grid. */
function paddedSpectrum(data: Uint8Array, w: number, h: number, pad: number): PaddedSpectrum {
  const W = nextPow2(w + 2 * pad);
  const H = nextPow2(h + 2 * pad);
  const re = new Float64Array(W * H);
  const im = new Float64Array(W * H);
  const mirror = (i: number, n: number) => {
    let k = i;
    while (k < 0 || k >= n) k = k < 0 ? -k - 1 : 2 * n - k - 1;
    return k;
  };
  // The grid wraps round: the right half of the margin mirrors the right edge, the rest the left.
  const source = (i: number, n: number, N: number) =>
    mirror(i - pad < n + (N - n) / 2 ? i - pad : i - pad - N, n);
  const xs = Int32Array.from({ length: W }, (_, X) => source(X, w, W));
  for (let Y = 0; Y < H; Y += 1) {
    const o = source(Y, h, H) * w;
    for (let X = 0; X < W; X += 1) re[Y * W + X] = data[o + xs[X]!]!;
  }
  fft2dReal(re, im, W, H);
  return { re, im, W, H, pad, w, h };
}

function reachOf(kernel: BlurKernel): number {
  if ('sigma' in kernel) return Math.ceil(kernel.sigma * 3);
  let reach = 0;
  for (const t of kernel.taps) reach = Math.max(reach, Math.abs(t.dx), Math.abs(t.dy));
  return reach;
}

/**
 * Wiener filter: conj(K)/(|K|² + NSR) applied to a padded spectrum; the image's own pixels back.
 * The kernel's transform is computed as it is applied (see `kernelSpectrum`: the same sums in the
 * same order) rather than stored, and only the rows holding the image are transformed back.
 */
function applyWiener(spectrum: PaddedSpectrum, kernel: BlurKernel, noiseToSignal: number): Uint8Array {
  const { W, H, pad, w, h } = spectrum;
  const re = new Float64Array(W * H);
  const im = new Float64Array(W * H);
  const sr = spectrum.re;
  const si = spectrum.im;
  // The kernel's transform along the row being filtered.
  const ka = new Float64Array(W);
  const kb = new Float64Array(W);
  const gaussian = 'sigma' in kernel ? gaussianFactors(kernel, W, H) : null;
  const rows = 'sigma' in kernel ? [] : lineFactors(kernel, W, H);
  for (let v = 0; v < H; v += 1) {
    if (gaussian) {
      const y = gaussian.fy[v]!;
      for (let u = 0; u < W; u += 1) ka[u] = gaussian.fx[u]! * y;
    } else {
      ka.fill(0);
      kb.fill(0);
      for (const { ar, ai, br, bi } of rows) {
        const c = br[v]!;
        const s = bi[v]!;
        for (let u = 0; u < W; u += 1) {
          ka[u]! += ar[u]! * c - ai[u]! * s;
          kb[u]! += ar[u]! * s + ai[u]! * c;
        }
      }
    }
    const o = v * W;
    for (let u = 0; u < W; u += 1) {
      const a = ka[u]!;
      const b = kb[u]!;
      const d = a * a + b * b + noiseToSignal;
      const fr = a / d;
      const fi = -b / d;
      const xr = sr[o + u]!;
      const xi = si[o + u]!;
      re[o + u] = xr * fr - xi * fi;
      im[o + u] = xr * fi + xi * fr;
    }
  }
  ifft2dReal(re, im, W, H, pad, pad + h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const o = (y + pad) * W + pad;
    for (let x = 0; x < w; x += 1) {
      const v = re[o + x]!;
      out[y * w + x] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  return out;
}

/**
 * Undoes a known blur (`kernel`) on a greyscale image with a Wiener filter: the inverse filter
 * where the blur kept the signal, damped by `noiseToSignal` where it nearly erased it. Returns
 * 8-bit pixels of the same size.
 */
export function wienerDeconvolve(
  data: Uint8Array,
  w: number,
  h: number,
  kernel: BlurKernel,
  noiseToSignal = NOISE_TO_SIGNAL,
): Uint8Array {
  return applyWiener(paddedSpectrum(data, w, h, 2 * reachOf(kernel) + 8), kernel, noiseToSignal);
}

const NOISE_TO_SIGNAL = 0.01;
/** The patch candidate kernels are tried on (padded, it fills a 512×256 grid). */
const TRIAL_W = 448;
const TRIAL_H = 192;

export interface Deblurred<K extends BlurKernel = BlurKernel> {
  pixels: Uint8Array;
  kernel: K;
}

/** A repair counts only when it leaves at most this share of the grey pixels it started with. */
const CLEARER = 0.85;

/**
 * Of the candidate kernels, the one whose deconvolution of the busiest patch leaves the fewest grey
 * pixels, applied to the whole image; null when none makes the patch clearly crisper than it was.
 */
function deblurWithBest<K extends BlurKernel>(
  data: Uint8Array,
  w: number,
  h: number,
  candidates: readonly K[],
): Deblurred<K> | null {
  const pw = Math.min(w, TRIAL_W);
  const ph = Math.min(h, TRIAL_H);
  const [tile] = busiestTiles(data, w, h, pw, ph, 1);
  if (!tile || candidates.length === 0) return null;
  const patch = new Uint8Array(pw * ph);
  for (let y = 0; y < ph; y += 1)
    patch.set(data.subarray((tile.y + y) * w + tile.x, (tile.y + y) * w + tile.x + pw), y * pw);
  let reach = 0;
  for (const k of candidates) reach = Math.max(reach, reachOf(k));
  const spectrum = paddedSpectrum(patch, pw, ph, 2 * reach + 8);
  const before = clippedShare(patch);
  let best: { kernel: K; grey: number } | null = null;
  for (const kernel of candidates) {
    const restored = applyWiener(spectrum, kernel, NOISE_TO_SIGNAL);
    // Too wide a kernel overshoots: ringing pushes pixels past black and white, which also
    // empties the grey band; those clipped pixels count against it.
    const grey = greyShare(restored, pw, ph) + Math.max(0, clippedShare(restored) - before);
    if (!best || grey < best.grey) best = { kernel, grey };
  }
  if (!best || best.grey >= greyShare(patch, pw, ph) * CLEARER) return null;
  return { pixels: wienerDeconvolve(data, w, h, best.kernel), kernel: best.kernel };
}

/**
 * Repairs motion blur when the image shows one: the cepstrum gives the streak roughly, a few
 * nearby lengths and directions are tried on the busiest patch and the one leaving the fewest
 * grey pixels wins; null when no streak stands out or no kernel makes the patch crisper than it
 * was (a false alarm left alone).
 */
export function deblurMotion(
  data: Uint8Array,
  w: number,
  h: number,
): (Deblurred<LineKernel> & { blur: MotionBlur }) | null {
  const blur = estimateMotionBlur(data, w, h);
  if (!blur) return null;
  const base = Math.round(blur.length);
  const seen = new Set<string>();
  const candidates: LineKernel[] = [];
  for (const length of [base - 1, base, base + 1]) {
    for (const turn of [-0.1, -0.05, 0, 0.05, 0.1]) {
      const kernel = lineKernel(length, blur.angle + turn);
      const key = kernel.taps
        .map((t) => `${t.dx},${t.dy}`)
        .sort()
        .join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push(kernel);
    }
  }
  const repaired = deblurWithBest(data, w, h, candidates);
  return repaired ? { ...repaired, blur } : null;
}

/** Focus blur widths tried, in pixels (σ of a Gaussian). */
const FOCUS_SIGMAS = [1, 1.4, 1.8, 2.2, 2.6, 3];

/**
 * Repairs out-of-focus blur: Gaussian blurs of a few widths are tried on the busiest patch and the
 * one leaving the fewest grey pixels deconvolves the image; null when none makes it crisper.
 */
export function deblurFocus(data: Uint8Array, w: number, h: number): Deblurred<GaussianKernel> | null {
  return deblurWithBest(
    data,
    w,
    h,
    FOCUS_SIGMAS.map((sigma) => ({ sigma })),
  );
}

/**
 * Share of pixels halfway between ink and paper (between 30 % and 70 % of the way from the 2nd to
 * the 98th percentile): blur leaves edges grey, and a wrong deblurring kernel leaves grey ghosts
 * beside them, so among versions of one text image the crispest has the fewest. With a width and
 * height, ink and paper levels are taken per 32-pixel block (glare and shading vary them across a
 * photo) and blocks without both are skipped.
 */
export function greyShare(data: Uint8Array, w = data.length, h = 1): number {
  const block = h === 1 ? w : BLOCK;
  let grey = 0;
  let counted = 0;
  const histogram = new Uint32Array(256);
  for (let by = 0; by < h; by += block) {
    for (let bx = 0; bx < w; bx += block) {
      histogram.fill(0);
      let n = 0;
      for (let y = by; y < Math.min(h, by + block); y += 1) {
        for (let x = bx; x < Math.min(w, bx + block); x += 1) {
          histogram[data[y * w + x]!]! += 1;
          n += 1;
        }
      }
      const level = (q: number) => {
        let seen = 0;
        for (let v = 0; v < 256; v += 1) {
          seen += histogram[v]!;
          if (seen > q * n) return v;
        }
        return 255;
      };
      const lo = level(0.02);
      const hi = level(0.98);
      if (h !== 1 && hi - lo < MIN_BLOCK_CONTRAST) continue;
      const a = lo + 0.3 * (hi - lo);
      const b = hi - 0.3 * (hi - lo);
      for (let v = Math.ceil(a); v <= Math.floor(b); v += 1) if (v > a && v < b) grey += histogram[v]!;
      counted += n;
    }
  }
  return grey / Math.max(1, counted);
}

const BLOCK = 32;

/** Share of pixels at pure black or white. */
function clippedShare(data: Uint8Array): number {
  let clipped = 0;
  for (let i = 0; i < data.length; i += 1) if (data[i] === 0 || data[i] === 255) clipped += 1;
  return clipped / Math.max(1, data.length);
}
/** A block whose levels span less than this is blank paper (or blank ink), not text. */
const MIN_BLOCK_CONTRAST = 40;

/** Sharpness by the mean squared gradient: higher = crisper edges (for comparing versions of one image). */
export function gradientEnergy(data: Uint8Array, w: number, h: number): number {
  let sum = 0;
  for (let y = 0; y < h - 1; y += 1) {
    for (let x = 0; x < w - 1; x += 1) {
      const i = y * w + x;
      const gx = data[i + 1]! - data[i]!;
      const gy = data[i + w]! - data[i]!;
      sum += gx * gx + gy * gy;
    }
  }
  return sum / Math.max(1, (w - 1) * (h - 1));
}
