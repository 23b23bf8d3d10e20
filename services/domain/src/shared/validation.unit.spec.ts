import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAcceptablePassword,
  isCasSearchQuery,
  isValidCas,
  isValidConcentration,
  isValidEmail,
  isValidEntityId,
  isValidSessionId,
  isValidUsername,
  normalizeCas,
  normalizeEmail,
  uniqueNameKey,
} from './validation.ts';

/** Builds a CAS number with the right check digit from its first two groups (independent oracle). */
function casWithCheckDigit(first: string, second: string): string {
  const digits = `${first}${second}`.split('').reverse();
  const sum = digits.reduce((acc, d, i) => acc + Number(d) * (i + 1), 0);
  return `${first}-${second}-${sum % 10}`;
}

const firstGroup = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 6 }),
  )
  .map(([head, tail]) => `${head}${tail.join('')}`);
const secondGroup = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));

describe('CAS numbers', () => {
  it('accepts well-known CAS numbers', () => {
    for (const cas of [
      '78-70-6',
      '5989-27-5',
      '91-64-5',
      '97-53-0',
      '31906-04-4',
      '90028-68-5',
      '7732-18-5',
    ]) {
      expect(isValidCas(cas), cas).toBe(true);
    }
  });

  it('rejects a wrong check digit and malformed text', () => {
    expect(isValidCas('78-70-5')).toBe(false);
    expect(isValidCas('5989-27-6')).toBe(false);
    for (const bad of ['', '78706', '78-7-6', '7-70-6', '12345678-12-1', 'abc-de-f', '78-70-6x']) {
      expect(isValidCas(bad), bad).toBe(false);
    }
  });

  it('normalizes spacing, dashes and leading zeros', () => {
    expect(normalizeCas(' 0078-70-6 ')).toBe('78-70-6');
    expect(normalizeCas('78\u201370\u20136')).toBe('78-70-6');
    expect(normalizeCas('78-70-5')).toBeNull();
    expect(normalizeCas('not a cas')).toBeNull();
  });

  it('property: a number built with the right check digit is valid and normalizes to itself', () => {
    fc.assert(
      fc.property(firstGroup, secondGroup, (first, second) => {
        const cas = casWithCheckDigit(first, second);
        return isValidCas(cas) && normalizeCas(cas) === cas;
      }),
    );
  });

  it('property: any other check digit is rejected', () => {
    fc.assert(
      fc.property(firstGroup, secondGroup, fc.integer({ min: 1, max: 9 }), (first, second, shift) => {
        const valid = casWithCheckDigit(first, second);
        const wrong = (Number(valid.slice(-1)) + shift) % 10;
        return !isValidCas(`${first}-${second}-${wrong}`);
      }),
    );
  });

  it('recognises the CAS search pattern (1–7 digits, 2 digits, 1 digit)', () => {
    expect(isCasSearchQuery('78-70-6')).toBe(true);
    expect(isCasSearchQuery(' 1-23-4 ')).toBe(true);
    expect(isCasSearchQuery('linalool')).toBe(false);
    expect(isCasSearchQuery('12345678-12-1')).toBe(false);
  });
});

describe('concentrations', () => {
  it('accepts 0 to 100 in steps of 0.01', () => {
    for (const ok of [0, 0.01, 0.07, 0.1, 1, 33.33, 99.99, 100])
      expect(isValidConcentration(ok), String(ok)).toBe(true);
  });

  it('rejects out-of-range, finer steps and non-numbers', () => {
    for (const bad of [
      -0.01,
      100.01,
      0.001,
      12.345,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '5',
      null,
      undefined,
    ]) {
      expect(isValidConcentration(bad), String(bad)).toBe(false);
    }
  });

  it('property: every hundredth from 0 to 100 is valid, whatever float error the division leaves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) =>
        isValidConcentration(hundredths / 100),
      ),
    );
  });

  it('property: a value between two hundredths is invalid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999 }),
        fc.integer({ min: 1, max: 9 }),
        (hundredths, thousandth) => !isValidConcentration((hundredths * 10 + thousandth) / 1000),
      ),
    );
  });

  it('property: values outside 0–100 are invalid', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ max: -1e-9, noNaN: true }), fc.double({ min: 100.000001, noNaN: true })),
        (value) => !isValidConcentration(value),
      ),
    );
  });
});

describe('accounts', () => {
  it('checks emails', () => {
    expect(isValidEmail('Ana@Example.com')).toBe(true);
    expect(isValidEmail('first.last+tag@sub.example.co.uk')).toBe(true);
    for (const bad of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@b',
      'a b@example.com',
      'a@@example.com',
      'a@-x.com',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(normalizeEmail('  Ana@Example.COM ')).toBe('ana@example.com');
  });

  it('checks usernames', () => {
    expect(isValidUsername('ana')).toBe(true);
    expect(isValidUsername('Åsa_perfumer.2')).toBe(true);
    for (const bad of ['ab', '_ana', 'ana smith', 'a'.repeat(33), 'ana!']) {
      expect(isValidUsername(bad), bad).toBe(false);
    }
  });

  it('checks passwords before hashing', () => {
    expect(isAcceptablePassword('correct horse')).toBe(true);
    expect(isAcceptablePassword('short')).toBe(false);
    expect(isAcceptablePassword('        ')).toBe(false);
  });
});

describe('ids and names', () => {
  it('entity ids cannot hold separators', () => {
    expect(isValidEntityId('chem-78-70-6')).toBe(true);
    expect(isValidEntityId('chanel--no-5')).toBe(true);
    for (const bad of ['', 'a:b', 'a/b', 'a b', '-lead']) expect(isValidEntityId(bad), bad).toBe(false);
  });

  it('session ids', () => {
    expect(isValidSessionId('session_1700000000_abc123')).toBe(true);
    expect(isValidSessionId('abc')).toBe(false);
    expect(isValidSessionId('has:colon1')).toBe(false);
  });

  it('unique name key ignores case, accents and spacing', () => {
    expect(uniqueNameKey('  Linalyl   Acétate ')).toBe(uniqueNameKey('linalyl acetate'));
  });
});
