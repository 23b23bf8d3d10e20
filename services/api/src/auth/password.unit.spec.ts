import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  hashSessionToken,
  looksLikeSessionToken,
  newSessionToken,
  verifyPassword,
} from './password.ts';

const FAST = { N: 2 ** 10, r: 8, p: 1, keyLength: 32 };

describe('password hashing (scrypt)', () => {
  it('stores the parameters with a random salt and verifies only the right password', async () => {
    const a = await hashPassword('correct horse', FAST);
    const b = await hashPassword('correct horse', FAST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    await expect(verifyPassword('correct horse', a)).resolves.toBe(true);
    await expect(verifyPassword('correct horsE', a)).resolves.toBe(false);
    await expect(verifyPassword('', a)).resolves.toBe(false);
  });

  it('uses N = 2^15, r = 8, p = 1 by default', async () => {
    expect(await hashPassword('pw')).toMatch(/^scrypt\$32768\$8\$1\$/);
  });

  it('refuses malformed or abusive stored hashes instead of throwing', async () => {
    const good = await hashPassword('pw', FAST);
    const parts = good.split('$');
    for (const bad of [
      '',
      'plain-text',
      'bcrypt$10$abc',
      parts.slice(0, 5).join('$'),
      ['scrypt', 2 ** 24, 8, 1, parts[4], parts[5]].join('$'),
      ['scrypt', 1000, 8, 1, parts[4], parts[5]].join('$'),
      ['scrypt', 1024, 8, 1, '', parts[5]].join('$'),
    ]) {
      await expect(verifyPassword('pw', bad), bad).resolves.toBe(false);
    }
  });
});

describe('session tokens', () => {
  it('are 32 random bytes (base64url) and stored as sha256', () => {
    const token = newSessionToken();
    expect(token).toHaveLength(43);
    expect(looksLikeSessionToken(token)).toBe(true);
    expect(looksLikeSessionToken(`${token}x`)).toBe(false);
    expect(looksLikeSessionToken('not a token')).toBe(false);
    expect(newSessionToken()).not.toBe(token);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).not.toContain(token);
  });
});
