import { describe, expect, it } from 'vitest';
import type { Chemical } from '../../../types/api.ts';
import { chosenBrand, normalizeBrandNames, normalizeBrandPerfumes } from './bulk-assign.ts';
import { changedFields, draftOf, EMPTY_DRAFT, toPayload } from './chemical-manager.ts';

const linalool: Chemical = {
  id: 'c1',
  name: 'Linalool',
  cas_number: '78-70-6',
  type: 'synthetic',
  allergen_flag: true,
};

describe('chemical manager helpers', () => {
  it('defaults the type to natural and sends blank optional texts as null', () => {
    expect(EMPTY_DRAFT.type).toBe('natural');
    expect(toPayload({ ...EMPTY_DRAFT, name: '  Hedione ', cas_number: ' ', description: '' })).toEqual({
      name: 'Hedione',
      type: 'natural',
      cas_number: null,
      description: null,
      allergen_flag: false,
    });
  });

  it('sends only the fields an edit changed', () => {
    const draft = { ...draftOf(linalool), description: 'Floral', allergen_flag: false };
    expect(changedFields(linalool, draft)).toEqual({ description: 'Floral', allergen_flag: false });
    expect(changedFields(linalool, draftOf(linalool))).toEqual({});
  });
});

describe('bulk assignment helpers', () => {
  it('reads brand names and perfumes with their chemical counts', () => {
    expect(normalizeBrandNames({ brands: [{ name: 'b' }, { name: 'A' }, 'b', 7] })).toEqual(['b', 'A']);
    expect(
      normalizeBrandPerfumes({
        perfumes: [
          { id: 'p1', name: 'One', brand: 'A', chemical_count: 3 },
          { id: 'p2', name: 'Two', chemicals: [{}, {}] },
          { name: 'no id' },
        ],
      }),
    ).toEqual([
      { id: 'p1', name: 'One', brand: 'A', chemical_count: 3 },
      { id: 'p2', name: 'Two', brand: '', chemical_count: 2 },
    ]);
  });
});

describe('chosenBrand', () => {
  it('names a brand only when the typed value equals a listed match, ignoring case and spaces', () => {
    const matches = ['Chanel', 'Chantal Thomass'];
    expect(chosenBrand(' chanel ', matches)).toBe('Chanel');
    expect(chosenBrand('Chan', matches)).toBe('');
    expect(chosenBrand('', matches)).toBe('');
  });
});
