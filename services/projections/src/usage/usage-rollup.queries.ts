import type { SqlExecutor } from '@scentinel/platform';
import type { ProjectionRuntime } from '../runtime/projection-runtime.ts';
import type { UsageContentType } from './usage-rollup.projection.ts';

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

/** A period's totals (what the admin dashboard's summary cards and breakdowns show). */
export interface UsageSummary {
  sessions: number;
  visitors: number;
  /** Mean of (last seen − first seen) over the period's session-days, in seconds. */
  avgSessionSeconds: number;
  /** Sessions that scanned at least once. */
  scanningSessions: number;
  /** Event type → count. */
  events: Record<string, number>;
  /** Device → sessions (`unknown` when not known). */
  devices: Record<string, number>;
  /** Country code → sessions (`unknown` when not known). */
  countries: Record<string, number>;
}

export interface UsageLive {
  activeSessions: number;
  eventsLastHour: number;
}

type Tables = Pick<ProjectionRuntime, 'activeTable'>;

const table = (runtime: Tables, name: string) => runtime.activeTable('usage_rollup', name);

export async function usageDaily(
  runtime: Tables,
  db: SqlExecutor,
  from: string,
  to: string,
): Promise<UsageDailyRow[]> {
  const daily = await table(runtime, 'usage_daily');
  const { rows } = await db.query<{ day: string; event_type: string; count: number }>(
    `SELECT day::text AS day, event_type, count::int AS count FROM ${daily}
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
  const sessions = await table(runtime, 'usage_sessions');
  const { rows } = await db.query<{ day: string; sessions: number; avg_seconds: number }>(
    `SELECT day::text AS day, count(*)::int AS sessions,
            coalesce(avg(extract(epoch FROM last_seen - first_seen)), 0)::float8 AS avg_seconds
       FROM ${sessions} WHERE day BETWEEN $1::date AND $2::date GROUP BY day ORDER BY day`,
    [from, to],
  );
  return rows.map((r) => ({ day: r.day, sessions: r.sessions, avgSessionSeconds: r.avg_seconds }));
}

export async function usageSummary(
  runtime: Tables,
  db: SqlExecutor,
  from: string,
  to: string,
): Promise<UsageSummary> {
  const sessions = await table(runtime, 'usage_sessions');
  const daily = await table(runtime, 'usage_daily');
  const range = [from, to];
  const inRange = 'day BETWEEN $1::date AND $2::date';
  const totals = await db.query<{
    sessions: number;
    visitors: number;
    avg_seconds: number;
    scanning: number;
  }>(
    `SELECT count(DISTINCT session_id)::int AS sessions,
            count(DISTINCT coalesce(visitor, 'session:' || session_id))::int AS visitors,
            coalesce(avg(extract(epoch FROM last_seen - first_seen)), 0)::float8 AS avg_seconds,
            count(DISTINCT session_id) FILTER (WHERE scans > 0)::int AS scanning
       FROM ${sessions} WHERE ${inRange}`,
    range,
  );
  const breakdown = async (column: string) => {
    const { rows } = await db.query<{ key: string; sessions: number }>(
      `SELECT coalesce(${column}, 'unknown') AS key, count(DISTINCT session_id)::int AS sessions
         FROM ${sessions} WHERE ${inRange} GROUP BY 1 ORDER BY 2 DESC, 1`,
      range,
    );
    return Object.fromEntries(rows.map((r) => [r.key, r.sessions]));
  };
  const events = await db.query<{ event_type: string; count: number }>(
    `SELECT event_type, sum(count)::int AS count FROM ${daily} WHERE ${inRange} GROUP BY event_type`,
    range,
  );
  const t = totals.rows[0]!;
  return {
    sessions: t.sessions,
    visitors: t.visitors,
    avgSessionSeconds: t.avg_seconds,
    scanningSessions: t.scanning,
    events: Object.fromEntries(events.rows.map((r) => [r.event_type, r.count])),
    devices: await breakdown('device'),
    countries: await breakdown('country'),
  };
}

/** The most counted names of one content type in the period, most first, ties by name. */
export async function usagePopular(
  runtime: Tables,
  db: SqlExecutor,
  type: UsageContentType,
  from: string,
  to: string,
  limit: number,
): Promise<{ name: string; count: number }[]> {
  const content = await table(runtime, 'usage_content');
  const { rows } = await db.query<{ name: string; count: number }>(
    `SELECT name, sum(count)::int AS count FROM ${content}
      WHERE content_type = $1 AND day BETWEEN $2::date AND $3::date
      GROUP BY name ORDER BY count DESC, name LIMIT $4`,
    [type, from, to, limit],
  );
  return rows;
}

/** Sessions with an event in the last `activeMinutes`, and events in the last hour, as of `now`. */
export async function usageLive(
  runtime: Tables,
  db: SqlExecutor,
  now: Date,
  activeMinutes = 5,
): Promise<UsageLive> {
  const sessions = await table(runtime, 'usage_sessions');
  const minutes = await table(runtime, 'usage_minutes');
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const active = await db.query<{ n: number }>(
    `SELECT count(DISTINCT session_id)::int AS n FROM ${sessions}
      WHERE day >= $1::date AND last_seen > $2::timestamptz AND last_seen <= $3::timestamptz`,
    [yesterday, new Date(now.getTime() - activeMinutes * 60_000).toISOString(), now.toISOString()],
  );
  const hour = await db.query<{ n: number }>(
    `SELECT coalesce(sum(count), 0)::int AS n FROM ${minutes}
      WHERE minute > $1::timestamptz AND minute <= $2::timestamptz`,
    [new Date(now.getTime() - 3_600_000).toISOString(), now.toISOString()],
  );
  return { activeSessions: active.rows[0]!.n, eventsLastHour: hour.rows[0]!.n };
}

/** One day of the dashboard's daily trends. */
export interface UsageDayMetrics {
  day: string;
  sessions: number;
  searches: number;
  scans: number;
}

/** What the admin analytics calls read (over the active `usage_rollup` build). */
export interface UsageReadModel {
  summary(from: string, to: string): Promise<UsageSummary>;
  /** Days with usage in the range, oldest first (days without any are left out). */
  daily(from: string, to: string): Promise<UsageDayMetrics[]>;
  popular(
    type: UsageContentType,
    from: string,
    to: string,
    limit: number,
  ): Promise<{ name: string; count: number }[]>;
  live(now: Date): Promise<UsageLive>;
}

export function createUsageReadModel(runtime: Tables, db: SqlExecutor): UsageReadModel {
  return {
    summary: (from, to) => usageSummary(runtime, db, from, to),
    async daily(from, to) {
      const days = new Map<string, UsageDayMetrics>();
      const at = (day: string) => {
        let d = days.get(day);
        if (!d) {
          d = { day, sessions: 0, searches: 0, scans: 0 };
          days.set(day, d);
        }
        return d;
      };
      for (const row of await usageSessions(runtime, db, from, to)) at(row.day).sessions = row.sessions;
      for (const row of await usageDaily(runtime, db, from, to)) {
        if (row.eventType === 'SearchTracked') at(row.day).searches = row.count;
        else if (row.eventType === 'ScanTracked') at(row.day).scans = row.count;
      }
      return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    },
    popular: (type, from, to, limit) => usagePopular(runtime, db, type, from, to, limit),
    live: (now) => usageLive(runtime, db, now),
  };
}
