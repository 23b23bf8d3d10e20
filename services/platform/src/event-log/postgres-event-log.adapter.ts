import { migrate } from '../db/migrate.ts';
import { isPgError, type SqlClient } from '../db/sql-client.ts';
import type { CommittedFeed, CommittedListener, CommittedRun } from './committed-feed.ts';
import { EventLogBase } from './event-log.base.ts';
import {
  type AppendResult,
  type AppendToStream,
  DuplicateEventIdError,
  type EventMetadata,
  type ReadAllOptions,
  type StoredEvent,
  UniqueKeyTakenError,
  WrongExpectedVersionError,
} from './event-log.port.ts';
import { type CheckedBatch, checkBatches, checkReadAll, checkStreamRead } from './event-log.validation.ts';
import {
  eventStoreMigrations,
  eventsChannel,
  UNIQUE_KEY_TAKEN_SQLSTATE,
  WRONG_EXPECTED_VERSION_SQLSTATE,
} from './event-store.migrations.ts';
import { DEFAULT_POLLING, type PollingOptions } from './polling-subscription.ts';

export interface PostgresEventLogOptions {
  /** Live-tail polling; appends from other processes are seen within `maxPollMs`. */
  polling?: PollingOptions;
  /** Close the SQL client with the log (default false: the client is usually shared with read models). */
  ownsClient?: boolean;
  /** Apply the event store migrations on create (default true). */
  migrate?: boolean;
  /**
   * Wake the live tails on appends of other processes through Postgres LISTEN/NOTIFY (default true
   * on a Postgres server; one extra connection). Polling stays as the safety net.
   */
  listen?: boolean;
}

interface EventRow {
  position: number | string;
  id: string;
  stream_id: string;
  version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

const COLUMNS = 'position, id, stream_id, version, type, schema_version, data, metadata, recorded_at';

const PREPARED = { prepare: true };
/** From this many events an append sends payloads as one JSON array (see `appendSql`). */
const LARGE_APPEND_EVENTS = 32;

interface AppendRow {
  next_version: number;
  last_position: number | string;
  /** With `placed` only (see `append_events_placed`). */
  first_position?: number | string;
  previous_position?: number | string | null;
  recorded_at?: Date;
}

/**
 * The append call; `keyed` adds the unique keys' four arrays ($10..$13); `placed` (unkeyed only)
 * also returns where the events sit, for this process's readers.
 */
function appendSql(large: boolean, keyed: boolean, placed: boolean): string {
  const fn = keyed ? 'append_events_keyed' : placed ? 'append_events_placed' : 'append_events';
  const extra = placed && !keyed ? ', first_position, previous_position, recorded_at' : '';
  const keys = keyed ? ', $10::int[], $11::text[], $12::int[], $13::text[]' : '';
  // Large appends send payloads and metadata as one JSON array each instead of jsonb[] literals,
  // whose every element a driver quotes and escapes (PGlite spent a fifth of a catalogue import on
  // that). Small appends keep the plain form: unpacking costs more than it saves there.
  const payloads = large
    ? `ARRAY(SELECT d FROM jsonb_array_elements($8::jsonb) WITH ORDINALITY AS x(d, n) ORDER BY n),
    ARRAY(SELECT m FROM jsonb_array_elements($9::jsonb) WITH ORDINALITY AS y(m, n) ORDER BY n)`
    : '$8::jsonb[], $9::jsonb[]';
  return `SELECT next_version, last_position${extra} FROM ${fn}(
    $1::text[], $2::int[], $3::int[], $4::int[], $5::uuid[], $6::text[], $7::int[], ${payloads}${keys})`;
}

const SQL = {
  readStream: `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND version >= $2 ORDER BY version`,
  streamVersion: 'SELECT coalesce(max(version), 0) AS version FROM events WHERE stream_id = $1',
  // The page is cut in JS at the first held-back row (see read_events in event-store.migrations.ts).
  // With a type list, `data` only for those types: a projection catching up skips the catalogue's
  // 2 kB perfumes it does not handle (they are not loaded, sent or decoded). A large payload comes
  // as the JSON text kept when it was stored (`data_text`), not printed from jsonb again.
  readAll: `SELECT ${COLUMNS}, data_text, held FROM read_events_text($1, $2, $3::text[])`,
  headPosition: 'SELECT events_head() AS head',
};

/**
 * The event log on Postgres SQL: the same adapter on PGlite (embedded) and on a Postgres server,
 * through a `SqlClient` bound to the schema that holds the `events` table.
 */
export class PostgresEventLog extends EventLogBase implements CommittedFeed {
  private unlisten: (() => Promise<void>) | undefined;
  private readonly committedListeners = new Set<CommittedListener>();

