import { describe, expect, it } from 'vitest';
import { checkScanFile, formatConfidence, SCAN_MAX_BYTES } from './scan-file.ts';

describe('checkScanFile', () => {
  it('accepts JPEG, PNG and WebP up to 10 MB', () => {
    expect(checkScanFile({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkScanFile({ type: 'image/png', size: SCAN_MAX_BYTES })).toBeNull();
    expect(checkScanFile({ type: 'image/webp', size: 1 })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(checkScanFile({ type: 'application/pdf', size: 1000 })).toBe('invalidType');
    expect(checkScanFile({ type: 'image/gif', size: 1000 })).toBe('invalidType');
    expect(checkScanFile({ type: '', size: 1000 })).toBe('invalidType');
    expect(checkScanFile({ type: 'image/jpeg', size: SCAN_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});

describe('formatConfidence', () => {
  it('shows a fraction as a percentage with one decimal', () => {
    expect(formatConfidence(0.8754, 'en')).toBe('87.5%');
    expect(formatConfidence(1, 'en')).toBe('100.0%');
    expect(formatConfidence(0, 'en')).toBe('0.0%');
    expect(formatConfidence(1.7, 'en')).toBe('100.0%');
  });
});
