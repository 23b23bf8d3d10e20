import {
  type AppendToStream,
  DuplicateEventIdError,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type SubscribeOptions,
} from './event-log.port.ts';

/** Bad input to the event log (a programming error of the caller, not a conflict). */
export class EventLogInputError extends Error {
  override readonly name = 'EventLogInputError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event ready to store: id lowercased, schema version filled in. */
export interface CheckedEvent {
  id: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: NewEvent['metadata'];
}

export interface CheckedBatch {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: CheckedEvent[];
  claim: string[];
  release: string[];
}

/** Checks a whole `appendMany` call (the same rules for every adapter) and normalises it. */
export function checkBatches(batches: readonly AppendToStream[]): CheckedBatch[] {
  if (!Array.isArray(batches) || batches.length === 0) {
    throw new EventLogInputError('appendMany needs at least one batch');
  }
  const streams = new Set<string>();
  const ids = new Set<string>();
  const claimed = new Set<string>();
  return batches.map((batch) => {
    const checked = checkBatch(batch.streamId, batch.events, batch.expectedVersion, batch.uniqueKeys);
    for (const key of checked.claim) {
      if (claimed.has(key)) throw new EventLogInputError(`Unique key ${key} is claimed twice in one call`);
      claimed.add(key);
    }
    if (streams.has(checked.streamId)) {
      throw new EventLogInputError(`Stream ${checked.streamId} appears twice in one appendMany call`);
    }
    streams.add(checked.streamId);
    for (const event of checked.events) {
      if (ids.has(event.id)) throw new DuplicateEventIdError(event.id);
      ids.add(event.id);
    }
    return checked;
  });
}

function checkKeys(streamId: string, keys: unknown, what: string): string[] {
  if (keys === undefined) return [];
  if (!Array.isArray(keys) || keys.length > 100) {
    throw new EventLogInputError(`Invalid unique keys to ${what} for ${streamId}: at most 100 strings`);
  }
  for (const key of keys) {
    if (typeof key !== 'string' || key.trim() === '' || key.length > 512) {
      throw new EventLogInputError(
        `Invalid unique key ${JSON.stringify(key)} for ${streamId}: a non-empty string is required`,
      );
    }
  }
  return [...new Set(keys as string[])];
}

function checkBatch(
  streamId: unknown,
  events: unknown,
  expectedVersion: unknown,
  uniqueKeys?: AppendToStream['uniqueKeys'],
): CheckedBatch {
  if (typeof streamId !== 'string' || streamId.trim() === '' || streamId.length > 512) {
    throw new EventLogInputError(
      `Invalid stream id ${JSON.stringify(streamId)}: a non-empty string is required`,
    );
  }
  if (
    expectedVersion !== 'any' &&
    !(Number.isSafeInteger(expectedVersion) && (expectedVersion as number) >= 0)
  ) {
    throw new EventLogInputError(
      `Invalid expected version ${JSON.stringify(expectedVersion)} for ${streamId}: use 'any' or an integer >= 0`,
    );
  }
  if (!Array.isArray(events) || events.length === 0) {
    throw new EventLogInputError(`Append to ${streamId} needs at least one event`);
  }
  if (uniqueKeys !== undefined && (typeof uniqueKeys !== 'object' || uniqueKeys === null)) {
    throw new EventLogInputError(`Invalid unique keys for ${streamId}: an object is required`);
  }
  return {
    streamId,
    expectedVersion: expectedVersion as ExpectedVersion,
    events: events.map((event: unknown) => checkEvent(streamId, event)),
    claim: checkKeys(streamId, uniqueKeys?.claim, 'claim'),
    release: checkKeys(streamId, uniqueKeys?.release, 'release'),
  };
}

function checkEvent(streamId: string, input: unknown): CheckedEvent {
  if (typeof input !== 'object' || input === null) {
    throw new EventLogInputError(`Invalid event for ${streamId}: an object is required`);
  }
  const event = input as Partial<NewEvent>;
  if (typeof event.id !== 'string' || !UUID.test(event.id)) {
    throw new EventLogInputError(
      `Invalid event id ${JSON.stringify(event.id)} for ${streamId}: a UUID is required`,
    );
  }
  if (typeof event.type !== 'string' || event.type.trim() === '') {
    throw new EventLogInputError(`Event ${event.id} has no type`);
  }
  const schemaVersion = event.schemaVersion ?? 1;
  if (!Number.isSafeInteger(schemaVersion) || schemaVersion < 1) {
    throw new EventLogInputError(`Event ${event.id} has an invalid schema version ${String(schemaVersion)}`);
  }
  if (event.data === undefined) throw new EventLogInputError(`Event ${event.id} has no data`);
  if (typeof event.metadata !== 'object' || event.metadata === null || Array.isArray(event.metadata)) {
    throw new EventLogInputError(`Event ${event.id} has no metadata object`);
  }
  return {
    id: event.id.toLowerCase(),
    type: event.type,
    schemaVersion,
    data: event.data,
    metadata: event.metadata,
  };
}

export const DEFAULT_READ_LIMIT = 1000;
export const MAX_READ_LIMIT = 10_000;

/** `after`, `limit` and `dataTypes` of a `readAll` call, checked; the limit capped at `MAX_READ_LIMIT`. */
export function checkReadAll(options: ReadAllOptions): {
  after: number;
  limit: number;
  dataTypes: readonly string[] | undefined;
} {
  const after = options?.after;
  if (!Number.isSafeInteger(after) || after < 0) {
    throw new EventLogInputError(
      `readAll: invalid 'after' ${JSON.stringify(after)}: an integer >= 0 is required`,
    );
  }
  const limit = options.limit ?? DEFAULT_READ_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new EventLogInputError(
      `readAll: invalid limit ${JSON.stringify(limit)}: an integer >= 1 is required`,
    );
  }
  return {
    after,
    limit: Math.min(limit, MAX_READ_LIMIT),
    dataTypes: checkDataTypes('readAll', options.dataTypes),
  };
}

function checkDataTypes(call: string, types: unknown): readonly string[] | undefined {
  if (types === undefined) return undefined;
  if (!Array.isArray(types) || !types.every((t) => typeof t === 'string')) {
    throw new EventLogInputError(
      `${call}: invalid dataTypes ${JSON.stringify(types)}: a list of event types is required`,
    );
  }
  return types;
}

/** The batch size of a `subscribe` call, with its `after` checked. */
export function checkSubscribe(options: SubscribeOptions): number {
  if (!Number.isSafeInteger(options?.after) || options.after < 0) {
    throw new EventLogInputError(`subscribe: invalid 'after' ${JSON.stringify(options?.after)}`);
  }
  const limit = options.batchSize ?? DEFAULT_READ_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new EventLogInputError(`subscribe: invalid batchSize ${JSON.stringify(options.batchSize)}`);
  }
  checkDataTypes('subscribe', options.dataTypes);
  return limit;
}

export function checkStreamRead(streamId: unknown, fromVersion: unknown): void {
  if (typeof streamId !== 'string' || streamId === '') {
    throw new EventLogInputError(`Invalid stream id ${JSON.stringify(streamId)}`);
  }
  if (!Number.isSafeInteger(fromVersion) || (fromVersion as number) < 1) {
    throw new EventLogInputError(
      `Invalid fromVersion ${JSON.stringify(fromVersion)}: an integer >= 1 is required`,
    );
  }
}

/** Rewrites `data`/`metadata` through JSON, as the database does (drops `undefined`, dates become strings). */
export function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
