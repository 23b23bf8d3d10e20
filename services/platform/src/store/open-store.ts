import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/config.ts';
import { createPgClient, createPgliteClient, type SqlClient } from '../db/sql-client.ts';
import { PostgresEventLog } from '../event-log/postgres-event-log.adapter.ts';

export interface Store {
  /** The SQL database holding the event log and the Postgres read models. */
  sql: SqlClient;
  eventLog: PostgresEventLog;
  close(): Promise<void>;
}

/** Where the embedded default keeps its PGlite database inside DATA_DIR. */
export const pgliteDir = (config: Pick<AppConfig, 'dataDir'>): string => path.join(config.dataDir, 'pglite');

/**
 * Opens the log of record: a Postgres server when `DATABASE_URL` is set, else PGlite on disk in
 * `DATA_DIR` (the embedded default). One place, used by the server, the ops CLI and `data:load`.
 */
export async function openStore(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
): Promise<Store> {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(pgliteDir(config));
  let sql: SqlClient;
  try {
    sql = config.databaseUrl
      ? await createPgClient(config.databaseUrl, { schema: config.databaseSchema })
      : await createPgliteClient(pgliteDir(config), { schema: config.databaseSchema });
  } catch (err) {
    unlock();
    throw err;
  }
  try {
    const eventLog = await PostgresEventLog.create(sql);
    return {
      sql,
      eventLog,
      async close() {
        await eventLog.close();
        await sql.close();
        unlock();
      },
    };
  } catch (err) {
    await sql.close();
    unlock();
    throw err;
  }
}

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

/**
 * PGlite is one process's database: a second process opening the same directory (say the ops CLI
 * while the server runs) could corrupt it. A lock file holding the owner's pid keeps it to one; a
 * lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, '.scentinel.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by process ${owner}. Stop it first, or set DATABASE_URL.`,
        );
      }
      rmSync(lockFile, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
