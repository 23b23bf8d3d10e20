import { type Migration, migrate, type SqlClient } from '@scentinel/platform';

/**
 * Reservation table that makes email and username uniqueness race-free. The accounts read model
 * answers "is this email taken?" only for registrations it has already applied, so two concurrent
 * registrations could both pass that check; the registration handler therefore first claims
 * `email:<normalised email>` and `username:<key>` here (primary key = the claim), and only then
 * appends `AccountRegistered`. A claim whose holder never made it into the log (the process died
 * between claim and append) is taken over after `staleAfterMs`.
 *
 * This is a guard, not business history (the log stays the record); it is not rebuilt.
 */
export const accountClaimsMigrations: Migration[] = [
  {
    id: 'accounts:0001-account-claims',
    sql: `
CREATE TABLE IF NOT EXISTS account_claims (
  claim text PRIMARY KEY,
  account_id text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS account_claims_account ON account_claims (account_id);
`,
  },
];

export const emailClaim = (normalizedEmail: string): string => `email:${normalizedEmail}`;
export const usernameClaim = (key: string): string => `username:${key}`;

export interface ClaimOptions {
  /** Whether an account exists in the log (a claim held by an account that does not is stale). */
  accountExists(accountId: string): Promise<boolean>;
  staleAfterMs?: number;
}

export class AccountClaims {
  private migrated: Promise<unknown> | undefined;

  constructor(private readonly sql: SqlClient) {}

  /** Creates the table if needed (called by every operation; cheap after the first). */
  ready(): Promise<unknown> {
    this.migrated ??= migrate(this.sql, accountClaimsMigrations).catch((error) => {
      this.migrated = undefined;
      throw error;
    });
    return this.migrated;
  }

  /**
   * Claims every key for `accountId`. Returns null when all are held by it now, or the first key
   * another account holds (nothing stays claimed by this call then).
   */
  async claim(accountId: string, keys: readonly string[], options: ClaimOptions): Promise<string | null> {
    await this.ready();
    const staleAfterMs = options.staleAfterMs ?? 60_000;
    const taken: string[] = [];
    const insert = (key: string) =>
      this.sql.query(
        'INSERT INTO account_claims (claim, account_id) VALUES ($1, $2) ON CONFLICT (claim) DO NOTHING RETURNING claim',
        [key, accountId],
      );
    for (const key of keys) {
      if ((await insert(key)).rowCount > 0) {
        taken.push(key);
        continue;
      }
      const { rows } = await this.sql.query<{ account_id: string; stale: boolean }>(
        `SELECT account_id, claimed_at <= now() - ($2::int * interval '1 millisecond') AS stale
           FROM account_claims WHERE claim = $1`,
        [key, staleAfterMs],
      );
      const holder = rows[0];
      if (holder?.account_id === accountId) continue;
      // Released between our insert and select: try once more.
      if (!holder && (await insert(key)).rowCount > 0) {
        taken.push(key);
        continue;
      }
      if (holder?.stale && !(await options.accountExists(holder.account_id))) {
        const moved = await this.sql.query(
          'UPDATE account_claims SET account_id = $2, claimed_at = now() WHERE claim = $1 AND account_id = $3',
          [key, accountId, holder.account_id],
        );
        if (moved.rowCount > 0) {
          taken.push(key);
          continue;
        }
      }
      await this.release(accountId, taken);
      return key;
    }
    return null;
  }

  /** Gives back claims (after a failed append). */
  async release(accountId: string, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.ready();
    await this.sql.query('DELETE FROM account_claims WHERE account_id = $1 AND claim = ANY($2::text[])', [
      accountId,
      [...keys],
    ]);
  }
}
