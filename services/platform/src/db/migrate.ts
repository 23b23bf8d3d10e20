import { createHash } from 'node:crypto';
import type { SqlClient } from './sql-client.ts';

/**
 * Forward-only SQL migrations, recorded in `schema_migrations` of the client's schema.
 * Write migration SQL without a schema prefix: it runs with the client's `search_path`.
 */
export interface Migration {
  /** Unique and stable, prefixed by its owner, e.g. `platform:0001-event-store`. */
  id: string;
  sql: string;
}

const registry: Migration[] = [];

/**
 * Adds migrations to the list `migrate(client)` applies (in registration order). Registering the
 * same id with the same SQL again is a no-op; with different SQL it throws.
 */
export function registerMigrations(...migrations: Migration[]): void {
  for (const migration of migrations) {
    const known = registry.find((m) => m.id === migration.id);
    if (known && known.sql !== migration.sql) {
      throw new Error(`Migration ${migration.id} is registered twice with different SQL`);
    }
    if (!known) registry.push(migration);
  }
}

export function registeredMigrations(): readonly Migration[] {
  return [...registry];
}

/** Lock key (first half) that serialises migrators of one schema across processes. */
const MIGRATION_LOCK = 0x5c3e_0001;

/**
 * Applies the migrations not yet recorded, in order, in one transaction, and returns the ids it
 * applied. Safe to call again and from several processes at once. Throws if a recorded migration's
 * SQL has changed since it was applied.
 */
export async function migrate(
  client: SqlClient,
  migrations: readonly Migration[] = registeredMigrations(),
): Promise<string[]> {
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`Duplicate migration id ${m.id}`);
    ids.add(m.id);
  }
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ id: string; checksum: string }>(
      'SELECT id, checksum FROM schema_migrations',
    );
    const applied = new Map(rows.map((r) => [r.id, r.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = createHash('sha256').update(migration.sql).digest('hex');
      const recorded = applied.get(migration.id);
      if (recorded !== undefined) {
        if (recorded !== checksum) {
          throw new Error(
            `Migration ${migration.id} was changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [
        migration.id,
        checksum,
      ]);
      done.push(migration.id);
    }
    return done;
  });
}
