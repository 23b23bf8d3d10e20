import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { isRetryable, loadErrorMessage, MAX_RETRIES, retryDelayMs } from './initial-load.ts';

describe('initial load rules', () => {
  it('retries 3 times, waiting 1, 2 and 3 seconds', () => {
    expect(MAX_RETRIES).toBe(3);
    expect([1, 2, 3].map(retryDelayMs)).toEqual([1000, 2000, 3000]);
  });

  it('picks the error text for each kind of failure', () => {
    expect(loadErrorMessage(new ApiError('timeout', 'slow'))).toEqual({ key: 'error.timeout' });
    expect(loadErrorMessage(new ApiError('http', 'boom', 503))).toEqual({ key: 'error.server', status: 503 });
    expect(loadErrorMessage(new ApiError('network', 'offline'))).toEqual({ key: 'error.network' });
    expect(loadErrorMessage(new ApiError('invalid-response', 'html', 200))).toEqual({ key: 'error.generic' });
    expect(loadErrorMessage(new Error('other'))).toEqual({ key: 'error.generic' });
  });

  it('does not retry client errors that asking again cannot fix', () => {
    expect(isRetryable(new ApiError('http', 'bad', 400))).toBe(false);
    expect(isRetryable(new ApiError('http', 'missing', 404))).toBe(false);
    expect(isRetryable(new ApiError('http', 'busy', 429))).toBe(true);
    expect(isRetryable(new ApiError('http', 'down', 502))).toBe(true);
    expect(isRetryable(new ApiError('timeout', 'slow'))).toBe(true);
    expect(isRetryable(new ApiError('network', 'offline'))).toBe(true);
  });
});
