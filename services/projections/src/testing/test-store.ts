import { randomUUID } from 'node:crypto';
import {
  createPgliteClient,
  type NewEvent,
  openTestPgDatabase,
  PostgresEventLog,
  type SqlClient,
} from '@scentinel/platform';

/** For int tests: a fresh, empty database (own Postgres schema, or an in-memory PGlite) with the event log. */
export interface TestStore {
  sql: SqlClient;
  eventLog: PostgresEventLog;
  close(): Promise<void>;
}

export interface TestBackend {
  name: 'postgres' | 'pglite';
  /** False when the backend is not configured (Postgres without DATABASE_URL): the suite is skipped. */
  available: boolean;
  open(): Promise<TestStore>;
}

const FAST_POLLING = { minPollMs: 2, maxPollMs: 20 };

export const postgresBackend: TestBackend = {
  name: 'postgres',
  available: Boolean(process.env.DATABASE_URL),
  async open() {
    // Throws when DATABASE_URL is set but the server is unreachable: the test fails, never skips.
    const db = await openTestPgDatabase('t_projections');
    if (!db) throw new Error('DATABASE_URL is not set');
    const eventLog = await PostgresEventLog.create(db.client, { polling: FAST_POLLING });
    return {
      sql: db.client,
      eventLog,
      async close() {
        await eventLog.close();
        await db.drop();
      },
    };
  },
};

export const pgliteBackend: TestBackend = {
  name: 'pglite',
  available: true,
  async open() {
    const sql = await createPgliteClient('memory://');
    const eventLog = await PostgresEventLog.create(sql, { polling: FAST_POLLING });
    return {
      sql,
      eventLog,
      async close() {
        await eventLog.close();
        await sql.close();
      },
    };
  },
};

export const testBackends = [postgresBackend, pgliteBackend];

/** A new event with a fresh id; `occurredAt` defaults to a fixed time. */
export function newEvent(
  type: string,
  data: unknown = {},
  occurredAt = '2025-03-04T10:00:00.000Z',
): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { actorId: null, actorRole: null, requestId: null, occurredAt },
  };
}

/** Appends each event to its own stream (in order) and returns their positions. */
export async function appendAll(
  eventLog: PostgresEventLog,
  events: (string | NewEvent)[],
): Promise<number[]> {
  const positions: number[] = [];
  for (const e of events) {
    const event = typeof e === 'string' ? newEvent(e) : e;
    const result = await eventLog.append(`test:${event.id}`, [event], 0);
    positions.push(result.lastPosition);
  }
  return positions;
}
