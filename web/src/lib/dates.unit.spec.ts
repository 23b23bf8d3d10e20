import { describe, expect, it } from 'vitest';
import { formatIsoDate } from './dates.ts';

describe('formatIsoDate', () => {
  it('writes an ISO date the way each interface language does, on one line, on the same day everywhere', () => {
    expect(formatIsoDate('2014-03-07', 'en')).toBe('Mar\u00a07,\u00a02014');
    expect(formatIsoDate('2014-03-07', 'sv')).toBe('7\u00a0mars\u00a02014');
    expect(formatIsoDate('2014-03-07', 'de')).toBe('07.03.2014');
    expect(formatIsoDate('2014-03-07', 'es')).toBe('7\u00a0mar\u00a02014');
    // The first and last day of a year stay in their year whatever the machine's time zone.
    expect(formatIsoDate('1987-01-01', 'en')).toBe('Jan\u00a01,\u00a01987');
    expect(formatIsoDate('2025-12-31', 'en')).toBe('Dec\u00a031,\u00a02025');
  });

  it('writes an ISO month as a month and year', () => {
    expect(formatIsoDate('2023-03', 'en')).toBe('Mar\u00a02023');
    expect(formatIsoDate('2023-03', 'sv')).toBe('mars\u00a02023');
    expect(formatIsoDate('2023-03', 'de')).toBe('März\u00a02023');
    expect(formatIsoDate('2023-13', 'en')).toBe('2023-13');
  });

  it('leaves anything that is not an ISO date as it is', () => {
    expect(formatIsoDate('2004', 'en')).toBe('2004');
    expect(formatIsoDate('March 30, 2024', 'de')).toBe('March 30, 2024');
    expect(formatIsoDate('', 'en')).toBe('');
    expect(formatIsoDate('2014-02-30', 'en')).toBe('2014-02-30');
    expect(formatIsoDate('2014-13-01', 'en')).toBe('2014-13-01');
  });
});
