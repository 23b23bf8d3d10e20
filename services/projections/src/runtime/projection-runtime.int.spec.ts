import type { EventLog, SqlExecutor, StoredEvent } from '@scentinel/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { eventCountsProjection } from '../testing/event-counts.projection.ts';
import { appendAll, type TestStore, testBackends } from '../testing/test-store.ts';
import { ProjectionUsageError, RebuildFailedError } from './errors.ts';
import type { InProcessProjection, PostgresProjection } from './projection.ts';
import {
  ProjectionRuntime,
  type ProjectionRuntimeOptions,
  type ProjectionStatus,
} from './projection-runtime.ts';

if (!process.env.DATABASE_URL) {
  console.warn(
    'projection-runtime.int.spec.ts: Postgres server suite skipped (DATABASE_URL not set); PGlite suite runs',
  );
}

async function counts(db: SqlExecutor, table: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ event_type: string; count: number }>(
    `SELECT event_type, count FROM ${table} ORDER BY event_type`,
  );
  return Object.fromEntries(rows.map((r) => [r.event_type, r.count]));
}

async function tableExists(db: SqlExecutor, table: string): Promise<boolean> {
  const { rows } = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table]);
  return rows[0]?.t !== null;
}

async function checkpoint(db: SqlExecutor, name: string, version: number): Promise<number | undefined> {
  const { rows } = await db.query<{ position: number }>(
    'SELECT position FROM projection_checkpoints WHERE name = $1 AND version = $2',
    [name, version],
  );
  return rows[0]?.position;
}

const statusOf = (all: ProjectionStatus[], name: string, version: number) =>
  all.find((s) => s.name === name && s.version === version);

