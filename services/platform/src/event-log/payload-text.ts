import type { EventMetadata, StoredEvent } from './event-log.port.ts';

/** Where an event read with its payload as text keeps it (not enumerable: not part of the event's value). */
const PAYLOAD = Symbol('payload');

/** The payload's JSON text until `data` is read or set, then the value. */
interface Payload {
  text: string | undefined;
  data: unknown;
}

/**
 * A stored event from a row of the log read with its payload as JSON text: `data` is parsed from the text when first
 * read (it behaves as a plain property otherwise: enumerable, settable, in spreads and
 * `JSON.stringify`), so a reader that takes the text (`payloadTextOf`) never parses it.
 */
export function eventWithPayloadText(
  row: {
    id: string;
    type: string;
    schema_version: number;
    metadata: EventMetadata;
    stream_id: string;
    version: number;
    position: number | string;
    recorded_at: Date;
  },
  text: string,
): StoredEvent {
  const payload: Payload = { text, data: undefined };
  const event: StoredEvent = {
    id: row.id,
    type: row.type,
    schemaVersion: row.schema_version,
    get data(): unknown {
      if (payload.text !== undefined) {
        payload.data = JSON.parse(payload.text);
        payload.text = undefined;
      }
      return payload.data;
    },
    set data(value: unknown) {
      payload.data = value;
      payload.text = undefined;
    },
    metadata: row.metadata,
    streamId: row.stream_id,
    version: row.version,
    position: Number(row.position),
    recordedAt: row.recorded_at.toISOString(),
  };
  Object.defineProperty(event, PAYLOAD, { value: payload });
  return event;
}

/**
 * The JSON text `event.data` is still to be parsed from (an event the log read with its payload as
 * text, whose `data` nobody read or set yet), else undefined. The text is `data`'s JSON as
 * Postgres prints a `jsonb` value.
 */
export function payloadTextOf(event: StoredEvent): string | undefined {
  return (event as { [PAYLOAD]?: Payload })[PAYLOAD]?.text;
}
