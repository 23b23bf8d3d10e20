/**
 * Stored events built in memory for tests and benches that feed a projection without an event
 * log: each event gets the next log position, a version-1 stream and fixed metadata.
 */
import type { StoredEvent } from '../event-log.port.ts';

const AT = '2026-01-01T00:00:00.000Z';
const METADATA = { actorId: null, actorRole: null, requestId: null, occurredAt: AT };

/** One stored event at `position` (its id is `e<position>`). */
export function storedEvent(position: number, streamId: string, type: string, data: unknown): StoredEvent {
  return {
    id: `e${position}`,
    streamId,
    version: 1,
    position,
    type,
    schemaVersion: 1,
    data,
    metadata: METADATA,
    recordedAt: AT,
  };
}

/** A log in memory: `add` appends an event at the next position (the first is 1). */
export class StoredEventList {
  readonly events: StoredEvent[] = [];

  /** The position of the last event (0 when empty). */
  get head(): number {
    return this.events.length;
  }

  add(streamId: string, type: string, data: unknown): StoredEvent {
    const event = storedEvent(this.events.length + 1, streamId, type, data);
    this.events.push(event);
    return event;
  }
}
