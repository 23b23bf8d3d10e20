import { isPgError, type SqlExecutor, type SqlResult } from '@scentinel/platform';
import type { ProjectionRuntime } from '../runtime/projection-runtime.ts';

export type TableResolver = Pick<ProjectionRuntime, 'activeTable'>;

/**
 * Queries one table of a projection's active build. The versioned table name is cached briefly
 * (reads are frequent: every authenticated request); when a rebuild switched builds and dropped
 * the old table (SQLSTATE 42P01), the name is looked up again and the query retried once.
 */
export class ActiveTable {
  private cached: { name: string; until: number } | undefined;

  constructor(
    private readonly runtime: TableResolver,
    private readonly db: SqlExecutor,
    private readonly projection: string,
    private readonly base: string,
    private readonly ttlMs = 2_000,
  ) {}

  async name(fresh = false): Promise<string> {
    const now = Date.now();
    if (!fresh && this.cached && this.cached.until > now) return this.cached.name;
    const name = await this.runtime.activeTable(this.projection, this.base);
    this.cached = { name, until: now + this.ttlMs };
    return name;
  }

  /** Runs `sql` with `{table}` replaced by the active table name. */
  async query<T>(sql: string, params: readonly unknown[] = []): Promise<SqlResult<T>> {
    const run = async (fresh: boolean) =>
      this.db.query<T>(sql.replaceAll('{table}', await this.name(fresh)), params);
    try {
      return await run(false);
    } catch (error) {
      if (!isPgError(error, '42P01')) throw error;
      return run(true);
    }
  }
}
