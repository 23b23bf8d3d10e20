import { describe, expect, it } from 'vitest';
import { concentration, contributionBody, emptyRow, normalizePerfumeOptions } from './contribute.ts';

describe('contribution form', () => {
  it('starts a row with type synthetic and empty concentrations', () => {
    expect(emptyRow()).toMatchObject({
      name: '',
      type: 'synthetic',
      concentration_min: '',
      concentration_max: '',
    });
    expect(emptyRow().key).not.toBe(emptyRow().key);
  });

  it('sends an empty concentration as null', () => {
    expect(concentration('')).toBeNull();
    expect(concentration('  ')).toBeNull();
    expect(concentration('0')).toBe(0);
    expect(concentration('12.5')).toBe(12.5);
  });

  it('builds the submission body with the contributor id and role', () => {
    const row = { ...emptyRow(), name: ' Linalool ', cas_number: '78-70-6', concentration_max: '1.25' };
    expect(
      contributionBody(
        { id: 'acc-1', username: 'm', email: 'm@x', role: 'manufacturer' },
        'p-1',
        [row],
        '  ',
      ),
    ).toEqual({
      contribution: {
        perfume_id: 'p-1',
        chemical_data: [
          {
            name: 'Linalool',
            type: 'synthetic',
            cas_number: '78-70-6',
            concentration_min: null,
            concentration_max: 1.25,
            allergen_flag: false,
          },
        ],
        contributor_notes: null,
      },
      contributor_id: 'acc-1',
      contributor_role: 'manufacturer',
    });
  });

  it('reads the perfume picker options', () => {
    expect(normalizePerfumeOptions({ perfumes: [{ id: 'p', name: 'N', brand: 'B' }, { id: 2 }] })).toEqual([
      { id: 'p', name: 'N', brand: 'B' },
    ]);
  });
});
