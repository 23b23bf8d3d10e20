/**
 * Accounts: events, state and evolve. Stream: `account:<account id>`. Sessions live in the
 * account's stream (signed in, revoked); tokens are only ever stored as hashes, passwords only as
 * KDF hashes made by the API.
 */
import type { AccountRole, AccountStatus } from '../shared/context.ts';
import type { DomainEventOf } from '../shared/event.ts';

export type { AccountRole, AccountStatus } from '../shared/context.ts';

/** Roles anyone may pick when registering; `admin` only comes from the bootstrap. */
export const selfServiceRoles = ['regular_user', 'manufacturer', 'retailer'] as const;
export type SelfServiceRole = (typeof selfServiceRoles)[number];

/** Roles whose accounts wait for an admin's approval. */
export const rolesNeedingApproval: readonly AccountRole[] = ['manufacturer', 'retailer'];

export type AccountRegistered = DomainEventOf<
  'AccountRegistered',
  {
    account_id: string;
    /** Normalised (trimmed, lower-case). */
    email: string;
    username: string;
    role: AccountRole;
    /** KDF hash made by the API; the password itself never reaches the domain. */
    password_hash: string;
    status: Extract<AccountStatus, 'pending' | 'active'>;
    /** True for the admin created by the bootstrap. */
    bootstrap: boolean;
  }
>;

export type AccountApproved = DomainEventOf<'AccountApproved', { account_id: string; role: AccountRole }>;

export type AccountRejected = DomainEventOf<
  'AccountRejected',
  { account_id: string; role: AccountRole; reason: string }
>;

export type SignedIn = DomainEventOf<
  'SignedIn',
  {
    account_id: string;
    session_id: string;
    /** Hash of the bearer token (the token goes to the client once and is not stored). */
    token_hash: string;
    expires_at: string;
  }
>;

export type SessionRevoked = DomainEventOf<
  'SessionRevoked',
  { account_id: string; session_id: string; reason: 'signed_out' | 'revoked_by_admin' }
>;

export type AccountEvent = AccountRegistered | AccountApproved | AccountRejected | SignedIn | SessionRevoked;

export const accountEventTypes = [
  'AccountRegistered',
  'AccountApproved',
  'AccountRejected',
  'SignedIn',
  'SessionRevoked',
] as const satisfies readonly AccountEvent['type'][];

export interface AccountSession {
  session_id: string;
  token_hash: string;
  expires_at: string;
  revoked: boolean;
}

export interface Account {
  id: string;
  email: string;
  username: string;
  role: AccountRole;
  password_hash: string;
  status: AccountStatus;
  rejection_reason: string | null;
}

export type AccountState =
  | { status: 'absent' }
  | { status: 'registered'; account: Account; sessions: AccountSession[] };

export const initialState: AccountState = { status: 'absent' };

export function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered': {
      const d = event.data;
      return {
        status: 'registered',
        account: {
          id: d.account_id,
          email: d.email,
          username: d.username,
          role: d.role,
          password_hash: d.password_hash,
          status: d.status,
          rejection_reason: null,
        },
        sessions: [],
      };
    }
    case 'AccountApproved':
      if (state.status === 'absent') return state;
      return { ...state, account: { ...state.account, status: 'active' } };
    case 'AccountRejected':
      if (state.status === 'absent') return state;
      return {
        ...state,
        account: { ...state.account, status: 'rejected', rejection_reason: event.data.reason },
      };
    case 'SignedIn': {
      if (state.status === 'absent') return state;
      const { session_id, token_hash, expires_at } = event.data;
      return {
        ...state,
        sessions: [...state.sessions, { session_id, token_hash, expires_at, revoked: false }],
      };
    }
    case 'SessionRevoked':
      if (state.status === 'absent') return state;
      return {
        ...state,
        sessions: state.sessions.map((s) =>
          s.session_id === event.data.session_id ? { ...s, revoked: true } : s,
        ),
      };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
