import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/context.ts';
import { given } from '../shared/testing.ts';
import type { UsageCommand, UsageContext } from './usage.decide.ts';
import { decide, deviceFromUserAgent } from './usage.decide.ts';
import type { UsageEvent, UsageState } from './usage.events.ts';
import { evolve, initialState } from './usage.events.ts';

const now = '2025-01-02T03:04:05.000Z';
const visitor: UsageContext = { now, actor: null };
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const client = { session_id: 'session_1700000000_abc', user_agent: iphone, country: 'se' };
const base = {
  session_id: 'session_1700000000_abc',
  visitor_id: null,
  device: 'mobile',
  user_agent: iphone,
  country: 'SE',
  account_id: null,
} as const;

const spec = (events: UsageEvent[] = []) => given(evolve, initialState, events);
const run =
  (command: UsageCommand, context: UsageContext = visitor) =>
  (state: UsageState) =>
    decide(command, state, context);

describe('tracking commands', () => {
  it('SearchTracked', () => {
    spec()
      .when(
        run({
          type: 'TrackSearch',
          data: { client, query: ' rose ', results_count: 12, category: 'perfume' },
        }),
      )
      .thenEmits([
        { type: 'SearchTracked', data: { ...base, query: 'rose', results_count: 12, category: 'perfume' } },
      ]);
  });

  it('ScanTracked', () => {
    spec()
      .when(
        run({
          type: 'TrackScan',
          data: {
            client,
            analysis_type: 'ingredients',
            success: true,
            ingredients_found: 14,
            processing_time: 2.5,
          },
        }),
      )
      .thenEmits([
        {
          type: 'ScanTracked',
          data: {
            ...base,
            analysis_type: 'ingredients',
            success: true,
            ingredients_found: 14,
            processing_time: 2.5,
          },
        },
      ]);
  });

  it('ChemicalClicked (source defaults to search; numeric ids become text)', () => {
    spec()
      .when(run({ type: 'TrackChemicalClick', data: { client, chemical_id: 42, chemical_name: 'Linalool' } }))
      .thenEmits([
        {
          type: 'ChemicalClicked',
          data: { ...base, chemical_id: '42', chemical_name: 'Linalool', source: 'search' },
        },
      ]);
  });

  it('PageViewed, LoginTracked and RegistrationTracked; the signed-in account is attached', () => {
    const actor: Actor = { kind: 'account', id: 'acc-1', role: 'regular_user', status: 'active' };
    spec()
      .when(run({ type: 'TrackPageView', data: { client, page: 'home', referrer: '' } }, { now, actor }))
      .thenEmits([
        { type: 'PageViewed', data: { ...base, account_id: 'acc-1', page: 'home', referrer: null } },
      ]);
    spec()
      .when(run({ type: 'TrackLogin', data: { client, success: true, account_id: 'acc-9' } }))
      .thenEmits([{ type: 'LoginTracked', data: { ...base, account_id: 'acc-9', success: true } }]);
    spec()
      .when(run({ type: 'TrackRegistration', data: { client, success: false, role: 'retailer' } }))
      .thenEmits([{ type: 'RegistrationTracked', data: { ...base, success: false, role: 'retailer' } }]);
  });

  it('strict on counted fields, lenient on client description', () => {
    spec()
      .when(run({ type: 'TrackSearch', data: { client, query: 'x', results_count: -1 } }))
      .thenThrows('validation', /results_count/);
    spec()
      .when(run({ type: 'TrackSearch', data: { client, query: 'x', results_count: 1, category: 'brand' } }))
      .thenThrows('validation', /Search category/);
    spec()
      .when(
        run({
          type: 'TrackScan',
          data: { client, success: 'yes' as never, ingredients_found: 1, processing_time: 1 },
        }),
      )
      .thenThrows('validation', 'success must be true or false');
    spec()
      .when(run({ type: 'TrackPageView', data: { client: { session_id: 'x' }, page: 'home' } }))
      .thenThrows('validation', /session id/);
    const [event] = decide(
      {
        type: 'TrackPageView',
        data: {
          client: { session_id: 'abcdef', user_agent: 'x'.repeat(900), country: 'Sweden' },
          page: 'home',
        },
      },
      initialState,
      visitor,
    );
    expect(event?.data).toMatchObject({ country: null, device: 'unknown' });
    expect(event?.data.user_agent).toHaveLength(500);
  });

  it('the session state counts events by kind', () => {
    const events = [
      ...decide({ type: 'TrackPageView', data: { client, page: 'home' } }, initialState, visitor),
      ...decide(
        { type: 'TrackSearch', data: { client, query: 'oud', results_count: 3 } },
        initialState,
        visitor,
      ),
      ...decide(
        { type: 'TrackSearch', data: { client, query: 'rose', results_count: 3 } },
        initialState,
        visitor,
      ),
    ];
    expect(events.reduce(evolve, initialState)).toMatchObject({
      session_id: client.session_id,
      events: 3,
      searches: 2,
      page_views: 1,
    });
  });
});

describe('deviceFromUserAgent', () => {
  it('classifies common agents', () => {
    expect(deviceFromUserAgent(iphone)).toBe('mobile');
    expect(deviceFromUserAgent('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe('tablet');
    expect(
      deviceFromUserAgent('Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Safari/537.36'),
    ).toBe('tablet');
    expect(
      deviceFromUserAgent('Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Mobile Safari/537.36'),
    ).toBe('mobile');
    expect(deviceFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0')).toBe('desktop');
    expect(deviceFromUserAgent('Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe('bot');
    expect(deviceFromUserAgent(null)).toBe('unknown');
    expect(deviceFromUserAgent('curl/8.5.0')).toBe('unknown');
    expect(deviceFromUserAgent('Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36')).toBe('tv');
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120.0 Safari/537.36',
      ),
    ).toBe('bot');
  });
});

describe('visitor id', () => {
  it('is kept when well-formed and dropped otherwise (it only describes the client)', () => {
    const page = (visitor_id: unknown) =>
      decide(
        {
          type: 'TrackPageView',
          data: { client: { ...client, visitor_id: visitor_id as string }, page: '/' },
        },
        initialState,
        visitor,
      )[0]?.data;
    expect(page('visitor-1234')).toMatchObject({ visitor_id: 'visitor-1234' });
    expect(page('no spaces allowed')).toMatchObject({ visitor_id: null });
    expect(page(42)).toMatchObject({ visitor_id: null });
    expect(page(undefined)).toMatchObject({ visitor_id: null });
  });
});
