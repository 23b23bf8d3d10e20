/**
 * One writer per projection version across processes: a Postgres advisory lock held for as long
 * as the process writes. The lock is taken with `pg_try_advisory_xact_lock` inside a transaction
 * that writes nothing (so it holds back no reader of the event log) on a connection of its own;
 * the transaction stays open, and a heartbeat query every `heartbeatMs` notices a lost
 * connection (the lock is then gone with it, and `held` turns false). `release` ends the
 * transaction. On PGlite (one process) the lease is always held.
 */
import type { SqlClient } from '../../db/sql-client.ts';

export interface WriterLease {
  /** Whether this process holds the lease now. */
  readonly held: boolean;
  /** Takes the lease when no other process holds it; true when held afterwards. */
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface AdvisoryWriterLeaseOptions {
  heartbeatMs?: number;
  /** Called when a held lease is lost (its connection broke). */
  onLost?: (error: unknown) => void;
}

export function advisoryWriterLease(
  sql: SqlClient,
  name: string,
  options: AdvisoryWriterLeaseOptions = {},
): WriterLease {
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  let held = false;
  let stop: (() => void) | undefined;
  let holding: Promise<unknown> = Promise.resolve();
  let acquiring: Promise<boolean> | undefined;

  const acquire = (): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      holding = sql
        .transaction(async (tx) => {
          const res = await tx.query<{ ok: boolean }>(
            'SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || $1)) AS ok',
            [`:lease:${name}`],
          );
          if (res.rows[0]?.ok !== true) {
            resolve(false);
            return;
          }
          held = true;
          resolve(true);
          let stopped = false;
          const stopSignal = new Promise<void>((r) => {
            stop = () => {
              stopped = true;
              r();
            };
          });
          while (!stopped) {
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([stopSignal, new Promise((r) => (timer = setTimeout(r, heartbeatMs)))]);
            clearTimeout(timer);
            if (!stopped) await tx.query('SELECT 1');
          }
        })
        .catch((error: unknown) => {
          if (held) options.onLost?.(error);
          resolve(false);
        })
        .finally(() => {
          held = false;
          stop = undefined;
        });
    });

  return {
    get held() {
      return sql.dialect === 'pglite' || held;
    },
    async tryAcquire() {
      if (sql.dialect === 'pglite' || held) return true;
      acquiring ??= acquire().finally(() => {
        acquiring = undefined;
      });
      return acquiring;
    },
    async release() {
      stop?.();
      await holding;
    },
  };
}