  private constructor(
    private readonly client: SqlClient,
    private readonly options: PostgresEventLogOptions,
  ) {
    super(options.polling ?? DEFAULT_POLLING);
  }

  static async create(client: SqlClient, options: PostgresEventLogOptions = {}): Promise<PostgresEventLog> {
    if (options.migrate !== false) await migrate(client, eventStoreMigrations);
    const log = new PostgresEventLog(client, options);
    if (options.listen !== false && client.listen) {
      log.unlisten = await client.listen(eventsChannel(client.schema), (payload) => log.heard(payload));
    }
    return log;
  }

  async appendMany(batches: AppendToStream[]): Promise<AppendResult[]> {
    this.assertOpen();
    const checked = checkBatches(batches);
    const streamIds: string[] = [];
    const expected: (number | null)[] = [];
    const batchIndex: number[] = [];
    const offsets: number[] = [];
    const ids: string[] = [];
    const types: string[] = [];
    const schemaVersions: number[] = [];
    const data: unknown[] = [];
    const metadata: unknown[] = [];
    checked.forEach((batch, b) => {
      streamIds.push(batch.streamId);
      expected.push(batch.expectedVersion === 'any' ? null : batch.expectedVersion);
      batch.events.forEach((event, o) => {
        batchIndex.push(b + 1);
        offsets.push(o + 1);
        ids.push(event.id);
        types.push(event.type);
        schemaVersions.push(event.schemaVersion);
        data.push(event.data);
        metadata.push(event.metadata);
      });
    });
    const large = ids.length >= LARGE_APPEND_EVENTS;
    const claimBatch: number[] = [];
    const claimKeys: string[] = [];
    const releaseBatch: number[] = [];
    const releaseKeys: string[] = [];
    checked.forEach((batch, b) => {
      for (const key of batch.claim) {
        claimBatch.push(b + 1);
        claimKeys.push(key);
      }
      for (const key of batch.release) {
        releaseBatch.push(b + 1);
        releaseKeys.push(key);
      }
    });
    const keyed = claimKeys.length + releaseKeys.length > 0;
    // Where the events sit is asked only when someone in this process takes them.
    const placed = !keyed && this.committedListeners.size > 0;
    const dataParam = large ? JSON.stringify(data) : data.map((d) => JSON.stringify(d));
    const metadataParam = large ? JSON.stringify(metadata) : metadata.map((m) => JSON.stringify(m));
    let rows: AppendRow[];
    try {
      ({ rows } = await this.client.query<AppendRow>(appendSql(large, keyed, placed), [
        streamIds,
        expected,
        batchIndex,
        offsets,
        ids,
        types,
        schemaVersions,
        dataParam,
        metadataParam,
        ...(keyed ? [claimBatch, claimKeys, releaseBatch, releaseKeys] : []),
      ]));
    } catch (error) {
      // It may have committed all the same (a connection lost after the commit): readers look.
      this.tellCommitted(null);
      throw await this.appendError(error, checked);
    }
    this.appended();
    if (this.committedListeners.size > 0) {
      this.tellCommitted(
        placed ? committedRun(checked, rows, ids.length, large, dataParam, metadataParam) : null,
      );
    }
    return rows.map((r) => ({ nextExpectedVersion: r.next_version, lastPosition: Number(r.last_position) }));
  }

  /**
   * After each append this log committed, `listener` gets its events and where they sit (or `null`,
   * as it does for appends this process did not make: see `CommittedFeed`).
   */
  onCommitted(listener: CommittedListener): () => void {
    this.committedListeners.add(listener);
    return () => {
      this.committedListeners.delete(listener);
    };
  }

  /** An append was announced (any process's), with the log's last position then when `payload` has it. */
  private heard(payload?: string): void {
    this.appended();
    const upTo = payload ? Number(payload) : Number.NaN;
    this.tellCommitted(null, Number.isSafeInteger(upTo) ? upTo : undefined);
  }

  private tellCommitted(run: CommittedRun | null, announcedUpTo?: number): void {
    for (const listener of this.committedListeners) {
      try {
        listener(run, announcedUpTo);
      } catch {
        // A reader's failure must not turn a committed append into a failed one.
      }
    }
  }

