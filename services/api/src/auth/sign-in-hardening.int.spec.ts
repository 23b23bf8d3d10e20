/**
 * Sign-in under pressure: simultaneous sign-ins to one account all succeed (a version conflict is
 * retried), a per-account throttle stops password guessing spread over many addresses, and
 * registration refuses short and common passwords.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHarness } from './testing/accounts-harness.ts';

describe('sign-in hardening', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ accountSignInLimit: { max: 5, timeWindowMs: 60_000 } });
  });
  afterAll(async () => h?.close());

  it('signs in six simultaneous callers to one account, each with its own working session', async () => {
    const { email } = await h.signUp('regular_user');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const tokens = answers.map((a) => (a.json() as { session_token: string }).session_token);
    expect(new Set(tokens).size).toBe(6);
    for (const token of tokens) {
      expect((await h.call('GET', '/api/auth/me', { token })).statusCode).toBe(200);
    }
  });

  it('throttles one account after repeated failures, whichever addresses they come from', async () => {
    const { email } = await h.signUp('regular_user');
    for (let i = 0; i < 5; i += 1) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { email, password: `wrong password ${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    // The right password from a fresh address is refused too while the account is throttled.
    const blocked = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.1.1',
      payload: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
    expect((blocked.json() as { detail: string }).detail).toMatch(/failed sign-ins to this account/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await h.signUp('regular_user');
    expect(
      (await h.call('POST', '/api/auth/login', { body: { email: other.email, password: PASSWORD } }))
        .statusCode,
    ).toBe(200);
    // Unknown emails are throttled the same way (no hint which emails exist).
    const unknown = 'nobody-here@example.test';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await h.call('POST', '/api/auth/login', { body: { email: unknown, password: 'whatever 123' } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a successful sign-in clears the failures counted so far', async () => {
    const { email } = await h.signUp('regular_user');
    for (let i = 0; i < 4; i += 1) {
      await h.call('POST', '/api/auth/login', { body: { email, password: 'not it at all' } });
    }
    expect(
      (await h.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await h.call('POST', '/api/auth/login', { body: { email, password: 'not it at all' } })).statusCode,
      ).toBe(401);
    }
  });

  it('refuses short and common passwords at registration, and nothing is written', async () => {
    const before = await h.head();
    const cases: [string, RegExp][] = [
      ['short1', /8 to 256 characters/],
      ['12345678', /most common passwords/],
      ['password', /most common passwords/],
      ['qwertyuiop', /common passwords|keys/],
      ['iloveyou123', /common password/],
      ['weakuser99x', /email or username/],
    ];
    for (const [password, why] of cases) {
      const res = await h.call('POST', '/api/auth/register', {
        body: { email: 'weakuser99x@example.test', username: 'weakuser99x', password },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation' });
      expect((res.json() as { detail: string }).detail, password).toMatch(why);
    }
    expect(await h.head()).toBe(before);
    const strong = await h.call('POST', '/api/auth/register', {
      body: { email: 'weakuser99x@example.test', username: 'weakuser99x', password: 'amber cedar lantern 7' },
    });
    expect(strong.statusCode).toBe(201);
  });
});
