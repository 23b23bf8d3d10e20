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
      stored(
        'SearchTracked',
        { session_id: 's1', query: ' Rose  Oud ', device: 'mobile', country: 'SE' },
        '2025-03-04T23:30:00.000+00:00',
      ),
      stored(
        'SearchTracked',
        { session_id: 's1', query: 'rose oud', visitor_id: 'v1' },
        '2025-03-04T08:00:00Z',
      ),
      stored('PageViewed', { session_id: 's2', page: '/perfume/p-42' }, '2025-03-05T01:00:00+02:00'), // 2025-03-04T23:00Z
      stored('ScanTracked', { session_id: 's1', account_id: 'a1' }, '2025-03-05T00:10:00Z'),
      stored('ChemicalClicked', { session_id: 's2', chemical_name: 'Linalool' }, '2025-03-04T23:00:20Z'),
    ]);
    expect(Object.fromEntries(r.daily)).toEqual({
      '2025-03-04|SearchTracked': 2,
      '2025-03-04|PageViewed': 1,
      '2025-03-04|ChemicalClicked': 1,
      '2025-03-05|ScanTracked': 1,
    });
    expect(Object.fromEntries(r.sessions)).toEqual({
      '2025-03-04|s1': {
        first: Date.parse('2025-03-04T08:00:00.000Z'),
        last: Date.parse('2025-03-04T23:30:00.000Z'),
        events: 2,
        scans: 0,
        device: 'mobile',
        country: 'SE',
        visitor: 'visitor:v1',
      },
      '2025-03-04|s2': {
        first: Date.parse('2025-03-04T23:00:00.000Z'),
        last: Date.parse('2025-03-04T23:00:20.000Z'),
        events: 2,
        scans: 0,
        device: null,
        country: null,
        visitor: null,
      },
      '2025-03-05|s1': {
        first: Date.parse('2025-03-05T00:10:00.000Z'),
        last: Date.parse('2025-03-05T00:10:00.000Z'),
        events: 1,
        scans: 1,
        device: null,
        country: null,
        visitor: 'account:a1',
      },
    });
    expect(Object.fromEntries([...r.content].map(([k, n]) => [k.split('\u0000').join(' / '), n]))).toEqual({
      '2025-03-04 / search_term / rose oud': 2,
      '2025-03-04 / perfume / p-42': 1,
      '2025-03-04 / chemical / Linalool': 1,
    });
    expect(Object.fromEntries([...r.minutes].map(([m, n]) => [new Date(m).toISOString(), n]))).toEqual({
      '2025-03-04T23:30:00.000Z': 1,
      '2025-03-04T08:00:00.000Z': 1,
      '2025-03-04T23:00:00.000Z': 2,
      '2025-03-05T00:10:00.000Z': 1,
    });
  });

  it('leaves out content it cannot store or rank (empty, overlong, NUL, other pages)', () => {
    const r = rollupUsage([
      stored('SearchTracked', { session_id: 's1', query: '   ' }),
      stored('SearchTracked', { session_id: 's1', query: 'x'.repeat(201) }),
      stored('ChemicalClicked', { session_id: 's1', chemical_name: 'a\u0000b' }),
      stored('PageViewed', { session_id: 's1', page: '/' }),
      stored('PageViewed', { session_id: 's1', page: '/perfume/' }),
      stored('PageViewed', { session_id: 'bad\u0000id', page: '/regions/EU' }),
    ]);
    expect(r.content.size).toBe(0);
    expect([...r.sessions.keys()]).toEqual(['2025-03-04|s1']);
    expect(r.daily.get('2025-03-04|PageViewed')).toBe(3);
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
