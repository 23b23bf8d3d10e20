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
      expect(await runtime.activeTable('usage_rollup', 'usage_daily')).toBe('usage_daily_v3');
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

    it('counts distinct sessions and visitors by last day as the session-days do, when groups change and days come out of order', async () => {
      await start();
      const d1 = (time: string) => `2025-03-01T${time}.000Z`;
      const d2 = (time: string) => `2025-03-02T${time}.000Z`;
      const d3 = (time: string) => `2025-03-03T${time}.000Z`;
      // Each step is applied before the next, so later events change rows written earlier.
      const steps = [
        [
          newEvent('PageViewed', { session_id: 's1', page: '/' }, d1('10:00:00')), // device and visitor unknown yet
          newEvent('PageViewed', { session_id: 's3', device: 'tablet', page: '/' }, d3('08:00:00')),
        ],
        [
          newEvent(
            'SearchTracked',
            { session_id: 's1', device: 'mobile', visitor_id: 'v9', query: 'a' },
            d1('10:05:00'),
          ),
          newEvent(
            'ScanTracked',
            { session_id: 's2', visitor_id: 'v9', country: 'SE', success: true },
            d2('12:00:00'),
          ),
        ],
        [
          newEvent('PageViewed', { session_id: 's1', device: 'desktop', page: '/' }, d3('09:00:00')),
          // Out of order: s3 seen on day 1 too, after its day-3 event was applied.
          newEvent(
            'PageViewed',
            { session_id: 's3', device: 'tablet', country: 'DE', page: '/' },
            d1('23:00:00'),
          ),
        ],
      ];
      for (const step of steps) {
        const positions = await appendAll(store.eventLog, step);
        expect(await runtime.waitForPosition(positions.at(-1)!, 10_000)).toBe(true);
      }
      // Session-days: (d1,s1) mobile/unknown country/visitor:v9, (d1,s3) tablet/DE, (d2,s2) unknown/SE/visitor:v9
      // scanned, (d3,s1) desktop/session:s1, (d3,s3) tablet/unknown/session:s3.
      const all = {
        sessions: 3,
        visitors: 3, // visitor:v9, session:s1, session:s3
        scanningSessions: 1,
        devices: { tablet: 1, desktop: 1, mobile: 1, unknown: 1 },
        countries: { unknown: 2, DE: 1, SE: 1 },
      };
      // Ends on the newest day: counted by last day.
      expect(await usageSummary(runtime, store.sql, '2025-03-01', '2025-03-03')).toMatchObject(all);
      expect(await usageSummary(runtime, store.sql, '2025-02-01', '2025-03-31')).toMatchObject(all);
      expect(await usageSummary(runtime, store.sql, '2025-03-02', '2025-03-03')).toMatchObject({
        sessions: 3,
        visitors: 3,
        scanningSessions: 1,
        devices: { tablet: 1, desktop: 1, unknown: 1 },
        countries: { unknown: 2, SE: 1 },
      });
      expect(await usageSummary(runtime, store.sql, '2025-03-03', '2025-03-03')).toMatchObject({
        sessions: 2,
        visitors: 2,
        scanningSessions: 0,
        devices: { tablet: 1, desktop: 1 },
        countries: { unknown: 2 },
      });
      // Ends before the newest day: counted from the session-days.
      const early = {
        sessions: 3,
        visitors: 2, // visitor:v9 (s1 and s2), session:s3
        scanningSessions: 1,
        devices: { mobile: 1, tablet: 1, unknown: 1 },
        countries: { unknown: 1, DE: 1, SE: 1 },
      };
      expect(await usageSummary(runtime, store.sql, '2025-03-01', '2025-03-02')).toMatchObject(early);
      expect(await usageSessions(runtime, store.sql, '2025-03-01', '2025-03-03')).toEqual([
        { day: '2025-03-01', sessions: 2, avgSessionSeconds: 150 },
        { day: '2025-03-02', sessions: 1, avgSessionSeconds: 0 },
        { day: '2025-03-03', sessions: 2, avgSessionSeconds: 0 },
      ]);

      // A rebuild (everything in one batch) ends with the same tables.
      const lastSeen = async () => {
        const seen = await runtime.activeTable('usage_rollup', 'usage_last_seen');
        const day = await runtime.activeTable('usage_rollup', 'usage_last_day');
        return {
          seen: (
            await store.sql.query(`SELECT entity, kind, grp, last_day::text FROM ${seen} ORDER BY 1, 2, 3`)
          ).rows,
          day: (
            await store.sql.query(
              `SELECT last_day::text, kind, grp, count::int FROM ${day} WHERE count <> 0 ORDER BY 1, 2, 3`,
            )
          ).rows,
        };
      };
      const live = await lastSeen();
      await runtime.rebuild('usage_rollup');
      expect(await lastSeen()).toEqual(live);
      expect(await usageSummary(runtime, store.sql, '2025-03-01', '2025-03-03')).toMatchObject(all);
    });

    it('ranks popular content from kept windows (last 7, 30, 365 days), else by looking up only the names that can reach the top', async () => {
      await start();
      // 'rose' leads over all days, but in March 'oud' and 'musk' lead; 'amber' ties 'musk' and wins by name.
      const events = [
        ...Array.from({ length: 9 }, (_, i) =>
          newEvent('SearchTracked', { session_id: 'old', query: 'rose' }, `2025-01-0${i + 1}T10:00:00.000Z`),
        ),
        ...Array.from({ length: 3 }, () =>
          newEvent('SearchTracked', { session_id: 'm', query: 'oud' }, '2025-03-05T10:00:00.000Z'),
        ),
        ...Array.from({ length: 2 }, () =>
          newEvent('SearchTracked', { session_id: 'm', query: 'musk' }, '2025-03-06T10:00:00.000Z'),
        ),
        ...Array.from({ length: 2 }, () =>
          newEvent('SearchTracked', { session_id: 'm', query: 'amber' }, '2025-03-07T10:00:00.000Z'),
        ),
        newEvent('SearchTracked', { session_id: 'm', query: 'rose' }, '2025-03-08T10:00:00.000Z'),
      ];
      const positions = await appendAll(store.eventLog, events);
      expect(await runtime.waitForPosition(positions.at(-1)!, 10_000)).toBe(true);
      expect(await usagePopular(runtime, store.sql, 'search_term', '2025-03-01', '2025-03-31', 3)).toEqual([
        { name: 'oud', count: 3 },
        { name: 'amber', count: 2 },
        { name: 'musk', count: 2 },
      ]);
      expect(await usagePopular(runtime, store.sql, 'search_term', '2025-01-01', '2025-03-31', 2)).toEqual([
        { name: 'rose', count: 10 },
        { name: 'oud', count: 3 },
      ]);
      // The last 7 and 30 days up to the newest day (03-08) are kept ready; they equal the day rows.
      expect(await usagePopular(runtime, store.sql, 'search_term', '2025-03-02', '2025-03-08', 10)).toEqual([
        { name: 'oud', count: 3 },
        { name: 'amber', count: 2 },
        { name: 'musk', count: 2 },
        { name: 'rose', count: 1 },
      ]);
      expect(await usagePopular(runtime, store.sql, 'search_term', '2025-02-07', '2025-03-10', 1)).toEqual([
        { name: 'oud', count: 3 },
      ]);
      const windows = await runtime.activeTable('usage_rollup', 'usage_content_window');
      const kept = async () =>
        (await store.sql.query(`SELECT days, name, count::int AS count FROM ${windows} ORDER BY days, name`))
          .rows;
      expect(await kept()).toEqual([
        { days: 7, name: 'amber', count: 2 },
        { days: 7, name: 'musk', count: 2 },
        { days: 7, name: 'oud', count: 3 },
        { days: 7, name: 'rose', count: 1 },
        { days: 30, name: 'amber', count: 2 },
        { days: 30, name: 'musk', count: 2 },
        { days: 30, name: 'oud', count: 3 },
        { days: 30, name: 'rose', count: 1 },
        { days: 365, name: 'amber', count: 2 },
        { days: 365, name: 'musk', count: 2 },
        { days: 365, name: 'oud', count: 3 },
        { days: 365, name: 'rose', count: 10 },
      ]);
      // A newer day moves the windows: 03-05 (oud) leaves the week ending 03-12; a late event for a
      // day already outside a window is not added to it.
      const more = await appendAll(store.eventLog, [
        newEvent('SearchTracked', { session_id: 'n', query: 'musk' }, '2025-03-12T10:00:00.000Z'),
        newEvent('SearchTracked', { session_id: 'n', query: 'oud' }, '2025-03-01T10:00:00.000Z'),
      ]);
      expect(await runtime.waitForPosition(more.at(-1)!, 10_000)).toBe(true);
      expect((await kept()).filter((r) => r.days === 7)).toEqual([
        { days: 7, name: 'amber', count: 2 },
        { days: 7, name: 'musk', count: 3 },
        { days: 7, name: 'rose', count: 1 },
      ]);
      expect(await usagePopular(runtime, store.sql, 'search_term', '2025-03-05', '2025-03-11', 10)).toEqual([
        { name: 'oud', count: 3 },
        { name: 'amber', count: 2 },
        { name: 'musk', count: 2 },
        { name: 'rose', count: 1 },
      ]); // ends before the newest day: not a kept window, counted from the day rows
      expect(await usagePopular(runtime, store.sql, 'search_term', '2025-02-11', '2025-03-12', 2)).toEqual([
        { name: 'oud', count: 4 },
        { name: 'musk', count: 3 },
      ]);
      const rebuiltFrom = await kept();
      await runtime.rebuild('usage_rollup');
      const rebuilt = await runtime.activeTable('usage_rollup', 'usage_content_window');
      expect(
        (await store.sql.query(`SELECT days, name, count::int AS count FROM ${rebuilt} ORDER BY days, name`))
          .rows,
      ).toEqual(rebuiltFrom);
      // A short period is grouped from its day rows: same answer shape.
      expect(await usagePopular(runtime, store.sql, 'search_term', '2025-03-06', '2025-03-07', 5)).toEqual([
        { name: 'amber', count: 2 },
        { name: 'musk', count: 2 },
      ]);
    });
  });
}
