import { accountStreamId, accounts, DomainError } from '@scentinel/domain';
import { metadataFor, toNewEvents } from '@scentinel/platform';
import { describe, expect, it } from 'vitest';
import { handleCommand } from './command-handler.ts';
import { inMemoryApp } from './testing/in-memory-deps.ts';

const ACCOUNT = 'acc-1';
const registered = {
  type: 'AccountRegistered' as const,
  data: {
    account_id: ACCOUNT,
    email: 'ann@example.test',
    username: 'ann',
    role: 'manufacturer' as const,
    password_hash: 'scrypt$x',
    status: 'pending' as const,
    bootstrap: false,
  },
};
const admin = {
  kind: 'account' as const,
  id: 'acc-admin',
  role: 'admin' as const,
  status: 'active' as const,
};

describe('handleCommand', () => {
  it('decides on the loaded state and appends with its version and the caller in the metadata', async () => {
    const app = inMemoryApp();
    await app.given(accountStreamId(ACCOUNT), [registered]);
    const outcome = await handleCommand(
      app.deps,
      { actor: admin, requestId: 'req-1' },
      {
        streamId: accountStreamId(ACCOUNT),
        folder: accounts,
        decide: ({ state }, now) =>
          accounts.decide({ type: 'ApproveAccount', data: { account_id: ACCOUNT } }, state, {
            now: now.toISOString(),
            actor: admin,
          }),
      },
    );
    expect(outcome.before.version).toBe(1);
    expect(outcome.after.version).toBe(2);
    expect(outcome.after.state.status === 'registered' && outcome.after.state.account.status).toBe('active');
    const stored = await app.stream(accountStreamId(ACCOUNT));
    expect(stored.map((e) => e.type)).toEqual(['AccountRegistered', 'AccountApproved']);
    expect(stored[1]?.metadata).toMatchObject({ actorId: admin.id, actorRole: 'admin', requestId: 'req-1' });
  });

  it('writes nothing when decide refuses', async () => {
    const app = inMemoryApp();
    const attempt = handleCommand(
      app.deps,
      { actor: admin, requestId: null },
      {
        streamId: accountStreamId(ACCOUNT),
        folder: accounts,
        decide: ({ state }, now) =>
          accounts.decide({ type: 'ApproveAccount', data: { account_id: ACCOUNT } }, state, {
            now: now.toISOString(),
            actor: admin,
          }),
      },
    );
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    expect(await app.eventLog.headPosition()).toBe(0);
  });

  /** A decide that lets another write to the stream get in before its own append, once. */
  function racingApproval(app: ReturnType<typeof inMemoryApp>, seen: number[]) {
    return async ({ state, version }: { state: accounts.AccountState; version: number }, now: Date) => {
      seen.push(version);
      if (seen.length === 1) {
        const revoked = {
          type: 'SessionRevoked' as const,
          data: { account_id: ACCOUNT, session_id: 'ses-x' },
        };
        await app.eventLog.append(
          accountStreamId(ACCOUNT),
          toNewEvents([revoked], metadataFor(null, null, now)),
          version,
        );
      }
      return accounts.decide({ type: 'ApproveAccount', data: { account_id: ACCOUNT } }, state, {
        now: now.toISOString(),
        actor: admin,
      });
    };
  }

  it('decides again on the fresh state when another write got in first, where the command allows it', async () => {
    const app = inMemoryApp();
    await app.given(accountStreamId(ACCOUNT), [registered]);
    const seen: number[] = [];
    const outcome = await handleCommand(
      app.deps,
      { actor: admin, requestId: null },
      {
        streamId: accountStreamId(ACCOUNT),
        folder: accounts,
        retryOnConflict: true,
        decide: racingApproval(app, seen),
      },
    );
    expect(seen).toEqual([1, 2]);
    expect(outcome.after.version).toBe(3);
    expect((await app.stream(accountStreamId(ACCOUNT))).map((e) => e.type)).toEqual([
      'AccountRegistered',
      'SessionRevoked',
      'AccountApproved',
    ]);
  });

  it('answers the version conflict when the command must not be decided again', async () => {
    const app = inMemoryApp();
    await app.given(accountStreamId(ACCOUNT), [registered]);
    const seen: number[] = [];
    const attempt = handleCommand(
      app.deps,
      { actor: admin, requestId: null },
      { streamId: accountStreamId(ACCOUNT), folder: accounts, decide: racingApproval(app, seen) },
    );
    await expect(attempt).rejects.toMatchObject({ name: 'WrongExpectedVersionError' });
    expect(seen).toEqual([1]);
    expect((await app.stream(accountStreamId(ACCOUNT))).map((e) => e.type)).toEqual([
      'AccountRegistered',
      'SessionRevoked',
    ]);
  });
});
