import { describe, expect, it } from 'vitest';
import { flattenCylinder, lineBow, printExtent, unrollColumns } from './dewarp.ts';

/**
 * A page of text-like lines (rows of dark "letters" of varied widths on white), each line's middle
 * lifted by `sag` pixels against its ends as on a bottle photographed from slightly above.
 */
function page(w: number, h: number, sag: number, seed = 7): Uint8Array {
  const data = new Uint8Array(w * h).fill(235);
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const letters: [number, number][] = [];
  for (let x = 20; x < w - 20; ) {
    const width = 3 + Math.floor(rand() * 6);
    letters.push([x, width]);
    x += width + 2 + (rand() < 0.15 ? 8 : 0);
  }
  for (let top = 30; top + 12 < h - 30; top += 24) {
    for (const [x0, width] of letters) {
      const tall = rand() < 0.3 ? 14 : 10;
      for (let x = x0; x < x0 + width; x += 1) {
        const t = (x / w) * 2 - 1;
        const lift = Math.round(-sag * (1 - t * t));
        for (let y = top + (14 - tall); y < top + 14; y += 1) {
          const yy = y + lift;
          if (yy >= 0 && yy < h) data[yy * w + x] = 30;
        }
      }
    }
  }
  return data;
}

describe('lineBow', () => {
  it('finds no bow in straight lines', () => {
    const w = 640;
    const h = 320;
    expect(lineBow(page(w, h, 0), w, h, 14).sag).toBeLessThan(1);
  });

  it('measures the bow of lines curved round a bottle', () => {
    const w = 640;
    const h = 320;
    const { sag, offsets } = lineBow(page(w, h, 8), w, h, 14);
    expect(sag).toBeGreaterThan(5);
    expect(sag).toBeLessThan(11);
    // The lines' middles stand above their ends: to find a line at the ends, look lower.
    expect(offsets[5]! - offsets[w / 2]!).toBeGreaterThan(4);
  });
});

describe('flattenCylinder', () => {
  it('leaves a flat page alone', () => {
    expect(flattenCylinder(page(640, 320, 0), 640, 320, 14)).toBeNull();
  });

  it('straightens bowed lines and widens the squeezed sides', () => {
    const w = 640;
    const h = 320;
    const flat = flattenCylinder(page(w, h, 8), w, h, 14);
    expect(flat).not.toBeNull();
    expect(flat!.width).toBeGreaterThan(w);
    expect(lineBow(flat!.pixels, flat!.width, flat!.height, 14).sag).toBeLessThan(3);
  });
});

describe('unrollColumns', () => {
  it('maps the print edges to themselves and stretches the sides more than the middle', () => {
    const { columns, width } = unrollColumns(1000, { left: 100, right: 900, edgeAngle: Math.PI / 3 });
    expect(columns[0]).toBe(0);
    expect(columns[100]).toBeCloseTo(100, 0);
    expect(columns[width - 1]).toBeCloseTo(999, 0);
    for (let x = 1; x < width; x += 1) expect(columns[x]!).toBeGreaterThanOrEqual(columns[x - 1]!);
    const mid = Math.round(width / 2);
    const middleStep = columns[mid + 1]! - columns[mid]!;
    const sideStep = columns[102]! - columns[101]!;
    expect(sideStep).toBeLessThan(middleStep * 0.7);
  });
});

describe('printExtent', () => {
  it('finds where the print starts and ends', () => {
    const { left, right } = printExtent(page(640, 320, 0), 640, 320);
    expect(left).toBeGreaterThanOrEqual(18);
    expect(left).toBeLessThanOrEqual(22);
    expect(right).toBeGreaterThan(600);
    expect(right).toBeLessThanOrEqual(622);
  });
});
