import { describe, expect, it } from 'vitest';
import { FINE_FRAGRANCE_CATEGORY, IFRA_CATEGORIES, parseLongDate } from './ifra-reference.ts';

describe('IFRA reference', () => {
  it('lists the 18 product categories in print order, fine fragrance among them', () => {
    expect(IFRA_CATEGORIES).toHaveLength(18);
    expect(IFRA_CATEGORIES.slice(3, 8)).toEqual(['4', '5A', '5B', '5C', '5D']);
    expect(IFRA_CATEGORIES).toContain(FINE_FRAGRANCE_CATEGORY);
  });

  it('reads long dates as the lists print them, and nothing else', () => {
    expect(parseLongDate('March 30, 2024')).toBe('2024-03-30');
    expect(parseLongDate('August 7, 2009')).toBe('2009-08-07');
    expect(parseLongDate('Delisted January 25, 2002')).toBe('2002-01-25');
    expect(parseLongDate('November, 20 2015')).toBe('2015-11-20');
    expect(parseLongDate('Not applicable.')).toBeNull();
    expect(parseLongDate('Smarch 3, 2024')).toBeNull();
    expect(parseLongDate(null)).toBeNull();
  });
});