for (const backend of testBackends) {
  describe.skipIf(!backend.available)(`projection runtime on ${backend.name}`, () => {
    let store: TestStore;
    const runtimes: ProjectionRuntime[] = [];

    const open = async () => {
      store = await backend.open();
      return store;
    };
    const runtime = (
      options: Partial<ProjectionRuntimeOptions> & Pick<ProjectionRuntimeOptions, 'projections'>,
    ) => {
      const r = new ProjectionRuntime({
        sql: store.sql,
        eventLog: store.eventLog,
        syncIntervalMs: 50,
        ...options,
      });
      runtimes.push(r);
      return r;
    };

    afterEach(async () => {
      for (const r of runtimes.splice(0)) await r.stop();
      await store?.close();
    });

    it('stores the checkpoint in the read-model transaction: a failing write keeps neither', async () => {
      const { sql, eventLog } = await open();
      const counter = eventCountsProjection({ poison: ['Poison'] });
      const rt = runtime({ projections: [counter] });
      const [, a2, poison] = await appendAll(eventLog, ['A', 'A', 'Poison', 'B']);

      // The first build is replayed in rebuild mode: the Poison batch moves the checkpoint, writes
      // its counts, then hits a NOT NULL violation: the whole transaction rolls back.
      const failure = await rt.rebuild('event_counts').catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(RebuildFailedError);
      expect((failure as RebuildFailedError).position).toBe(a2);
      expect((failure as RebuildFailedError).message).toMatch(
        new RegExp(`position ${a2}.*Poison.*${poison}`),
      );

      expect(await checkpoint(sql, 'event_counts', 1)).toBe(a2);
      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 2 });
    });

    it('applies a re-delivered batch once, also from another runtime (another process)', async () => {
      const { sql, eventLog } = await open();
      const counter = eventCountsProjection();
      const rt = runtime({ projections: [counter] });
      const positions = await appendAll(eventLog, ['A', 'B', 'A']);
      await rt.start();
      expect(await rt.waitForPosition(positions.at(-1)!, 10_000)).toBe(true);
      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 2, B: 1 });

      const batch = await eventLog.readAll({ after: 0 });
      await rt.deliver('event_counts', batch);
      await rt.deliver('event_counts', batch);
      const other = runtime({ projections: [eventCountsProjection()] });
      await other.deliver('event_counts', batch);
      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 2, B: 1 });

      // An overlapping batch applies only the new events.
      const [c] = await appendAll(eventLog, ['C']);
      await rt.stop();
      await other.deliver('event_counts', await eventLog.readAll({ after: 0 }));
      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 2, B: 1, C: 1 });
      expect(await checkpoint(sql, 'event_counts', 1)).toBe(c);
    });

    it('moves the checkpoint over batches it handles none of, never backwards, and still applies later ones', async () => {
      const { sql, eventLog } = await open();
      const rt = runtime({ projections: [eventCountsProjection({ handles: ['A'] })] });
      await rt.start();
      const [a] = await appendAll(eventLog, ['A']);
      expect(await rt.waitForPosition(a!, 10_000)).toBe(true);
      await rt.stop();

      // Only unhandled events: the checkpoint moves to the last of them, the read model is untouched.
      const skipped = await appendAll(eventLog, ['B', 'C', 'B']);
      const unhandled = await eventLog.readAll({ after: a! });
      await rt.deliver('event_counts', unhandled);
      expect(await checkpoint(sql, 'event_counts', 1)).toBe(skipped.at(-1));
      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 1 });

      // Another runtime delivering an older unhandled batch does not move it back.
      const other = runtime({ projections: [eventCountsProjection({ handles: ['A'] })] });
      await other.deliver('event_counts', unhandled.slice(0, 1));
      expect(await checkpoint(sql, 'event_counts', 1)).toBe(skipped.at(-1));

      // A handled event after them is applied once, from either runtime.
      const [a2] = await appendAll(eventLog, ['A']);
      const all = await eventLog.readAll({ after: 0 });
      await other.deliver('event_counts', all);
      await rt.deliver('event_counts', all);
      expect(await checkpoint(sql, 'event_counts', 1)).toBe(a2);
      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 2 });
    });

    it('a live runner stores its checkpoint over unhandled batches later, but catches up and settles on stop', async () => {
      const { sql, eventLog } = await open();
      const rt = runtime({ projections: [eventCountsProjection({ handles: ['A'] })] });
      await rt.start();
      const [a] = await appendAll(eventLog, ['A']);
      expect(await rt.waitForPosition(a!, 10_000)).toBe(true);
      expect(await checkpoint(sql, 'event_counts', 1)).toBe(a);

      // Unhandled events one append at a time: the runner's position follows each at once ...
      let last = a!;
      for (let i = 0; i < 20; i++) {
        [last] = (await appendAll(eventLog, ['B'])) as [number];
        expect(await rt.waitForPosition(last, 10_000)).toBe(true);
      }
      // ... and the stored checkpoint reaches the last of them with no further event.
      while ((await checkpoint(sql, 'event_counts', 1))! < last) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await checkpoint(sql, 'event_counts', 1)).toBe(last);

      // Stopping right after an unhandled append leaves no trailing checkpoint behind.
      const [b] = await appendAll(eventLog, ['B']);
      expect(await rt.waitForPosition(b!, 10_000)).toBe(true);
      await rt.stop();
      expect(await checkpoint(sql, 'event_counts', 1)).toBe(b);

      // A handled event after them is applied once, with its checkpoint in the same transaction.
      const [a2] = await appendAll(eventLog, ['A']);
      const again = runtime({ projections: [eventCountsProjection({ handles: ['A'] })] });
      await again.start();
      expect(await again.waitForPosition(a2!, 10_000)).toBe(true);
      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 2 });
      expect(await checkpoint(sql, 'event_counts', 1)).toBe(a2);
    });

    it('dead-letters a poison event in live mode, applies the rest, and retries it once fixed', async () => {
      const { sql, eventLog } = await open();
      const counter = eventCountsProjection({ poison: ['Poison'] });
      const rt = runtime({ projections: [counter] });
      await rt.start();
      const [, poison, last] = await appendAll(eventLog, ['A', 'Poison', 'B']);
      expect(await rt.waitForPosition(last!, 10_000)).toBe(true);

      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 1, B: 1 });
      expect(await checkpoint(sql, 'event_counts', 1)).toBe(last);
      const letters = await rt.deadLetters();
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({
        projection: 'event_counts',
        version: 1,
        position: poison,
        eventType: 'Poison',
        retriedAt: null,
      });
      expect(letters[0]!.error).toMatch(/null value/i);
      expect(letters[0]!.event).toMatchObject({ type: 'Poison', position: poison });
      const status = statusOf(await rt.status(), 'event_counts', 1);
      expect(status).toMatchObject({ active: true, status: 'running', deadLetters: 1, lag: 0 });

      // Still broken: stays open with the new error.
      const again = await rt.retryDeadLetters({ projection: 'event_counts' });
      expect(again.failed.map((f) => f.id)).toEqual([letters[0]!.id]);
      expect(await rt.deadLetters()).toHaveLength(1);

      counter.poison.clear(); // "deploy the fix"
      const retry = await rt.retryDeadLetters({ projection: 'event_counts' });
      expect(retry).toEqual({ retried: [letters[0]!.id], failed: [], skipped: [] });
      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 1, B: 1, Poison: 1 });
      expect(await rt.deadLetters()).toEqual([]);
      const all = await rt.deadLetters({ includeRetried: true });
      expect(all[0]!.retriedAt).toBeInstanceOf(Date);
      // Retrying again does nothing.
      expect(await rt.retryDeadLetters()).toEqual({ retried: [], failed: [], skipped: [] });
      await expect(rt.retryDeadLetters({ id: letters[0]!.id })).rejects.toThrow(ProjectionUsageError);
      await expect(rt.retryDeadLetters({ projection: 'nope' })).rejects.toThrow(/Unknown projection "nope"/);
    });

    it('retries a transient database failure with backoff instead of dead-lettering', async () => {
      const { sql, eventLog } = await open();
      const counter = eventCountsProjection();
      let failures = 2;
      const flaky: PostgresProjection = {
        ...counter,
        async apply(events, tx, ctx) {
          if (failures > 0) {
            failures -= 1;
            throw Object.assign(new Error('could not serialize access'), { code: '40001' });
          }
          await counter.apply(events, tx, ctx);
        },
      };
      const rt = runtime({ projections: [flaky] });
      await rt.start();
      const [a] = await appendAll(eventLog, ['A']);
      await expect
        .poll(async () => statusOf(await rt.status(), 'event_counts', 1), { interval: 20 })
        .toMatchObject({ status: 'failed', lastError: expect.stringMatching(/could not serialize/) });
      expect(await rt.waitForPosition(a!, 10_000)).toBe(true);
      expect(await counts(sql, 'event_counts_by_type_v1')).toEqual({ A: 1 });
      expect(await rt.deadLetters()).toEqual([]);
      const status = statusOf(await rt.status(), 'event_counts', 1);
      expect(status).toMatchObject({ status: 'running', lag: 0 });
      expect(status?.lastError).toBeUndefined();
    });

    it('stops a rebuild on the first failing event; the active build keeps serving', async () => {
      const { sql, eventLog } = await open();
      const counter = eventCountsProjection();
      const rt = runtime({ projections: [counter] });
      await rt.start();
      const [a, , last] = await appendAll(eventLog, ['A', 'Poison', 'B']);
      expect(await rt.waitForPosition(last!, 10_000)).toBe(true);

      counter.poison.add('Poison');
      const failure = await rt.rebuild('event_counts').catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(RebuildFailedError);
      expect(failure).toMatchObject({ version: 2, position: a });
      expect(await checkpoint(sql, 'event_counts', 2)).toBe(a);
      expect(await counts(sql, 'event_counts_by_type_v2')).toEqual({ A: 1 });
      expect(await rt.deadLetters()).toEqual([]); // rebuild mode never dead-letters

      const status = await rt.status();
      expect(statusOf(status, 'event_counts', 2)).toMatchObject({
        active: false,
        build: 'failed',
        status: 'failed',
      });
      expect(statusOf(status, 'event_counts', 2)?.lastError).toMatch(/Poison/);
      expect(statusOf(status, 'event_counts', 1)).toMatchObject({ active: true, status: 'running' });
      expect(await rt.activeTable('event_counts', 'event_counts_by_type')).toBe('event_counts_by_type_v1');
      await expect(rt.activate('event_counts', 2)).rejects.toThrow(/v2 is failed/);

      // Fixed: the next rebuild drops the failed build and replaces the active one.
      counter.poison.clear();
      const result = await rt.rebuild('event_counts');
      expect(result).toMatchObject({ version: 3, activated: true, previousVersion: 1, position: last });
      expect(await tableExists(sql, 'event_counts_by_type_v2')).toBe(false);
      expect(await tableExists(sql, 'event_counts_by_type_v1')).toBe(false);
      expect(await counts(sql, 'event_counts_by_type_v3')).toEqual({ A: 1, B: 1, Poison: 1 });
    });

    it('measures lag while stopped and catches up on start', async () => {
      const { eventLog } = await open();
      const rt = runtime({ projections: [eventCountsProjection()] });
      await rt.start();
      await rt.stop();
      await appendAll(eventLog, ['A', 'B', 'C', 'D', 'E', 'F', 'G']);
      expect(statusOf(await rt.status(), 'event_counts', 1)).toMatchObject({
        lag: 7,
        status: 'stopped',
        position: 0,
      });

      await rt.start();
      expect(await rt.waitForPosition(await eventLog.headPosition(), 10_000)).toBe(true);
      expect(statusOf(await rt.status(), 'event_counts', 1)).toMatchObject({
        lag: 0,
        status: 'running',
        position: 7,
      });
    });

    it('reports a poller that makes no progress while behind as stalled', async () => {
      const { eventLog } = await open();
      let now = 1_000_000;
      // A log whose live tail never delivers: the poller is stuck.
      const stuck: EventLog = Object.assign(Object.create(eventLog) as EventLog, {
        subscribe: () => ({ close: async () => {} }),
      });
      const rt = new ProjectionRuntime({
        sql: store.sql,
        eventLog: stuck,
        projections: [eventCountsProjection()],
        stallAfterMs: 30_000,
        now: () => now,
      });
      runtimes.push(rt);
      await rt.start();
      expect(statusOf(await rt.status(), 'event_counts', 1)?.status).toBe('running'); // idle, lag 0
      now += 60_000;
      await appendAll(eventLog, ['A', 'B']);
      expect(statusOf(await rt.status(), 'event_counts', 1)).toMatchObject({ status: 'running', lag: 2 });
      now += 29_000;
      expect(statusOf(await rt.status(), 'event_counts', 1)?.status).toBe('running');
      now += 1_000;
      expect(statusOf(await rt.status(), 'event_counts', 1)).toMatchObject({ status: 'stalled', lag: 2 });
    });

    it('rebuilds blue/green: v2 is built beside v1 while v1 serves, activation switches and drops v1', async () => {
      const { sql, eventLog } = await open();
      const rt = runtime({ projections: [eventCountsProjection()], batchSize: 2 });
      await rt.start();
      const positions = await appendAll(eventLog, ['A', 'A', 'A', 'B', 'C']);
      expect(await rt.waitForPosition(positions.at(-1)!, 10_000)).toBe(true);
      expect(await rt.activeTable('event_counts', 'event_counts_by_type')).toBe('event_counts_by_type_v1');

      const seenDuringRebuild: Promise<{ served: Record<string, number>; table: string }>[] = [];
      const progress: number[] = [];
      const result = await rt.rebuild('event_counts', {
        activate: false,
        onProgress: (p) => {
          progress.push(p.position);
          seenDuringRebuild.push(
            rt.activeTable('event_counts', 'event_counts_by_type').then(async (table) => ({
              table,
              served: await counts(sql, table),
            })),
          );
        },
      });
      expect(result).toMatchObject({ version: 2, activated: false, replayed: 5, position: positions.at(-1) });
      expect(progress).toEqual([0, positions[1], positions[3], positions[4]]);
      for (const seen of await Promise.all(seenDuringRebuild)) {
        expect(seen).toEqual({ table: 'event_counts_by_type_v1', served: { A: 3, B: 1, C: 1 } });
      }
      expect(await counts(sql, 'event_counts_by_type_v2')).toEqual({ A: 3, B: 1, C: 1 });
      let status = await rt.status();
      expect(statusOf(status, 'event_counts', 1)).toMatchObject({
        active: true,
        build: 'active',
        status: 'running',
      });
      expect(statusOf(status, 'event_counts', 2)).toMatchObject({
        active: false,
        build: 'ready',
        status: 'stopped',
      });

      // Events arriving before the switch reach v1 live; v2 catches up after activation.
      const [d] = await appendAll(eventLog, ['D']);
      expect(await rt.waitForPosition(d!, 10_000)).toBe(true);
      expect(await counts(sql, 'event_counts_by_type_v1')).toMatchObject({ D: 1 });

      const activation = await rt.activate('event_counts', 2);
      expect(activation).toEqual({ name: 'event_counts', version: 2, previousVersion: 1, changed: true });
      expect(await rt.activeTable('event_counts', 'event_counts_by_type')).toBe('event_counts_by_type_v2');
      expect(await tableExists(sql, 'event_counts_by_type_v1')).toBe(false);
      expect(await rt.waitForPosition(d!, 10_000)).toBe(true);
      expect(await counts(sql, 'event_counts_by_type_v2')).toEqual({ A: 3, B: 1, C: 1, D: 1 });
      status = await rt.status();
      expect(
        status.filter((s) => s.name === 'event_counts').map((s) => [s.version, s.active, s.status]),
      ).toEqual([[2, true, 'running']]);
      expect(await rt.activate('event_counts', 2)).toMatchObject({ changed: false });
      await expect(rt.activate('event_counts', 1)).rejects.toThrow(/v1 is retired/);
      await expect(rt.activate('event_counts', 7)).rejects.toThrow(/has no version 7/);
      await expect(rt.activate('nope', 1)).rejects.toThrow(ProjectionUsageError);
    });

    it('follows an activation made by another process', async () => {
      const { sql, eventLog } = await open();
      const server = runtime({ projections: [eventCountsProjection()] });
      await server.start();
      const [a] = await appendAll(eventLog, ['A']);
      expect(await server.waitForPosition(a!, 10_000)).toBe(true);

      const cli = runtime({ projections: [eventCountsProjection()] });
      expect(await cli.rebuild('event_counts')).toMatchObject({
        version: 2,
        activated: true,
        previousVersion: 1,
      });

      const [b] = await appendAll(eventLog, ['B']);
      await expect.poll(() => checkpoint(sql, 'event_counts', 2), { timeout: 10_000 }).toBe(b);
      expect(await counts(sql, 'event_counts_by_type_v2')).toEqual({ A: 1, B: 1 });
      expect(await server.deadLetters({ includeRetried: true })).toEqual([]);
      expect((await server.status()).map((s) => [s.version, s.status])).toEqual([[2, 'running']]);
    });

    it('rebuilds on start when the code version changed, serving the old build meanwhile', async () => {
      const { sql, eventLog } = await open();
      const v1 = runtime({ projections: [eventCountsProjection({ version: 1 })] });
      await v1.start();
      const [, last] = await appendAll(eventLog, ['A', 'B']);
      expect(await v1.waitForPosition(last!, 10_000)).toBe(true);
      await v1.stop();

      const v5 = runtime({ projections: [eventCountsProjection({ version: 5, handles: ['A'] })] });
      await v5.start();
      await expect
        .poll(() => v5.activeTable('event_counts', 'event_counts_by_type'), { timeout: 10_000 })
        .toBe('event_counts_by_type_v5');
      expect(await counts(sql, 'event_counts_by_type_v5')).toEqual({ A: 1 });
      expect(await tableExists(sql, 'event_counts_by_type_v1')).toBe(false);
      await expect
        .poll(async () => (await v5.status()).map((s) => [s.version, s.status]))
        .toEqual([[5, 'running']]);
    });

    it('runs in-process projections from a loaded position, with dead letters and re-delivery checks', async () => {
      const { eventLog } = await open();
      const seen: string[] = [];
      const [a] = await appendAll(eventLog, ['A']);
      const memory: InProcessProjection = {
        name: 'memory_index',
        version: 3,
        kind: 'in-process',
        handles: ['B', 'Poison'],
        load: () => a!, // a snapshot already holds A
        apply(events: StoredEvent[]) {
          if (events.some((e) => e.type === 'Poison')) throw new Error('cannot index Poison');
          seen.push(...events.map((e) => e.type));
        },
      };
      const rt = runtime({ projections: [memory] });
      await rt.start();
      const [, poison, b2] = await appendAll(eventLog, ['B', 'Poison', 'B']);
      expect(await rt.waitForPosition(b2!, 10_000)).toBe(true);
      expect(seen).toEqual(['B', 'B']);
      await rt.deliver('memory_index', await eventLog.readAll({ after: 0 }));
      expect(seen).toEqual(['B', 'B']);
      expect(await rt.deadLetters()).toMatchObject([
        { projection: 'memory_index', version: 3, position: poison },
      ]);
      expect(statusOf(await rt.status(), 'memory_index', 3)).toMatchObject({
        kind: 'in-process',
        active: true,
        position: b2,
        lag: 0,
        deadLetters: 1,
        status: 'running',
      });
      await expect(rt.rebuild('memory_index')).rejects.toThrow(/in-process/);

      // Another process cannot retry an in-process projection's dead letters.
      const other = runtime({ projections: [memory] });
      expect((await other.retryDeadLetters()).skipped).toHaveLength(1);
    });

    it('refuses bad definitions and unknown names clearly', async () => {
      await open();
      expect(() => runtime({ projections: [eventCountsProjection({ name: 'Bad-Name' })] })).toThrow(
        /snake_case/,
      );
      expect(() => runtime({ projections: [eventCountsProjection(), eventCountsProjection()] })).toThrow(
        /twice/,
      );
      const rt = runtime({ projections: [eventCountsProjection()] });
      await expect(rt.rebuild('nope')).rejects.toThrow(
        /Unknown projection "nope". Known projections: event_counts/,
      );
      await expect(rt.activeTable('event_counts', 'event_counts_by_type')).rejects.toThrow(/no active build/);
      expect(await rt.status()).toEqual([
        {
          name: 'event_counts',
          kind: 'postgres',
          version: 1,
          active: false,
          position: 0,
          lag: 0,
          status: 'stopped',
          deadLetters: 0,
        },
      ]);
    });
  });
}
