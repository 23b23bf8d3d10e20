import type { StoredEvent } from '@scentinel/platform';
import type { PostgresProjection } from '../runtime/projection.ts';

/**
 * Example Postgres projection for the runtime's tests: counts events per type in
 * `event_counts_by_type_v<version>`. Event types in `poison` make `apply` fail with a real SQL error
 * *after* it has written (a NOT NULL violation), so tests can see the whole transaction roll back.
 */
export interface EventCountsProjection extends PostgresProjection {
  readonly poison: Set<string>;
}

export function eventCountsProjection(
  options: { name?: string; version?: number; handles?: string[]; poison?: Iterable<string> } = {},
): EventCountsProjection {
  const poison = new Set(options.poison);
  return {
    name: options.name ?? 'event_counts',
    version: options.version ?? 1,
    kind: 'postgres',
    description: 'Events per type (example projection for tests)',
    ...(options.handles && { handles: options.handles }),
    tables: ['event_counts_by_type'],
    poison,
    async setup(tx, ctx) {
      await tx.exec(`CREATE TABLE ${ctx.tableName('event_counts_by_type')} (
        event_type text PRIMARY KEY,
        count bigint NOT NULL,
        last_position bigint NOT NULL
      )`);
    },
    async apply(events: StoredEvent[], tx, ctx) {
      const table = ctx.tableName('event_counts_by_type');
      const counts = new Map<string, { n: number; last: number }>();
      for (const e of events) {
        const c = counts.get(e.type) ?? { n: 0, last: 0 };
        counts.set(e.type, { n: c.n + 1, last: e.position });
      }
      for (const [type, c] of counts) {
        await tx.query(
          `INSERT INTO ${table} (event_type, count, last_position) VALUES ($1, $2, $3)
           ON CONFLICT (event_type) DO UPDATE SET count = ${table}.count + excluded.count, last_position = excluded.last_position`,
          [type, c.n, c.last],
        );
      }
      if (events.some((e) => poison.has(e.type))) {
        await tx.query(`INSERT INTO ${table} (event_type, count, last_position) VALUES ($1, NULL, 0)`, [
          'poison',
        ]);
      }
    },
  };
}
