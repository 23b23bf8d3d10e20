import type { StoredEvent } from '@scentinel/platform';
import type { PostgresProjection } from '../runtime/projection.ts';

/** The usage events this rollup counts (defined by the domain's usage feature). */
export const USAGE_EVENT_TYPES = [
  'SearchTracked',
  'ScanTracked',
  'ChemicalClicked',
  'PageViewed',
  'LoginTracked',
  'RegistrationTracked',
] as const;

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

/** Pure: folds a batch of usage events into per-day counts, sessions, content and per-minute counts. */
export function rollupUsage(events: readonly StoredEvent[]): UsageRollup {
  const rollup: UsageRollup = {
    daily: new Map(),
    sessions: new Map(),
    content: new Map(),
    minutes: new Map(),
  };
  for (const event of events) {
    const at = usageTime(event);
    const day = new Date(at).toISOString().slice(0, 10);
    add(rollup.daily, `${day}|${event.type}`);
    add(rollup.minutes, at - (at % 60_000));
    const content = usageContent(event);
    if (content) add(rollup.content, `${day}${SEP}${content.type}${SEP}${content.name}`);
    const session = usageSessionId(event);
    if (session === undefined) continue;
    const key = `${day}|${session}`;
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
 * Version 2 added the session's device, country, visitor and scans, and the content and minute
 * tables; the runtime rebuilds v1 blue/green from the log.
 */
export const usageRollupProjection: PostgresProjection = {
  name: 'usage_rollup',
  version: 2,
  kind: 'postgres',
  description:
    'Usage per day: events by type, sessions (device, country, visitor), popular content, events per minute',
  handles: USAGE_EVENT_TYPES,
  tables: ['usage_daily', 'usage_sessions', 'usage_content', 'usage_minutes'],
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
      );`);
  },
  async apply(events, tx, ctx) {
    const { daily, sessions, content, minutes } = rollupUsage(events);
    const dailyTable = ctx.tableName('usage_daily');
    const sessionsTable = ctx.tableName('usage_sessions');
    const contentTable = ctx.tableName('usage_content');
    const minutesTable = ctx.tableName('usage_minutes');
    if (daily.size > 0) {
      const keys = [...daily.keys()].map((k) => k.split('|'));
      await tx.query(
        `INSERT INTO ${dailyTable} (day, event_type, count)
         SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[])
         ON CONFLICT (day, event_type) DO UPDATE SET count = ${dailyTable}.count + excluded.count`,
        [keys.map((k) => k[0]), keys.map((k) => k[1]), [...daily.values()]],
      );
    }
    if (sessions.size > 0) {
      const keys = [...sessions.keys()].map((k) => {
        const bar = k.indexOf('|');
        return [k.slice(0, bar), k.slice(bar + 1)] as const;
      });
      const values = [...sessions.values()];
      await tx.query(
        `INSERT INTO ${sessionsTable} (day, session_id, first_seen, last_seen, events, scans, device, country, visitor)
         SELECT * FROM unnest($1::date[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::int[],
                              $6::int[], $7::text[], $8::text[], $9::text[])
         ON CONFLICT (day, session_id) DO UPDATE SET
           first_seen = least(${sessionsTable}.first_seen, excluded.first_seen),
           last_seen = greatest(${sessionsTable}.last_seen, excluded.last_seen),
           events = ${sessionsTable}.events + excluded.events,
           scans = ${sessionsTable}.scans + excluded.scans,
           device = coalesce(${sessionsTable}.device, excluded.device),
           country = coalesce(${sessionsTable}.country, excluded.country),
           visitor = coalesce(${sessionsTable}.visitor, excluded.visitor)`,
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
    }
    if (content.size > 0) {
      const keys = [...content.keys()].map((k) => k.split(SEP));
      await tx.query(
        `INSERT INTO ${contentTable} (day, content_type, name, count)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::bigint[])
         ON CONFLICT (content_type, day, name) DO UPDATE SET count = ${contentTable}.count + excluded.count`,
        [keys.map((k) => k[0]), keys.map((k) => k[1]), keys.map((k) => k[2]), [...content.values()]],
      );
    }
    if (minutes.size > 0) {
      await tx.query(
        `INSERT INTO ${minutesTable} (minute, count)
         SELECT * FROM unnest($1::timestamptz[], $2::bigint[])
         ON CONFLICT (minute) DO UPDATE SET count = ${minutesTable}.count + excluded.count`,
        [[...minutes.keys()].map((m) => new Date(m).toISOString()), [...minutes.values()]],
      );
      // Only the last hour is ever read: minutes a day older than the newest one recorded go.
      // Measured from event time, not the clock (nor the batch), so a rebuild ends with the same rows.
      await tx.query(
        `DELETE FROM ${minutesTable}
          WHERE minute < (SELECT max(minute) FROM ${minutesTable}) - $1::interval`,
        [`${MINUTES_KEPT_MS / 1000} seconds`],
      );
    }
  },
};
