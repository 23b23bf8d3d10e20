import { describe, expect, it } from 'vitest';
import {
  deblurFocus,
  deblurMotion,
  estimateMotionBlur,
  fft,
  fft2dReal,
  gradientEnergy,
  greyShare,
  ifft2dReal,
  kernelSpectrum,
  type LineKernel,
  lineKernel,
} from './deblur.ts';

/** A page of dark "letters" (bars and blocks of random sizes, in words and lines of random pitch) on light paper. */
function barPage(w: number, h: number, seed = 7): Uint8Array {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const page = new Uint8Array(w * h).fill(230);
  for (let base = 24; base < h - 6; base += 22 + Math.floor(random() * 16)) {
    let x = 6 + Math.floor(random() * 30);
    while (x < w - 16) {
      const letter = 2 + Math.floor(random() * 9);
      const tall = 8 + Math.floor(random() * 12);
      const ink = 20 + Math.floor(random() * 60);
      for (let y = base - tall; y < base; y += 1)
        for (let k = x; k < Math.min(w, x + letter); k += 1) if (random() < 0.85) page[y * w + k] = ink;
      x += letter + 1 + Math.floor(random() * (random() < 0.2 ? 16 : 4));
    }
  }
  return page;
}

/** Convolves with a streak's taps (edges clamped), as a moving camera does. */
function smear(page: Uint8Array, w: number, h: number, kernel: LineKernel): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let v = 0;
      for (const t of kernel.taps) {
        const sx = Math.min(w - 1, Math.max(0, x + t.dx));
        const sy = Math.min(h - 1, Math.max(0, y + t.dy));
        v += t.weight * page[sy * w + sx]!;
      }
      out[y * w + x] = Math.round(v);
    }
  }
  return out;
}

