import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/context.ts';
import { systemActor } from '../shared/context.ts';
import { given } from '../shared/testing.ts';
import type { AccountCommand, AccountsContext } from './accounts.decide.ts';
import { decide, isSessionActive } from './accounts.decide.ts';
import type { AccountEvent, AccountRegistered, AccountState } from './accounts.events.ts';
import { evolve, initialState } from './accounts.events.ts';

const now = '2025-01-02T03:04:05.000Z';
const admin: Actor = { kind: 'account', id: 'acc-admin', role: 'admin', status: 'active' };
const anonymous: AccountsContext = { now, actor: null };
const asAdmin: AccountsContext = { now, actor: admin };

const spec = (events: AccountEvent[] = []) => given(evolve, initialState, events);
const run =
  (command: AccountCommand, context: AccountsContext = anonymous) =>
  (state: AccountState) =>
    decide(command, state, context);

const register = (
  data: Partial<Extract<AccountCommand, { type: 'RegisterAccount' }>['data']> = {},
): AccountCommand => ({
  type: 'RegisterAccount',
  data: {
    account_id: 'acc-1',
    email: ' Ana@Example.com ',
    username: 'ana',
    password_hash: '$scrypt$N=16384$abc',
    ...data,
  },
});

const registered = (
  role: AccountRegistered['data']['role'],
  status: 'pending' | 'active',
): AccountRegistered => ({
  type: 'AccountRegistered',
  data: {
    account_id: 'acc-1',
    email: 'ana@example.com',
    username: 'ana',
    role,
    password_hash: '$scrypt$N=16384$abc',
    status,
    bootstrap: false,
  },
});

describe('RegisterAccount', () => {
  it('registers a regular user as active, with a normalised email and only the hash', () => {
    spec()
      .when(run(register()))
      .thenEmits([registered('regular_user', 'active')]);
  });

  it('manufacturers and retailers start pending', () => {
    spec()
      .when(run(register({ role: 'manufacturer' })))
      .thenEmits([registered('manufacturer', 'pending')]);
    spec()
      .when(run(register({ role: 'retailer' })))
      .thenEmits([registered('retailer', 'pending')]);
  });

  it('refuses to register an admin', () => {
    spec()
      .when(run(register({ role: 'admin' })))
      .thenThrows('forbidden', /Admin accounts cannot be registered/);
  });

  it('validates email, username, role and hash', () => {
    spec()
      .when(run(register({ email: 'nope' })))
      .thenThrows('validation', 'Please enter a valid email address');
    spec()
      .when(run(register({ email: '' })))
      .thenThrows('validation', 'Email is required');
    spec()
      .when(run(register({ username: 'a b' })))
      .thenThrows('validation', /Username must be/);
    spec()
      .when(run(register({ role: 'owner' as never })))
      .thenThrows('validation', /Role must be one of/);
    spec()
      .when(run(register({ password_hash: '' })))
      .thenThrows('validation');
  });

  it('refuses a taken email or username', () => {
    const taken = (email: string, username: string): AccountsContext => ({
      ...anonymous,
      sameEmailOrUsername: [{ account_id: 'acc-0', email, username }],
    });
    spec()
      .when(run(register(), taken('ANA@example.com', 'other')))
      .thenThrows('conflict', 'An account with this email already exists');
    spec()
      .when(run(register(), taken('x@example.com', 'ANA')))
      .thenThrows('conflict', 'This username is already taken');
    spec([registered('regular_user', 'active')])
      .when(run(register()))
      .thenThrows('conflict');
  });
});

describe('CreateBootstrapAdmin', () => {
  const bootstrap: AccountCommand = {
    type: 'CreateBootstrapAdmin',
    data: {
      account_id: 'acc-1',
      email: 'ana@example.com',
      username: 'ana',
      password_hash: '$scrypt$N=16384$abc',
    },
  };

  it('creates an active admin when run by the system', () => {
    spec()
      .when(run(bootstrap, { now, actor: systemActor() }))
      .thenEmits([
        {
          ...registered('admin', 'active'),
          data: { ...registered('admin', 'active').data, bootstrap: true },
        },
      ]);
  });

  it('only the system may, and only while no admin exists', () => {
    spec().when(run(bootstrap, asAdmin)).thenThrows('forbidden');
    spec()
      .when(run(bootstrap, { now, actor: systemActor(), adminExists: true }))
      .thenThrows('conflict');
  });
});

