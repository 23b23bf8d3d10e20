import { usage } from '@scentinel/domain';
import type { SqlExecutor, StoredEvent } from '@scentinel/platform';
import type { PostgresProjection, ProjectionContext } from '../runtime/projection.ts';

/** The usage events this rollup counts: the domain's usage feature defines them. */
export const USAGE_EVENT_TYPES = usage.usageEventTypes;

/** What the popular-content lists rank (the `content_type` of the popular-content call). */
export const USAGE_CONTENT_TYPES = ['search_term', 'chemical', 'perfume'] as const;
export type UsageContentType = (typeof USAGE_CONTENT_TYPES)[number];

/** A page view of `/perfume/<id>` is a perfume being looked at (the web client reports them so). */
export const PERFUME_PAGE_PREFIX = '/perfume/';

const MAX_SESSION_ID = 200;
/** How far back `usage_minutes` keeps per-minute counts (live activity reads the last hour). */
const MINUTES_KEPT_MS = 86_400_000;
const MAX_CONTENT_NAME = 200;
const SEP = '\u0000';

/** One session on one UTC day. */
export interface SessionDay {
  first: number;
  last: number;
  events: number;
  scans: number;
  /** The first device, country and visitor seen for it (null when unknown). */
  device: string | null;
  country: string | null;
  visitor: string | null;
}

export interface UsageRollup {
  /** `day|type` → count. */
  daily: Map<string, number>;
  /** `day|session` → the session that day. */
  sessions: Map<string, SessionDay>;
  /** `day␀content type␀name` → count (search terms, chemicals opened, perfumes viewed). */
  content: Map<string, number>;
  /** Start of the UTC minute (ms) → events in it (the live activity's events in the last hour). */
  minutes: Map<number, number>;
}

/** When the event happened (`metadata.occurredAt`, ms since epoch); throws when it is not a valid time. */
export function usageTime(event: StoredEvent): number {
  const at = Date.parse(String(event.metadata?.occurredAt ?? ''));
  if (Number.isNaN(at)) {
    throw new Error(`Usage event ${event.id} (${event.type}) has no valid metadata.occurredAt`);
  }
  return at;
}

/** UTC day (`YYYY-MM-DD`) of when the event happened. */
export function usageDay(event: StoredEvent): string {
  return new Date(usageTime(event)).toISOString().slice(0, 10);
}

function field(event: StoredEvent, name: string): unknown {
  const data = event.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
}

/**
 * A trimmed, non-empty text field no longer than `max`, else undefined. Text holding NUL is
 * refused too: Postgres text cannot store it (and it separates the content keys here).
 */
function text(event: StoredEvent, name: string, max: number): string | undefined {
  const raw = field(event, name);
  if (typeof raw !== 'string' || raw.includes(SEP)) return undefined;
  const value = raw.trim();
  return value.length > 0 && value.length <= max ? value : undefined;
}

/** The session id of a usage event, or undefined when absent or malformed (the event still counts). */
export function usageSessionId(event: StoredEvent): string | undefined {
  return text(event, 'session_id', MAX_SESSION_ID) ?? text(event, 'sessionId', MAX_SESSION_ID);
}

/**
 * Who the visitor is: the client's visitor id, else the signed-in account, else unknown (the
 * session then stands for its visitor when visitors are counted).
 */
function visitorOf(event: StoredEvent): string | null {
  const visitor = text(event, 'visitor_id', MAX_SESSION_ID);
  if (visitor !== undefined) return `visitor:${visitor}`;
  const account = text(event, 'account_id', MAX_SESSION_ID);
  return account !== undefined ? `account:${account}` : null;
}

/** What an event adds to the popular-content lists, if anything. */
export function usageContent(event: StoredEvent): { type: UsageContentType; name: string } | undefined {
  switch (event.type) {
    case 'SearchTracked': {
      const query = text(event, 'query', MAX_CONTENT_NAME);
      return query === undefined ? undefined : { type: 'search_term', name: searchTermKey(query) };
    }
    case 'ChemicalClicked': {
      const name = text(event, 'chemical_name', MAX_CONTENT_NAME);
      return name === undefined ? undefined : { type: 'chemical', name };
    }
    case 'PageViewed': {
      const page = text(event, 'page', MAX_CONTENT_NAME + PERFUME_PAGE_PREFIX.length);
      if (page === undefined || !page.startsWith(PERFUME_PAGE_PREFIX)) return undefined;
      const id = page.slice(PERFUME_PAGE_PREFIX.length).trim();
      return id === '' ? undefined : { type: 'perfume', name: id };
    }
    default:
      return undefined;
  }
}

