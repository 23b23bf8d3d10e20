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
  const sql = config.databaseUrl
    ? await createPgClient(config.databaseUrl, { schema: config.databaseSchema })
    : await createPgliteClient(pgliteDir(config), { schema: config.databaseSchema });
  try {
    const eventLog = await PostgresEventLog.create(sql);
    return {
      sql,
      eventLog,
      async close() {
        await eventLog.close();
        await sql.close();
      },
    };
  } catch (err) {
    await sql.close();
    throw err;
  }
}
