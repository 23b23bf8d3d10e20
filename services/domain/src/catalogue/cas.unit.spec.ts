import { describe, expect, it } from 'vitest';
import { isValidCas, looksLikeCas, normalizeCas, normalizeEc } from './cas.ts';

describe('isValidCas', () => {
  it.each(['78-70-6', '5989-27-5', '91-64-5', '31906-04-4', '90028-68-5', '7732-18-5', '50-00-0'])(
    'accepts %s',
    (cas) => {
      expect(isValidCas(cas)).toBe(true);
    },
  );

  it('rejects a wrong check digit', () => {
    expect(isValidCas('78-70-5')).toBe(false);
    expect(isValidCas('5989-27-4')).toBe(false);
  });

  it.each(['78706', '78-7-6', '78-70-66', '1-70-6', '12345678-70-6', ' 78-70-6', 'abc-de-f', '078-70-6', ''])(
    'rejects malformed %j',
    (value) => {
      expect(isValidCas(value)).toBe(false);
    },
  );
});

describe('normalizeCas', () => {
  it('returns canonical numbers unchanged', () => {
    expect(normalizeCas('78-70-6')).toBe('78-70-6');
  });

  it('tolerates spaces, Unicode dashes, leading zeros and a zero-padded check digit', () => {
    expect(normalizeCas(' 78-70-6 ')).toBe('78-70-6');
    expect(normalizeCas('78\u201170\u20116')).toBe('78-70-6');
    expect(normalizeCas('000078-70-6')).toBe('78-70-6');
    expect(normalizeCas('9000-01-05')).toBe('9000-01-5');
  });

  it('returns null for bad check digits and malformed input', () => {
    expect(normalizeCas('78-70-7')).toBeNull();
    expect(normalizeCas('9000-01-15')).toBeNull();
    expect(normalizeCas('1301152')).toBeNull();
    expect(normalizeCas('93920-')).toBeNull();
    expect(normalizeCas('Diverse')).toBeNull();
  });
});

describe('looksLikeCas', () => {
  it('checks the shape only', () => {
    expect(looksLikeCas('78-70-7')).toBe(true);
    expect(looksLikeCas('203-379-2')).toBe(false);
  });
});

describe('normalizeEc', () => {
  it('checks the EC mod-11 check digit', () => {
    expect(normalizeEc('201-134-4')).toBe('201-134-4');
    expect(normalizeEc('201-134-5')).toBeNull();
    expect(normalizeEc('78-70-6')).toBeNull();
  });
});
