import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistanceWithin, joinedWords, queryWords, searchWords, typoBudget } from './search-text.ts';

/** Plain dynamic-programming edit distance with neighbour swaps, for comparison. */
function reference(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

describe('search text', () => {
  it('reads every spelling of a number sign as the word "no"', () => {
    for (const name of ['N°5', 'Nº5', 'No 5', 'No.5', 'n° 5', 'NO5', 'N 5']) {
      expect(searchWords(name)).toEqual(['no', '5']);
    }
    expect(searchWords('Chanel N°5 L’Eau')).toEqual(['chanel', 'no', '5', 'l', 'eau']);
    // A lone "n" not followed by a number stays a word of its own.
    expect(searchWords('Rock n Roll')).toEqual(['rock', 'n', 'roll']);
  });

  it('folds case, accents and symbols', () => {
    expect(searchWords('Le Mâle Élixir')).toEqual(['le', 'male', 'elixir']);
    expect(searchWords('Dolce&Gabbana')).toEqual(['dolce', 'gabbana']);
  });

  it('also finds names by their words joined across apostrophes and hyphens', () => {
    expect(joinedWords("L'Eau d'Issey")).toEqual(['leau', 'dissey']);
    expect(joinedWords('Eau-de-Toilette')).toEqual(['eaudetoilette']);
    expect(joinedWords('Sauvage')).toEqual([]);
  });

  it('replaces brand aliases by the brand words, longest alias first', () => {
    expect(queryWords('YSL Libre')).toEqual(['yves', 'saint', 'laurent', 'libre']);
    expect(queryWords('D&G Light Blue')).toEqual(['dolce', 'gabbana', 'light', 'blue']);
    expect(queryWords('thierry mugler alien')).toEqual(['mugler', 'alien']);
    expect(queryWords('le male jpg')).toEqual(['le', 'male', 'jean', 'paul', 'gaultier']);
    // Names of the object prototype are words, not aliases.
    expect(queryWords('constructor toString __proto__')).toEqual(['constructor', 'tostring', 'proto']);
  });

  it('keeps at most twelve query words', () => {
    expect(queryWords('a b c d e f g h i j k l m n o')).toHaveLength(12);
  });

  it('allows no typo up to four letters, one up to eight, two above', () => {
    expect([
      typoBudget('rose'),
      typoBudget('rouge'),
      typoBudget('baccarat'),
      typoBudget('kurkdjian'),
    ]).toEqual([0, 1, 1, 2]);
  });

  it('measures edit distance with neighbour swaps, capped at the allowance', () => {
    expect(editDistanceWithin('rogue', 'rouge', 1)).toBe(1);
    expect(editDistanceWithin('chanell', 'chanel', 1)).toBe(1);
    expect(editDistanceWithin('sauvage', 'savage', 1)).toBe(1);
    expect(editDistanceWithin('aventus', 'advent', 1)).toBe(2);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 9 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 9 }),
        fc.integer({ min: 0, max: 3 }),
        (a, b, max) => {
          const want = reference(a, b);
          expect(editDistanceWithin(a, b, max)).toBe(want <= max ? want : max + 1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
