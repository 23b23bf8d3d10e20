import { isPgError, type SqlExecutor } from '@scentinel/platform';
import type { ProjectionRuntime } from '../runtime/projection-runtime.ts';
import { CONTENT_WINDOWS, type UsageContentType } from './usage-rollup.projection.ts';

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
  const days = await table(runtime, 'usage_day_sessions');
  const { rows } = await db.query<{ day: string; sessions: number; avg_seconds: number }>(
    `SELECT day::text AS day, sessions::int AS sessions,
            CASE WHEN sessions = 0 THEN 0 ELSE duration_ms::float8 / sessions / 1000 END AS avg_seconds
       FROM ${days} WHERE day BETWEEN $1::date AND $2::date AND sessions > 0 ORDER BY day`,
    [from, to],
  );
  return rows.map((r) => ({ day: r.day, sessions: r.sessions, avgSessionSeconds: r.avg_seconds }));
}

/**
 * A period's totals. Distinct sessions, visitors, scanning sessions and the device and country
 * breakdowns come from `usage_last_day` when the period ends on or after the newest day recorded
 * (then "seen in the period" is "last seen in the period"), else from the period's session-days.
 */
export async function usageSummary(
  runtime: Tables,
  db: SqlExecutor,
  from: string,
  to: string,
): Promise<UsageSummary> {
  const [daily, days, lastDay] = await Promise.all([
    table(runtime, 'usage_daily'),
    table(runtime, 'usage_day_sessions'),
    table(runtime, 'usage_last_day'),
  ]);
  // One statement (one round trip): the distinct counts by last day are only read when the period
  // ends on or after the newest day.
  const { rows } = await db.query<{
    events: Record<string, number> | null;
    session_days: string | null;
    ms: string | null;
    by_last_day: [string, string, number][] | null;
    newest: string | null;
  }>(
    `WITH newest AS (SELECT max(day) AS day FROM ${daily})
     SELECT
       (SELECT json_object_agg(event_type, n) FROM (
          SELECT event_type, sum(count)::int AS n FROM ${daily}
           WHERE day BETWEEN $1::date AND $2::date GROUP BY event_type) e) AS events,
       (SELECT sum(sessions)::text FROM ${days} WHERE day BETWEEN $1::date AND $2::date) AS session_days,
       (SELECT sum(duration_ms)::text FROM ${days} WHERE day BETWEEN $1::date AND $2::date) AS ms,
       (SELECT day::text FROM newest) AS newest,
       CASE WHEN $2::date >= coalesce((SELECT day FROM newest), $2::date) THEN
         (SELECT coalesce(json_agg(json_build_array(kind, grp, n)), '[]') FROM (
            SELECT kind, grp, sum(count)::int AS n FROM ${lastDay}
             WHERE last_day BETWEEN $1::date AND $2::date GROUP BY kind, grp HAVING sum(count) > 0) l)
       END AS by_last_day`,
    [from, to],
  );
  const r = rows[0]!;
  const sessionDays = Number(r.session_days ?? 0);
  const avgSessionSeconds = sessionDays === 0 ? 0 : Number(r.ms ?? 0) / sessionDays / 1000;
  const counts = r.by_last_day
    ? distinctByLastDay(r.by_last_day)
    : await distinctFromSessions(runtime, db, from, to);
  return { ...counts, avgSessionSeconds, events: r.events ?? {} };
}

type DistinctCounts = Pick<
  UsageSummary,
  'sessions' | 'visitors' | 'scanningSessions' | 'devices' | 'countries'
>;

/**
 * Distinct counts over a period that ends on or after the newest day, from the summed
 * `usage_last_day` rows of the period (kind, group, count).
 */
