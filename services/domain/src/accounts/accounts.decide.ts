/**
 * Accounts: commands and decide. Registration is open for regular users, manufacturers and
 * retailers (the latter two start `pending`); `admin` only comes from the bootstrap command run by
 * the system actor. Admins approve or reject pending accounts. The API checks the password
 * against the stored hash before it sends SignIn: decide only checks the account may sign in.
 */
import type { CommandContext } from '../shared/context.ts';
import { requireAdmin, requireSignedIn, requireSystem } from '../shared/context.ts';
import { DomainError, validationError } from '../shared/errors.ts';
import type { CommandOf } from '../shared/event.ts';
import { entityId, oneOf, requiredText } from '../shared/fields.ts';
import {
  EMAIL_MAX_LENGTH,
  isValidEmail,
  isValidUsername,
  normalizeEmail,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  usernameKey,
} from '../shared/validation.ts';
import type { Account, AccountEvent, AccountRole, AccountSession, AccountState } from './accounts.events.ts';
import { rolesNeedingApproval, selfServiceRoles } from './accounts.events.ts';

interface Credentials {
  account_id: string;
  email: string;
  username: string;
  /** KDF hash of the password, made by the API. */
  password_hash: string;
}

export type RegisterAccount = CommandOf<'RegisterAccount', Credentials & { role?: AccountRole | null }>;
export type CreateBootstrapAdmin = CommandOf<'CreateBootstrapAdmin', Credentials>;
export type ApproveAccount = CommandOf<'ApproveAccount', { account_id: string }>;
export type RejectAccount = CommandOf<'RejectAccount', { account_id: string; reason: string }>;
export type SignIn = CommandOf<
  'SignIn',
  { account_id: string; session_id: string; token_hash: string; ttl_seconds?: number | null }
>;
export type SignOut = CommandOf<'SignOut', { account_id: string; session_id: string }>;

export type AccountCommand =
  | RegisterAccount
  | CreateBootstrapAdmin
  | ApproveAccount
  | RejectAccount
  | SignIn
  | SignOut;

export interface AccountsContext extends CommandContext {
  /** Accounts whose email or username (case-insensitive) equals the command's, from the read model. */
  sameEmailOrUsername?: { account_id: string; email: string; username: string }[];
  /** For CreateBootstrapAdmin: whether any admin account exists already. */
  adminExists?: boolean;
}

/** Sessions last 7 days unless SignIn asks for another lifetime (1 minute to 90 days). */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;
export const SESSION_TTL_MAX_SECONDS = 90 * 24 * 3600;
export const REASON_MAX_LENGTH = 1000;

export const PENDING_APPROVAL_DETAIL = 'Your account is pending admin approval';
export const REJECTED_DETAIL = 'Your account registration was not approved';

export function decide(
  command: AccountCommand,
  state: AccountState,
  context: AccountsContext,
): AccountEvent[] {
  switch (command.type) {
    case 'RegisterAccount':
      return register(command.data, command.data.role ?? 'regular_user', false, state, context);
    case 'CreateBootstrapAdmin':
      requireSystem(context.actor, 'create the first admin');
      if (context.adminExists) throw new DomainError('conflict', 'An admin account already exists');
      return register(command.data, 'admin', true, state, context);
    case 'ApproveAccount':
      return review(command.data.account_id, null, state, context);
    case 'RejectAccount':
      return review(
        command.data.account_id,
        requiredText(command.data.reason, 'reason', 'A reason', REASON_MAX_LENGTH),
        state,
        context,
      );
    case 'SignIn':
      return signIn(command.data, state, context);
    case 'SignOut':
      return signOut(command.data, state, context);
    default: {
      const _exhaustive: never = command;
      throw validationError(`Unknown command ${(command as { type?: unknown }).type}`);
    }
  }
}

