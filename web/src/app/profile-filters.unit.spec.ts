import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../types/api.ts';
import { withProfileExcluded } from './profile-filters.ts';

describe('withProfileExcluded', () => {
  it('leaves filters alone for an empty profile', () => {
    expect(withProfileExcluded(EMPTY_FILTERS, [])).toBe(EMPTY_FILTERS);
  });

  it('excludes every profile chemical once and drops it from the includes', () => {
    const filters = { ...EMPTY_FILTERS, includeChemicals: [1, 2], excludeChemicals: ['3'] };
    expect(withProfileExcluded(filters, [2, 3])).toEqual({
      ...EMPTY_FILTERS,
      includeChemicals: [1],
      excludeChemicals: [2, 3],
    });
  });
});
