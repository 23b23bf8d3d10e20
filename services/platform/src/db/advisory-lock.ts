import type { SqlClient } from './sql-client.ts';

/**
 * Runs `task` while holding an advisory lock named `name` in the client's schema, so processes
 * sharing one Postgres server take turns (a second caller waits until the first has finished).
 * The lock lives in an open transaction that writes nothing (it takes no transaction id, so it
 * holds back no reader of the event log) on a connection of its own; `task` uses the client as
 * usual. On PGlite (one process, one connection) `task` just runs.
 */
export async function withAdvisoryLock<T>(sql: SqlClient, name: string, task: () => Promise<T>): Promise<T> {
  if (sql.dialect !== 'postgres') return task();
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext(current_schema() || $1))', [`:lock:${name}`]);
    return task();
  });
}
