import { describe, expect, it } from 'vitest';
import { classifySearch } from './search-mode.ts';

describe('classifySearch', () => {
  it('treats blank input as no search', () => {
    expect(classifySearch('   ')).toEqual({ kind: 'empty' });
  });

  it.each([
    ['prohibited', 'prohibited'],
    ['Banned', 'prohibited'],
    ['prohibted', 'prohibited'],
    ['restricted', 'restricted'],
    ['allergen', 'allergen'],
    ['ALLERGENS', 'allergen'],
    ['prop65', 'prop65'],
    ['California  Prop 65', 'prop65'],
    ['proposition 65', 'prop65'],
  ])('maps the regulatory keyword %s to status %s', (input, status) => {
    expect(classifySearch(input)).toEqual({ kind: 'status', status });
  });

  it.each(['78-70-6', '5989-27-5', '1234567-12-3', ' 50-00-0 '])('recognises the CAS number %s', (input) => {
    expect(classifySearch(input)).toEqual({ kind: 'cas', cas: input.trim() });
  });

  it.each(['12345678-12-3', '78-7-6', '78-70-66', '78_70_6', 'a78-70-6'])(
    'does not take %s for a CAS number',
    (input) => {
      expect(classifySearch(input).kind).toBe('text');
    },
  );

  it('searches perfumes for anything else, trimmed', () => {
    expect(classifySearch('  Chanel No 5 ')).toEqual({ kind: 'text', query: 'Chanel No 5' });
    expect(classifySearch('allergen free')).toEqual({ kind: 'text', query: 'allergen free' });
  });
});
