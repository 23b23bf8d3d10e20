import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageWarnings, measureImage, rateImage } from './image-quality.ts';

const W = 1200;
const H = 800;

/** A greyscale page of `paper` grey with dark text-like strokes, and optionally a blown-out patch. */
async function page(paper: number, ink: number, { glare = 0 }: { glare?: number } = {}) {
  const data = Buffer.alloc(W * H, paper);
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      // Lines of 'letters': 3 px strokes every 9 px in bands of 24 rows out of 40.
      if (y % 40 < 24 && x % 9 < 3 && (x * 7 + y * 3) % 11 < 6) data[y * W + x] = ink;
      if (glare > 0 && x < W * glare) data[y * W + x] = 255;
    }
  }
  return measureImage(sharp(data, { raw: { width: W, height: H, channels: 1 } }), W, H);
}

describe('image quality', () => {
  it('takes black print on a pure white page (a scan or a screenshot) for neither glare nor low contrast', async () => {
    const stats = await page(255, 20);
    expect(stats.glare).toBeGreaterThan(0.35);
    expect(stats.paper).toBe(255);
    expect(imageWarnings(stats)).toEqual([]);
    expect(rateImage(stats)).toBe('good');
  });

  it('warns of glare on a photographed page with a blown-out patch', async () => {
    const stats = await page(205, 40, { glare: 0.25 });
    expect(imageWarnings(stats)).toContainEqual({ key: 'image_glare' });
    expect(rateImage(stats)).toBe('fair');
  });

  it('warns of low contrast when the print is barely darker than the page', async () => {
    const stats = await page(190, 160);
    expect(imageWarnings(stats)).toContainEqual({ key: 'image_low_contrast' });
    expect(rateImage(stats)).not.toBe('good');
  });
});
