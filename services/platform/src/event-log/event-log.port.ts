/**
 * The event log port: the record of every write.
 * Adapters: in-memory (unit tests only), PGlite (embedded default), Postgres server via `pg`.
 * Every adapter must pass the contract suite in `event-log.contract.ts`.
 */

/** Who did it, when, and in which request. Time and ids come in here, never from `new Date()` in `decide`. */
export interface EventMetadata {
  actorId: string | null;
  actorRole: string | null;
  requestId: string | null;
  /** ISO-8601 timestamp of when the command was handled. */
  occurredAt: string;
  [key: string]: unknown;
}

/** An event about to be appended. */
export interface NewEvent<TType extends string = string, TData = unknown> {
  /** Unique event id (UUID). Appending an id that already exists is rejected. */
  id: string;
  /** Past tense, e.g. `ChemicalEdited`. */
  type: TType;
  /** Schema version of `data` for this type; defaults to 1. */
  schemaVersion?: number;
  data: TData;
  metadata: EventMetadata;
}

/** An event as stored in the log. */
export interface StoredEvent<TType extends string = string, TData = unknown> extends NewEvent<TType, TData> {
  /** `<noun>:<id>`, e.g. `chemical:42`. */
  streamId: string;
  /** 1-based version of the event within its stream. */
  version: number;
  /** Global position, strictly increasing in commit-visible order (gaps allowed). */
  position: number;
  schemaVersion: number;
  /** When it was stored (server clock). */
  recordedAt: string;
}

/**
 * Expected version of a stream before the append:
 * - a number: the stream's current version must be exactly this (0 = the stream must not exist yet);
 * - 'any': no check.
 */
export type ExpectedVersion = number | 'any';

export interface AppendToStream {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
  /**
   * Unique keys (such as a chemical's name) this stream takes and gives back, atomically with the
   * append and across every process writing to the log: the keys of all batches are released
   * first, then claimed. A key another stream holds fails the whole call with
   * `UniqueKeyTakenError` and nothing is written; claiming a key the stream holds already is a no-op.
   */
  uniqueKeys?: { claim?: readonly string[]; release?: readonly string[] };
}

export interface AppendResult {
  /** The stream's version after the append (use it as the next expected version). */
  nextExpectedVersion: number;
  /** Global position of the last event appended. */
  lastPosition: number;
}

export interface ReadAllOptions {
  /** Return events with position strictly greater than this. 0 = from the start. */
  after: number;
  /** At most this many events (adapters may cap it). */
  limit?: number;
  /**
   * A hint: the reader needs `data` only of events of these types (a projection's handled types).
   * Every event is still returned, in order; an adapter may leave `data` of the others as null so
   * it does not load and decode payloads nobody reads. Absent: every event carries its data.
   */
  dataTypes?: readonly string[];
}

export interface Subscription {
  /** Stop receiving events; resolves when the subscriber loop has finished. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events with position strictly greater than this. */
  after: number;
  /** Batch size per delivery. */
  batchSize?: number;
  /** Who reads (a projection's name): adapters may use it, e.g. in Kafka consumer group ids. */
  name?: string;
  /**
   * As for `readAll`, a hint: the reader needs `data` only of events of these types (a projection's handled types).
   * Every event is still returned, in order; an adapter may leave `data` of the others as null so
   * it does not load and decode payloads nobody reads. Absent: every event carries its data.
   */
  dataTypes?: readonly string[];

  /** Called when the handler or a read of the log throws; the subscription stops after it. Default: logs to stderr. */
  onError?: (error: unknown) => void;
}

export interface EventLog {
  /** Append to one stream with optimistic concurrency. Throws `WrongExpectedVersionError` on conflict. */
  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /**
   * Append to several streams atomically: all or nothing. Any version conflict throws
   * `WrongExpectedVersionError` and nothing is written. Returns one result per input, in order.
   */
  appendMany(batches: AppendToStream[]): Promise<AppendResult[]>;
  /** Events of one stream, in version order, from `fromVersion` (inclusive, default 1). */
  readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]>;
  /** Current version of a stream (0 if it does not exist). */
  streamVersion(streamId: string): Promise<number>;
  /**
   * Events in global position order after `after`. Never skips an event whose transaction commits
   * after a later-positioned one: events of transactions that may still be in flight are held back.
   */
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /** The highest position that `readAll` can currently deliver (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * Live tail: calls `handler` with batches of events after `options.after`, in order, then keeps
   * delivering new events as they are appended. Awaits the handler before delivering more.
   */
  subscribe(
    handler: (events: StoredEvent[]) => Promise<void> | void,
    options: SubscribeOptions,
  ): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
  }
}

export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(readonly eventId: string) {
    super(`Event id ${eventId} already exists in the log`);
  }
}

export class UniqueKeyTakenError extends Error {
  override readonly name = 'UniqueKeyTakenError';
  constructor(
    readonly key: string,
    /** The stream that holds the key. */
    readonly holder: string,
  ) {
    super(`Unique key ${key} is held by ${holder}`);
  }
}
