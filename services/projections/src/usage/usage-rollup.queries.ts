import type { SqlExecutor } from '@scentinel/platform';
import type { ProjectionRuntime } from '../runtime/projection-runtime.ts';

/** Reads over the active `usage_rollup` build. Days are `YYYY-MM-DD` (UTC), both ends inclusive. */

export interface UsageDailyRow {
  day: string;
  eventType: string;
  count: number;
}

export interface UsageSessionsRow {
  day: string;
  sessions: number;
  /** Mean of (last seen − first seen) over that day's sessions, in seconds. */
  avgSessionSeconds: number;
}

type Tables = Pick<ProjectionRuntime, 'activeTable'>;

export async function usageDaily(
  runtime: Tables,
  db: SqlExecutor,
  from: string,
  to: string,
): Promise<UsageDailyRow[]> {
  const table = await runtime.activeTable('usage_rollup', 'usage_daily');
  const { rows } = await db.query<{ day: string; event_type: string; count: number }>(
    `SELECT day::text AS day, event_type, count FROM ${table}
      WHERE day BETWEEN $1::date AND $2::date ORDER BY day, event_type`,
    [from, to],
  );
  return rows.map((r) => ({ day: r.day, eventType: r.event_type, count: r.count }));
}

export async function usageSessions(
  runtime: Tables,
  db: SqlExecutor,
  from: string,
  to: string,
): Promise<UsageSessionsRow[]> {
  const table = await runtime.activeTable('usage_rollup', 'usage_sessions');
  const { rows } = await db.query<{ day: string; sessions: number; avg_seconds: number }>(
    `SELECT day::text AS day, count(*)::int AS sessions,
            coalesce(avg(extract(epoch FROM last_seen - first_seen)), 0)::float8 AS avg_seconds
       FROM ${table} WHERE day BETWEEN $1::date AND $2::date GROUP BY day ORDER BY day`,
    [from, to],
  );
  return rows.map((r) => ({ day: r.day, sessions: r.sessions, avgSessionSeconds: r.avg_seconds }));
}
