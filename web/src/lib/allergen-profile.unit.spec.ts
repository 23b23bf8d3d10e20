import { describe, expect, it } from 'vitest';
import { parseProfile, toggleProfileItem } from './allergen-profile.ts';

describe('parseProfile', () => {
  it('keeps well-formed entries and drops the rest and duplicates', () => {
    expect(
      parseProfile([
        { id: 1, name: 'Linalool' },
        { id: '1', name: 'Again' },
        { id: 2 },
        'x',
        null,
        { id: 'c', name: 'Citral' },
      ]),
    ).toEqual([
      { id: 1, name: 'Linalool' },
      { id: 'c', name: 'Citral' },
    ]);
  });
  it('rejects a value that is not a list', () => {
    expect(parseProfile({ id: 1 })).toBeNull();
  });
});

describe('toggleProfileItem', () => {
  it('adds then removes an item', () => {
    const added = toggleProfileItem([], { id: 5, name: 'Eugenol' });
    expect(added).toEqual([{ id: 5, name: 'Eugenol' }]);
    expect(toggleProfileItem(added, { id: '5', name: 'Eugenol' })).toEqual([]);
  });
});
