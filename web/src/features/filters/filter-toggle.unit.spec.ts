import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../../types/api.ts';
import { filterSide, matchesQuery, removeFilter, toggleFilter } from './filter-toggle.ts';

describe('toggleFilter', () => {
  it('adds an item to the chosen side', () => {
    const next = toggleFilter(EMPTY_FILTERS, 'chemicals', 'include', 7);
    expect(next.includeChemicals).toEqual([7]);
    expect(filterSide(next, 'chemicals', 7)).toBe('include');
  });

  it('moves an item from include to exclude (mutually exclusive)', () => {
    const included = toggleFilter(EMPTY_FILTERS, 'notes', 'include', 'rose');
    const excluded = toggleFilter(included, 'notes', 'exclude', 'rose');
    expect(excluded.includeNotes).toEqual([]);
    expect(excluded.excludeNotes).toEqual(['rose']);
  });

  it('toggles an item off when its side is selected again', () => {
    const once = toggleFilter(EMPTY_FILTERS, 'chemicals', 'exclude', 3);
    const twice = toggleFilter(once, 'chemicals', 'exclude', 3);
    expect(twice.excludeChemicals).toEqual([]);
    expect(filterSide(twice, 'chemicals', 3)).toBeNull();
  });

  it('treats numeric and string ids as the same item', () => {
    const once = toggleFilter(EMPTY_FILTERS, 'chemicals', 'include', 12);
    expect(toggleFilter(once, 'chemicals', 'include', '12').includeChemicals).toEqual([]);
  });

  it('keeps chemicals and notes apart', () => {
    const next = toggleFilter(toggleFilter(EMPTY_FILTERS, 'chemicals', 'include', 1), 'notes', 'include', 1);
    expect(next.includeChemicals).toEqual([1]);
    expect(next.includeNotes).toEqual([1]);
    expect(removeFilter(next, 'notes', 1).includeChemicals).toEqual([1]);
  });
});

describe('matchesQuery', () => {
  const linalool = { name: 'Linalool', cas_number: '78-70-6' };
  it('matches a name substring case-insensitively', () => {
    expect(matchesQuery(linalool, 'LINA')).toBe(true);
  });
  it('matches a CAS substring', () => {
    expect(matchesQuery(linalool, '78-70')).toBe(true);
  });
  it('rejects other text', () => {
    expect(matchesQuery(linalool, 'citral')).toBe(false);
  });
});
