import { afterEach, describe, expect, it } from 'vitest';
import { ProjectionRuntime } from '../runtime/projection-runtime.ts';
import { appendAll, newEvent, type TestStore, testBackends } from '../testing/test-store.ts';
import { usageRollupProjection } from './usage-rollup.projection.ts';
import { usageDaily, usageLive, usagePopular, usageSessions, usageSummary } from './usage-rollup.queries.ts';

if (!process.env.DATABASE_URL) {
  console.warn(
    'usage-rollup.int.spec.ts: Postgres server suite skipped (DATABASE_URL not set); PGlite suite runs',
  );
}

for (const backend of testBackends) {
  describe.skipIf(!backend.available)(`usage rollup projection on ${backend.name}`, () => {
    let store: TestStore;
    let runtime: ProjectionRuntime;

    /** A fresh store with the usage rollup running live. */
    async function start() {
      store = await backend.open();
      runtime = new ProjectionRuntime({
        sql: store.sql,
        eventLog: store.eventLog,
        projections: [usageRollupProjection],
      });
      await runtime.start();
    }

    afterEach(async () => {
      await runtime?.stop();
      await store?.close();
    });

    it('counts usage per day and type and distinct sessions, live and after a rebuild', async () => {
      await start();
      const day1 = '2025-03-04T09:00:00.000Z';
      const day1later = '2025-03-04T09:05:30.000Z';
      const day2 = '2025-03-05T12:00:00.000Z';
      const positions = await appendAll(store.eventLog, [
        newEvent('SearchTracked', { session_id: 's1', query: 'rose', results_count: 3 }, day1),
        newEvent('SearchTracked', { session_id: 's1', query: 'oud' }, day1later),
        newEvent('ChemicalClicked', { session_id: 's2', chemical_id: 7 }, day1),
        newEvent('PageViewed', { page: 'home' }, day1), // no session id: counted, no session
        newEvent('ChemicalAdded', { name: 'Linalool' }, day1), // not a usage event
        newEvent('ScanTracked', { session_id: 's1', success: true }, day2),
        newEvent('SearchTracked', { session_id: 's3' }, 'not a time'), // dead letter
        newEvent('LoginTracked', { session_id: 's3' }, day2),
      ]);
      expect(await runtime.waitForPosition(positions.at(-1)!, 10_000)).toBe(true);

      const expected = [
        { day: '2025-03-04', eventType: 'ChemicalClicked', count: 1 },
        { day: '2025-03-04', eventType: 'PageViewed', count: 1 },
        { day: '2025-03-04', eventType: 'SearchTracked', count: 2 },
        { day: '2025-03-05', eventType: 'LoginTracked', count: 1 },
        { day: '2025-03-05', eventType: 'ScanTracked', count: 1 },
      ];
      expect(await usageDaily(runtime, store.sql, '2025-03-01', '2025-03-31')).toEqual(expected);
      expect(await usageDaily(runtime, store.sql, '2025-03-05', '2025-03-05')).toEqual(expected.slice(3));
      expect(await usageSessions(runtime, store.sql, '2025-03-01', '2025-03-31')).toEqual([
        { day: '2025-03-04', sessions: 2, avgSessionSeconds: 165 },
        { day: '2025-03-05', sessions: 2, avgSessionSeconds: 0 },
      ]);
      const letters = await runtime.deadLetters();
      expect(letters.map((d) => [d.eventType, d.position])).toEqual([['SearchTracked', positions[6]]]);
      expect(letters[0]!.error).toMatch(/occurredAt/);

      // A rebuild stops on that event (it would otherwise silently drop it); the live build keeps serving.
      await expect(runtime.rebuild('usage_rollup')).rejects.toThrow(/occurredAt/);
      expect(await runtime.activeTable('usage_rollup', 'usage_daily')).toBe('usage_daily_v2');
    });

    it('answers the dashboard: totals, breakdowns, popular content and live activity', async () => {
      await start();
      const t = (iso: string) => `2025-03-04T${iso}.000Z`;
      const who = (session: string, extra: object = {}) => ({
        session_id: session,
        device: 'desktop',
        country: null,
        ...extra,
      });
      const positions = await appendAll(store.eventLog, [
        newEvent(
          'PageViewed',
          { ...who('s1', { visitor_id: 'v1', country: 'SE' }), page: '/' },
          t('10:00:00'),
        ),
        newEvent('SearchTracked', { ...who('s1'), query: 'Rose', results_count: 4 }, t('10:01:00')),
        newEvent(
          'SearchTracked',
          { ...who('s2', { visitor_id: 'v1', device: 'mobile' }), query: ' rose' },
          t('10:02:00'),
        ),
        newEvent(
          'SearchTracked',
          { ...who('s3', { device: 'mobile', country: 'DE' }), query: 'oud' },
          t('10:03:00'),
        ),
        newEvent('ChemicalClicked', { ...who('s3'), chemical_name: 'Linalool' }, t('10:04:00')),
        newEvent('PageViewed', { ...who('s3'), page: '/perfume/p1' }, t('10:05:00')),
        newEvent('ScanTracked', { ...who('s3'), success: true }, t('10:06:00')),
        newEvent('PageViewed', { ...who('s4'), page: '/' }, '2025-03-01T09:00:00.000Z'),
      ]);
      expect(await runtime.waitForPosition(positions.at(-1)!, 10_000)).toBe(true);

      const day = await usageSummary(runtime, store.sql, '2025-03-04', '2025-03-04');
      expect(day).toEqual({
        sessions: 3,
        visitors: 2, // s1 and s2 share visitor v1
        avgSessionSeconds: (60 + 0 + 180) / 3,
        scanningSessions: 1,
        events: { PageViewed: 2, SearchTracked: 3, ChemicalClicked: 1, ScanTracked: 1 },
        devices: { mobile: 2, desktop: 1 },
        countries: { unknown: 1, DE: 1, SE: 1 },
      });
      expect((await usageSummary(runtime, store.sql, '2025-03-01', '2025-03-04')).sessions).toBe(4);
      expect(await usageSummary(runtime, store.sql, '2025-02-01', '2025-02-02')).toMatchObject({
        sessions: 0,
        visitors: 0,
        avgSessionSeconds: 0,
        events: {},
        devices: {},
      });

      expect(await usagePopular(runtime, store.sql, 'search_term', '2025-03-01', '2025-03-31', 10)).toEqual([
        { name: 'rose', count: 2 },
        { name: 'oud', count: 1 },
      ]);
      expect(
        await usagePopular(runtime, store.sql, 'search_term', '2025-03-01', '2025-03-31', 1),
      ).toHaveLength(1);
      expect(await usagePopular(runtime, store.sql, 'chemical', '2025-03-01', '2025-03-31', 10)).toEqual([
        { name: 'Linalool', count: 1 },
      ]);
      expect(await usagePopular(runtime, store.sql, 'perfume', '2025-03-01', '2025-03-31', 10)).toEqual([
        { name: 'p1', count: 1 },
      ]);

      expect(await usageLive(runtime, store.sql, new Date(t('10:08:00')))).toEqual({
        activeSessions: 1, // s3 (10:06); s2 was last seen 10:02
        eventsLastHour: 7,
      });
      expect(await usageLive(runtime, store.sql, new Date(t('11:05:30')))).toEqual({
        activeSessions: 0,
        eventsLastHour: 1, // the scan at 10:06 only
      });

      // Per-minute counts older than a day before the newest event are dropped.
      const minutes = await runtime.activeTable('usage_rollup', 'usage_minutes');
      const count = async () =>
        (await store.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${minutes}`)).rows[0]!.n;
      expect(await count()).toBe(7); // seven minutes on 03-04; 03-01 was already more than a day older
      const [later] = await appendAll(store.eventLog, [
        newEvent('PageViewed', { ...who('s5'), page: '/' }, '2025-03-05T10:05:30.000Z'),
      ]);
      expect(await runtime.waitForPosition(later!, 10_000)).toBe(true);
      expect(await count()).toBe(3); // 10:05 and 10:06 the day before, and the new one
      expect((await usageLive(runtime, store.sql, new Date('2025-03-05T10:30:00.000Z'))).eventsLastHour).toBe(
        1,
      );
    });
  });
}
