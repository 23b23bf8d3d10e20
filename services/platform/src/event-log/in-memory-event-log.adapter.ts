import { EventLogBase } from './event-log.base.ts';
import {
  type AppendResult,
  type AppendToStream,
  DuplicateEventIdError,
  type ReadAllOptions,
  type StoredEvent,
  UniqueKeyTakenError,
  WrongExpectedVersionError,
} from './event-log.port.ts';
import { checkBatches, checkReadAll, checkStreamRead, jsonCopy } from './event-log.validation.ts';
import { DEFAULT_POLLING, type PollingOptions } from './polling-subscription.ts';

/** The event log in memory, for unit tests only. Same rules as the Postgres adapter. */
export class InMemoryEventLog extends EventLogBase {
  private readonly events: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly ids = new Set<string>();
  /** Unique key → the stream that holds it. */
  private readonly keys = new Map<string, string>();
  constructor(polling: PollingOptions = DEFAULT_POLLING) {
    super(polling);
  }

  async appendMany(batches: AppendToStream[]): Promise<AppendResult[]> {
    this.assertOpen();
    const checked = checkBatches(batches);
    // Check everything first, then write: all or nothing.
    for (const batch of checked) {
      const actual = this.streams.get(batch.streamId)?.length ?? 0;
      if (batch.expectedVersion !== 'any' && batch.expectedVersion !== actual) {
        throw new WrongExpectedVersionError(batch.streamId, batch.expectedVersion, actual);
      }
      for (const event of batch.events) {
        if (this.ids.has(event.id)) throw new DuplicateEventIdError(event.id);
      }
    }
    const released = new Set(
      checked.flatMap((b) => b.release.filter((key) => this.keys.get(key) === b.streamId)),
    );
    for (const batch of checked) {
      for (const key of batch.claim) {
        const holder = this.keys.get(key);
        if (holder !== undefined && holder !== batch.streamId && !released.has(key)) {
          throw new UniqueKeyTakenError(key, holder);
        }
      }
    }
    for (const key of released) this.keys.delete(key);
    for (const batch of checked) for (const key of batch.claim) this.keys.set(key, batch.streamId);
    const recordedAt = new Date().toISOString();
    const results = checked.map((batch) => {
      const stream = this.streams.get(batch.streamId) ?? [];
      this.streams.set(batch.streamId, stream);
      for (const event of batch.events) {
        const stored: StoredEvent = {
          id: event.id,
          type: event.type,
          schemaVersion: event.schemaVersion,
          data: jsonCopy(event.data),
          metadata: jsonCopy(event.metadata),
          streamId: batch.streamId,
          version: stream.length + 1,
          position: this.events.length + 1,
          recordedAt,
        };
        stream.push(stored);
        this.events.push(stored);
        this.ids.add(stored.id);
      }
      return { nextExpectedVersion: stream.length, lastPosition: this.events.length };
    });
    this.appended();
    return results;
  }

  async readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    this.assertOpen();
    checkStreamRead(streamId, fromVersion);
    return (this.streams.get(streamId) ?? []).slice(fromVersion - 1).map((e) => structuredClone(e));
  }

  async streamVersion(streamId: string): Promise<number> {
    this.assertOpen();
    checkStreamRead(streamId, 1);
    return this.streams.get(streamId)?.length ?? 0;
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    this.assertOpen();
    const { after, limit } = checkReadAll(options);
    // Positions are 1..n without gaps here, so position p sits at index p - 1.
    return this.events.slice(after, after + limit).map((e) => structuredClone(e));
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    return this.events.length;
  }
}
