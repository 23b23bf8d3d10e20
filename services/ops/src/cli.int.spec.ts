import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropSchema, openStore, type SqlExecutor, type Store, uniqueSchemaName } from '@scentinel/platform';
import {
  type PostgresProjection,
  ProjectionRuntime,
  type ProjectionStatus,
  usageRollupProjection,
} from '@scentinel/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Runs `services/ops/src/cli.ts` as a subprocess, as an operator would. Against a fresh schema of
 * DATABASE_URL when set; otherwise against an embedded PGlite in a temporary DATA_DIR.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(repoRoot, 'services/ops/src/cli.ts');
const url = process.env.DATABASE_URL;
if (!url) console.warn('cli.int.spec.ts: DATABASE_URL not set, running the CLI against an embedded PGlite');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Each CLI run starts a process and opens the database (PGlite: a few seconds on a busy machine).
describe(`ops CLI (${url ? 'Postgres server' : 'PGlite'})`, { timeout: 180_000 }, () => {
  let dataDir: string;
  let config: { databaseUrl: string | undefined; databaseSchema: string; dataDir: string };
  let cliEnv: NodeJS.ProcessEnv;

  const ops = (...args: string[]): Promise<Run> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
        cwd: repoRoot,
        env: cliEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  const json = async <T>(...args: string[]): Promise<T> => {
    const run = await ops(...args, '--json');
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as T;
  };
  /** Opens the store in this process (PGlite allows one process at a time: always close it again). */
  const withStore = async <T>(fn: (store: Store) => Promise<T>): Promise<T> => {
    const store = await openStore(config);
    try {
      return await fn(store);
    } finally {
      await store.close();
    }
  };
  /** Runs the projections live in this process (as the API server would) until caught up. */
  const runLive = (projection: PostgresProjection) =>
    withStore(async (store) => {
      const runtime = new ProjectionRuntime({
        sql: store.sql,
        eventLog: store.eventLog,
        projections: [projection],
      });
      await runtime.start();
      expect(await runtime.waitForPosition(await store.eventLog.headPosition(), 20_000)).toBe(true);
      await runtime.stop();
    });
  const usageEvent = (type: string, occurredAt: string, session: string) => ({
    id: randomUUID(),
    type,
    data: { session_id: session },
    metadata: { actorId: null, actorRole: null, requestId: null, occurredAt },
  });
  const tableExists = (db: SqlExecutor, table: string) =>
    db
      .query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table])
      .then((r) => r.rows[0]?.t !== null);

  let poisonId: string;
  /** The registry holds other projections too; these tests drive usage_rollup. */
  const usageOnly = (list: ProjectionStatus[]) => list.filter((s) => s.name === 'usage_rollup');

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'scentinel-ops-'));
    config = { databaseUrl: url, databaseSchema: url ? uniqueSchemaName('t_ops_cli') : 'public', dataDir };
    cliEnv = {
      ...process.env,
      DATABASE_URL: url ?? '',
      DATABASE_SCHEMA: config.databaseSchema,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };
    const events = [
      usageEvent('SearchTracked', '2025-03-04T09:00:00Z', 's1'),
      usageEvent('SearchTracked', '2025-03-04T09:01:00Z', 's1'),
      usageEvent('PageViewed', '2025-03-04T09:02:00Z', 's2'),
      usageEvent('ScanTracked', '2025-03-05T10:00:00Z', 's1'),
    ];
    poisonId = events[1]!.id;
    await withStore(async (store) => {
      for (const e of events) await store.eventLog.append(`usage:${e.id}`, [e], 0);
    });
    // A handler bug in the running server dead-letters one event; the CLI has the fixed code.
    await runLive({
      ...usageRollupProjection,
      async apply(events, tx, ctx) {
        if (events.some((e) => e.id === poisonId)) throw new Error('handler bug');
        await usageRollupProjection.apply(events, tx, ctx);
      },
    });
  });

  afterAll(async () => {
    if (url && config) {
      await withStore((store) => dropSchema(store.sql));
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('lists projections and their builds', async () => {
    const run = await ops('projections', 'list');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/PROJECTION\s+KIND\s+CODE\s+ACTIVE\s+BUILDS/);
    expect(run.stdout).toMatch(/usage_rollup\s+postgres\s+v3\s+v3\s+v3 active/);
    const list = await json<{ name: string; builds: { version: number; status: string }[] }[]>(
      'projections',
      'list',
    );
    expect(list.find((p) => p.name === 'usage_rollup')?.builds).toMatchObject([
      { version: 3, status: 'active' },
    ]);
  });

  it('shows status with lag and dead letters', async () => {
    const status = await json<ProjectionStatus[]>('projections', 'status');
    expect(status.find((s) => s.name === 'usage_rollup')).toMatchObject({
      version: 3,
      active: true,
      position: 4,
      lag: 0,
      deadLetters: 1,
      status: 'stopped',
    });
    const run = await ops('projections', 'status');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/usage_rollup\s+v3\s+yes\s+active\s+stopped\s+4\s+0\s+1\s+handler bug/);
  });

  it('lists and retries dead letters', async () => {
    const letters = await json<{ id: number; eventId: string; eventType: string }[]>('dead-letters', 'list');
    expect(letters.map((d) => [d.eventId, d.eventType])).toEqual([[poisonId, 'SearchTracked']]);
    const table = await ops('dead-letters', 'list', '--projection', 'usage_rollup');
    expect(table.stdout).toMatch(/ID\s+PROJECTION\s+VERSION\s+POSITION\s+EVENT TYPE/);
    expect(table.stdout).toContain(poisonId);

    const unknown = await ops('dead-letters', 'list', '--projection', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown projection "nope"/);
    expect((await ops('dead-letters', 'retry', '--id', '999999')).code).toBe(2);
    expect((await ops('dead-letters', 'retry', '--id', 'x')).code).toBe(2);

    const retry = await ops('dead-letters', 'retry', '--id', String(letters[0]!.id));
    expect(retry.code, retry.stderr).toBe(0);
    expect(retry.stdout).toMatch(/Retried 1, failed 0, skipped 0/);
    expect((await ops('dead-letters', 'list')).stdout).toMatch(/No dead letters/);
    const all = await json<{ retriedAt: string | null }[]>('dead-letters', 'list', '--all');
    expect(all[0]?.retriedAt).toEqual(expect.any(String));
    const daily = await withStore((s) =>
      s.sql.query<{ count: number }>(`SELECT count FROM usage_daily_v3 WHERE event_type = 'SearchTracked'`),
    );
    expect(daily.rows[0]?.count).toBe(2);
  });

  it('rebuilds beside the active build with a progress bar, then activates it', async () => {
    const rebuild = await ops('projections', 'rebuild', 'usage_rollup', '--no-activate');
    expect(rebuild.code, rebuild.stderr).toBe(0);
    expect(rebuild.stderr).toMatch(
      /usage_rollup v4 .*100% \| 4\/4 positions \| 4 events \| \d+ ev\/s \| ETA/,
    );
    expect(rebuild.stdout).toMatch(/Rebuilt usage_rollup v4: 4 events to position 4/);
    expect(rebuild.stdout).toMatch(/projections activate usage_rollup 4/);
    let status = await json<ProjectionStatus[]>('projections', 'status');
    expect(usageOnly(status).map((s) => [s.version, s.active, s.build])).toEqual([
      [3, true, 'active'],
      [4, false, 'ready'],
    ]);

    const activate = await ops('projections', 'activate', 'usage_rollup', '4');
    expect(activate.code, activate.stderr).toBe(0);
    expect(activate.stdout).toMatch(/usage_rollup v4 is active; v3 retired and its tables dropped/);
    status = await json<ProjectionStatus[]>('projections', 'status');
    expect(usageOnly(status).map((s) => [s.version, s.active, s.position])).toEqual([[4, true, 4]]);
    await withStore(async (s) => {
      expect(await tableExists(s.sql, 'usage_daily_v3')).toBe(false);
      const { rows } = await s.sql.query<{ n: number }>('SELECT sum(count)::int AS n FROM usage_daily_v4');
      expect(rows[0]?.n).toBe(4);
    });

    const again = await ops('projections', 'rebuild', 'usage_rollup');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/v5 is active; v4 retired/);
  });

  it('answers usage errors with exit 2 and a clear message', async () => {
    const cases: [string[], RegExp][] = [
      [['projections', 'activate', 'usage_rollup', '9'], /usage_rollup has no version 9/],
      [['projections', 'activate', 'usage_rollup', '3'], /v3 is retired/],
      [['projections', 'activate', 'nope', '1'], /Unknown projection "nope"/],
      [['projections', 'activate', 'usage_rollup', 'abc'], /positive whole number/],
      [['projections', 'rebuild', 'nope'], /Unknown projection "nope"/],
      [['projections', 'explode'], /unknown command/],
      [['projections'], /Usage: ops projections/],
      [['projections', 'rebuild'], /missing required argument/],
    ];
    for (const [args, message] of cases) {
      const run = await ops(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    expect((await ops('--help')).code).toBe(0);
  });

  it('exits 1 when an operation fails: a retry that fails again, a rebuild that stops', async () => {
    // An event no code can apply (no valid occurredAt) reaches the running server: dead letter.
    await withStore((s) =>
      s.eventLog.append('usage:bad', [{ ...usageEvent('SearchTracked', 'soon', 's9'), id: randomUUID() }], 0),
    );
    await runLive(usageRollupProjection);
    const retry = await ops('dead-letters', 'retry');
    expect(retry.code).toBe(1);
    expect(retry.stdout).toMatch(/Retried 0, failed 1[\s\S]*failed again: .*occurredAt/);

    const rebuild = await ops('projections', 'rebuild', 'usage_rollup');
    expect(rebuild.code).toBe(1);
    expect(rebuild.stderr).toMatch(/Rebuild of usage_rollup v6 stopped at position 4: .*occurredAt/);
    const status = await json<ProjectionStatus[]>('projections', 'status');
    expect(usageOnly(status).map((s) => [s.version, s.active, s.build, s.status])).toEqual([
      [5, true, 'active', 'stopped'],
      [6, false, 'failed', 'failed'],
    ]);
  });
});
