import { describe, expect, it } from 'vitest';
import { editDistanceWithin } from './edit-distance.ts';

/** The textbook table, for comparison. */
function naive(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

describe('editDistanceWithin', () => {
  it('counts a swap of neighbours as one edit and caps at max + 1', () => {
    expect(editDistanceWithin('lianlool', 'linalool')).toBe(1);
    expect(editDistanceWithin('lodopropynyl', 'iodopropynyl', 2)).toBe(1);
    expect(editDistanceWithin('coumarin', 'citral', 2)).toBe(3);
    expect(editDistanceWithin('', 'abc')).toBe(3);
  });

  it('agrees with the textbook table on random strings of any length, long ones included', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const word = (n: number) => Array.from({ length: n }, () => 'abcde'[rand(5)]).join('');
    for (let k = 0; k < 300; k++) {
      const a = word(rand(k < 250 ? 12 : 140));
      const b =
        rand(2) === 0 ? word(rand(k < 250 ? 12 : 140)) : a.slice(0, Math.max(0, a.length - 2)) + word(2);
      const want = naive(a, b);
      expect(editDistanceWithin(a, b), `${a} / ${b}`).toBe(want);
      for (const max of [0, 1, 2, 5])
        expect(editDistanceWithin(a, b, max)).toBe(want <= max ? want : max + 1);
    }
  });
});
