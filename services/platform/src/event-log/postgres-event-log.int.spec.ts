import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate, registeredMigrations } from '../db/migrate.ts';
import { createPgClient, type SqlClient, type SqlExecutor } from '../db/sql-client.ts';
import { openTestPgDatabase } from '../db/test-database.ts';
import { event, eventLogContract } from './event-log.contract.ts';
import { type StoredEvent, WrongExpectedVersionError } from './event-log.port.ts';
import { eventStoreMigrations } from './event-store.migrations.ts';
import { PostgresEventLog } from './postgres-event-log.adapter.ts';
import { holdTransaction as holdOpen } from './testing/hold-transaction.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('postgres-event-log.int.spec.ts: skipped because DATABASE_URL is not set');

describe.skipIf(!url)('Postgres server event log (needs DATABASE_URL)', () => {
  eventLogContract('Postgres server', async () => {
    const db = (await openTestPgDatabase('t_event_log'))!;
    const log = await PostgresEventLog.create(db.client);
    return {
      log,
      cleanup: async () => {
        await log.close();
        await db.drop();
      },
    };
  });

  describe('transactions and several processes', () => {
    let db: { client: SqlClient; drop: () => Promise<void> };
    let log: PostgresEventLog;

    beforeAll(async () => {
      db = (await openTestPgDatabase('t_event_log_tx'))!;
      log = await PostgresEventLog.create(db.client, { polling: { minPollMs: 5, maxPollMs: 20 } });
    });
    afterEach(async () => {
      // A failed test must not leave a transaction open: it would hold back every later read.
      await Promise.allSettled(openTransactions.splice(0).map((commit) => commit()));
    });
    afterAll(async () => {
      await log?.close();
      await db?.drop();
    });

    it('holds back a transaction that committed before an older, lower-positioned one', async () => {
      const start = await headOfTable(db.client);
      const seen: StoredEvent[] = [];
      let cursor = start;
      const poll = async () => {
        const batch = await log.readAll({ after: cursor });
        seen.push(...batch);
        cursor = batch.at(-1)?.position ?? cursor;
      };
      const live: StoredEvent[] = [];
      const subscription = log.subscribe((events) => void live.push(...events), { after: start });

      const a = await holdTransaction(db.client);
      const b = await holdTransaction(db.client);
      const posA = await rawInsert(a.tx, 'perfume:a', 1);
      const posB = await rawInsert(b.tx, 'perfume:b', 1);
      expect(posB).toBeGreaterThan(posA);
      await b.commit();
      // B is committed and visible to plain SQL, but A (lower position) is still in flight.
      expect(await countRows(db.client, posB)).toBe(1);
      // An append through the adapter meanwhile is held back too.
      const { lastPosition: posC } = await log.append('perfume:c', [event('C')], 0);

      await poll();
      await sleep(60); // several poll rounds of the subscription
      expect(seen.map((e) => e.position)).not.toContain(posB);
      expect(seen.map((e) => e.position)).not.toContain(posC);
      expect(live).toEqual([]);
      expect(await log.headPosition()).toBeLessThan(posA);

      await a.commit();
      for (let i = 0; i < 100 && seen.length < 3; i++) {
        await poll();
        if (seen.length < 3) await sleep(20);
      }
      await poll();
      expect(seen.map((e) => e.position)).toEqual([posA, posB, posC]);
      await waitUntil(() => live.length === 3);
      expect(live.map((e) => e.position)).toEqual([posA, posB, posC]);
      expect(await log.headPosition()).toBe(posC);
      await subscription.close();
    });

    it('never hands out a later position to an older transaction: appends queue behind an open one', async () => {
      const start = await headOfTable(db.client);
      // B gets its transaction id first, A appends first and stays open.
      const b = await holdTransaction(db.client);
      await b.tx.query('SELECT pg_current_xact_id()');
      const a = await holdTransaction(db.client);
      const [resultA] = await appendInTx(a.tx, 'perfume:older-a', randomUUID());
      let bDone = false;
      const appendB = appendInTx(b.tx, 'perfume:older-b', randomUUID()).finally(() => {
        bDone = true;
      });
      await sleep(100);
      expect(bDone).toBe(false); // B waits for A's append lock instead of taking a position past A's
      await a.commit();
      const [resultB] = await appendB;
      await b.commit();
      expect(resultB!.last_position).toBeGreaterThan(resultA!.last_position);
      const read = await log.readAll({ after: start });
      expect(read.map((e) => e.streamId)).toEqual(['perfume:older-a', 'perfume:older-b']);
    });

    it('does not let an older transaction with a later position overtake a held-back one', async () => {
      const start = await headOfTable(db.client);
      const b = await holdTransaction(db.client);
      await b.tx.query('SELECT pg_current_xact_id()'); // B: oldest id
      const e = await holdTransaction(db.client);
      await e.tx.query('SELECT pg_current_xact_id()'); // E: the next id; readers' xmin once B ends
      const { lastPosition: posA } = await log.append('perfume:late-a', [event('A')], 0); // A: youngest id
      const [rowB] = await appendInTx(b.tx, 'perfume:late-b', randomUUID());
      await b.commit();
      expect(rowB!.last_position).toBeGreaterThan(posA);
      // E writes around the adapter and stays open: readers fall back to holding back what started
      // after E. A (position posA) is held back; B (older id, later position) must wait behind it.
      const posE = await rawInsert(e.tx, 'perfume:late-e', 1);
      expect(await log.readAll({ after: start })).toEqual([]);
      expect(await log.headPosition()).toBeLessThan(posA);
      await e.commit();
      let read: StoredEvent[] = [];
      for (let i = 0; i < 100 && read.length < 3; i++) {
        read = await log.readAll({ after: start });
        if (read.length < 3) await sleep(20);
      }
      expect(read.map((x) => x.streamId)).toEqual(['perfume:late-a', 'perfume:late-b', 'perfume:late-e']);
      expect(read.at(-1)!.position).toBe(posE);
    });

    it('an appender reads its own writes at once, whatever other transactions hold an id', async () => {
      const start = await headOfTable(db.client);
      // Open transactions that hold ids but write no events (a relay moving its checkpoint, another
      // application on the server) must not hold back anything.
      const idle = await holdTransaction(db.client);
      await idle.tx.query('SELECT pg_current_xact_id()');
      const other = await openTestPgDatabase('t_event_log_other');
      const foreign = await holdTransaction(other!.client);
      await foreign.tx.exec('CREATE TABLE busy (n int); INSERT INTO busy VALUES (1)');
      try {
        const written: number[] = [];
        for (let i = 0; i < 5; i++) {
          const { lastPosition } = await log.append(`perfume:own-${i}`, [event('Own')], 0);
          written.push(lastPosition);
          const read = await log.readAll({ after: start });
          expect(read.map((e) => e.position)).toEqual(written);
          expect(await log.headPosition()).toBe(lastPosition);
        }
      } finally {
        await foreign.commit();
        await idle.commit();
        await other!.drop();
      }
    });

    it('turns a unique-version clash with a write around the adapter into a typed conflict', async () => {
      const raw = await holdTransaction(db.client);
      await rawInsert(raw.tx, 'chemical:clash', 1);
      const append = log.append('chemical:clash', [event('Mine')], 0).catch((e: unknown) => e);
      await sleep(50);
      await raw.commit();
      const error = await append;
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: 'chemical:clash', expected: 0, actual: 1 });
    });

    it('two processes racing on one stream: one wins, the other gets the typed error', async () => {
      const other = await createPgClient(url!, { schema: db.client.schema });
      const otherLog = await PostgresEventLog.create(other, { ownsClient: true });
      try {
        for (let round = 0; round < 5; round++) {
          const stream = `perfume:race-${round}`;
          const results = await Promise.allSettled([
            log.append(stream, [event('One')], 0),
            otherLog.append(stream, [event('Two')], 0),
            log.append(stream, [event('Three')], 0),
            otherLog.append(stream, [event('Four')], 0),
          ]);
          expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
          for (const r of results) {
            if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedVersionError);
          }
          expect(await log.streamVersion(stream)).toBe(1);
        }
      } finally {
        await otherLog.close();
      }
    });

    it('leaves out the data of events the reader does not handle (dataTypes)', async () => {
      const start = await log.headPosition();
      await log.append(
        `perfume:${randomUUID()}`,
        [event('Big', { notes: 'x'.repeat(5000) }), event('Small', { n: 1 })],
        0,
      );
      const page = await log.readAll({ after: start, dataTypes: ['Small'] });
      expect(page.map((e) => [e.type, e.data])).toEqual([
        ['Big', null],
        ['Small', { n: 1 }],
      ]);
      expect(page[0]!.metadata.occurredAt).toEqual(expect.any(String));
    });

    it("a subscription sees another process's appends by polling", async () => {
      const other = await createPgClient(url!, { schema: db.client.schema });
      const otherLog = await PostgresEventLog.create(other, { ownsClient: true });
      try {
        const start = await log.headPosition();
        const received: string[] = [];
        const subscription = log.subscribe((events) => void received.push(...events.map((e) => e.type)), {
          after: start,
        });
        await otherLog.append('usage:remote', [event('Remote1'), event('Remote2')], 0);
        await waitUntil(() => received.length === 2);
        expect(received).toEqual(['Remote1', 'Remote2']);
        await subscription.close();
      } finally {
        await otherLog.close();
      }
    });

    it('readers reading at once do not hold each other back', async () => {
      const start = await headOfTable(db.client);
      const idle = await holdTransaction(db.client);
      await idle.tx.query('SELECT pg_current_xact_id()'); // would hold back a reader that gave up
      const other = await createPgClient(url!, { schema: db.client.schema, max: 20 });
      const otherLog = await PostgresEventLog.create(other, { ownsClient: true, listen: false });
      try {
        for (let round = 0; round < 5; round++) {
          const { lastPosition } = await log.append(`perfume:readers-${round}`, [event('R')], 0);
          const reads = await Promise.all(
            Array.from({ length: 30 }, (_, i) => (i % 2 ? log : otherLog).readAll({ after: start })),
          );
          for (const read of reads) expect(read.at(-1)?.position).toBe(lastPosition);
        }
      } finally {
        await otherLog.close();
        await idle.commit();
      }
    });

    it("wakes at once on another process's append through LISTEN/NOTIFY, not the poll timer", async () => {
      const waiting = await PostgresEventLog.create(
        await createPgClient(url!, { schema: db.client.schema }),
        { ownsClient: true, polling: { minPollMs: 60_000, maxPollMs: 60_000 } },
      );
      const other = await PostgresEventLog.create(await createPgClient(url!, { schema: db.client.schema }), {
        ownsClient: true,
        listen: false,
      });
      try {
        const start = await waiting.headPosition();
        const received: string[] = [];
        const subscription = waiting.subscribe((events) => void received.push(...events.map((e) => e.type)), {
          after: start,
        });
        await sleep(100); // the first read found nothing; the tail now waits a minute for its next poll
        await other.append(`usage:${randomUUID()}`, [event('Notified')], 0);
        // Within 5 s, where the poll timer would take a minute.
        await waitUntil(() => received.length === 1, 5_000);
        expect(received).toEqual(['Notified']);
        await subscription.close();
      } finally {
        await other.close();
        await waiting.close();
      }
    });

    it('reads a large payload back exactly from the text kept when it was stored, and from jsonb for events stored before', async () => {
      const start = await headOfTable(db.client);
      const large = {
        perfume: {
          name: 'Eau d\u2019été "No. 5" \\ ⚗️',
          notes: Array.from({ length: 60 }, (_, i) => `note ${i} \n\t<é>`),
          numbers: [0, -1, 1.5, 1e21, 12345678901234, null, true, false],
          nested: { empty: {}, list: [], deep: [[{ a: 'b' }]] },
        },
      };
      const small = { at: 'small' };
      await log.append('perfume:large-payload', [event('Large', large), event('Small', small)], 0);
      const kept = await db.client.query<{ type: string; kept: boolean }>(
        'SELECT type, data_text IS NOT NULL AS kept FROM events WHERE position > $1 ORDER BY position',
        [start],
      );
      expect(kept.rows).toEqual([
        { type: 'Large', kept: true },
        { type: 'Small', kept: false },
      ]);
      const expectRead = async () => {
        const all = await log.readAll({ after: start });
        expect(all.map((e) => e.data)).toEqual([large, small]);
        const hinted = await log.readAll({ after: start, dataTypes: ['Small'] });
        expect(hinted.map((e) => e.data)).toEqual([null, small]);
        const hintedLarge = await log.readAll({ after: start, dataTypes: ['Large'] });
        expect(hintedLarge.map((e) => e.data)).toEqual([large, null]);
        expect((await log.readStream('perfume:large-payload')).map((e) => e.data)).toEqual([large, small]);
      };
      await expectRead();
      // As stored before payloads kept their text.
      await db.client.transaction(async (tx) => {
        await tx.exec('ALTER TABLE events DISABLE TRIGGER events_payload_text');
        await tx.query('UPDATE events SET data_text = NULL WHERE position > $1', [start]);
        await tx.exec('ALTER TABLE events ENABLE TRIGGER events_payload_text');
      });
      await expectRead();
    });

    it('migrations are recorded once and re-running them is a no-op', async () => {
      expect(await migrate(db.client, eventStoreMigrations)).toEqual([]);
      const { rows } = await db.client.query<{ id: string }>('SELECT id FROM schema_migrations');
      expect(rows.map((r) => r.id)).toContain('platform:0001-event-store');
      const changed = [{ ...eventStoreMigrations[0]!, sql: `${eventStoreMigrations[0]!.sql} ` }];
      await expect(migrate(db.client, changed)).rejects.toThrow(/changed after it was applied/);
      expect(registeredMigrations().map((m) => m.id)).toContain('platform:0001-event-store');
    });
  });

  it('fails, not hangs, when the server is unreachable', async () => {
    await expect(
      createPgClient('postgres://nobody@127.0.0.1:1/none', { connectionTimeoutMillis: 2000 }),
    ).rejects.toThrow();
  });
});

