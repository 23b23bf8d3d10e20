/**
 * Events as the log takes them: a time-ordered id, the current schema version, and the metadata of
 * who wrote them, in which request and when. Every writer (the API's commands, the scan worker)
 * builds its events here, so they carry the same metadata.
 */
import { type Actor, CURRENT_SCHEMA_VERSION } from '@scentinel/domain';
import { newEventId } from './event-id.ts';
import type { EventMetadata, NewEvent } from './event-log.port.ts';

export function metadataFor(actor: Actor | null, requestId: string | null, now: Date): EventMetadata {
  return {
    actorId: actor?.id ?? null,
    actorRole: actor === null ? null : actor.kind === 'account' ? actor.role : 'system',
    requestId,
    occurredAt: now.toISOString(),
  };
}

export function toNewEvents(
  events: readonly { type: string; data: unknown }[],
  metadata: EventMetadata,
): NewEvent[] {
  return events.map((e) => ({
    id: newEventId(),
    type: e.type,
    schemaVersion: CURRENT_SCHEMA_VERSION,
    data: e.data,
    metadata,
  }));
}
