import { describe, expect, it } from 'vitest';
import { bestNameMatch, MatchTier, nameTier, pageOf, rankForText } from './picker-ranking.ts';

const items = [
  { name: 'Primrose', n: 9000 },
  { name: 'Rosewood', n: 300 },
  { name: 'Rosé', n: 5 },
  { name: 'Damask Rose', n: 4000 },
  { name: 'Rose de Mai', n: 800 },
  { name: 'Vanilla', n: 7000 },
];
const rank = (text: string | undefined) =>
  rankForText(items, text, { name: (i) => i.name, popularity: (i) => i.n }).map((i) => i.name);

describe('nameTier', () => {
  it('tells exact, prefix, word prefix and substring apart, ignoring case and accents', () => {
    expect(nameTier('Rosé', 'rose')).toBe(MatchTier.exact);
    expect(nameTier('Rose de Mai', 'rose')).toBe(MatchTier.prefix);
    expect(nameTier('Damask Rose', 'rose')).toBe(MatchTier.wordPrefix);
    expect(nameTier('Primrose', 'rose')).toBe(MatchTier.contains);
    expect(nameTier('Vanilla', 'rose')).toBeNull();
  });
});

describe('rankForText', () => {
  it('puts the exact name first even when rare, then prefixes by popularity, then the rest', () => {
    expect(rank('ROSE')).toEqual(['Rosé', 'Rose de Mai', 'Rosewood', 'Damask Rose', 'Primrose']);
  });

  it('ranks everything by popularity for an empty text, and matches nothing for punctuation only', () => {
    expect(rank('')).toEqual(['Primrose', 'Vanilla', 'Damask Rose', 'Rose de Mai', 'Rosewood', 'Rosé']);
    expect(rank('--')).toEqual([]);
  });

  it('lets another field match, and its better tier count', () => {
    const chems = [
      { name: 'Linalyl acetate', cas: '115-95-7' },
      { name: 'Linalool', cas: '78-70-6' },
    ];
    const ranked = rankForText(chems, '78-70-6', {
      name: (c) => c.name,
      popularity: () => 0,
      otherTier: (c, raw) => (c.cas === raw ? MatchTier.exact : null),
    });
    expect(ranked.map((c) => c.name)).toEqual(['Linalool']);
  });
});

describe('bestNameMatch', () => {
  it('picks the other name that matches best: equal, then starting, then a word starting, then containing', () => {
    const names = ['Hedione', 'Hedione High Cis', 'Methyl dihydrojasmonate (Hedione)'];
    expect(bestNameMatch(names, 'hedione')).toEqual({ name: 'Hedione', tier: MatchTier.exact });
    expect(bestNameMatch(names, 'hedi')).toEqual({ name: 'Hedione', tier: MatchTier.prefix });
    expect(bestNameMatch(names, 'cis')).toEqual({ name: 'Hedione High Cis', tier: MatchTier.wordPrefix });
    expect(bestNameMatch(names, 'dione')).toEqual({ name: 'Hedione', tier: MatchTier.contains });
    expect(bestNameMatch(names, 'rose')).toBeNull();
    expect(bestNameMatch([], 'hedione')).toBeNull();
  });

  it("hands other fields the name's own tier", () => {
    const seen: Array<MatchTier | null> = [];
    rankForText([{ name: 'Damask Rose' }, { name: 'Oud' }], 'rose', {
      name: (x) => x.name,
      popularity: () => 0,
      otherTier: (_x, _raw, own) => {
        seen.push(own);
        return null;
      },
    });
    expect(seen).toEqual([MatchTier.wordPrefix, null]);
  });
});

describe('pageOf', () => {
  it('says how many matched and whether more remain', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual({ slice: [3, 4], total: 5, has_more: true });
    expect(pageOf([1, 2, 3], 2, 2)).toEqual({ slice: [3], total: 3, has_more: false });
  });
});
