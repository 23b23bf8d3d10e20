import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type FaintPrint,
  ingredientRows,
  median3,
  type Pixels,
  unreadFaintRows,
} from './local-scan.engine.ts';
import type { OcrWord } from './reading-order.ts';

/** A white page 400 px wide with a black bar on each line's rows (10 px lines, 20 px apart). */
function page(lines: number): Pixels {
  const width = 400;
  const height = lines * 20 + 20;
  const data = Buffer.alloc(width * height, 255);
  for (let l = 0; l < lines; l += 1) data.fill(0, (l * 20 + 10) * width, (l * 20 + 20) * width);
  return { data, width, height, channels: 1 };
}

function words(texts: readonly string[]): OcrWord[] {
  return texts.map((text, line) => ({
    text,
    confidence: 90,
    line,
    x0: 0,
    x1: 300,
    y0: line * 20 + 10,
    y1: line * 20 + 20,
  }));
}

describe('ingredientRows', () => {
  it('spans the heading to the line after the last one with a comma, cut between lines', () => {
    const read = words([
      'NIVEA',
      'Creme 150 ml',
      'Ingredients: Aqua, Paraffinum',
      'Glycerin, Parfum',
      'Linalool.',
      'Keep away',
      'Made in',
    ]);
    const rows = ingredientRows(read, page(7));
    // From the blank rows above the heading (line 2, rows 50-60) to those below `Linalool.` (line 4).
    expect(rows).not.toBeNull();
    expect(rows!.top).toBeGreaterThanOrEqual(30);
    expect(rows!.top).toBeLessThan(50);
    expect(rows!.bottom).toBeGreaterThan(100);
    expect(rows!.bottom).toBeLessThanOrEqual(110);
  });

  it('starts at the first line with a comma when no heading was read', () => {
    const rows = ingredientRows(words(['BRAND', 'Aqua, Glycerin', 'Parfum.', 'Lot 5']), page(4));
    expect(rows!.top).toBeGreaterThanOrEqual(10);
    expect(rows!.top).toBeLessThan(30);
    expect(rows!.bottom).toBeLessThanOrEqual(70);
  });

  it('is null when nothing list-like was read', () => {
    expect(ingredientRows(words(['BRAND', 'Eau de Parfum']), page(2))).toBeNull();
  });
});

describe('median3', () => {
  it("gives sharp's median(3) pixel for pixel, edges included", async () => {
    let state = 11;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    for (const [w, h] of [
      [37, 23],
      [5, 3],
      [64, 3],
      [200, 100],
    ] as const) {
      // Speckle over a few flat patches: noise, edges and runs of equal levels.
      const data = Buffer.alloc(w * h);
      for (let i = 0; i < data.length; i += 1)
        data[i] = random() < 0.3 ? Math.floor(random() * 256) : (i % w < w / 2 ? 40 : 200) + (i % 3);
      const expected = await sharp(data, { raw: { width: w, height: h, channels: 1 } })
        .median(3)
        .greyscale()
        .raw()
        .toBuffer();
      expect([...median3(data, w, h)]).toEqual([...expected]);
    }
  });

  it('removes a lone speck and keeps a stroke', () => {
    const w = 9;
    const h = 9;
    const data = Buffer.alloc(w * h, 255);
    data[2 * w + 2] = 0;
    for (let y = 0; y < h; y += 1) data.fill(0, y * w + 5, y * w + 8);
    const out = median3(data, w, h);
    expect(out[2 * w + 2]).toBe(255);
    expect(out[4 * w + 6]).toBe(0);
  });
});

describe('unreadFaintRows', () => {
  /** A 200×100 page whose rows 40-50 hold restored print (`INK_GAINED`, 2) across x 20-120. */
  function faint(): FaintPrint {
    const width = 200;
    const height = 100;
    const gained = new Uint8Array(width * height);
    for (let y = 40; y < 50; y += 1) gained.fill(2, y * width + 20, y * width + 120);
    return {
      page: { data: Buffer.alloc(width * height, 255), width, height, channels: 1 },
      gained,
      width,
      height,
    };
  }
  const word = (confidence: number) => ({
    text: 'Linalool',
    confidence,
    line: 0,
    x0: 20,
    x1: 120,
    y0: 40,
    y1: 50,
  });

  it('marks restored print no word covers as left unread', () => {
    const rows = unreadFaintRows(faint(), []);
    expect(rows).not.toBeNull();
    expect(rows!.unread).toBe(true);
    expect(rows!.top).toBeLessThanOrEqual(40);
    expect(rows!.bottom).toBeGreaterThanOrEqual(50);
  });

  it('takes the rows of an unsure word over restored print, with nothing left unread', () => {
    const rows = unreadFaintRows(faint(), [word(60)]);
    expect(rows).not.toBeNull();
    expect(rows!.unread).toBe(false);
  });

  it('is null when a confident word covers the restored print', () => {
    expect(unreadFaintRows(faint(), [word(95)])).toBeNull();
  });
});
