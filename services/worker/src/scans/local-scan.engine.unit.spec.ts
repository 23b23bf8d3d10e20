import { describe, expect, it } from 'vitest';
import { ingredientRows, type Pixels } from './local-scan.engine.ts';
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