function register(
  data: Credentials,
  requestedRole: unknown,
  bootstrap: boolean,
  state: AccountState,
  context: AccountsContext,
): AccountEvent[] {
  const accountId = entityId(data.account_id, 'account_id', 'Account id');
  if (!bootstrap && requestedRole === 'admin') {
    throw new DomainError(
      'forbidden',
      'Admin accounts cannot be registered; choose regular_user, manufacturer or retailer',
      'role',
    );
  }
  const role: AccountRole = bootstrap
    ? 'admin'
    : oneOf(requestedRole, selfServiceRoles, 'role', 'Role', 'regular_user');
  const emailText = requiredText(data.email, 'email', 'Email', EMAIL_MAX_LENGTH);
  if (!isValidEmail(emailText)) throw validationError('Please enter a valid email address', 'email');
  const email = normalizeEmail(emailText);
  const username = requiredText(data.username, 'username', 'Username', USERNAME_MAX_LENGTH);
  if (!isValidUsername(username)) {
    throw validationError(
      `Username must be ${USERNAME_MIN_LENGTH}–${USERNAME_MAX_LENGTH} letters, digits, '_', '.' or '-', starting with a letter or digit`,
      'username',
    );
  }
  const passwordHash = requiredText(data.password_hash, 'password_hash', 'Password hash', 1024);
  if (state.status !== 'absent') throw new DomainError('conflict', `Account ${accountId} already exists`);
  for (const other of context.sameEmailOrUsername ?? []) {
    if (other.account_id === accountId) continue;
    if (normalizeEmail(other.email) === email) {
      throw new DomainError('conflict', 'An account with this email already exists', 'email');
    }
    if (usernameKey(other.username) === usernameKey(username)) {
      throw new DomainError('conflict', 'This username is already taken', 'username');
    }
  }
  return [
    {
      type: 'AccountRegistered',
      data: {
        account_id: accountId,
        email,
        username,
        role,
        password_hash: passwordHash,
        status: rolesNeedingApproval.includes(role) ? 'pending' : 'active',
        bootstrap,
      },
    },
  ];
}

/** Approve (reason null) or reject a pending account. */
function review(
  accountId: string,
  reason: string | null,
  state: AccountState,
  context: AccountsContext,
): AccountEvent[] {
  requireAdmin(context.actor, reason === null ? 'approve accounts' : 'reject accounts');
  const account = requireAccount(accountId, state);
  if (account.status !== 'pending') {
    throw new DomainError(
      'invalid_state',
      `Account ${account.username} is not pending approval (it is ${account.status})`,
    );
  }
  return reason === null
    ? [{ type: 'AccountApproved', data: { account_id: account.id, role: account.role } }]
    : [{ type: 'AccountRejected', data: { account_id: account.id, role: account.role, reason } }];
}

function signIn(data: SignIn['data'], state: AccountState, context: AccountsContext): AccountEvent[] {
  const account = requireAccount(data.account_id, state);
  // Pending manufacturers and retailers may sign in (and see their status); contributing waits for
  // an admin's approval (contributions `decide`). Rejected accounts cannot sign in.
  if (account.status === 'rejected') throw new DomainError('forbidden', REJECTED_DETAIL);
  const sessionId = entityId(data.session_id, 'session_id', 'Session id');
  const tokenHash = requiredText(data.token_hash, 'token_hash', 'Token hash', 1024);
  const ttl = data.ttl_seconds ?? SESSION_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > SESSION_TTL_MAX_SECONDS) {
    throw validationError(`Session lifetime must be 60 to ${SESSION_TTL_MAX_SECONDS} seconds`, 'ttl_seconds');
  }
  if (state.status === 'registered' && state.sessions.some((s) => s.session_id === sessionId)) {
    throw new DomainError('conflict', `Session ${sessionId} already exists`);
  }
  return [
    {
      type: 'SignedIn',
      data: {
        account_id: account.id,
        session_id: sessionId,
        token_hash: tokenHash,
        expires_at: addSeconds(context.now, ttl),
      },
    },
  ];
}

function signOut(data: SignOut['data'], state: AccountState, context: AccountsContext): AccountEvent[] {
  const actor = requireSignedIn(context.actor, 'sign out');
  const account = requireAccount(data.account_id, state);
  const own = actor.kind === 'account' && actor.id === account.id;
  if (!own) requireAdmin(actor, "end another account's session");
  const session =
    state.status === 'registered' ? state.sessions.find((s) => s.session_id === data.session_id) : undefined;
  if (!session) throw new DomainError('not_found', `Session ${data.session_id} not found`);
  if (session.revoked) return [];
  return [
    {
      type: 'SessionRevoked',
      data: {
        account_id: account.id,
        session_id: session.session_id,
        reason: own ? 'signed_out' : 'revoked_by_admin',
      },
    },
  ];
}

function requireAccount(accountId: unknown, state: AccountState): Account {
  const id = entityId(accountId, 'account_id', 'Account id');
  if (state.status === 'absent') throw new DomainError('not_found', `Account ${id} not found`);
  return state.account;
}

function addSeconds(iso: string, seconds: number): string {
  const start = Date.parse(iso);
  if (Number.isNaN(start)) throw new Error(`context.now is not an ISO timestamp: ${iso}`);
  return new Date(start + seconds * 1000).toISOString();
}

/** A session the bearer token may still use at `now`. */
export function isSessionActive(session: AccountSession, now: string): boolean {
  return !session.revoked && Date.parse(session.expires_at) > Date.parse(now);
}