/** A Gaussian blur (separable, edges clamped), as an out-of-focus lens does. */
function defocus(page: Uint8Array, w: number, h: number, sigma: number): Uint8Array {
  const r = Math.ceil(sigma * 3);
  const weights = Array.from({ length: 2 * r + 1 }, (_, i) =>
    Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const pass = (src: Float64Array, dx: number, dy: number) => {
    const out = new Float64Array(w * h);
    for (let y = 0; y < h; y += 1)
      for (let x = 0; x < w; x += 1) {
        let v = 0;
        for (let k = -r; k <= r; k += 1) {
          const sx = Math.min(w - 1, Math.max(0, x + k * dx));
          const sy = Math.min(h - 1, Math.max(0, y + k * dy));
          v += weights[k + r]! * src[sy * w + sx]!;
        }
        out[y * w + x] = v / total;
      }
    return out;
  };
  const blurred = pass(pass(Float64Array.from(page), 1, 0), 0, 1);
  return Uint8Array.from(blurred, (v) => Math.round(v));
}

/** Mean absolute difference from the sharp original. */
function distance(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('motion deblurring', () => {
  const w = 640;
  const h = 320;
  const sharp = barPage(w, h);

  it('the FFT and its inverse give the signal back', () => {
    const re = Float64Array.from({ length: 16 }, (_, i) => Math.sin(i) * 10 + i);
    const original = Float64Array.from(re);
    const im = new Float64Array(16);
    fft(re, im);
    fft(re, im, true);
    for (let i = 0; i < 16; i += 1) expect(re[i]).toBeCloseTo(original[i]!, 9);
  });

  it("a real grid's 2-D FFT is the direct transform, and its inverse gives the grid back", () => {
    const w = 8;
    const h = 4;
    const grid = Float64Array.from({ length: w * h }, (_, i) => Math.sin(i * 1.7) * 20 + (i % 5));
    const re = Float64Array.from(grid);
    const im = new Float64Array(w * h);
    fft2dReal(re, im, w, h);
    for (let v = 0; v < h; v += 1) {
      for (let u = 0; u < w; u += 1) {
        let sr = 0;
        let si = 0;
        for (let y = 0; y < h; y += 1) {
          for (let x = 0; x < w; x += 1) {
            const a = -2 * Math.PI * ((u * x) / w + (v * y) / h);
            sr += grid[y * w + x]! * Math.cos(a);
            si += grid[y * w + x]! * Math.sin(a);
          }
        }
        expect(re[v * w + u]).toBeCloseTo(sr, 9);
        expect(im[v * w + u]).toBeCloseTo(si, 9);
      }
    }
    ifft2dReal(re, im, w, h);
    for (let i = 0; i < w * h; i += 1) expect(re[i]).toBeCloseTo(grid[i]!, 9);
  });

  it('an inverse limited to some rows gives exactly those rows of the whole inverse', () => {
    const w = 16;
    const h = 16;
    const grid = Float64Array.from({ length: w * h }, (_, i) => Math.cos(i * 0.9) * 30 + (i % 7));
    const spectrum = () => {
      const re = Float64Array.from(grid);
      const im = new Float64Array(w * h);
      fft2dReal(re, im, w, h);
      return { re, im };
    };
    const whole = spectrum();
    ifft2dReal(whole.re, whole.im, w, h);
    // An odd start and end: rows go in pairs, so the range is widened inside.
    const part = spectrum();
    ifft2dReal(part.re, part.im, w, h, 5, 11);
    for (let y = 5; y < 11; y += 1)
      for (let x = 0; x < w; x += 1) expect(part.re[y * w + x]).toBe(whole.re[y * w + x]);
    // Rows outside it were not transformed back.
    expect([...part.re.subarray(0, 4 * w)]).not.toEqual([...whole.re.subarray(0, 4 * w)]);
  });

  it("a streak's spectrum is the direct transform of its taps", () => {
    const w = 16;
    const h = 8;
    const kernel = lineKernel(5, 0.6);
    expect(new Set(kernel.taps.map((t) => t.dy)).size).toBeGreaterThan(1);
    const { re, im } = kernelSpectrum(kernel, w, h);
    for (let v = 0; v < h; v += 1) {
      for (let u = 0; u < w; u += 1) {
        let sr = 0;
        let si = 0;
        for (const t of kernel.taps) {
          const a = -2 * Math.PI * ((u * t.dx) / w + (v * t.dy) / h);
          sr += t.weight * Math.cos(a);
          si += t.weight * Math.sin(a);
        }
        expect(re[v * w + u]).toBeCloseTo(sr, 9);
        expect(im[v * w + u]).toBeCloseTo(si, 9);
      }
    }
  });

  it('finds the length and direction of a horizontal streak', () => {
    const blurred = smear(sharp, w, h, lineKernel(7, 0));
    const blur = estimateMotionBlur(blurred, w, h);
    expect(blur).not.toBeNull();
    expect(Math.abs(blur!.length - 7)).toBeLessThanOrEqual(1);
    expect(Math.abs(blur!.angle)).toBeLessThan(0.15);
  });

  it('finds a slanted streak', () => {
    const blurred = smear(sharp, w, h, lineKernel(11, 0.5));
    const blur = estimateMotionBlur(blurred, w, h);
    expect(blur).not.toBeNull();
    expect(Math.abs(blur!.length - 11)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(blur!.angle - 0.5)).toBeLessThan(0.15);
  });

  it('leaves a sharp page alone', () => {
    // Letter widths alone can look like a short streak; no kernel makes the page crisper, though.
    expect(deblurMotion(sharp, w, h)).toBeNull();
  });

  it('makes a smeared bar pattern measurably sharper and closer to the original', () => {
    const blurred = smear(sharp, w, h, lineKernel(9, 0.1));
    const repaired = deblurMotion(blurred, w, h);
    expect(repaired).not.toBeNull();
    const { pixels } = repaired!;
    expect(gradientEnergy(pixels, w, h)).toBeGreaterThan(2 * gradientEnergy(blurred, w, h));
    expect(greyShare(pixels)).toBeLessThan(greyShare(blurred) * 0.7);
    expect(distance(pixels, sharp)).toBeLessThan(distance(blurred, sharp) * 0.7);
  });

  it('sharpens an out-of-focus page, with a Gaussian width near the true one', () => {
    const blurred = defocus(sharp, w, h, 2);
    const repaired = deblurFocus(blurred, w, h);
    expect(repaired).not.toBeNull();
    expect(Math.abs(repaired!.kernel.sigma - 2)).toBeLessThanOrEqual(0.6);
    expect(gradientEnergy(repaired!.pixels, w, h)).toBeGreaterThan(1.5 * gradientEnergy(blurred, w, h));
    expect(distance(repaired!.pixels, sharp)).toBeLessThan(distance(blurred, sharp) * 0.8);
  });

  it('judges crispness per block, so a shading gradient across the page does not count as grey', () => {
    const shaded = Uint8Array.from(sharp, (v, i) => Math.round(v * (0.45 + 0.55 * ((i % w) / w))));
    expect(greyShare(shaded, w, h)).toBeLessThan(greyShare(shaded) / 2);
  });
});
