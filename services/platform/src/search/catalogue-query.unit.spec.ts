import { describe, expect, it } from 'vitest';
import { fixtureNotes, fixtureRegions, makeChemical } from './catalogue.fixtures.ts';
import {
  brandKeyOf,
  effectiveCategory,
  prepareText,
  resolveChemicalRefs,
  resolveNoteRefs,
} from './catalogue-query.ts';
import { ChemicalTable } from './chemical-table.ts';

const page = { limit: 10, skip: 0 };

describe('catalogue query meaning', () => {
  it('shows complete perfumes by default and every perfume once anything narrows the list', () => {
    expect(effectiveCategory(page)).toBe('complete');
    expect(effectiveCategory({ ...page, text: '   ' })).toBe('complete');
    for (const narrowing of [
      { text: 'rose' },
      { text: '78-70-6' },
      { brands: ['Dior'] },
      { include_chemicals: ['x'] },
      { exclude_chemicals: ['x'] },
      { include_notes: ['Rose'] },
      { exclude_notes: ['Rose'] },
      { allergen_free: true },
      { include_unspecific: true },
    ]) {
      expect(effectiveCategory({ ...page, ...narrowing })).toBe('all');
    }
    expect(effectiveCategory({ ...page, text: 'rose', category: 'unspecific' })).toBe('unspecific');
  });

  it('prepares text: folded words, a CAS number recognised, nothing for blank or symbol-only text', () => {
    expect(prepareText("L'Éclat  de Rose")).toEqual({
      normalized: 'l eclat de rose',
      tokens: ['l', 'eclat', 'de', 'rose'],
      cas: null,
    });
    expect(prepareText(' 0078-70-6 ')?.cas).toBe('78-70-6');
    expect(prepareText('!!!')).toBeNull();
    expect(prepareText(undefined)).toBeNull();
  });

  it('resolves chemical references one list per reference (an unknown one to none)', () => {
    const t = new ChemicalTable(fixtureRegions);
    t.upsert(makeChemical({ id: 'van', name: 'Vanillin', cas: '121-33-5', allergen: false }));
    expect(resolveChemicalRefs(['Vanillin', '121-33-5', 'nope'], t)).toEqual([['van'], ['van'], []]);
    expect(resolveChemicalRefs(undefined, t)).toEqual([]);
  });

  it('resolves note references by taxonomy id or by name, to the note key', () => {
    const taxonomy = new Map(fixtureNotes.map((n) => [String(n.id), n]));
    const first = fixtureNotes[0]!;
    const [byId, byName] = resolveNoteRefs([String(first.id), first.name.toUpperCase()], taxonomy);
    expect(byId).toBe(byName);
  });

  it('keys brands case- and accent-insensitively', () => {
    expect(brandKeyOf('Hermès')).toBe(brandKeyOf('HERMES'));
    expect(brandKeyOf('Dolce&Gabbana')).toBe('dolce gabbana');
  });
});
