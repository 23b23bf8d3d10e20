import { describe, expect, it } from 'vitest';
import { noteVariants } from './note-canonical.ts';

describe('noteVariants', () => {
  it('tries the name outside the brackets, without its origin words, before the bracketed name', () => {
    const forms = noteVariants('Moroccan Petitgrain (Bitter Orange)');
    expect(forms[0]).toBe('moroccan petitgrain bitter orange');
    // Petitgrain is the leaf oil of the bitter orange tree; "bitter orange" alone is its peel oil.
    expect(forms.indexOf('petitgrain')).toBeGreaterThan(-1);
    expect(forms.indexOf('petitgrain')).toBeLessThan(forms.indexOf('bitter orange'));
  });

  it('still reaches the bracketed name when the outside is only an origin or a form', () => {
    expect(noteVariants('Oud (Agarwood)').slice(0, 3)).toEqual(['oud agarwood', 'oud', 'agarwood']);
    expect(noteVariants('Madagascar (Vanilla)')).toContain('vanilla');
  });

  it('drops origin and form words and makes the last word singular', () => {
    const forms = noteVariants('Madagascar Vanilla Absolute');
    expect(forms).toContain('vanilla');
    expect(noteVariants('Violets')).toContain('violet');
  });
});
