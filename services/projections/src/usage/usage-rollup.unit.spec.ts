import type { StoredEvent } from '@scentinel/platform';
import { describe, expect, it } from 'vitest';
import { rollupUsage, usageDay, usageSessionId } from './usage-rollup.projection.ts';

let position = 0;
function stored(type: string, data: unknown, occurredAt: unknown = '2025-03-04T10:00:00.000Z'): StoredEvent {
  position += 1;
  return {
    id: `e${position}`,
    type,
    data,
    metadata: { actorId: null, actorRole: null, requestId: null, occurredAt: occurredAt as string },
    streamId: `usage:${position}`,
    version: 1,
    position,
    schemaVersion: 1,
    recordedAt: '2025-03-04T10:00:01.000Z',
  };
}

describe('usage rollup', () => {
  it('counts per UTC day and type, and distinct sessions per day with first/last seen', () => {
    const r = rollupUsage([
      stored('SearchTracked', { session_id: 's1', query: 'rose' }, '2025-03-04T23:30:00.000+00:00'),
      stored('SearchTracked', { session_id: 's1' }, '2025-03-04T08:00:00Z'),
      stored('PageViewed', { session_id: 's2' }, '2025-03-05T01:00:00+02:00'), // 2025-03-04T23:00Z
      stored('ScanTracked', { session_id: 's1' }, '2025-03-05T00:10:00Z'),
    ]);
    expect(Object.fromEntries(r.daily)).toEqual({
      '2025-03-04|SearchTracked': 2,
      '2025-03-04|PageViewed': 1,
      '2025-03-05|ScanTracked': 1,
    });
    expect(Object.fromEntries(r.sessions)).toEqual({
      '2025-03-04|s1': {
        first: Date.parse('2025-03-04T08:00:00.000Z'),
        last: Date.parse('2025-03-04T23:30:00.000Z'),
        events: 2,
      },
      '2025-03-04|s2': {
        first: Date.parse('2025-03-04T23:00:00.000Z'),
        last: Date.parse('2025-03-04T23:00:00.000Z'),
        events: 1,
      },
      '2025-03-05|s1': {
        first: Date.parse('2025-03-05T00:10:00.000Z'),
        last: Date.parse('2025-03-05T00:10:00.000Z'),
        events: 1,
      },
    });
  });

  it('counts events with a missing or malformed session id without a session', () => {
    const events = [
      stored('LoginTracked', null),
      stored('LoginTracked', 'text'),
      stored('LoginTracked', { session_id: 42 }),
      stored('LoginTracked', { session_id: '   ' }),
      stored('LoginTracked', { session_id: 'x'.repeat(201) }),
      stored('RegistrationTracked', { sessionId: ' camel ', extra: { nested: [1] } }),
    ];
    expect(events.map(usageSessionId)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'camel',
    ]);
    const r = rollupUsage(events);
    expect(Object.fromEntries(r.daily)).toEqual({
      '2025-03-04|LoginTracked': 5,
      '2025-03-04|RegistrationTracked': 1,
    });
    expect([...r.sessions.keys()]).toEqual(['2025-03-04|camel']);
  });

  it('refuses an event without a valid occurredAt instead of guessing its day', () => {
    expect(() => usageDay(stored('SearchTracked', {}, 'yesterday'))).toThrow(/no valid metadata.occurredAt/);
    expect(() => rollupUsage([stored('SearchTracked', {}, null)])).toThrow(/occurredAt/);
    expect(usageDay(stored('SearchTracked', {}, '2025-12-31T23:59:59.999Z'))).toBe('2025-12-31');
  });
});
