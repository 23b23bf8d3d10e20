/**
 * Fault test: a process rebuilding a projection (blue/green, from the whole log) is killed with
 * SIGKILL half-way. The active build must keep answering meanwhile, and running the rebuild again
 * must resume the killed build from its checkpoint (it replays only the events after it) and give
 * exactly the tables an uninterrupted rebuild gives. The projection is the usage rollup (counts: an
 * event applied twice or skipped changes the result). Prints its figures for docs/reliability.md.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AppendToStream,
  createPgClient,
  dropSchema,
  openStore,
  type SqlExecutor,
  type Store,
  uniqueSchemaName,
} from '@scentinel/platform';
import { createRuntime, usageRollupProjection } from '@scentinel/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const url = process.env.DATABASE_URL;
if (!url) console.warn('projector-kill.int.spec.ts: skipped because DATABASE_URL is not set');

const REBUILDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing', 'rebuild-process.ts');
const PROJECTION = 'usage_rollup';
/** Every table of the projection's builds (compared row for row). */
const TABLES = usageRollupProjection.tables;
const EVENTS = 10_000;
const TYPES = ['SearchTracked', 'PageViewed', 'ChemicalClicked', 'ScanTracked'];

/** Runs the rebuild in a child process; resolves with how it ended and what it printed. */
function rebuildInChild(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', REBUILDER, PROJECTION], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += String(d);
  });
  child.stderr.on('data', (d) => {
    out += String(d);
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, out })),
  );
}

/** Every row of a build's tables, in a stable order. */
async function dump(sql: SqlExecutor, version: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const { rows } = await sql.query<{ r: string }>(
      `SELECT row_to_json(t)::text AS r FROM ${table}_v${version} t ORDER BY 1`,
    );
    out[table] = rows.map((row) => row.r);
  }
  return out;
}

async function builds(sql: SqlExecutor) {
  const { rows } = await sql.query<{ version: number; status: string; position: number | null }>(
    `SELECT v.version, v.status, c.position
       FROM projection_versions v
       LEFT JOIN projection_checkpoints c ON c.name = v.name AND c.version = v.version
      WHERE v.name = $1 ORDER BY v.version`,
    [PROJECTION],
  );
  return rows;
}

describe.skipIf(!url)('kill a projector mid-rebuild (needs DATABASE_URL)', () => {
  const schema = uniqueSchemaName('t_projector_kill');
  let store: Store;

  beforeAll(async () => {
    store = await openStore({ databaseUrl: url!, databaseSchema: schema, dataDir: '/nonexistent' });
    // Usage events over 3 past days, 300 sessions, a handful of search terms and pages.
    const day = Date.parse('2025-03-01T00:00:00.000Z');
    for (let start = 0; start < EVENTS; start += 1_000) {
      const byStream = new Map<string, AppendToStream>();
      for (let i = start; i < start + 1_000; i++) {
        const session = `s${i % 300}`;
        const type = TYPES[i % TYPES.length]!;
        let batch = byStream.get(session);
        if (!batch) {
          batch = { streamId: `usage:${session}`, expectedVersion: 'any', events: [] };
          byStream.set(session, batch);
        }
        batch.events.push({
          id: randomUUID(),
          type,
          data: {
            session_id: session,
            query: `term ${i % 17}`,
            page: `/perfume/p${i % 23}`,
            chemical_name: `Chem ${i % 11}`,
            device: i % 2 ? 'mobile' : 'desktop',
          },
          metadata: {
            actorId: null,
            actorRole: null,
            requestId: null,
            occurredAt: new Date(day + ((i * 7_919) % (3 * 86_400_000))).toISOString(),
          },
        });
      }
      const batches = [...byStream.values()];
      await store.eventLog.appendMany(batches);
    }
  });

  afterAll(async () => {
    if (!store) return;
    await dropSchema(store.sql);
    await store.close();
  });

  it('the active build keeps answering; the rebuild run again resumes and equals an uninterrupted one', async () => {
    const env = { DATABASE_URL: url!, DATABASE_SCHEMA: schema };
    const head = await store.eventLog.headPosition();
    expect(head).toBe(EVENTS);

    // The reference: an uninterrupted rebuild (from the first, live-applied build).
    const runtime = createRuntime({ sql: store.sql, eventLog: store.eventLog });
    await runtime.start();
    expect(await runtime.waitForPosition(head, 60_000)).toBe(true);
    await runtime.stop();
    const live = (await builds(store.sql)).find((b) => b.status === 'active')!;
    const liveTables = await dump(store.sql, live.version);
    const reference = await runtime.rebuild(PROJECTION);
    expect(reference).toMatchObject({ position: head, replayed: EVENTS, activated: true });
    const referenceTables = await dump(store.sql, reference.version);
    expect(referenceTables).toEqual(liveTables);

    // A rebuild killed half-way, right after a batch was stored.
    const killAt = Math.floor(head / 2);
    const killed = await rebuildInChild({ ...env, KILL_AT_POSITION: String(killAt) });
    expect(killed.signal, killed.out).toBe('SIGKILL');
    const afterKill = await builds(store.sql);
    const half = afterKill.find((b) => b.version === reference.version + 1)!;
    expect(half.status).toBe('building');
    expect(half.position).toBeGreaterThanOrEqual(killAt);
    expect(half.position).toBeLessThan(head);
    // Reads still go to the active build, whole and unchanged.
    expect(afterKill.find((b) => b.status === 'active')!.version).toBe(reference.version);
    expect(await dump(store.sql, reference.version)).toEqual(referenceTables);

    // Run again: the half-built build is taken over at its checkpoint; only the rest is replayed.
    const resumed = await rebuildInChild(env);
    expect(resumed.code, resumed.out).toBe(0);
    const result = JSON.parse(/^done (.*)$/m.exec(resumed.out)![1]!) as {
      version: number;
      position: number;
      replayed: number;
      activated: boolean;
      resumedFrom?: number;
    };
    expect(result).toMatchObject({
      version: half.version,
      resumedFrom: half.position,
      position: head,
      replayed: head - half.position!,
      activated: true,
    });
    expect(result.replayed).toBeLessThan(EVENTS);
    // The first progress line is the checkpoint taken over, not 0.
    expect(/^progress (\d+) /m.exec(resumed.out)?.[1]).toBe(String(half.position));
    const resumedTables = await dump(store.sql, result.version);
    expect(resumedTables).toEqual(referenceTables);
    const final = await builds(store.sql);
    expect(final.filter((b) => b.status === 'active').map((b) => b.version)).toEqual([half.version]);
    expect(final.find((b) => b.version === reference.version)!.status).toBe('retired');

    const sql = await createPgClient(url!, { schema });
    try {
      const { rows } = await sql.query<{ n: number }>(
        `SELECT coalesce(sum(count), 0)::int AS n FROM usage_daily_v${result.version}`,
      );
      const counted = rows[0]!.n;
      const rowCount = Object.values(resumedTables).reduce((n, rows) => n + rows.length, 0);
      console.log(
        `projector kill figures: ${JSON.stringify({
          events: head,
          killedAtPosition: half.position,
          replayedBeforeKill: half.position,
          replayedAfterResume: result.replayed,
          countedAfterResume: counted,
          rowsCompared: rowCount,
          lost: head - counted,
        })}`,
      );
      expect(counted).toBe(head);
    } finally {
      await sql.close();
    }
  }, 120_000);
});
