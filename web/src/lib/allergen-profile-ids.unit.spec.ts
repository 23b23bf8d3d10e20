import { describe, expect, it } from 'vitest';
import { withProfileExcluded } from '../app/profile-filters.ts';
import { EMPTY_FILTERS } from '../types/api.ts';
import {
  constituentNames,
  expandedProfileItems,
  expandProfileIds,
  profileChemicalIds,
} from './allergen-profile-ids.ts';

describe('patch-test entries in the allergen profile', () => {
  const profile = [
    { id: 'patch:fm2', name: 'Fragrance mix II' },
    { id: 'chem-91-64-5', name: 'Coumarin' },
    { id: 7, name: 'Something numeric' },
  ];

  it('expands a mix to its constituents, keeping plain ids as given and each once', () => {
    const ids = expandProfileIds(profile.map((p) => p.id));
    expect(ids).toContain('chem-5392-40-5');
    expect(ids).toContain('chem-31906-04-4');
    expect(ids).toContain(7);
    expect(ids.filter((id) => id === 'chem-91-64-5')).toHaveLength(1);
    expect(ids.some((id) => String(id).startsWith('patch:'))).toBe(false);
    expect(profileChemicalIds(profile)).toHaveLength(7);
  });

  it('names the constituents for marking cards and for the printed sheet', () => {
    const items = expandedProfileItems(profile);
    expect(items.map((i) => i.name)).toContain('Citral');
    expect(constituentNames(profile[0]!)).toContain('Farnesol');
    expect(constituentNames(profile[1]!)).toEqual([]);
  });

  it('makes "Safe for me" exclude the constituents, not the mix', () => {
    const filters = withProfileExcluded(EMPTY_FILTERS, ['patch:fm1']);
    expect(filters.excludeChemicals).toContain('chem-97-54-1');
    expect(filters.excludeChemicals).not.toContain('patch:fm1');
  });
});
