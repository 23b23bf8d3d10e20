import type { StoredEvent } from '../event-log/event-log.port.ts';

/**
 * How an event travels on the Kafka topic: keyed by its stream id (per-aggregate order within a
 * partition), the whole stored event as JSON in the value, and two headers that let a consumer put
 * the log's global order back together across partitions: `position`, and `prev-position`, the
 * position of the event the relay published just before it (the relay publishes the log in order,
 * so the two chain every event to its predecessor; the first one links to the relay's checkpoint).
 */
export interface EventMessage {
  key: string;
  value: string;
  headers: { position: string; 'prev-position': string; type: string };
}

export function encodeEventMessage(event: StoredEvent, prevPosition: number): EventMessage {
  return {
    key: event.streamId,
    value: JSON.stringify(event),
    headers: { position: String(event.position), 'prev-position': String(prevPosition), type: event.type },
  };
}

export interface DecodedEventMessage {
  event: StoredEvent;
  prevPosition: number;
}

type RawHeaders = Record<string, Buffer | string | (Buffer | string)[] | undefined> | undefined;

function header(headers: RawHeaders, name: string): string | undefined {
  const raw = headers?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined ? undefined : String(value);
}

/** The event and its chain link, or an error naming what is wrong (a foreign or damaged message). */
export function decodeEventMessage(message: {
  value: Buffer | string | null;
  headers?: RawHeaders;
}): DecodedEventMessage | Error {
  const prev = Number(header(message.headers, 'prev-position'));
  const position = Number(header(message.headers, 'position'));
  if (!Number.isSafeInteger(prev) || prev < 0 || !Number.isSafeInteger(position) || position <= prev) {
    return new Error('message without valid position / prev-position headers');
  }
  if (message.value === null) return new Error(`message for position ${position} has no value`);
  let event: StoredEvent;
  try {
    event = JSON.parse(String(message.value)) as StoredEvent;
  } catch {
    return new Error(`message for position ${position} is not JSON`);
  }
  if (
    typeof event !== 'object' ||
    event === null ||
    event.position !== position ||
    typeof event.streamId !== 'string' ||
    typeof event.type !== 'string'
  ) {
    return new Error(`message for position ${position} does not hold that event`);
  }
  return { event, prevPosition: prev };
}
