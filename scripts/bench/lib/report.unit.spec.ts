import { describe, expect, it } from 'vitest';
import { formatRatio, formatTable, median, percentile } from './report.ts';

describe('percentile', () => {
  it('takes the nearest rank of the sorted values', () => {
    const values = [5, 1, 4, 2, 3];
    expect(median(values)).toBe(3);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile(values, 1)).toBe(5);
    expect(percentile([10, 20, 30, 40], 0.5)).toBe(20);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.99)).toBe(10);
  });

  it('is NaN without values and rejects a quantile outside 0..1', () => {
    expect(median([])).toBeNaN();
    expect(() => percentile([1], 1.5)).toThrow(/0\.\.1/);
  });
});

describe('formatRatio', () => {
  it('divides the project by the peer', () => {
    expect(formatRatio(3, 2)).toBe('1.50x');
    expect(formatRatio(1, 4)).toBe('0.250x');
    expect(formatRatio(58, 21812)).toBe('0.00266x');
    expect(formatRatio(123, 10)).toBe('12.30x');
  });

  it('says n/a for a zero or missing peer', () => {
    expect(formatRatio(1, 0)).toBe('n/a');
    expect(formatRatio(Number.NaN, 1)).toBe('n/a');
  });
});

describe('formatTable', () => {
  it('aligns columns, text left and numbers right, with every key of every row', () => {
    const text = formatTable([
      { target: 'hello-world', 'req/s': 12000, size: '102.8 kB' },
      { target: 'app', 'req/s': 800, size: '0.5 kB', ok: 'yes' },
    ]);
    expect(text.split('\n')).toEqual([
      'target       req/s      size  ok',
      '-----------  -----  --------  ---',
      'hello-world  12000  102.8 kB',
      'app            800    0.5 kB  yes',
    ]);
  });

  it('says so when there is nothing to show', () => {
    expect(formatTable([])).toBe('(no rows)');
  });
});
