/**
 * For fault tests: rebuilds one projection (blue/green, as `npm run ops -- projections rebuild`)
 * in a process of its own, printing `progress <position> <head>` after each batch and the result as
 * `done <json>`. With `KILL_AT_POSITION`, it kills itself (SIGKILL: no clean-up, no status update)
 * as soon as a batch at or past that position is stored: a crash at a known point mid-rebuild.
 *
 *   DATABASE_URL=… DATABASE_SCHEMA=… npx tsx services/api/src/testing/rebuild-process.ts usage_rollup
 */
import { openStore } from '@scentinel/platform';
import { createRuntime } from '@scentinel/projections';

const name = process.argv[2];
const url = process.env.DATABASE_URL;
const schema = process.env.DATABASE_SCHEMA;
if (!name || !url || !schema) {
  process.stderr.write('usage: DATABASE_URL=… DATABASE_SCHEMA=… rebuild-process.ts <projection>\n');
  process.exit(2);
}
const killAt = process.env.KILL_AT_POSITION ? Number(process.env.KILL_AT_POSITION) : undefined;

const store = await openStore({ databaseUrl: url, databaseSchema: schema, dataDir: '/nonexistent' });
const runtime = createRuntime({ sql: store.sql, eventLog: store.eventLog });
const result = await runtime.rebuild(name, {
  onProgress(p) {
    process.stdout.write(`progress ${p.position} ${p.head}\n`);
    if (killAt !== undefined && p.position >= killAt) process.kill(process.pid, 'SIGKILL');
  },
});
process.stdout.write(`done ${JSON.stringify(result)}\n`);
await store.close();