describe('ApproveAccount / RejectAccount', () => {
  const approve: AccountCommand = { type: 'ApproveAccount', data: { account_id: 'acc-1' } };
  const reject = (reason: string): AccountCommand => ({
    type: 'RejectAccount',
    data: { account_id: 'acc-1', reason },
  });

  it('an admin approves or rejects a pending account', () => {
    spec([registered('retailer', 'pending')])
      .when(run(approve, asAdmin))
      .thenEmits([{ type: 'AccountApproved', data: { account_id: 'acc-1', role: 'retailer' } }]);
    spec([registered('retailer', 'pending')])
      .when(run(reject(' Unknown company '), asAdmin))
      .thenEmits([
        {
          type: 'AccountRejected',
          data: { account_id: 'acc-1', role: 'retailer', reason: 'Unknown company' },
        },
      ]);
  });

  it('only a pending account, only by an admin, with a reason to reject', () => {
    spec([registered('regular_user', 'active')])
      .when(run(approve, asAdmin))
      .thenThrows('invalid_state', /not pending/);
    spec([
      registered('retailer', 'pending'),
      { type: 'AccountApproved', data: { account_id: 'acc-1', role: 'retailer' } },
    ])
      .when(run(reject('late'), asAdmin))
      .thenThrows('invalid_state');
    spec().when(run(approve, asAdmin)).thenThrows('not_found');
    spec([registered('retailer', 'pending')])
      .when(run(approve))
      .thenThrows('unauthorized');
    spec([registered('retailer', 'pending')])
      .when(run(approve, { now, actor: { kind: 'account', id: 'x', role: 'retailer', status: 'active' } }))
      .thenThrows('forbidden');
    spec([registered('retailer', 'pending')])
      .when(run(reject('  '), asAdmin))
      .thenThrows('validation', 'A reason is required');
  });
});

describe('SignIn / SignOut', () => {
  const signIn = (session_id = 'sess-1', ttl_seconds?: number): AccountCommand => ({
    type: 'SignIn',
    data: { account_id: 'acc-1', session_id, token_hash: 'sha256:abc', ttl_seconds },
  });
  const self: AccountsContext = {
    now,
    actor: { kind: 'account', id: 'acc-1', role: 'regular_user', status: 'active' },
  };
  const signedIn: AccountEvent = {
    type: 'SignedIn',
    data: {
      account_id: 'acc-1',
      session_id: 'sess-1',
      token_hash: 'sha256:abc',
      expires_at: '2025-01-09T03:04:05.000Z',
    },
  };
  const signOut: AccountCommand = { type: 'SignOut', data: { account_id: 'acc-1', session_id: 'sess-1' } };

  it('opens a session that expires after 7 days by default', () => {
    spec([registered('regular_user', 'active')])
      .when(run(signIn()))
      .thenEmits([signedIn]);
    const [event] = decide(
      signIn('sess-2', 3600),
      evolve(initialState, registered('regular_user', 'active')),
      anonymous,
    );
    expect(event?.type === 'SignedIn' && event.data.expires_at).toBe('2025-01-02T04:04:05.000Z');
  });

  it('pending accounts can sign in; rejected accounts cannot; unknown accounts are not found', () => {
    const [event] = decide(signIn(), evolve(initialState, registered('manufacturer', 'pending')), anonymous);
    expect(event?.type).toBe('SignedIn');
    spec([
      registered('manufacturer', 'pending'),
      { type: 'AccountRejected', data: { account_id: 'acc-1', role: 'manufacturer', reason: 'x' } },
    ])
      .when(run(signIn()))
      .thenThrows('forbidden', /not approved/);
    spec().when(run(signIn())).thenThrows('not_found');
  });

  it('refuses a reused session id and a silly lifetime', () => {
    spec([registered('regular_user', 'active'), signedIn])
      .when(run(signIn()))
      .thenThrows('conflict');
    spec([registered('regular_user', 'active')])
      .when(run(signIn('sess-3', 5)))
      .thenThrows('validation');
  });

  it('signs out once; a second sign-out changes nothing', () => {
    spec([registered('regular_user', 'active'), signedIn])
      .when(run(signOut, self))
      .thenEmits([
        { type: 'SessionRevoked', data: { account_id: 'acc-1', session_id: 'sess-1', reason: 'signed_out' } },
      ]);
    spec([
      registered('regular_user', 'active'),
      signedIn,
      { type: 'SessionRevoked', data: { account_id: 'acc-1', session_id: 'sess-1', reason: 'signed_out' } },
    ])
      .when(run(signOut, self))
      .thenNothing();
  });

  it('only the owner or an admin ends a session; unknown sessions are not found', () => {
    spec([registered('regular_user', 'active'), signedIn])
      .when(run(signOut, asAdmin))
      .thenEmits([
        {
          type: 'SessionRevoked',
          data: { account_id: 'acc-1', session_id: 'sess-1', reason: 'revoked_by_admin' },
        },
      ]);
    spec([registered('regular_user', 'active'), signedIn])
      .when(
        run(signOut, {
          now,
          actor: { kind: 'account', id: 'acc-2', role: 'regular_user', status: 'active' },
        }),
      )
      .thenThrows('forbidden');
    spec([registered('regular_user', 'active')])
      .when(run(signOut, self))
      .thenThrows('not_found');
  });

  it('isSessionActive looks at revocation and expiry', () => {
    const session = {
      session_id: 's',
      token_hash: 'h',
      expires_at: '2025-01-09T00:00:00.000Z',
      revoked: false,
    };
    expect(isSessionActive(session, now)).toBe(true);
    expect(isSessionActive(session, '2025-01-09T00:00:00.000Z')).toBe(false);
    expect(isSessionActive({ ...session, revoked: true }, now)).toBe(false);
  });
});