/** Search terms are ranked trimmed, lower-cased and with inner spaces collapsed. */
export function searchTermKey(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

const add = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

const DAY_MS = 86_400_000;

/**
 * The previous key when equal to this one: events of a batch mostly share their day, type, session
 * and search term, and a map looks up a string it has seen (hashed already) faster than a freshly
 * concatenated one.
 */
class LastKey {
  private last = '';
  of(key: string): string {
    if (key !== this.last) this.last = key;
    return this.last;
  }
}

/** Pure: folds a batch of usage events into per-day counts, sessions, content and per-minute counts. */
export function rollupUsage(events: readonly StoredEvent[]): UsageRollup {
  const rollup: UsageRollup = {
    daily: new Map(),
    sessions: new Map(),
    content: new Map(),
    minutes: new Map(),
  };
  // The UTC day of the previous event's day number (events of a batch mostly fall on one day).
  let dayNumber = Number.NaN;
  let day = '';
  const dailyKey = new LastKey();
  const contentKey = new LastKey();
  const sessionKey = new LastKey();
  for (const event of events) {
    const at = usageTime(event);
    const n = Math.floor(at / DAY_MS);
    if (n !== dayNumber) {
      dayNumber = n;
      day = new Date(at).toISOString().slice(0, 10);
    }
    add(rollup.daily, dailyKey.of(`${day}|${event.type}`));
    add(rollup.minutes, at - (at % 60_000));
    const content = usageContent(event);
    if (content) {
      add(rollup.content, contentKey.of(`${day}${SEP}${content.type}${SEP}${content.name}`));
    }
    const session = usageSessionId(event);
    if (session === undefined) continue;
    const key = sessionKey.of(`${day}|${session}`);
    let seen = rollup.sessions.get(key);
    if (!seen) {
      seen = { first: at, last: at, events: 0, scans: 0, device: null, country: null, visitor: null };
      rollup.sessions.set(key, seen);
    }
    seen.first = Math.min(at, seen.first);
    seen.last = Math.max(at, seen.last);
    seen.events += 1;
    if (event.type === 'ScanTracked') seen.scans += 1;
    seen.device ??= text(event, 'device', 20) ?? null;
    seen.country ??= text(event, 'country', 2) ?? null;
    seen.visitor ??= visitorOf(event);
  }
  return rollup;
}

/**
 * Usage per day: `usage_daily` (day, event type, count),
 * `usage_sessions` (each session per day: first/last seen, events, scans, device, country,
 * visitor), `usage_content` (search terms, chemicals opened and perfumes viewed per day) and
 * `usage_minutes` (events per minute of the last day, for live activity). An event without a valid
 * `metadata.occurredAt` fails (dead letter) rather than being counted on a made-up day.
 *
 * So that the admin reads never scan a period's sessions or content (10 million events make a
 * year of them a million session-days), version 3 also keeps:
 * - `usage_day_sessions`: per day, the session-days and the sum of their durations (ms);
 * - `usage_last_seen` / `usage_last_day`: for each session, visitor, scanning session and session
 *   per device and per country (`kind`, `grp`), the last day it was seen, and how many have each
 *   last day. Over a period that ends on or after the newest day recorded (every dashboard period:
 *   it ends today), the distinct count is the number whose last day falls in the period: one row
 *   per day and group is summed instead of counting distinct sessions;
 * - `usage_content_total`: each name's count over all days, the bound that lets the popular lists
 *   of a long period look up only the few names that can reach the top (see `usagePopular`).
 *
 * Version 2 added the session's device, country, visitor and scans, and the content and minute
 * tables; version 3 the tables above. The runtime rebuilds older builds blue/green from the log.
 */
export const usageRollupProjection: PostgresProjection = {
  name: 'usage_rollup',
  version: 3,
  kind: 'postgres',
  description:
    'Usage per day: events by type, sessions (device, country, visitor), popular content, events per minute',
  handles: USAGE_EVENT_TYPES,
  tables: [
    'usage_daily',
    'usage_sessions',
    'usage_content',
    'usage_minutes',
    'usage_day_sessions',
    'usage_last_seen',
    'usage_last_day',
    'usage_content_total',
    'usage_content_window',
    'usage_content_newest',
  ],
  async setup(tx, ctx) {
    await tx.exec(`
      CREATE TABLE ${ctx.tableName('usage_daily')} (
        day date NOT NULL,
        event_type text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (day, event_type)
      );
      CREATE TABLE ${ctx.tableName('usage_sessions')} (
        day date NOT NULL,
        session_id text NOT NULL,
        first_seen timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        events integer NOT NULL,
        scans integer NOT NULL,
        device text,
        country text,
        visitor text,
        PRIMARY KEY (day, session_id)
      );
      CREATE TABLE ${ctx.tableName('usage_content')} (
        day date NOT NULL,
        content_type text NOT NULL,
        name text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (content_type, day, name)
      );
      CREATE TABLE ${ctx.tableName('usage_minutes')} (
        minute timestamptz PRIMARY KEY,
        count bigint NOT NULL
      );
      CREATE INDEX ON ${ctx.tableName('usage_sessions')} (session_id);
      CREATE INDEX ON ${ctx.tableName('usage_sessions')} ((coalesce(visitor, 'session:' || session_id)));
      CREATE INDEX ON ${ctx.tableName('usage_content')} (content_type, name, day);
      CREATE TABLE ${ctx.tableName('usage_day_sessions')} (
        day date PRIMARY KEY,
        sessions bigint NOT NULL,
        duration_ms bigint NOT NULL
      );
      CREATE TABLE ${ctx.tableName('usage_last_seen')} (
        entity text NOT NULL,
        kind text NOT NULL,
        grp text NOT NULL,
        last_day date NOT NULL,
        PRIMARY KEY (entity, kind, grp)
      );
      CREATE TABLE ${ctx.tableName('usage_last_day')} (
        last_day date NOT NULL,
        kind text NOT NULL,
        grp text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (last_day, kind, grp)
      );
      CREATE TABLE ${ctx.tableName('usage_content_total')} (
        content_type text NOT NULL,
        name text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (content_type, name)
      );
      CREATE INDEX ON ${ctx.tableName('usage_content_total')} (content_type, count DESC, name);
      CREATE TABLE ${ctx.tableName('usage_content_window')} (
        days integer NOT NULL,
        content_type text NOT NULL,
        name text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (days, content_type, name)
      );
      CREATE INDEX ON ${ctx.tableName('usage_content_window')} (days, content_type, count DESC, name);
      CREATE TABLE ${ctx.tableName('usage_content_newest')} (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        day date NOT NULL
      );`);
  },
  async apply(events, tx, ctx) {
    const { daily, sessions, content, minutes } = rollupUsage(events);
    const dailyTable = ctx.tableName('usage_daily');
    const sessionsTable = ctx.tableName('usage_sessions');
    const contentTable = ctx.tableName('usage_content');
    const minutesTable = ctx.tableName('usage_minutes');
    if (sessions.size > 0) {
      const keys = [...sessions.keys()].map((k) => {
        const bar = k.indexOf('|');
        return [k.slice(0, bar), k.slice(bar + 1)] as const;
      });
      const values = [...sessions.values()];
      const dayTable = ctx.tableName('usage_day_sessions');
      // One statement: the session-days' rows before (same snapshot as the upsert) and after give
      // what each adds to its day's session count and duration, added to `usage_day_sessions`.
      await tx.query(
        `WITH k AS (
           SELECT * FROM unnest($1::date[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::int[],
                                $6::int[], $7::text[], $8::text[], $9::text[])
             AS k(day, session_id, first_seen, last_seen, events, scans, device, country, visitor)
         ), old AS (
           SELECT s.day, s.session_id, s.last_seen - s.first_seen AS dur
             FROM ${sessionsTable} s JOIN k USING (day, session_id)
         ), up AS (
           INSERT INTO ${sessionsTable} (day, session_id, first_seen, last_seen, events, scans, device, country, visitor)
           SELECT * FROM k
           ON CONFLICT (day, session_id) DO UPDATE SET
             first_seen = least(${sessionsTable}.first_seen, excluded.first_seen),
             last_seen = greatest(${sessionsTable}.last_seen, excluded.last_seen),
             events = ${sessionsTable}.events + excluded.events,
             scans = ${sessionsTable}.scans + excluded.scans,
             device = coalesce(${sessionsTable}.device, excluded.device),
             country = coalesce(${sessionsTable}.country, excluded.country),
             visitor = coalesce(${sessionsTable}.visitor, excluded.visitor)
           RETURNING day, session_id, last_seen - first_seen AS dur
         ), per_day AS (
           SELECT up.day, count(*) FILTER (WHERE old.session_id IS NULL) AS sessions,
                  sum(round(extract(epoch FROM up.dur) * 1000)::bigint
                      - coalesce(round(extract(epoch FROM old.dur) * 1000)::bigint, 0)) AS duration_ms
             FROM up LEFT JOIN old USING (day, session_id)
            GROUP BY up.day
         )
         INSERT INTO ${dayTable} (day, sessions, duration_ms)
         SELECT day, sessions, duration_ms FROM per_day
         ON CONFLICT (day) DO UPDATE SET sessions = ${dayTable}.sessions + excluded.sessions,
                                         duration_ms = ${dayTable}.duration_ms + excluded.duration_ms`,
        [
          keys.map((k) => k[0]),
          keys.map((k) => k[1]),
          values.map((v) => new Date(v.first).toISOString()),
          values.map((v) => new Date(v.last).toISOString()),
          values.map((v) => v.events),
          values.map((v) => v.scans),
          values.map((v) => v.device),
          values.map((v) => v.country),
          values.map((v) => v.visitor),
        ],
      );
      await updateLastSeen(tx, ctx, [...new Set(keys.map((k) => k[1]))]);
    }
    // The windows first: taking out the days that leave them reads `usage_content` without this batch.
    const added = content.size > 0 ? await updateContentWindows(tx, ctx, content) : new Map<string, number>();
    const totals = new Map<string, number>();
    for (const [k, n] of content) {
      const name = k.slice(k.indexOf(SEP) + 1);
      totals.set(name, (totals.get(name) ?? 0) + n);
    }
    const dailyKeys = [...daily.keys()].map((k) => k.split('|'));
    const windowKeys = [...added.keys()].map((k) => k.split(SEP));
    const contentKeys = [...content.keys()].map((k) => k.split(SEP));
    const totalKeys = [...totals.keys()].map((k) => k.split(SEP));
    const windowTable = ctx.tableName('usage_content_window');
    const totalTable = ctx.tableName('usage_content_total');
    // The counters that only add up, in one statement (one round trip instead of five): per day and
    // type, per trailing window, per day and content, per content over all days, per minute. Each
    // writes a table of its own, so none reads another's rows.
    await tx.query(
      `WITH daily AS (
         INSERT INTO ${dailyTable} (day, event_type, count)
         SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[])
         ON CONFLICT (day, event_type) DO UPDATE SET count = ${dailyTable}.count + excluded.count
       ), windows AS (
         INSERT INTO ${windowTable} (days, content_type, name, count)
         SELECT * FROM unnest($4::int[], $5::text[], $6::text[], $7::bigint[])
         ON CONFLICT (days, content_type, name) DO UPDATE SET count = ${windowTable}.count + excluded.count
       ), content AS (
         INSERT INTO ${contentTable} (day, content_type, name, count)
         SELECT * FROM unnest($8::date[], $9::text[], $10::text[], $11::bigint[])
         ON CONFLICT (content_type, day, name) DO UPDATE SET count = ${contentTable}.count + excluded.count
       ), totals AS (
         INSERT INTO ${totalTable} (content_type, name, count)
         SELECT * FROM unnest($12::text[], $13::text[], $14::bigint[])
         ON CONFLICT (content_type, name) DO UPDATE SET count = ${totalTable}.count + excluded.count
       ), minutes AS (
         INSERT INTO ${minutesTable} (minute, count)
         SELECT * FROM unnest($15::timestamptz[], $16::bigint[])
         ON CONFLICT (minute) DO UPDATE SET count = ${minutesTable}.count + excluded.count
       )
       SELECT 1`,
      [
        dailyKeys.map((k) => k[0]),
        dailyKeys.map((k) => k[1]),
        [...daily.values()],
        windowKeys.map((k) => Number(k[0])),
        windowKeys.map((k) => k[1]),
        windowKeys.map((k) => k[2]),
        [...added.values()],
        contentKeys.map((k) => k[0]),
        contentKeys.map((k) => k[1]),
        contentKeys.map((k) => k[2]),
        [...content.values()],
        totalKeys.map((k) => k[0]),
        totalKeys.map((k) => k[1]),
        [...totals.values()],
        [...minutes.keys()].map((m) => new Date(m).toISOString()),
        [...minutes.values()],
      ],
    );
    if (minutes.size > 0) {
      // Only the last hour is ever read: minutes a day older than the newest one recorded go.
      // Measured from event time, not the clock (nor the batch), so a rebuild ends with the same rows.
      // A statement of its own: it must see this batch's minutes.
      await tx.query(
        `DELETE FROM ${minutesTable}
          WHERE minute < (SELECT max(minute) FROM ${minutesTable}) - $1::interval`,
        [`${MINUTES_KEPT_MS / 1000} seconds`],
      );
    }
  },
};

/**
 * The trailing periods whose popular content is kept ready (`usage_content_window`): the last 7, 30
 * and 365 days up to the newest day with content (`usage_content_newest`), as the dashboard's week,
 * month and year periods are while there is usage today.
 */
export const CONTENT_WINDOWS = [7, 30, 365] as const;

const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * Keeps each window equal to the sum of `usage_content` over its days. Runs before the batch's
 * content is written: when the batch brings a newer day, the days leaving each window are taken
 * out (read from `usage_content`, which does not hold the batch yet); returns what the batch's
 * content on days inside each window adds (`days␀type␀name` → count), written with the batch's
 * other counters. The newest day comes from event times, so a rebuild ends with the same rows.
 */
async function updateContentWindows(
  tx: SqlExecutor,
  ctx: ProjectionContext,
  content: Map<string, number>,
): Promise<Map<string, number>> {
  const windowTable = ctx.tableName('usage_content_window');
  const newestTable = ctx.tableName('usage_content_newest');
  const contentTable = ctx.tableName('usage_content');
  const { rows } = await tx.query<{ day: string }>(`SELECT day::text AS day FROM ${newestTable}`);
  const before = rows[0]?.day;
  let newest = before ?? '';
  for (const k of content.keys()) {
    const day = k.slice(0, k.indexOf(SEP));
    if (day > newest) newest = day;
  }
  if (before !== undefined && newest > before) {
    for (const days of CONTENT_WINDOWS) {
      // Days [before - days + 1, newest - days] leave the window.
      const from = addDays(before, 1 - days);
      const to = addDays(newest, -days);
      if (to < from) continue;
      await tx.query(
        `WITH leaving AS (
           SELECT content_type, name, sum(count) AS count FROM ${contentTable}
            WHERE content_type = ANY($4::text[]) AND day BETWEEN $2::date AND $3::date
            GROUP BY content_type, name
         )
         UPDATE ${windowTable} w SET count = w.count - l.count FROM leaving l
          WHERE w.days = $1 AND w.content_type = l.content_type AND w.name = l.name`,
        // Every content type named: the primary key (content_type, day, name) then finds the days.
        [days, from, to, USAGE_CONTENT_TYPES],
      );
      await tx.query(`DELETE FROM ${windowTable} WHERE days = $1 AND count <= 0`, [days]);
    }
  }
  if (newest !== before) {
    await tx.query(
      `INSERT INTO ${newestTable} (day) VALUES ($1::date) ON CONFLICT (only_row) DO UPDATE SET day = excluded.day`,
      [newest],
    );
  }
  const added = new Map<string, number>();
  const starts = CONTENT_WINDOWS.map((days) => [days, addDays(newest, 1 - days)] as const);
  for (const [k, n] of content) {
    const [day, type, name] = k.split(SEP) as [string, string, string];
    for (const [days, start] of starts) {
      if (day < start) continue;
      const key = `${days}${SEP}${type}${SEP}${name}`;
      added.set(key, (added.get(key) ?? 0) + n);
    }
  }
  return added;
}

/** The per-session kinds of `usage_last_seen` (the entity is the session id). */
const SESSION_KINDS = ['session', 'scanning', 'device', 'country'] as const;

/**
 * Brings `usage_last_seen` and `usage_last_day` up to date for the given sessions (whose session-days
 * were just written) and the visitors they belong to: each one's last day is read again from
 * `usage_sessions` (a session's group can change: a device or visitor first seen later in the day),
 * compared with the stored one, and the per-day counts moved accordingly.
 */
async function updateLastSeen(tx: SqlExecutor, ctx: ProjectionContext, sessionIds: string[]): Promise<void> {
  const sessionsTable = ctx.tableName('usage_sessions');
  const seenTable = ctx.tableName('usage_last_seen');
  const dayTable = ctx.tableName('usage_last_day');
  const key = (kind: string, grp: string, entity: string) => `${kind}${SEP}${grp}${SEP}${entity}`;
  const wanted = new Map<string, string>();
  const later = (k: string, day: string) => {
    const current = wanted.get(k);
    if (current === undefined || day > current) wanted.set(k, day);
  };
  // One round trip: the sessions' rows, the last day of each visitor they belong to (a session
  // without a visitor stands for its own), and what `usage_last_seen` holds for all of them.
  const { rows: read } = await tx.query<{
    rows: {
      session_id: string;
      day: string;
      scans: number;
      device: string | null;
      country: string | null;
      visitor: string | null;
    }[];
    visitor_days: { k: string; day: string }[];
    stored: { entity: string; kind: string; grp: string; last_day: string }[];
  }>(
    `WITH r AS (
       SELECT session_id, day::text AS day, scans, device, country, visitor FROM ${sessionsTable}
        WHERE session_id = ANY($1::text[])
     ), v AS (
       SELECT ARRAY(SELECT 'session:' || s FROM unnest($1::text[]) AS s
                    UNION SELECT coalesce(visitor, 'session:' || session_id) FROM r) AS keys
     ), vd AS (
       SELECT coalesce(visitor, 'session:' || session_id) AS k, max(day)::text AS day FROM ${sessionsTable}, v
        WHERE coalesce(visitor, 'session:' || session_id) = ANY(v.keys) GROUP BY 1
     ), st AS (
       SELECT entity, kind, grp, last_day::text AS last_day FROM ${seenTable}, v
        WHERE (entity = ANY($1::text[]) AND kind = ANY($2::text[]))
           OR (entity = ANY(v.keys) AND kind = 'visitor')
     )
     SELECT (SELECT coalesce(json_agg(r), '[]') FROM r) AS rows,
            (SELECT coalesce(json_agg(vd), '[]') FROM vd) AS visitor_days,
            (SELECT coalesce(json_agg(st), '[]') FROM st) AS stored`,
    [sessionIds, SESSION_KINDS],
  );
  const { rows, visitor_days: visitorDays, stored } = read[0]!;
  for (const r of rows) {
    later(key('session', '', r.session_id), r.day);
    if (r.scans > 0) later(key('scanning', '', r.session_id), r.day);
    later(key('device', r.device ?? 'unknown', r.session_id), r.day);
    later(key('country', r.country ?? 'unknown', r.session_id), r.day);
  }
  for (const r of visitorDays) later(key('visitor', '', r.k), r.day);
  const had = new Map(stored.map((r) => [key(r.kind, r.grp, r.entity), r.last_day]));
  const deltas = new Map<string, number>();
  const move = (kind: string, grp: string, day: string, by: number) => {
    const k = `${day}${SEP}${kind}${SEP}${grp}`;
    deltas.set(k, (deltas.get(k) ?? 0) + by);
  };
  const gone: string[][] = [];
  const set: string[][] = [];
  for (const k of new Set([...had.keys(), ...wanted.keys()])) {
    const before = had.get(k);
    const after = wanted.get(k);
    if (before === after) continue;
    const [kind, grp, entity] = k.split(SEP) as [string, string, string];
    if (before !== undefined) move(kind, grp, before, -1);
    if (after !== undefined) {
      move(kind, grp, after, 1);
      set.push([entity, kind, grp, after]);
    } else gone.push([entity, kind, grp]);
  }
  if (gone.length > 0) {
    await tx.query(
      `DELETE FROM ${seenTable} t USING unnest($1::text[], $2::text[], $3::text[]) AS g(entity, kind, grp)
        WHERE t.entity = g.entity AND t.kind = g.kind AND t.grp = g.grp`,
      [gone.map((g) => g[0]), gone.map((g) => g[1]), gone.map((g) => g[2])],
    );
  }
  if (set.length > 0) {
    await tx.query(
      `INSERT INTO ${seenTable} (entity, kind, grp, last_day)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::date[])
       ON CONFLICT (entity, kind, grp) DO UPDATE SET last_day = excluded.last_day`,
      [set.map((r) => r[0]), set.map((r) => r[1]), set.map((r) => r[2]), set.map((r) => r[3])],
    );
  }
  const moved = [...deltas].filter(([, by]) => by !== 0).map(([k, by]) => [...k.split(SEP), by] as const);
  if (moved.length > 0) {
    await tx.query(
      `INSERT INTO ${dayTable} (last_day, kind, grp, count)
       SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::bigint[])
       ON CONFLICT (last_day, kind, grp) DO UPDATE SET count = ${dayTable}.count + excluded.count`,
      [moved.map((m) => m[0]), moved.map((m) => m[1]), moved.map((m) => m[2]), moved.map((m) => m[3])],
    );
  }
}
