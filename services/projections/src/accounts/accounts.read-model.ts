import type { AccountRole, AccountStatus } from '@scentinel/domain';
import { normalizeEmail, usernameKey } from '@scentinel/domain';
import type { SqlExecutor } from '@scentinel/platform';
import { ACCOUNTS_PROJECTION } from './accounts.projection.ts';
import { ActiveTable, type TableResolver } from './active-table.ts';

export interface AccountRecord {
  id: string;
  email: string;
  username: string;
  role: AccountRole;
  status: AccountStatus;
  password_hash: string;
  rejection_reason: string | null;
  registered_at: string;
  reviewed_at: string | null;
}

export interface SessionRecord {
  session_id: string;
  account_id: string;
  expires_at: string;
  revoked: boolean;
}

export interface AccountListFilter {
  status?: AccountStatus;
  limit: number;
  skip: number;
}

interface AccountRow {
  id: string;
  email: string;
  username: string;
  role: AccountRole;
  status: AccountStatus;
  password_hash: string;
  rejection_reason: string | null;
  registered_at: Date;
  reviewed_at: Date | null;
}

const ACCOUNT_COLUMNS =
  'id, email, username, role, status, password_hash, rejection_reason, registered_at, reviewed_at';

function toAccount(row: AccountRow): AccountRecord {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    status: row.status,
    password_hash: row.password_hash,
    rejection_reason: row.rejection_reason,
    registered_at: new Date(row.registered_at).toISOString(),
    reviewed_at: row.reviewed_at === null ? null : new Date(row.reviewed_at).toISOString(),
  };
}

/** Reads over the active `accounts` build (see `accounts.projection.ts`). */
export class AccountsReadModel {
  private readonly accounts: ActiveTable;
  private readonly sessions: ActiveTable;

  constructor(runtime: TableResolver, db: SqlExecutor) {
    this.accounts = new ActiveTable(runtime, db, ACCOUNTS_PROJECTION, 'accounts');
    this.sessions = new ActiveTable(runtime, db, ACCOUNTS_PROJECTION, 'account_sessions');
  }

  async byId(id: string): Promise<AccountRecord | null> {
    const { rows } = await this.accounts.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM {table} WHERE id = $1`,
      [id],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async byIds(ids: readonly string[]): Promise<AccountRecord[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.accounts.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM {table} WHERE id = ANY($1::text[])`,
      [[...new Set(ids)]],
    );
    return rows.map(toAccount);
  }

  /** The account signing in with this email (emails are stored normalised). */
  async byEmail(email: string): Promise<AccountRecord | null> {
    const { rows } = await this.accounts.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM {table} WHERE email = $1 ORDER BY registered_at LIMIT 1`,
      [normalizeEmail(email)],
    );
    return rows[0] ? toAccount(rows[0]) : null;
  }

  /** Accounts whose email or username (case-insensitive) equals these (for the domain's uniqueness check). */
  async sameEmailOrUsername(
    email: string,
    username: string,
  ): Promise<{ account_id: string; email: string; username: string }[]> {
    const { rows } = await this.accounts.query<{ id: string; email: string; username: string }>(
      'SELECT id, email, username FROM {table} WHERE email = $1 OR username_key = $2 ORDER BY registered_at LIMIT 10',
      [normalizeEmail(email), usernameKey(username)],
    );
    return rows.map((r) => ({ account_id: r.id, email: r.email, username: r.username }));
  }

  /** Accounts, oldest first, optionally in one status. */
  async list(filter: AccountListFilter): Promise<{ accounts: AccountRecord[]; total: number }> {
    const where = filter.status === undefined ? '' : 'WHERE status = $3';
    const params: unknown[] = [filter.limit, filter.skip];
    if (filter.status !== undefined) params.push(filter.status);
    const { rows } = await this.accounts.query<AccountRow & { total: number }>(
      `SELECT ${ACCOUNT_COLUMNS}, count(*) OVER ()::int AS total FROM {table} ${where}
        ORDER BY registered_at, id LIMIT $1 OFFSET $2`,
      params,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && filter.skip > 0) {
      const counted = await this.accounts.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM {table} ${filter.status === undefined ? '' : 'WHERE status = $1'}`,
        filter.status === undefined ? [] : [filter.status],
      );
      total = counted.rows[0]?.n ?? 0;
    }
    return { accounts: rows.map(toAccount), total };
  }

  async adminExists(): Promise<boolean> {
    const { rows } = await this.accounts.query<{ found: boolean }>(
      "SELECT EXISTS (SELECT 1 FROM {table} WHERE role = 'admin') AS found",
    );
    return rows[0]?.found === true;
  }

  /** The session with this token hash and its account, or null. Expiry is judged by the caller. */
  async sessionByTokenHash(
    tokenHash: string,
  ): Promise<{ session: SessionRecord; account: AccountRecord } | null> {
    const { rows } = await this.sessions.query<{
      session_id: string;
      account_id: string;
      expires_at: Date;
      revoked_at: Date | null;
    }>('SELECT session_id, account_id, expires_at, revoked_at FROM {table} WHERE token_hash = $1 LIMIT 1', [
      tokenHash,
    ]);
    const row = rows[0];
    if (!row) return null;
    const account = await this.byId(row.account_id);
    if (!account) return null;
    return {
      session: {
        session_id: row.session_id,
        account_id: row.account_id,
        expires_at: new Date(row.expires_at).toISOString(),
        revoked: row.revoked_at !== null,
      },
      account,
    };
  }
}
