import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgClient, type SqlClient } from '../../db/sql-client.ts';
import { openTestPgDatabase } from '../../db/test-database.ts';
import { advisoryWriterLease } from './es-writer-lease.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('advisory writer lease (Postgres)', () => {
  let db: Awaited<ReturnType<typeof openTestPgDatabase>>;
  const clients: SqlClient[] = [];
  // Each client stands for one process: its own pool on the same schema.
  const process_ = async () => {
    const c = await createPgClient(url!, { schema: db!.client.schema });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    db = await openTestPgDatabase('es_lease');
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await db?.drop();
  });

  it('gives the lease of one name to exactly one of many processes, and the next one after release', async () => {
    const leases = await Promise.all(
      Array.from({ length: 5 }, async () => advisoryWriterLease(await process_(), 'catalogue-v1')),
    );
    const taken = await Promise.all(leases.map((l) => l.tryAcquire()));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const holder = leases[taken.indexOf(true)]!;
    const others = leases.filter((l) => l !== holder);
    // Asking again changes nothing while it is held; another name is free.
    expect(await Promise.all(others.map((l) => l.tryAcquire()))).toEqual([false, false, false, false]);
    const other = advisoryWriterLease(await process_(), 'catalogue-v2');
    expect(await other.tryAcquire()).toBe(true);
    await other.release();
    await holder.release();
    expect(holder.held).toBe(false);
    const next = await Promise.all(others.map((l) => l.tryAcquire()));
    expect(next.filter(Boolean)).toHaveLength(1);
    for (const l of leases) await l.release();
  });

  it('notices a lost connection: the lease turns unheld and another process takes it', async () => {
    const a = await process_();
    const lost: unknown[] = [];
    const lease = advisoryWriterLease(a, 'catalogue-v3', { heartbeatMs: 20, onLost: (e) => lost.push(e) });
    expect(await lease.tryAcquire()).toBe(true);
    const b = await process_();
    const rival = advisoryWriterLease(b, 'catalogue-v3');
    expect(await rival.tryAcquire()).toBe(false);
    // The holder's connection is cut (as when its Postgres session dies).
    await b.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
         AND objid = (hashtext(current_schema() || ':lease:catalogue-v3')::bigint & 4294967295)::oid`,
    );
    await vi.waitFor(() => expect(lease.held).toBe(false), { timeout: 10_000, interval: 20 });
    expect(lost).toHaveLength(1);
    expect(await rival.tryAcquire()).toBe(true);
    await rival.release();
    await lease.release();
  });
});
