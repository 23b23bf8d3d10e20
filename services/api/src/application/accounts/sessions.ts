import { randomUUID } from 'node:crypto';
import { type Account, accountStreamId, accounts, DomainError } from '@scentinel/domain';
import {
  hashSessionToken,
  newSessionToken,
  verifyAgainstDummy,
  verifyPassword,
} from '../../auth/password.ts';
import { type CommandCaller, handleCommand } from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';

export const INVALID_CREDENTIALS_DETAIL = 'Invalid email or password';

export interface SignedInSession {
  account: Account;
  token: string;
  expiresAt: string;
}

/**
 * Signs in with email and password: the read model finds the account, but the password and the
 * status are checked against the account's own stream. Wrong email, wrong password and an account
 * that may not sign in all answer the same `unauthorized` refusal (an unknown email still spends
 * the time of one hash check). Concurrent sign-ins append to the same stream: one that lost the
 * race decides again on the fresh state, checking the password again only if it changed.
 */
export async function signIn(
  deps: ApplicationDeps,
  caller: Pick<CommandCaller, 'requestId' | 'log'>,
  credentials: { email: string; password: string },
): Promise<SignedInSession> {
  const refuse = () => new DomainError('unauthorized', INVALID_CREDENTIALS_DETAIL);
  const found = await deps.accounts.byEmail(credentials.email);
  if (!found) {
    await verifyAgainstDummy(credentials.password);
    throw refuse();
  }
  // The hash the password was checked against.
  let verifiedHash: string | null = null;
  const token = newSessionToken();
  const outcome = await handleCommand(
    deps,
    { actor: null, requestId: caller.requestId, ...(caller.log && { log: caller.log }) },
    {
      streamId: accountStreamId(found.id),
      folder: accounts,
      retryOnConflict: true,
      recordedActor: ({ state }) =>
        state.status === 'registered'
          ? { kind: 'account', id: state.account.id, role: state.account.role, status: state.account.status }
          : null,
      decide: async ({ state }, now) => {
        if (state.status !== 'registered') throw refuse();
        const hash = state.account.password_hash;
        if (hash !== verifiedHash) {
          if (!(await verifyPassword(credentials.password, hash))) throw refuse();
          verifiedHash = hash;
        }
        const account = state.account;
        return accounts.decide(
          {
            type: 'SignIn',
            data: {
              account_id: account.id,
              session_id: `ses-${randomUUID()}`,
              token_hash: hashSessionToken(token),
            },
          },
          state,
          { now: now.toISOString(), actor: null },
        );
      },
    },
  );
  const signedIn = outcome.events.find((e) => e.type === 'SignedIn');
  if (signedIn?.type !== 'SignedIn' || outcome.before.state.status !== 'registered')
    throw new Error('SignIn gave no SignedIn event');
  return { account: outcome.before.state.account, token, expiresAt: signedIn.data.expires_at };
}

/** Revokes one session of the signed-in account. */
export async function signOut(
  deps: ApplicationDeps,
  caller: CommandCaller,
  sessionId: string,
): Promise<void> {
  const actor = caller.actor;
  if (actor === null) throw new DomainError('unauthorized', 'Please sign in to sign out');
  await handleCommand(deps, caller, {
    streamId: accountStreamId(actor.id),
    folder: accounts,
    retryOnConflict: true,
    decide: ({ state }, now) =>
      accounts.decide({ type: 'SignOut', data: { account_id: actor.id, session_id: sessionId } }, state, {
        now: now.toISOString(),
        actor,
      }),
  });
}