  /** Turns database errors of an append into the port's typed errors. */
  private async appendError(error: unknown, batches: CheckedBatch[]): Promise<unknown> {
    if (isPgError(error, WRONG_EXPECTED_VERSION_SQLSTATE) && error.detail) {
      const d = JSON.parse(error.detail) as { streamId: string; expected: number; actual: number };
      return new WrongExpectedVersionError(d.streamId, d.expected, d.actual);
    }
    if (isPgError(error, UNIQUE_KEY_TAKEN_SQLSTATE) && error.detail) {
      const d = JSON.parse(error.detail) as { key: string; holder: string };
      return new UniqueKeyTakenError(d.key, d.holder);
    }
    if (isPgError(error, '23505') && error.constraint === 'events_id_unique') {
      const id = /\(id\)=\(([^)]+)\)/.exec(error.detail ?? '')?.[1] ?? batches[0]?.events[0]?.id ?? '';
      return new DuplicateEventIdError(id);
    }
    if (isPgError(error, '23505') && error.constraint === 'events_stream_version_unique') {
      // Only reachable when something wrote events around append_events; still a conflict, not a crash.
      const streamId = /\(stream_id, version\)=\((.*), \d+\)/.exec(error.detail ?? '')?.[1];
      const batch = batches.find((b) => b.streamId === streamId) ?? batches[0]!;
      return new WrongExpectedVersionError(
        batch.streamId,
        batch.expectedVersion,
        await this.streamVersion(batch.streamId),
      );
    }
    return error;
  }

  async readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    this.assertOpen();
    checkStreamRead(streamId, fromVersion);
    const { rows } = await this.client.query<EventRow>(SQL.readStream, [streamId, fromVersion], PREPARED);
    return rows.map(toStoredEvent);
  }

  async streamVersion(streamId: string): Promise<number> {
    this.assertOpen();
    checkStreamRead(streamId, 1);
    const { rows } = await this.client.query<{ version: number }>(SQL.streamVersion, [streamId], PREPARED);
    return rows[0]?.version ?? 0;
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    this.assertOpen();
    const { after, limit, dataTypes } = checkReadAll(options);
    const { rows } = await this.client.query<EventRow & { data_text: string | null; held: boolean }>(
      SQL.readAll,
      [after, limit, dataTypes ?? null],
      PREPARED,
    );
    const events: StoredEvent[] = [];
    for (const row of rows) {
      // Never return an event past one that is held back: the reader's next `after` would skip it.
      if (row.held) break;
      if (row.data_text !== null) row.data = JSON.parse(row.data_text);
      events.push(toStoredEvent(row));
    }
    return events;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    const { rows } = await this.client.query<{ head: number | string }>(SQL.headPosition);
    return Number(rows[0]?.head ?? 0);
  }

  protected override async onClosed(): Promise<void> {
    await this.unlisten?.();
    if (this.options.ownsClient) await this.client.close();
  }
}

/**
 * The run an append committed, from what was sent and what `append_events_placed` answered; null
 * when its place is not known. The payloads are the JSON sent, parsed (as a read would give them).
 */
function committedRun(
  batches: CheckedBatch[],
  rows: AppendRow[],
  count: number,
  large: boolean,
  dataParam: string | string[],
  metadataParam: string | string[],
): CommittedRun | null {
  const head = rows[0];
  if (head?.previous_position == null || head.first_position === undefined || !head.recorded_at) return null;
  const first = Number(head.first_position);
  const last = first + count - 1;
  // Positions are consecutive (the function checked): the last batch ends at the run's end.
  if (Number(rows.at(-1)!.last_position) !== last) return null;
  const recordedAt = head.recorded_at.toISOString();
  return {
    previous: Number(head.previous_position),
    first,
    last,
    events: () => {
      const data = (
        large ? JSON.parse(dataParam as string) : (dataParam as string[]).map(parseJson)
      ) as unknown[];
      const metadata = (
        large ? JSON.parse(metadataParam as string) : (metadataParam as string[]).map(parseJson)
      ) as EventMetadata[];
      const events: StoredEvent[] = new Array(count);
      let k = 0;
      batches.forEach((batch, b) => {
        const base = rows[b]!.next_version - batch.events.length;
        batch.events.forEach((event, o) => {
          events[k] = {
            id: event.id,
            type: event.type,
            schemaVersion: event.schemaVersion,
            data: data[k],
            metadata: metadata[k]!,
            streamId: batch.streamId,
            version: base + o + 1,
            position: first + k,
            recordedAt,
          };
          k++;
        });
      });
      return events;
    },
  };
}

function parseJson(text: string): unknown {
  return JSON.parse(text);
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: row.id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    version: row.version,
    position: Number(row.position),
    recordedAt: row.recorded_at.toISOString(),
  };
}
