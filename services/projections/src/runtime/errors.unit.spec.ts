import { describe, expect, it } from 'vitest';
import { isTransientError } from './errors.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('isTransientError', () => {
  it('treats connection, shutdown, resource and concurrency failures as transient', () => {
    for (const code of ['08006', '08001', '57P01', '53300', '40001', '40P01', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isTransientError(pgError(code)), code).toBe(true);
    }
    expect(isTransientError(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('treats handler and data errors as the event failing', () => {
    for (const code of ['23502', '23505', '42P01', '22P02', '57014', 'SC409']) {
      expect(isTransientError(pgError(code)), code).toBe(false);
    }
    expect(isTransientError(new Error('Usage event has no valid metadata.occurredAt'))).toBe(false);
    expect(isTransientError('boom')).toBe(false);
    expect(isTransientError(null)).toBe(false);
  });
});
