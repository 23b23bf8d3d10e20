import { accountStreamId } from '@scentinel/domain';
import { describe, expect, it } from 'vitest';
import { inMemoryApp } from '../testing/in-memory-deps.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { EMAIL_TAKEN, registerAccount } from './register-account.ts';
import { reviewAccount } from './review-account.ts';
import { INVALID_CREDENTIALS_DETAIL, signIn, signOut } from './sessions.ts';

const PASSWORD = 'correct horse battery';
const caller = { requestId: 'req-1' };
const admin = {
  kind: 'account' as const,
  id: 'acc-admin',
  role: 'admin' as const,
  status: 'active' as const,
};

describe('registerAccount', () => {
  it('registers a regular user and signs them in, in one append', async () => {
    const app = inMemoryApp();
    const { account, session } = await registerAccount(app.deps, caller, {
      email: 'Ann@Example.test',
      username: 'ann',
      password: PASSWORD,
      role: null,
    });
    expect(account).toMatchObject({ email: 'ann@example.test', role: 'regular_user', status: 'active' });
    expect(session?.token).toMatch(/\S{20,}/);
    const stored = await app.stream(accountStreamId(account.id));
    expect(stored.map((e) => e.type)).toEqual(['AccountRegistered', 'SignedIn']);
    expect(new Set(stored.map((e) => e.position)).size).toBe(2);
    expect(stored[0]?.metadata).toMatchObject({ actorId: account.id, actorRole: 'regular_user' });
  });

  it('registers a manufacturer as pending, without a session', async () => {
    const app = inMemoryApp();
    const { account, session } = await registerAccount(app.deps, caller, {
      email: 'maker@example.test',
      username: 'maker',
      password: PASSWORD,
      role: 'manufacturer',
    });
    expect(account.status).toBe('pending');
    expect(session).toBeNull();
    expect((await app.stream(accountStreamId(account.id))).map((e) => e.type)).toEqual(['AccountRegistered']);
  });

  it('refuses a taken email, a weak password and the admin role, writing nothing', async () => {
    const app = inMemoryApp();
    await registerAccount(app.deps, caller, {
      email: 'a@example.test',
      username: 'ann1',
      password: PASSWORD,
      role: null,
    });
    const head = await app.eventLog.headPosition();
    await expect(
      registerAccount(app.deps, caller, {
        email: 'A@example.test',
        username: 'other',
        password: PASSWORD,
        role: null,
      }),
    ).rejects.toMatchObject({ code: 'conflict', detail: EMAIL_TAKEN });
    await expect(
      registerAccount(app.deps, caller, {
        email: 'b@example.test',
        username: 'bob1',
        password: 'password',
        role: null,
      }),
    ).rejects.toMatchObject({ code: 'validation' });
    await expect(
      registerAccount(app.deps, caller, {
        email: 'c@example.test',
        username: 'cat1',
        password: PASSWORD,
        role: 'admin',
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(await app.eventLog.headPosition()).toBe(head);
  });
});

describe('signIn and signOut', () => {
  it('checks the password against the stream and appends a session; a wrong one writes nothing', async () => {
    const app = inMemoryApp();
    const { account } = await registerAccount(app.deps, caller, {
      email: 'ann@example.test',
      username: 'ann',
      password: PASSWORD,
      role: null,
    });
    const head = await app.eventLog.headPosition();
    await expect(
      signIn(app.deps, caller, { email: 'ann@example.test', password: 'wrong password!' }),
    ).rejects.toMatchObject({ code: 'unauthorized', detail: INVALID_CREDENTIALS_DETAIL });
    await expect(
      signIn(app.deps, caller, { email: 'nobody@example.test', password: PASSWORD }),
    ).rejects.toMatchObject({
      code: 'unauthorized',
      detail: INVALID_CREDENTIALS_DETAIL,
    });
    expect(await app.eventLog.headPosition()).toBe(head);

    const session = await signIn(app.deps, caller, { email: 'ann@example.test', password: PASSWORD });
    expect(session.account.id).toBe(account.id);
    const stored = await app.stream(accountStreamId(account.id));
    expect(stored.at(-1)).toMatchObject({ type: 'SignedIn', metadata: { actorId: account.id } });

    const sessionId = (stored.at(-1)!.data as { session_id: string }).session_id;
    const actor = { kind: 'account' as const, id: account.id, role: account.role, status: account.status };
    await signOut(app.deps, { actor, requestId: null }, sessionId);
    expect((await app.stream(accountStreamId(account.id))).at(-1)?.type).toBe('SessionRevoked');
  });

  it('gives simultaneous sign-ins to one account each their own session', async () => {
    const app = inMemoryApp();
    const { account } = await registerAccount(app.deps, caller, {
      email: 'ann@example.test',
      username: 'ann',
      password: PASSWORD,
      role: null,
    });
    const sessions = await Promise.all(
      [1, 2, 3].map(() => signIn(app.deps, caller, { email: 'ann@example.test', password: PASSWORD })),
    );
    expect(new Set(sessions.map((s) => s.token)).size).toBe(3);
    const signedIn = (await app.stream(accountStreamId(account.id))).filter((e) => e.type === 'SignedIn');
    expect(signedIn).toHaveLength(4);
  });
});

describe('reviewAccount', () => {
  it('approves a pending account once; a second review is refused', async () => {
    const app = inMemoryApp();
    const { account } = await registerAccount(app.deps, caller, {
      email: 'maker@example.test',
      username: 'maker',
      password: PASSWORD,
      role: 'retailer',
    });
    await reviewAccount(app.deps, { actor: admin, requestId: null }, account.id, null);
    expect((await app.deps.accounts.byId(account.id))?.status).toBe('active');
    await expect(
      reviewAccount(app.deps, { actor: admin, requestId: null }, account.id, 'too late'),
    ).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('refuses a review by someone who is not an admin', async () => {
    const app = inMemoryApp();
    const { account } = await registerAccount(app.deps, caller, {
      email: 'maker@example.test',
      username: 'maker',
      password: PASSWORD,
      role: 'retailer',
    });
    const user = {
      kind: 'account' as const,
      id: 'acc-u',
      role: 'regular_user' as const,
      status: 'active' as const,
    };
    await expect(
      reviewAccount(app.deps, { actor: user, requestId: null }, account.id, null),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('bootstrapAdmin', () => {
  it('creates the configured admin once, as the system, and it can sign in', async () => {
    const app = inMemoryApp();
    const config = { admin: { email: 'root@example.test', password: 'a long admin password' } };
    const created = await bootstrapAdmin(config, app.deps);
    expect(created).toMatchObject({ created: true, username: 'admin' });
    const accountId = created.created ? created.accountId : '';
    const stored = await app.stream(accountStreamId(accountId));
    expect(stored.map((e) => e.type)).toEqual(['AccountRegistered']);
    expect(stored[0]?.metadata).toMatchObject({ actorId: 'bootstrap', actorRole: 'system' });
    expect(await bootstrapAdmin(config, app.deps)).toEqual({ created: false, reason: 'exists' });
    expect(await bootstrapAdmin({ admin: undefined }, app.deps)).toEqual({
      created: false,
      reason: 'not-configured',
    });
    const session = await signIn(app.deps, caller, {
      email: 'root@example.test',
      password: 'a long admin password',
    });
    expect(session.account.role).toBe('admin');
  });
});
