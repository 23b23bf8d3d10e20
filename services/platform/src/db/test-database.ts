import { randomBytes } from 'node:crypto';
import { createPgClient, type SqlClient } from './sql-client.ts';

/** For tests and benches: a fresh schema name such as `t_event_log_3f9a1c2b`. */
export function uniqueSchemaName(prefix = 't'): string {
  const clean = prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return `${clean}_${randomBytes(4).toString('hex')}`;
}

/** Drops the client's schema with everything in it (never `public`). */
export async function dropSchema(client: SqlClient): Promise<void> {
  if (client.schema === 'public') throw new Error('Refusing to drop the public schema');
  await client.exec(`DROP SCHEMA IF EXISTS "${client.schema}" CASCADE`);
}

/**
 * A Postgres server client on a fresh schema of `DATABASE_URL` for an int test; `drop()` removes the
 * schema and closes the client. Returns undefined when `DATABASE_URL` is not set (the caller skips);
 * when it is set and the server is unreachable, this throws (the test fails, never skips).
 */
export async function openTestPgDatabase(
  prefix: string,
  options: { max?: number } = {},
): Promise<{ client: SqlClient; drop: () => Promise<void> } | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const client = await createPgClient(url, { schema: uniqueSchemaName(prefix), ...options });
  return {
    client,
    drop: async () => {
      try {
        await dropSchema(client);
      } finally {
        await client.close();
      }
    },
  };
}
