import { describe, expect, it } from 'vitest';
import { NoteCatalogue, respell } from './notes.ts';

const lists = (top: string[], middle: string[] = [], base: string[] = []) => ({
  top,
  middle,
  base,
  unspecified: [],
});

describe('NoteCatalogue', () => {
  it('writes a misspelt note as the note it means, joining its perfumes to the real one', () => {
    expect(respell('vetyver')).toBe('Vetiver');
    expect(respell('Vetiver')).toBe('Vetiver');
    const catalogue = new NoteCatalogue([{ name: 'Vetiver', group: 'Woods and Mosses' }]);
    const perfumes = [lists([], [], ['vetyver', 'Cedar']), lists([], [], ['Vetiver'])];
    for (const p of perfumes) catalogue.observe(p);
    expect(catalogue.canonicalise(perfumes[0]!).base).toEqual(['Vetiver', 'Cedar']);
    const names = catalogue.records().map((r) => r.name);
    expect(names).toContain('Vetiver');
    expect(names).not.toContain('vetyver');
  });

  it('capitalises a note only ever written in lower case, and keeps the spelling used most', () => {
    const catalogue = new NoteCatalogue([]);
    catalogue.observe(lists(['soft musks', 'soft musks', 'Dark Rum', 'dark rum', 'Dark Rum']));
    expect(catalogue.canonicalise(lists(['soft musks', 'dark rum'])).top).toEqual(['Soft musks', 'Dark Rum']);
  });
});
