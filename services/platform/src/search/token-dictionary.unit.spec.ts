import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistanceWithin } from './search-text.ts';
import { kthSmallest } from './text-ranker.ts';
import { TokenDictionary } from './token-dictionary.ts';

describe('typo candidates', () => {
  it('never leave out a token within the typo budget (same first letter)', () => {
    const word = fc.stringMatching(/^[abcde0-9ñé]{1,10}$/);
    fc.assert(
      fc.property(
        word,
        fc.array(word, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 2 }),
        (query, tokens, budget) => {
          const dict = new TokenDictionary();
          for (const [i, t] of tokens.entries()) dict.add(t, i);
          const candidates = new Set<string>();
          dict.forEachTypoCandidate(query, budget, (t) => candidates.add(t));
          for (const t of tokens) {
            if (t[0] !== query[0] || editDistanceWithin(query, t, budget) > budget) continue;
            expect(candidates.has(t), `${query} → ${t}`).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leave out tokens holding more letters the word lacks than the budget allows', () => {
    const dict = new TokenDictionary();
    for (const t of ['sauvage', 'sauvahe', 'sxyzage', 'sauvagex']) dict.add(t, 0);
    const got: string[] = [];
    dict.forEachTypoCandidate('sauvage', 1, (t) => got.push(t));
    expect(got.sort()).toEqual(['sauvage', 'sauvagex', 'sauvahe']);
  });

  it('are worked out again after a token appears', () => {
    const dict = new TokenDictionary();
    dict.add('rouge', 0);
    const before = dict.version;
    dict.add('rouge', 1);
    expect(dict.version).toBe(before);
    dict.add('rogue', 2);
    expect(dict.version).not.toBe(before);
    const got: string[] = [];
    dict.forEachTypoCandidate('rouge', 1, (t) => got.push(t));
    expect(got.sort()).toEqual(['rogue', 'rouge']);
  });
});

describe('kthSmallest', () => {
  it('is the k-th key of the sorted keys, ties included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 300 }),
        fc.nat(),
        (values, at) => {
          const k = at % values.length;
          const sorted = Float64Array.from(values).sort();
          expect(kthSmallest(Float64Array.from(values), values.length, k)).toBe(sorted[k]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
