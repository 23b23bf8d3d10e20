import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../event-log/event-log.port.ts';
import { decodeEventMessage, encodeEventMessage } from './kafka-messages.ts';

const event: StoredEvent = {
  id: 'a1',
  streamId: 'chemical:chem-78-70-6',
  version: 3,
  position: 42,
  type: 'ChemicalEdited',
  schemaVersion: 1,
  data: { chemical_id: 'chem-78-70-6', changes: { name: 'Linalool' } },
  metadata: { actorId: 'u1', actorRole: 'admin', requestId: 'r1', occurredAt: '2026-11-22T00:00:00.000Z' },
  recordedAt: '2026-11-22T00:00:00.001Z',
};

describe('Kafka event messages', () => {
  it('key by stream id and round-trip the event with its chain link', () => {
    const message = encodeEventMessage(event, 40);
    expect(message.key).toBe('chemical:chem-78-70-6');
    expect(message.headers).toEqual({ position: '42', 'prev-position': '40', type: 'ChemicalEdited' });
    // As kafkajs hands them to a consumer: Buffers.
    const received = {
      value: Buffer.from(message.value),
      headers: Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, Buffer.from(v)])),
    };
    expect(decodeEventMessage(received)).toEqual({ event, prevPosition: 40 });
  });

  it.each([
    ['no headers', { value: '{}' }],
    [
      'prev not before position',
      { value: JSON.stringify(event), headers: { position: '42', 'prev-position': '42' } },
    ],
    ['a negative prev', { value: JSON.stringify(event), headers: { position: '42', 'prev-position': '-1' } }],
    ['no value', { value: null, headers: { position: '42', 'prev-position': '1' } }],
    ['not JSON', { value: '{nope', headers: { position: '42', 'prev-position': '1' } }],
    ['another event', { value: JSON.stringify(event), headers: { position: '43', 'prev-position': '1' } }],
    ['a JSON scalar', { value: '7', headers: { position: '42', 'prev-position': '1' } }],
  ])('refuse a message with %s', (_, message) => {
    expect(decodeEventMessage(message)).toBeInstanceOf(Error);
  });
});
