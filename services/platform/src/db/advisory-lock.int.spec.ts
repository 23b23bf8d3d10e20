import { describe, expect, it } from 'vitest';
import { withAdvisoryLock } from './advisory-lock.ts';
import { createPgClient } from './sql-client.ts';
import { openTestPgDatabase } from './test-database.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('withAdvisoryLock (needs DATABASE_URL)', () => {
  it('lets processes on one schema take turns: the second sees what the first did', async () => {
    const db = (await openTestPgDatabase('t_advisory'))!;
    const other = await createPgClient(url!, { schema: db.client.schema });
    try {
      await db.client.exec('CREATE TABLE imported (by text)');
      const log: string[] = [];
      // Both check "is it empty?" and import only then, as two API processes on an empty log do.
      const importOnce = (sql: typeof other, name: string) =>
        withAdvisoryLock(sql, 'catalogue-import', async () => {
          log.push(`${name} in`);
          const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM imported');
          if (rows[0]!.n === 0) {
            await new Promise((r) => setTimeout(r, 100));
            await sql.query('INSERT INTO imported VALUES ($1)', [name]);
          }
          log.push(`${name} out`);
        });
      await Promise.all([importOnce(db.client, 'a'), importOnce(other, 'b')]);
      const { rows } = await db.client.query<{ by: string }>('SELECT by FROM imported');
      expect(rows).toHaveLength(1);
      // Never both inside at once.
      expect([log[0]!.split(' ')[0], log[1]!.split(' ')[0]]).toEqual([
        log[0]!.split(' ')[0],
        log[0]!.split(' ')[0],
      ]);
      expect(log[1]).toMatch(/ out$/);
    } finally {
      await other.close();
      await db.drop();
    }
  });
});
