import { randomUUID } from 'node:crypto';
import {
  type Account,
  type AccountRole,
  type AccountsContext,
  accountStreamId,
  accounts,
  DomainError,
  fold,
  normalizeEmail,
  usernameKey,
} from '@scentinel/domain';
import { hashPassword, hashSessionToken, newSessionToken } from '../../auth/password.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import { type CommandCaller, clock, handleCommand } from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const USERNAME_TAKEN = 'This username is already taken';

export interface RegisterAccountInput {
  email: string;
  username: string;
  password: string;
  /** Checked by the domain: unknown values are refused, `admin` is forbidden. */
  role: string | null;
}

export interface RegisteredAccount {
  account: Pick<Account, 'id' | 'email' | 'username' | 'role' | 'status'>;
  /** A session for active accounts (regular users); null for accounts awaiting approval. */
  session: { token: string; expiresAt: string } | null;
}

/**
 * Registers an account: the password policy, then the domain's rules (role, email, username, no
 * duplicates in the read model), then the email and username claims (which close the race between
 * two registrations of the same name), then one append of `AccountRegistered` (and `SignedIn` for
 * an active account). The claims are released when the append fails.
 */
export async function registerAccount(
  deps: ApplicationDeps,
  caller: Pick<CommandCaller, 'requestId' | 'log'>,
  input: RegisterAccountInput,
): Promise<RegisteredAccount> {
  const { email, username, password } = input;
  const weak = passwordProblem(password, [email, username, email.split('@')[0] ?? '']);
  if (weak !== null) throw new DomainError('validation', weak, 'password');
  const accountId = `acc-${randomUUID()}`;
  const context: AccountsContext = {
    now: clock(deps).toISOString(),
    actor: null,
    sameEmailOrUsername: await deps.accounts.sameEmailOrUsername(email, username),
  };
  const data = { account_id: accountId, email, username, role: input.role as AccountRole | null };
  // Validate (and refuse duplicates and `admin`) before spending time on the hash.
  const checked = accounts.decide(
    { type: 'RegisterAccount', data: { ...data, password_hash: 'unhashed' } },
    accounts.initialState,
    context,
  )[0];
  if (checked?.type !== 'AccountRegistered') throw new Error('RegisterAccount gave no AccountRegistered');
  // The new account is the actor of its own registration.
  const actor = {
    kind: 'account' as const,
    id: accountId,
    role: checked.data.role,
    status: checked.data.status,
  };
  const passwordHash = await hashPassword(password);

  const claims = [`email:${normalizeEmail(email)}`, `username:${usernameKey(username)}`];
  const held = await deps.claims.claim(accountId, claims, {
    accountExists: async (id) => (await deps.eventLog.streamVersion(accountStreamId(id))) > 0,
  });
  if (held !== null)
    throw new DomainError('conflict', held.startsWith('email:') ? EMAIL_TAKEN : USERNAME_TAKEN);

  let token: string | null = null;
  try {
    const outcome = await handleCommand(
      deps,
      { actor, requestId: caller.requestId, ...(caller.log && { log: caller.log }) },
      {
        streamId: accountStreamId(accountId),
        folder: accounts,
        decide: (loaded, now) => {
          const at = { ...context, now: now.toISOString() };
          const events = accounts.decide(
            { type: 'RegisterAccount', data: { ...data, password_hash: passwordHash } },
            loaded.state,
            at,
          );
          const registered = fold(accounts.evolve, loaded.state, events);
          if (registered.status !== 'registered' || registered.account.status !== 'active') return events;
          token = newSessionToken();
          const signIn = {
            type: 'SignIn' as const,
            data: {
              account_id: accountId,
              session_id: `ses-${randomUUID()}`,
              token_hash: hashSessionToken(token),
            },
          };
          return [...events, ...accounts.decide(signIn, registered, at)];
        },
      },
    );
    const state = outcome.after.state;
    if (state.status !== 'registered') throw new Error('RegisterAccount gave no AccountRegistered');
    const signedIn = outcome.events.find((e) => e.type === 'SignedIn');
    return {
      account: {
        id: state.account.id,
        email: state.account.email,
        username: state.account.username,
        role: state.account.role,
        status: state.account.status,
      },
      session:
        token !== null && signedIn?.type === 'SignedIn'
          ? { token, expiresAt: signedIn.data.expires_at }
          : null,
    };
  } catch (error) {
    await deps.claims.release(accountId, claims).catch(() => {});
    throw error;
  }
}
