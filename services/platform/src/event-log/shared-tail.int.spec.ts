import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgClient, type SqlClient, type SqlExecutor } from '../db/sql-client.ts';
import { openTestPgDatabase } from '../db/test-database.ts';
import type { CommittedRun } from './committed-feed.ts';
import { delegatingLog } from './delegating-log.ts';
import { event, eventLogContract } from './event-log.contract.ts';
import type { StoredEvent } from './event-log.port.ts';
import { PostgresEventLog } from './postgres-event-log.adapter.ts';
import { sharedTail } from './shared-tail.ts';
import { holdTransaction } from './testing/hold-transaction.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('shared-tail.int.spec.ts: skipped because DATABASE_URL is not set');

/** Polling slow enough that, within a test, only what the log hands over or announces arrives. */
const NO_POLLING = { minPollMs: 60_000, maxPollMs: 60_000 };

describe.skipIf(!url)('shared tail on the Postgres log (needs DATABASE_URL)', () => {
  // Every subscription of the contract goes through the shared tail, which takes this process's
  // appends as they commit.
  eventLogContract('Postgres server through a shared tail', async () => {
    const db = (await openTestPgDatabase('t_shared_tail_contract'))!;
    const log = await PostgresEventLog.create(db.client);
    // Someone always takes what is committed: every append of the suite goes through the placed
    // append (its version checks, conflicts and rollbacks included).
    const stopListening = log.onCommitted(() => {});
    const shared = sharedTail(log, { pageSize: 7 });
    return {
      log: delegatingLog(shared, {
        close: async () => {
          await shared.close();
          await log.close();
        },
      }),
      cleanup: async () => {
        stopListening();
        await shared.close();
        await log.close();
        await db.drop();
      },
    };
  });

  describe('what an append hands over', () => {
    let db: { client: SqlClient; drop: () => Promise<void> };
    let log: PostgresEventLog;

    beforeAll(async () => {
      db = (await openTestPgDatabase('t_shared_tail'))!;
      log = await PostgresEventLog.create(db.client, { listen: false, polling: NO_POLLING });
    });
    afterAll(async () => {
      await log?.close();
      await db?.drop();
    });

    it('is what a read of the log gives, position for position, in small and large appends', async () => {
      const runs: CommittedRun[] = [];
      const stop = log.onCommitted((run) => {
        if (run) runs.push(run);
      });
      try {
        const start = await log.headPosition();
        await log.append('usage:one', [event('Small', { n: 1, nested: { a: [1, 'x'] } })], 'any');
        await log.appendMany([
          { streamId: 'usage:two', events: [event('A'), event('B')], expectedVersion: 'any' },
          { streamId: 'usage:one', events: [event('C', { unicode: 'é✓' })], expectedVersion: 'any' },
        ]);
        await log.appendMany(
          Array.from({ length: 5 }, (_, s) => ({
            streamId: `usage:large-${s}`,
            events: Array.from({ length: 10 }, (_, i) => event(`L${i}`, { i, s, text: 'y'.repeat(i * 10) })),
            expectedVersion: 'any' as const,
          })),
        );
        expect(runs).toHaveLength(3);
        const handed = runs.flatMap((run) => run.events());
        const read = await log.readAll({ after: start, limit: 1000 });
        expect(handed).toEqual(read);
        // Each run follows the one before, with no position between.
        expect(runs[0]!.previous).toBe(start);
        for (let i = 1; i < runs.length; i++) expect(runs[i]!.previous).toBe(runs[i - 1]!.last);
      } finally {
        stop();
      }
    });

    it('is not handed over while a write around the append is in flight; the tail waits for it', async () => {
      // This one hears of other writers' commits (LISTEN/NOTIFY), as a server does.
      const log = await PostgresEventLog.create(await createPgClient(url!, { schema: db.client.schema }), {
        ownsClient: true,
        polling: NO_POLLING,
      });
      const shared = sharedTail(log, { polling: NO_POLLING });
      const runs: (CommittedRun | null)[] = [];
      const stop = log.onCommitted((run) => runs.push(run));
      const got: StoredEvent[] = [];
      const start = await log.headPosition();
      const readAll = vi.spyOn(log, 'readAll');
      const sub = shared.subscribe((events) => void got.push(...events), { after: start });
      try {
        await vi.waitFor(() => expect(readAll).toHaveBeenCalled());
        // A writer around the append takes a lower position and stays open; the append commits.
        const raw = await holdTransaction(db.client);
        const rawPosition = await rawInsert(raw.tx, `usage:raw-${randomUUID()}`);
        const { lastPosition } = await log.append('usage:after-raw', [event('AfterRaw')], 'any');
        expect(lastPosition).toBeGreaterThan(rawPosition);
        // Its place is not known (the lower position may still come): the log is read instead,
        // and the read holds it back behind the open write.
        expect(runs.at(-1)).toBeNull();
        await vi.waitFor(() => expect(readAll.mock.calls.length).toBeGreaterThan(1));
        await readAll.mock.results.at(-1)!.value;
        expect(got).toEqual([]);
        // Its commit is announced: the tail reads both; the next append is handed over.
        await raw.commit();
        await log.append('usage:later', [event('Later')], 'any');
        await vi.waitFor(() => expect(got.map((e) => e.type)).toEqual(['Raw', 'AfterRaw', 'Later']));
        expect(got.map((e) => e.position)).toEqual(
          (await log.readAll({ after: start })).map((e) => e.position),
        );
      } finally {
        stop();
        readAll.mockRestore();
        await sub.close();
        await shared.close();
        await log.close();
      }
    });

    it('gives every event once, in order, under concurrent appends of this process and another', async () => {
      const other = await PostgresEventLog.create(await createPgClient(url!, { schema: db.client.schema }), {
        ownsClient: true,
        listen: false,
      });
      // Neither hears the other (no LISTEN): the shared tail polls the log for the other's appends.
      const shared = sharedTail(log, { pageSize: 50, polling: { minPollMs: 5, maxPollMs: 20 } });
      const start = await log.headPosition();
      const got: number[] = [];
      const subs = [
        shared.subscribe((events) => void got.push(...events.map((e) => e.position)), { after: start }),
      ];
      const slow: number[] = [];
      subs.push(
        shared.subscribe(
          async (events) => {
            await new Promise((resolve) => setTimeout(resolve, 1));
            slow.push(...events.map((e) => e.position));
          },
          { after: start, batchSize: 13 },
        ),
      );
      try {
        const writers = Array.from({ length: 8 }, async (_, w) => {
          for (let i = 0; i < 15; i++) {
            const target = w % 4 === 3 ? other : log;
            const events = Array.from({ length: 1 + ((w + i) % 40) }, (_, k) => event(`W${w}-${i}-${k}`));
            await target.appendMany([{ streamId: `usage:w${w}`, events, expectedVersion: 'any' }]);
          }
        });
        await Promise.all(writers);
        const all: number[] = [];
        for (let after = start; ; ) {
          const page = await log.readAll({ after, limit: 1000 });
          if (page.length === 0) break;
          all.push(...page.map((e) => e.position));
          after = page.at(-1)!.position;
        }
        await vi.waitFor(() => expect(got.at(-1)).toBe(all.at(-1)), { timeout: 10_000 });
        await vi.waitFor(() => expect(slow.at(-1)).toBe(all.at(-1)), { timeout: 10_000 });
        expect(got).toEqual(all);
        expect(slow).toEqual(all);
      } finally {
        for (const s of subs) await s.close();
        await shared.close();
        await other.close();
      }
    });
  });
});

/** An insert that bypasses the append function; returns its position. */
async function rawInsert(tx: SqlExecutor, streamId: string): Promise<number> {
  const { rows } = await tx.query<{ position: number }>(
    `INSERT INTO events (id, stream_id, version, type, data, metadata)
     VALUES ($1, $2, 1, 'Raw', '{}', '{"actorId":null,"actorRole":null,"requestId":null,"occurredAt":"2025-01-01T00:00:00.000Z"}') RETURNING position`,
    [randomUUID(), streamId],
  );
  return rows[0]!.position;
}
