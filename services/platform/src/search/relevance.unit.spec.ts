import { describe, expect, it } from 'vitest';
import { type MatchFacts, relevanceKey } from './relevance.ts';

const base: MatchFacts = {
  chemicalOnly: false,
  typos: 0,
  nameHits: 1,
  nameWords: 1,
  brandHit: false,
  brandWhole: false,
  inOrder: true,
  prefixes: 0,
  sources: 1,
  brandSize: 10,
  nameLength: 7,
  year: 2000,
};
const key = (changes: Partial<MatchFacts>) => relevanceKey({ ...base, ...changes });

describe('relevance key', () => {
  it('ranks a name or brand match before a match through a contained chemical', () => {
    expect(key({ typos: 2, nameHits: 0, nameWords: 3 })).toBeLessThan(key({ chemicalOnly: true }));
  });

  it('ranks fewer typos first, then the whole name before a flanker', () => {
    expect(key({ nameWords: 3 })).toBeLessThan(key({ typos: 1 }));
    expect(key({ nameWords: 1 })).toBeLessThan(key({ nameWords: 2, sources: 8 }));
  });

  it('lists a brand searched by its whole name before perfumes with the word in their name only', () => {
    const brandSearch = key({ nameHits: 0, nameWords: 1, brandHit: true, brandWhole: true });
    const nameWord = key({ nameHits: 1, nameWords: 2 });
    expect(brandSearch).toBeLessThan(nameWord);
    expect(nameWord).toBeLessThan(key({ nameHits: 0, nameWords: 1, brandHit: true }));
  });

  it('then prefers whole last words, popularity, brand matches, query order, larger houses, shorter and older names', () => {
    expect(key({})).toBeLessThan(key({ prefixes: 1, sources: 9 }));
    expect(key({ sources: 6 })).toBeLessThan(key({ brandHit: true }));
    expect(key({ brandHit: true })).toBeLessThan(key({ inOrder: false, brandHit: true }));
    expect(key({ inOrder: true })).toBeLessThan(key({ inOrder: false, brandSize: 500 }));
    expect(key({ brandSize: 500 })).toBeLessThan(key({ nameLength: 3 }));
    expect(key({ nameLength: 7 })).toBeLessThan(key({ nameLength: 20, year: 1921 }));
    expect(key({ year: 1921 })).toBeLessThan(key({ year: 2020 }));
    expect(key({ year: 2020 })).toBeLessThan(key({ year: null }));
  });

  it('stays an exact integer for extreme facts', () => {
    const k = key({
      chemicalOnly: true,
      typos: 99,
      nameWords: 300,
      sources: 0,
      brandSize: 0,
      nameLength: 999,
      year: null,
    });
    expect(Number.isSafeInteger(k)).toBe(true);
  });
});
