import { describe, expect, it } from 'vitest';
import { SUGGEST_MIN_CHARS, suggestionText } from './get-suggestions.ts';

describe('suggestionText', () => {
  it('suggests for plain text of two or more characters, trimmed', () => {
    expect(SUGGEST_MIN_CHARS).toBe(2);
    expect(suggestionText('ro')).toBe('ro');
    expect(suggestionText('  Rose Absolue ')).toBe('Rose Absolue');
  });

  it('does not suggest for short input, CAS numbers or regulatory keywords (they list chemicals)', () => {
    expect(suggestionText('')).toBeNull();
    expect(suggestionText(' r ')).toBeNull();
    expect(suggestionText('78-70-6')).toBeNull();
    expect(suggestionText('prohibited')).toBeNull();
    expect(suggestionText('Prop 65')).toBeNull();
  });
});
