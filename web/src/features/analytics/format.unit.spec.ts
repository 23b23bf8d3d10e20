import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration } from './format.ts';

describe('formatCount', () => {
  it('shows counts under 1,000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
  });

  it('abbreviates 1,000 and more with K', () => {
    expect(formatCount(1_000)).toBe('1K');
    expect(formatCount(1_250)).toBe('1.3K');
    expect(formatCount(12_345)).toBe('12.3K');
    expect(formatCount(999_949)).toBe('999.9K');
  });

  it('abbreviates 1,000,000 and more with M, and nothing below it', () => {
    expect(formatCount(999_950)).toBe('999.9K');
    expect(formatCount(999_999)).toBe('999.9K');
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(2_540_000)).toBe('2.5M');
    expect(formatCount(1_234_567_890)).toBe('1234.6M');
  });

  it('copes with odd input', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(-1_500)).toBe('-1.5K');
    expect(formatCount(3.6)).toBe('4');
  });
});

describe('formatDuration', () => {
  it('gives minutes:seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(59.4)).toBe('0:59');
    expect(formatDuration(95.5)).toBe('1:36');
    expect(formatDuration(600)).toBe('10:00');
    expect(formatDuration(4_500)).toBe('75:00');
  });

  it('gives 0:00 for nothing measured', () => {
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
