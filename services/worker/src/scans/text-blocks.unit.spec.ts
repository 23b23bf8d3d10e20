import { describe, expect, it } from 'vitest';
import { textBlocks } from './text-blocks.ts';

/** An ink mask with text lines drawn as filled bars: [x0, x1, y0] each, `stroke` rows tall (letters 20 px tall on lines 30 px apart). */
function mask(w: number, h: number, bars: [number, number, number][], stroke = 20): Uint8Array {
  const ink = new Uint8Array(w * h);
  for (const [x0, x1, y0] of bars)
    for (let y = y0; y < y0 + stroke; y += 1) for (let x = x0; x < x1; x += 1) ink[y * w + x] = 1;
  return ink;
}

describe('textBlocks', () => {
  // A 400 px shop image scaled five times: lines 30 px apart, a heading centred over two columns
  // (ingredients on the left, warnings on the right) with only a line's spacing under it.
  const lineHeight = 30;
  const w = 2000;
  const h = 700;

  it('reads a heading, then the left column, then the right one', () => {
    const bars: [number, number, number][] = [
      [700, 1300, 100], // brand
      [600, 1400, 130], // product type and size, spanning the gutter
      ...[0, 1, 2, 3, 4].map((k): [number, number, number] => [120, 1030, 170 + k * 30]),
      ...[0, 1, 2, 3, 4, 5].map((k): [number, number, number] => [1190, 1880, 170 + k * 30]),
    ];
    const blocks = textBlocks(mask(w, h, bars), w, h, lineHeight);
    expect(blocks).toEqual([
      { x0: 600, y0: 100, x1: 1400, y1: 150 },
      { x0: 120, y0: 170, x1: 1030, y1: 310 },
      { x0: 1190, y0: 170, x1: 1880, y1: 340 },
    ]);
  });

  it('keeps one column whole: word spaces and line spacing split nothing', () => {
    const bars: [number, number, number][] = [0, 1, 2, 3].flatMap((k): [number, number, number][] => [
      [100, 400, 100 + k * 30],
      [420, 900, 100 + k * 30], // a word space of 20 px
    ]);
    expect(textBlocks(mask(w, h, bars), w, h, lineHeight)).toEqual([{ x0: 100, y0: 100, x1: 900, y1: 210 }]);
  });

  it('splits paragraphs at a gap taller than the line spacing and ignores specks', () => {
    const ink = mask(w, h, [
      [100, 900, 100],
      [100, 900, 130],
      [100, 900, 180], // 30 px of paper above: a paragraph break
    ]);
    ink[600 * w + 1500] = 1; // one speck of noise
    expect(textBlocks(ink, w, h, lineHeight)).toEqual([
      { x0: 100, y0: 100, x1: 900, y1: 150 },
      { x0: 100, y0: 180, x1: 900, y1: 200 },
    ]);
  });
});
