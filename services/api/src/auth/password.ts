import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard; Node's built-in). The parameters are stored with the
 * hash (`scrypt$N$r$p$salt$hash`, salt and hash base64url), so they can be raised later without
 * breaking existing hashes. N = 2^15, r = 8 uses 32 MiB per hash.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };

/** Stored hashes asking for more than this are refused (a tampered row must not exhaust memory). */
const MAX_N = 2 ** 20;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      params.keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16 &&
    salt.length >= 8 &&
    key.length >= 16;
  return valid ? { params: { N, r, p, keyLength: key.length }, salt, key } : null;
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for sign-ins with an unknown email (so response times do
 * not tell which emails have accounts).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Session tokens
// ---------------------------------------------------------------------------------------------

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new bearer token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Whether a string has the shape of a token we issue (checked before any lookup). */
export function looksLikeSessionToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** sha256 of the token, hex: what the log and the read model keep. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