const openTransactions: (() => Promise<void>)[] = [];

/** A held transaction, committed by the suite's cleanup if a test does not. */
async function holdTransaction(client: SqlClient): Promise<{ tx: SqlExecutor; commit: () => Promise<void> }> {
  const held = await holdOpen(client);
  openTransactions.push(held.commit);
  return held;
}

/** An insert that bypasses `append_events` (as a buggy or foreign writer would); returns the position. */
async function rawInsert(tx: SqlExecutor, streamId: string, version: number): Promise<number> {
  const { rows } = await tx.query<{ position: number }>(
    `INSERT INTO events (id, stream_id, version, type, data, metadata)
     VALUES ($1, $2, $3, 'Raw', '{}', '{}') RETURNING position`,
    [randomUUID(), streamId, version],
  );
  return rows[0]!.position;
}

function appendInTx(tx: SqlExecutor, streamId: string, id: string) {
  return tx
    .query<{ last_position: number }>(
      `SELECT last_position FROM append_events(ARRAY[$1]::text[], ARRAY[0], ARRAY[1], ARRAY[1],
        ARRAY[$2]::uuid[], ARRAY['Appended'], ARRAY[1], ARRAY['{}']::jsonb[], ARRAY['{}']::jsonb[])`,
      [streamId, id],
    )
    .then((r) => r.rows);
}

async function headOfTable(client: SqlClient): Promise<number> {
  const { rows } = await client.query<{ head: number }>(
    'SELECT coalesce(max(position), 0) AS head FROM events',
  );
  return rows[0]!.head;
}

async function countRows(client: SqlClient, position: number): Promise<number> {
  const { rows } = await client.query<{ n: number }>('SELECT count(*) AS n FROM events WHERE position = $1', [
    position,
  ]);
  return rows[0]!.n;
}

async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(5);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
