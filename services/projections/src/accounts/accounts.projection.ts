import { type AccountEvent, usernameKey } from '@scentinel/domain';
import type { SqlExecutor, StoredEvent } from '@scentinel/platform';
import type { PostgresProjection, ProjectionContext } from '../runtime/projection.ts';

export const ACCOUNTS_PROJECTION = 'accounts';

/** The account events this read model applies (domain `accountEventTypes`). */
export const ACCOUNT_EVENT_TYPES = [
  'AccountRegistered',
  'AccountApproved',
  'AccountRejected',
  'SignedIn',
  'SessionRevoked',
] as const satisfies readonly AccountEvent['type'][];

/**
 * Accounts and their sessions, as the API's sign-in, session check and admin approval list need
 * them: `accounts` (credentials, role, approval status) and `account_sessions` (token hashes with
 * expiry and revocation). Only hashes are stored: the password's KDF hash and the token's sha256.
 * No unique constraints on email or username here: uniqueness is enforced before the append
 * (`account_claims`), and a read model must never refuse an event that is already in the log.
 */
export const accountsProjection: PostgresProjection = {
  name: ACCOUNTS_PROJECTION,
  version: 1,
  kind: 'postgres',
  description: 'Accounts (credentials, role, approval status) and their sessions',
  handles: ACCOUNT_EVENT_TYPES,
  tables: ['accounts', 'account_sessions'],
  async setup(tx, ctx) {
    const accounts = ctx.tableName('accounts');
    const sessions = ctx.tableName('account_sessions');
    await tx.exec(`
      CREATE TABLE ${accounts} (
        id text PRIMARY KEY,
        email text NOT NULL,
        username text NOT NULL,
        username_key text NOT NULL,
        role text NOT NULL,
        status text NOT NULL,
        password_hash text NOT NULL,
        rejection_reason text,
        bootstrap boolean NOT NULL DEFAULT false,
        registered_at timestamptz NOT NULL,
        reviewed_at timestamptz,
        reviewed_by text,
        stream_version integer NOT NULL
      );
      CREATE INDEX ${accounts}_email ON ${accounts} (email);
      CREATE INDEX ${accounts}_username_key ON ${accounts} (username_key);
      CREATE INDEX ${accounts}_status ON ${accounts} (status, registered_at);
      CREATE TABLE ${sessions} (
        session_id text PRIMARY KEY,
        account_id text NOT NULL,
        token_hash text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoke_reason text
      );
      CREATE INDEX ${sessions}_token ON ${sessions} (token_hash);
      CREATE INDEX ${sessions}_account ON ${sessions} (account_id);`);
  },
  async apply(events, tx, ctx) {
    for (const event of events) await applyOne(event, tx, ctx);
  },
};

async function applyOne(stored: StoredEvent, tx: SqlExecutor, ctx: ProjectionContext): Promise<void> {
  const accounts = ctx.tableName('accounts');
  const sessions = ctx.tableName('account_sessions');
  const event = { type: stored.type, data: stored.data } as AccountEvent;
  const at = stored.metadata.occurredAt;
  switch (event.type) {
    case 'AccountRegistered': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${accounts}
           (id, email, username, username_key, role, status, password_hash, bootstrap, registered_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (id) DO UPDATE SET email = excluded.email, username = excluded.username,
           username_key = excluded.username_key, role = excluded.role, status = excluded.status,
           password_hash = excluded.password_hash, bootstrap = excluded.bootstrap,
           registered_at = excluded.registered_at, stream_version = excluded.stream_version`,
        [
          d.account_id,
          d.email,
          d.username.trim(),
          usernameKey(d.username),
          d.role,
          d.status,
          d.password_hash,
          d.bootstrap,
          at,
          stored.version,
        ],
      );
      return;
    }
    case 'AccountApproved':
    case 'AccountRejected': {
      const rejected = event.type === 'AccountRejected';
      await tx.query(
        `UPDATE ${accounts} SET status = $2, rejection_reason = $3, reviewed_at = $4, reviewed_by = $5,
           stream_version = $6 WHERE id = $1`,
        [
          event.data.account_id,
          rejected ? 'rejected' : 'active',
          rejected ? event.data.reason : null,
          at,
          stored.metadata.actorId,
          stored.version,
        ],
      );
      return;
    }
    case 'SignedIn': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${sessions} (session_id, account_id, token_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (session_id) DO UPDATE SET token_hash = excluded.token_hash, expires_at = excluded.expires_at`,
        [d.session_id, d.account_id, d.token_hash, at, d.expires_at],
      );
      await tx.query(`UPDATE ${accounts} SET stream_version = $2 WHERE id = $1`, [
        d.account_id,
        stored.version,
      ]);
      return;
    }
    case 'SessionRevoked': {
      const d = event.data;
      await tx.query(
        `UPDATE ${sessions} SET revoked_at = coalesce(revoked_at, $2), revoke_reason = coalesce(revoke_reason, $3)
         WHERE session_id = $1`,
        [d.session_id, at, d.reason],
      );
      await tx.query(`UPDATE ${accounts} SET stream_version = $2 WHERE id = $1`, [
        d.account_id,
        stored.version,
      ]);
      return;
    }
    default: {
      const unknown: never = event;
      throw new Error(`accounts projection: unexpected event ${(unknown as { type: string }).type}`);
    }
  }
}
