import { describe, expect, it } from 'vitest';
import {
  normalizeBrandSuggestions,
  normalizeChemicalSuggestions,
  SUGGEST_MIN_CHARS,
  startsToSpell,
  suggestionText,
} from './get-suggestions.ts';

describe('suggestionText', () => {
  it('suggests for plain text of two or more characters, trimmed', () => {
    expect(SUGGEST_MIN_CHARS).toBe(2);
    expect(suggestionText('ro')).toBe('ro');
    expect(suggestionText('  Rose Absolue ')).toBe('Rose Absolue');
  });

  it('does not suggest for short input, CAS numbers or regulatory keywords (they list chemicals)', () => {
    expect(suggestionText('')).toBeNull();
    expect(suggestionText(' r ')).toBeNull();
    expect(suggestionText('78-70-6')).toBeNull();
    expect(suggestionText('prohibited')).toBeNull();
    expect(suggestionText('Prop 65')).toBeNull();
  });
});

describe('brand and chemical suggestions', () => {
  it('offers a name only when the text starts to spell it or one of its words', () => {
    expect(startsToSpell('Chanel', 'chan')).toBe(true);
    expect(startsToSpell('Maison Francis Kurkdjian', 'franc')).toBe(true);
    expect(startsToSpell('Hermès', 'herme')).toBe(true);
    expect(startsToSpell('Merchant of Venice', 'chan')).toBe(false);
    expect(startsToSpell('Chanel', '')).toBe(false);
  });

  it('reads the picker answers, keeps only names the text spells, at most two of each', () => {
    const brands = normalizeBrandSuggestions(
      {
        brands: [
          { name: 'Chanel', perfume_count: 182 },
          { name: 'Merchant of Venice', perfume_count: 40 },
          { name: 'Chantecaille', perfume_count: 12 },
          { name: 'Chantal Thomass', perfume_count: 9 },
        ],
      },
      'chan',
    );
    expect(brands).toEqual([
      { name: 'Chanel', perfumeCount: 182 },
      { name: 'Chantecaille', perfumeCount: 12 },
    ]);
    expect(
      normalizeChemicalSuggestions(
        { chemicals: [{ id: 'chem-78-70-6', name: 'Linalool', cas_number: '78-70-6' }, { name: 'no id' }] },
        'linal',
      ),
    ).toEqual([{ id: 'chem-78-70-6', name: 'Linalool', cas: '78-70-6', alias: null }]);
    // A chemical found by another name is offered with that name; one matching neither is not.
    expect(
      normalizeChemicalSuggestions(
        {
          chemicals: [
            {
              id: 'chem-80-54-6',
              name: 'Butylphenyl Methylpropional',
              cas_number: '80-54-6',
              matched_name: 'Lilial',
            },
            { id: 'chem-x', name: 'Something else', cas_number: null, matched_name: 'Other' },
            { id: 'chem-y', name: 'Another', cas_number: null },
          ],
        },
        'lili',
      ),
    ).toEqual([{ id: 'chem-80-54-6', name: 'Butylphenyl Methylpropional', cas: '80-54-6', alias: 'Lilial' }]);
    expect(normalizeBrandSuggestions(null, 'chan')).toEqual([]);
    expect(normalizeChemicalSuggestions({ chemicals: 'nope' }, 'x')).toEqual([]);
  });
});
