import { type Migration, registerMigrations } from '../db/migrate.ts';

/** Where each outbox relay has published the log up to (one row per relay name). */
export const eventBusMigrations: Migration[] = [
  {
    id: 'platform:0101-event-relay-checkpoints',
    sql: `
      CREATE TABLE IF NOT EXISTS event_relay_checkpoints (
        name text PRIMARY KEY,
        position bigint NOT NULL DEFAULT 0,
        published bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

registerMigrations(...eventBusMigrations);
