import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgliteClient, type SqlClient } from '../db/sql-client.ts';
import { event, eventLogContract } from './event-log.contract.ts';
import type { StoredEvent } from './event-log.port.ts';
import { PostgresEventLog } from './postgres-event-log.adapter.ts';
import { sharedTail } from './shared-tail.ts';

describe('PGlite event log', () => {
  let dir: string;
  let client: SqlClient;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scentinel-pglite-'));
    // One PGlite for the contract (starting one takes seconds); each test gets the schema anew.
    client = await createPgliteClient(path.join(dir, 'contract'), { schema: 'event_log_contract' });
  });
  afterAll(async () => {
    await client?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  eventLogContract('PGlite', async () => {
    await client.exec('DROP SCHEMA IF EXISTS event_log_contract CASCADE; CREATE SCHEMA event_log_contract;');
    const log = await PostgresEventLog.create(client);
    return { log, cleanup: () => log.close() };
  });

  it('keeps the log across closing and reopening the data directory', async () => {
    const dataDir = path.join(dir, 'durable');
    const first = await createPgliteClient(dataDir);
    const log = await PostgresEventLog.create(first, { ownsClient: true });
    const written = [
      event('ChemicalAdded', { name: 'Citral' }),
      event('ChemicalEdited', { name: 'Citral (E/Z)' }),
    ];
    const { lastPosition } = await log.append('chemical:1', written, 0);
    await log.close();

    const second = await createPgliteClient(dataDir);
    const reopened = await PostgresEventLog.create(second, { ownsClient: true });
    try {
      const stream = await reopened.readStream('chemical:1');
      expect(stream.map((e) => [e.id, e.version, e.data])).toEqual(
        written.map((e, i) => [e.id, i + 1, e.data]),
      );
      expect(await reopened.headPosition()).toBe(lastPosition);
      await expect(reopened.append('chemical:1', [event('X')], 0)).rejects.toMatchObject({ actual: 2 });
      const next = await reopened.append('chemical:1', [event('ChemicalDeleted')], 2);
      expect(next.lastPosition).toBeGreaterThan(lastPosition);
    } finally {
      await reopened.close();
    }
  });

  it("hands this process's appends to a shared tail as a read of the log gives them", async () => {
    await client.exec('DROP SCHEMA IF EXISTS event_log_contract CASCADE; CREATE SCHEMA event_log_contract;');
    const log = await PostgresEventLog.create(client, { polling: { minPollMs: 60_000, maxPollMs: 60_000 } });
    const shared = sharedTail(log, { polling: { minPollMs: 60_000, maxPollMs: 60_000 } });
    const got: StoredEvent[] = [];
    const readAll = vi.spyOn(log, 'readAll');
    const sub = shared.subscribe((events) => void got.push(...events), { after: 0 });
    try {
      // The shared read has started (nothing polls within the test: what arrives is handed over).
      await vi.waitFor(() => expect(readAll).toHaveBeenCalled());
      await readAll.mock.results[0]!.value;
      await log.append('usage:a', [event('Small', { n: 1 })], 'any');
      await log.appendMany(
        Array.from({ length: 4 }, (_, s) => ({
          streamId: `usage:b${s}`,
          events: Array.from({ length: 10 }, (_, i) => event(`L${i}`, { i, s })),
          expectedVersion: 'any' as const,
        })),
      );
      const read = await log.readAll({ after: 0 });
      expect(read).toHaveLength(41);
      await vi.waitFor(() => expect(got).toHaveLength(41));
      expect(got).toEqual(read);
    } finally {
      await sub.close();
      await shared.close();
      await log.close();
    }
  });
});
