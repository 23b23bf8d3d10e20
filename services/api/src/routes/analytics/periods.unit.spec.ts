import { describe, expect, it } from 'vitest';
import { dayRange, everyDay, PERIOD_DAYS } from './periods.ts';

describe('analytics periods', () => {
  it('cover the last N UTC days, today included', () => {
    const now = new Date('2026-03-01T23:59:59.999Z');
    expect(dayRange(PERIOD_DAYS.today, now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(dayRange(PERIOD_DAYS.week, now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(dayRange(PERIOD_DAYS.month, new Date('2026-03-01T00:00:00.000Z'))).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
    expect(dayRange(PERIOD_DAYS.year, new Date('2024-12-31T12:00:00Z'))).toEqual({
      from: '2024-01-02', // 2024 is a leap year: 366 days, the last 365 start on Jan 2
      to: '2024-12-31',
    });
  });

  it('lists every day of a range, across month and year ends', () => {
    expect(everyDay('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(everyDay('2026-01-02', '2026-01-02')).toEqual(['2026-01-02']);
    expect(everyDay('2026-01-03', '2026-01-02')).toEqual([]);
    const { from, to } = dayRange(365, new Date('2026-05-05T10:00:00Z'));
    expect(everyDay(from, to)).toHaveLength(365);
  });
});