function distinctByLastDay(rows: [string, string, number][]): DistinctCounts {
  const one = (kind: string) => rows.find((r) => r[0] === kind)?.[2] ?? 0;
  const groups = (kind: string) =>
    Object.fromEntries(
      rows
        .filter((r) => r[0] === kind)
        .sort((a, b) => b[2] - a[2] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
        .map((r) => [r[1], r[2]]),
    );
  return {
    sessions: one('session'),
    visitors: one('visitor'),
    scanningSessions: one('scanning'),
    devices: groups('device'),
    countries: groups('country'),
  };
}

/** Distinct counts over any period, from its session-days. */
async function distinctFromSessions(
  runtime: Tables,
  db: SqlExecutor,
  from: string,
  to: string,
): Promise<DistinctCounts> {
  const sessions = await table(runtime, 'usage_sessions');
  const range = [from, to];
  const inRange = 'day BETWEEN $1::date AND $2::date';
  const totals = await db.query<{ sessions: number; visitors: number; scanning: number }>(
    `SELECT count(DISTINCT session_id)::int AS sessions,
            count(DISTINCT coalesce(visitor, 'session:' || session_id))::int AS visitors,
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
  const t = totals.rows[0]!;
  return {
    sessions: t.sessions,
    visitors: t.visitors,
    scanningSessions: t.scanning,
    devices: await breakdown('device'),
    countries: await breakdown('country'),
  };
}

/** Periods up to this many days are ranked from their day rows directly. */
const POPULAR_DIRECT_DAYS = 3;

/**
 * The most counted names of one content type in the period, most first, ties by name.
 *
 * A short period is grouped from its day rows. A long one would group a row per name and day
 * (hundreds of thousands over a year), so names are taken in order of their count over all days
 * (`usage_content_total`), a page at a time, and counted exactly in the period (an index lookup
 * per name); no name left can reach the list once its all-days count, an upper bound of its count
 * in any period, is below the last name's count on the list.
 */
export async function usagePopular(
  runtime: Tables,
  db: SqlExecutor,
  type: UsageContentType,
  from: string,
  to: string,
  limit: number,
): Promise<{ name: string; count: number }[]> {
  const content = await table(runtime, 'usage_content');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (!(days > POPULAR_DIRECT_DAYS)) {
    const { rows } = await db.query<{ name: string; count: number }>(
      `SELECT name, sum(count)::int AS count FROM ${content}
        WHERE content_type = $1 AND day BETWEEN $2::date AND $3::date
        GROUP BY name ORDER BY count DESC, name LIMIT $4`,
      [type, from, to, limit],
    );
    return rows;
  }
  const kept = await keptWindow(runtime, db, type, from, to, limit);
  if (kept !== undefined) return kept;
  const totals = await table(runtime, 'usage_content_total');
  const page = Math.max(200, limit * 4);
  const counts = new Map<string, number>();
  let after: { count: number; name: string } | null = null;
  for (;;) {
    const params: unknown[] = [type, after?.count ?? null, after?.name ?? null, page];
    const { rows: candidates } = await db.query<{ name: string; count: number }>(
      `SELECT name, count::int AS count FROM ${totals}
        WHERE content_type = $1 AND ($2::bigint IS NULL OR count < $2 OR (count = $2 AND name > $3))
        ORDER BY count DESC, name LIMIT $4`,
      params,
    );
    if (candidates.length === 0) break;
    const { rows: counted } = await db.query<{ name: string; count: number }>(
      `SELECT name, sum(count)::int AS count FROM ${content}
        WHERE content_type = $1 AND name = ANY($2::text[]) AND day BETWEEN $3::date AND $4::date
        GROUP BY name`,
      [type, candidates.map((c) => c.name), from, to],
    );
    for (const r of counted) counts.set(r.name, r.count);
    const last: { name: string; count: number } = candidates.at(-1)!;
    after = last;
    // Every name not yet looked at counts at most `last.count` in the period: it cannot reach
    // the list once that is below the count of the list's last place (a tie could still win by name).
    const sorted = [...counts.values()].sort((a, b) => b - a);
    if (sorted.length >= limit && last.count < sorted[limit - 1]!) break;
    if (candidates.length < page) break;
  }
  // Ordered by the database, as the short periods' names are (ties by its collation).
  const { rows } = await db.query<{ name: string; count: number }>(
    `SELECT name, count FROM unnest($1::text[], $2::int[]) AS t(name, count)
      ORDER BY count DESC, name LIMIT $3`,
    [[...counts.keys()], [...counts.values()], limit],
  );
  return rows;
}

/**
 * The period's list from the windows the rollup keeps (`CONTENT_WINDOWS` days up to the newest day
 * with content), when the period holds exactly one of them: it ends on or after the newest day and
 * starts that many days before it. Undefined otherwise.
 */
async function keptWindow(
  runtime: Tables,
  db: SqlExecutor,
  type: UsageContentType,
  from: string,
  to: string,
  limit: number,
): Promise<{ name: string; count: number }[] | undefined> {
  const [newestTable, windowTable] = await Promise.all([
    table(runtime, 'usage_content_newest'),
    table(runtime, 'usage_content_window'),
  ]);
  // One round trip: the newest day, and the list of the window the period would be.
  const { rows } = await db.query<{ newest: string | null; top: { name: string; count: number }[] | null }>(
    `SELECT n.day::text AS newest,
            (SELECT json_agg(json_build_object('name', w.name, 'count', w.count) ORDER BY w.count DESC, w.name)
               FROM (SELECT name, count::int AS count FROM ${windowTable}
                      WHERE days = n.day - $1::date + 1 AND content_type = $2
                      ORDER BY count DESC, name LIMIT $3) w) AS top
       FROM (SELECT (SELECT day FROM ${newestTable}) AS day) n`,
    [from, type, limit],
  );
  const newest = rows[0]?.newest ?? undefined;
  if (newest === undefined) return [];
  if (to < newest) return undefined;
  if (from > newest) return [];
  const days = (Date.parse(`${newest}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (!(CONTENT_WINDOWS as readonly number[]).includes(days)) return undefined;
  return rows[0]?.top ?? [];
}

/** Sessions with an event in the last `activeMinutes`, and events in the last hour, as of `now`. */
export async function usageLive(
  runtime: Tables,
  db: SqlExecutor,
  now: Date,
  activeMinutes = 5,
): Promise<UsageLive> {
  const [sessions, minutes] = await Promise.all([
    table(runtime, 'usage_sessions'),
    table(runtime, 'usage_minutes'),
  ]);
  const since = new Date(now.getTime() - activeMinutes * 60_000);
  // A session last seen in (since, now] has its row on the day of one of them: equality on the
  // key's first column finds those rows by the primary key even before the table is analysed.
  const days = [...new Set([since, now].map((d) => d.toISOString().slice(0, 10)))];
  const { rows } = await db.query<{ active: number; hour: number }>(
    `SELECT (SELECT count(DISTINCT session_id)::int FROM ${sessions}
              WHERE day = ANY($1::date[]) AND last_seen > $2::timestamptz AND last_seen <= $3::timestamptz) AS active,
            (SELECT coalesce(sum(count), 0)::int FROM ${minutes}
              WHERE minute > $4::timestamptz AND minute <= $3::timestamptz) AS hour`,
    [days, since.toISOString(), now.toISOString(), new Date(now.getTime() - 3_600_000).toISOString()],
  );
  return { activeSessions: rows[0]!.active, eventsLastHour: rows[0]!.hour };
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

/**
 * The active build's table names, looked up once and kept (each lookup is a query): when reads
 * fail because a table is gone (another build was activated and the old one dropped), the names
 * are looked up again and the read is run once more.
 */
function cachedTables(runtime: Tables) {
  let names = new Map<string, Promise<string>>();
  const tables: Tables = {
    activeTable(name, base) {
      const key = `${name}.${base}`;
      let table = names.get(key);
      if (!table) {
        table = runtime.activeTable(name, base);
        table.catch(() => names.delete(key));
        names.set(key, table);
      }
      return table;
    },
  };
  async function read<T>(fn: (tables: Tables) => Promise<T>): Promise<T> {
    try {
      return await fn(tables);
    } catch (error) {
      if (!isPgError(error, '42P01')) throw error;
      names = new Map();
      return fn(tables);
    }
  }
  return read;
}

export function createUsageReadModel(runtime: Tables, db: SqlExecutor): UsageReadModel {
  const read = cachedTables(runtime);
  return {
    summary: (from, to) => read((tables) => usageSummary(tables, db, from, to)),
    daily: (from, to) =>
      read(async (tables) => {
        const days = new Map<string, UsageDayMetrics>();
        const at = (day: string) => {
          let d = days.get(day);
          if (!d) {
            d = { day, sessions: 0, searches: 0, scans: 0 };
            days.set(day, d);
          }
          return d;
        };
        const [sessions, daily] = await Promise.all([
          usageSessions(tables, db, from, to),
          usageDaily(tables, db, from, to),
        ]);
        for (const row of sessions) at(row.day).sessions = row.sessions;
        for (const row of daily) {
          if (row.eventType === 'SearchTracked') at(row.day).searches = row.count;
          else if (row.eventType === 'ScanTracked') at(row.day).scans = row.count;
        }
        return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
      }),
    popular: (type, from, to, limit) => read((tables) => usagePopular(tables, db, type, from, to, limit)),
    live: (now) => read((tables) => usageLive(tables, db, now)),
  };
}
