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

const MAX_SESSION_ID = 200;

export interface UsageRollup {
  /** `day|type` → count. */
  daily: Map<string, number>;
  /** `day|session` → first/last time seen (ms) and event count that day. */
  sessions: Map<string, { first: number; last: number; events: number }>;
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

/** The session id of a usage event, or undefined when absent or malformed (the event still counts). */
export function usageSessionId(event: StoredEvent): string | undefined {
  const data = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const raw = (data as Record<string, unknown>).session_id ?? (data as Record<string, unknown>).sessionId;
  if (typeof raw !== 'string') return undefined;
  const id = raw.trim();
  return id.length > 0 && id.length <= MAX_SESSION_ID ? id : undefined;
}

/** Pure: folds a batch of usage events into per-day counts and sessions. */
export function rollupUsage(events: readonly StoredEvent[]): UsageRollup {
  const daily = new Map<string, number>();
  const sessions: UsageRollup['sessions'] = new Map();
  for (const event of events) {
    const at = usageTime(event);
    const day = new Date(at).toISOString().slice(0, 10);
    const dayKey = `${day}|${event.type}`;
    daily.set(dayKey, (daily.get(dayKey) ?? 0) + 1);
    const session = usageSessionId(event);
    if (session === undefined) continue;
    const key = `${day}|${session}`;
    const seen = sessions.get(key);
    sessions.set(
      key,
      seen
        ? { first: Math.min(at, seen.first), last: Math.max(at, seen.last), events: seen.events + 1 }
        : { first: at, last: at, events: 1 },
    );
  }
  return { daily, sessions };
}

const split = (key: string): [string, string] => {
  const bar = key.indexOf('|');
  return [key.slice(0, bar), key.slice(bar + 1)];
};

/**
 * Usage per day: `usage_daily` (day, event type, count) and `usage_sessions` (distinct session ids
 * per day, with first/last seen and their event count). An event without a valid
 * `metadata.occurredAt` fails (dead letter) rather than being counted on a made-up day.
 */
export const usageRollupProjection: PostgresProjection = {
  name: 'usage_rollup',
  version: 1,
  kind: 'postgres',
  description: 'Usage events per day and type, and distinct sessions per day',
  handles: USAGE_EVENT_TYPES,
  tables: ['usage_daily', 'usage_sessions'],
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
        PRIMARY KEY (day, session_id)
      );`);
  },
  async apply(events, tx, ctx) {
    const { daily, sessions } = rollupUsage(events);
    const dailyTable = ctx.tableName('usage_daily');
    const sessionsTable = ctx.tableName('usage_sessions');
    if (daily.size > 0) {
      const keys = [...daily.keys()].map(split);
      await tx.query(
        `INSERT INTO ${dailyTable} (day, event_type, count)
         SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[])
         ON CONFLICT (day, event_type) DO UPDATE SET count = ${dailyTable}.count + excluded.count`,
        [keys.map((k) => k[0]), keys.map((k) => k[1]), [...daily.values()]],
      );
    }
    if (sessions.size > 0) {
      const keys = [...sessions.keys()].map(split);
      const values = [...sessions.values()];
      await tx.query(
        `INSERT INTO ${sessionsTable} (day, session_id, first_seen, last_seen, events)
         SELECT * FROM unnest($1::date[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::int[])
         ON CONFLICT (day, session_id) DO UPDATE SET
           first_seen = least(${sessionsTable}.first_seen, excluded.first_seen),
           last_seen = greatest(${sessionsTable}.last_seen, excluded.last_seen),
           events = ${sessionsTable}.events + excluded.events`,
        [
          keys.map((k) => k[0]),
          keys.map((k) => k[1]),
          values.map((v) => new Date(v.first).toISOString()),
          values.map((v) => new Date(v.last).toISOString()),
          values.map((v) => v.events),
        ],
      );
    }
  },
};
