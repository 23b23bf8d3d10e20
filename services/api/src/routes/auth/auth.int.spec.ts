import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Harness, PASSWORD, startHarness } from '../../auth/testing/accounts-harness.ts';

const DAY = 86_400_000;

describe('accounts: register, sign in, sessions (real event log and read models)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('registers a regular user, signs them in at once, and answers /auth/me', async () => {
    const res = await h.call('POST', '/api/auth/register', {
      body: { email: 'Ada@Example.test', username: 'ada', password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      pending_approval: false,
      user: { username: 'ada', email: 'ada@example.test', role: 'regular_user', status: 'active' },
    });
    expect(body.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toContain('scrypt');

    const me = await h.call('GET', '/api/auth/me', { token: body.session_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ username: 'ada', role: 'regular_user' });

    const events = await h.eventLog.readStream(`account:${body.user.id}`);
    expect(events.map((e) => e.type)).toEqual(['AccountRegistered', 'SignedIn']);
    // Only hashes reach the log: the scrypt hash with its parameters, the token's sha256.
    const registered = events[0]!.data as { password_hash: string };
    expect(registered.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
    expect(JSON.stringify(events)).not.toContain(body.session_token);
    expect(events[0]!.metadata).toMatchObject({ actorId: body.user.id, actorRole: 'regular_user' });
  });

  it('registers manufacturers and retailers as pending, without a session; they may sign in', async () => {
    for (const role of ['manufacturer', 'retailer']) {
      const res = await h.call('POST', '/api/auth/register', {
        body: { email: `${role}@example.test`, username: `${role}-co`, password: PASSWORD, role },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        detail: 'Registration successful! Your account is pending admin approval.',
        pending_approval: true,
        user: { role, status: 'pending' },
      });
      expect(res.json().session_token).toBeUndefined();
      const login = await h.call('POST', '/api/auth/login', {
        body: { email: `${role}@example.test`, password: PASSWORD },
      });
      // Signing in shows them their pending status; contributing waits for approval (matrix test).
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ role, status: 'pending' });
      expect(typeof login.json().session_token).toBe('string');
    }
  });

  it('refuses an admin registration and unknown roles, appending nothing', async () => {
    const before = await h.head();
    const admin = await h.call('POST', '/api/auth/register', {
      body: { email: 'evil@example.test', username: 'evil', password: PASSWORD, role: 'admin' },
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().detail).toMatch(/Admin accounts cannot be registered/);
    const unknown = await h.call('POST', '/api/auth/register', {
      body: { email: 'x@example.test', username: 'xrole', password: PASSWORD, role: 'superuser' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/Role must be one of/);
    expect(await h.head()).toBe(before);
  });

  it('answers 409 with a detail for a duplicate email or username (case-insensitive)', async () => {
    await h.signUp('regular_user', 'grace');
    const before = await h.head();
    const email = await h.call('POST', '/api/auth/register', {
      body: { email: 'GRACE@example.test', username: 'someone-else', password: PASSWORD },
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ detail: 'An account with this email already exists', code: 'conflict' });
    const username = await h.call('POST', '/api/auth/register', {
      body: { email: 'other@example.test', username: 'Grace', password: PASSWORD },
    });
    expect(username.statusCode).toBe(409);
    expect(username.json().detail).toBe('This username is already taken');
    expect(await h.head()).toBe(before);
  });

  it('lets only one of two concurrent registrations with the same email through', async () => {
    const body = (username: string) => ({ email: 'race@example.test', username, password: PASSWORD });
    const results = await Promise.all([
      h.call('POST', '/api/auth/register', { body: body('racer-one') }),
      h.call('POST', '/api/auth/register', { body: body('racer-two') }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses bad registration input with 400 and a detail', async () => {
    const before = await h.head();
    const cases: unknown[] = [
      {},
      { email: 'not-an-email', username: 'valid-name', password: PASSWORD },
      { email: 'ok@example.test', username: 'x', password: PASSWORD },
      { email: 'ok@example.test', username: 'valid-name', password: 'short' },
      { email: 'ok@example.test', username: 'valid-name', password: 12345678 },
      { email: ['a'], username: 'valid-name', password: PASSWORD },
      { email: 'ok@example.test', username: 'valid-name', password: 'p'.repeat(2000) },
    ];
    for (const payload of cases) {
      const res = await h.call('POST', '/api/auth/register', { body: payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toEqual(expect.any(String));
    }
    const notJson = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().detail).toBe('Request body is not valid JSON');
    const huge = await h.call('POST', '/api/auth/register', {
      body: { email: 'a@example.test', username: 'big', password: PASSWORD, pad: 'x'.repeat(64 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe('Request body is too large');
    expect(await h.head()).toBe(before);
  });

  it('signs in with the right password only (same answer for an unknown email)', async () => {
    const { email } = await h.signUp('regular_user', 'linus');
    const wrong = await h.call('POST', '/api/auth/login', { body: { email, password: 'wrong password!' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Invalid email or password');
    const unknown = await h.call('POST', '/api/auth/login', {
      body: { email: 'nobody@example.test', password: PASSWORD },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe('Invalid email or password');
    const ok = await h.call('POST', '/api/auth/login', {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user: { username: 'linus', role: 'regular_user', status: 'active' } });
    expect(ok.json().session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs the bootstrap admin in with ADMIN_EMAIL / ADMIN_PASSWORD', async () => {
    const res = await h.call('POST', '/api/auth/login', { body: ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', status: 'active' });
  });

  it('revokes the session on logout; the token then gets 401', async () => {
    const { token } = await h.signUp('regular_user');
    const logout = await h.call('POST', '/api/auth/logout', { token });
    expect(logout.statusCode).toBe(200);
    const me = await h.call('GET', '/api/auth/me', { token });
    expect(me.statusCode).toBe(401);
    expect(me.json().detail).toBe('Your session has ended. Please sign in again.');
    const again = await h.call('POST', '/api/auth/logout', { token });
    expect(again.statusCode).toBe(401);
    const anonymous = await h.call('POST', '/api/auth/logout');
    expect(anonymous.statusCode).toBe(401);
  });

  it('expires sessions after 7 days', async () => {
    const { token } = await h.signUp('regular_user');
    h.clock.advance(6 * DAY);
    expect((await h.call('GET', '/api/auth/me', { token })).statusCode).toBe(200);
    h.clock.advance(1 * DAY + 1000);
    const me = await h.call('GET', '/api/auth/me', { token });
    expect(me.statusCode).toBe(401);
    expect(me.json().detail).toBe('Your session has expired. Please sign in again.');
  });

  it('refuses tampered and malformed tokens with 401', async () => {
    const { token } = await h.signUp('regular_user');
    const tampered = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
    for (const header of [`Bearer ${tampered}`, 'Bearer abc', `Basic ${token}`, `Bearer ${token} extra`]) {
      const res = await h.call('GET', '/api/auth/me', { headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
      expect(res.json().detail, header).toEqual(expect.any(String));
    }
  });

  it('bootstrapping the admin again changes nothing', async () => {
    const { bootstrapAdmin } = await import('../../application/accounts/bootstrap-admin.ts');
    const before = await h.head();
    await expect(bootstrapAdmin({ admin: ADMIN }, h.deps)).resolves.toEqual({
      created: false,
      reason: 'exists',
    });
    await expect(bootstrapAdmin({ admin: undefined }, h.deps)).resolves.toEqual({
      created: false,
      reason: 'not-configured',
    });
    expect(await h.head()).toBe(before);
  });
});

describe('accounts: rate limits', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ authRateLimit: { max: 3, timeWindowMs: 60_000 } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 429 with a detail after too many sign-in attempts from one IP', async () => {
    const attempt = () =>
      h.call('POST', '/api/auth/login', { body: { email: 'x@example.test', password: 'nope nope' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/Too many attempts/),
    });
    // Another IP is not limited.
    const other = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.9',
      payload: { email: 'x@example.test', password: 'nope nope' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('limits registration too', async () => {
    const before = await h.head();
    const attempt = () =>
      h.call('POST', '/api/auth/register', { body: { email: 'bad', username: 'u', password: 'x' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
    expect(await h.head()).toBe(before);
  });
});
