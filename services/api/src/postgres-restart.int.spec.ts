/**
 * Fault test: the Postgres server crashes (`pg_ctl stop -m immediate`) and comes back while an API
 * process takes a steady stream of writes (chemical adds and tracking calls). Meanwhile the API must
 * answer 503 with a `detail` (never crash, never a bare 500), recover by itself once the server is
 * back, and every write it acknowledged must be stored. The server is a private cluster of the
 * test's own (the machine's shared one is never touched). Prints its figures for docs/reliability.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgClient } from '@scentinel/platform';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type ApiProcess, startApiProcess, stopApiProcess } from './testing/api-process.ts';
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from './testing/private-postgres.ts';

const binDir = postgresBinDir();
if (!binDir)
  console.warn('postgres-restart.int.spec.ts: skipped because initdb (/usr/lib/postgresql/*/bin) is missing');

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };
const WRITERS = 6;

type Phase = 'before' | 'down' | 'after' | 'done';

describe.skipIf(!binDir)('Postgres crashes and restarts under load (private cluster)', () => {
  let pg: PrivatePostgres | undefined;
  let api: ApiProcess | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-pgrestart-'));

  afterAll(async () => {
    await stopApiProcess(api, 'SIGKILL');
    pg?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with detail while the server is down, recovers by itself, loses no acknowledged write', async () => {
    const t0 = Date.now();
    pg = await startPrivatePostgres(binDir!);
    const clusterMs = Date.now() - t0;
    api = await startApiProcess({
      DATABASE_URL: pg.url,
      DATABASE_SCHEMA: 'scentinel',
      CATALOGUE_AUTOLOAD: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
    });
    const base = api.base;
    const apiStartMs = Date.now() - t0 - clusterMs;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { session_token: string }).session_token;

    const run = randomUUID().slice(0, 8);
    let phase = 'before' as Phase;
    const acknowledgedChemicals: string[] = [];
    const acknowledgedSessions: string[] = [];
    const acksIn: Record<Phase, number> = { before: 0, down: 0, after: 0, done: 0 };
    const unavailable: { status: number; detail: unknown; code: unknown }[] = [];
    const unexpected: string[] = [];
    let sent = 0;
    let upAt = 0;
    let firstAckAfterMs: number | undefined;

    const writer = async (w: number) => {
      for (let i = 0; phase !== 'done'; i++) {
        sent++;
        const at = phase;
        try {
          let r: Response;
          let ok: number;
          if (i % 2 === 0) {
            const name = `Pgrestart ${run} ${w}-${i}`;
            ok = 201;
            r = await fetch(`${base}/api/add-chemical-manual`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ name }),
            });
            if (r.status === ok) acknowledgedChemicals.push(name);
          } else {
            const session = `pgr-${run}-${w}-${i}`;
            ok = 202;
            r = await fetch(`${base}/api/analytics/track/search`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-session-id': session },
              body: JSON.stringify({ query: 'rose', results_count: 1 }),
            });
            if (r.status === ok) acknowledgedSessions.push(session);
          }
          const body = (await r.json().catch(() => null)) as { detail?: unknown; code?: unknown } | null;
          if (r.status === ok) {
            if (at === 'after' && acksIn.after === 0) firstAckAfterMs = Date.now() - upAt;
            acksIn[at]++;
          } else if (r.status === 503 && typeof body?.detail === 'string' && body.detail.length > 0)
            unavailable.push({ status: r.status, detail: body.detail, code: body.code });
          else unexpected.push(`${r.status} ${JSON.stringify(body)}`);
        } catch (error) {
          unexpected.push(`request failed: ${String(error)}`);
          if (api?.child.exitCode !== null || api?.child.signalCode !== null) return;
        }
      }
    };
    const writers = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    // A crashed API process fails the test at once, with its output.
    const child = api.child;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(new Error(`the API process exited (${code ?? signal}):\n${api?.output()}`)),
      ),
    );
    exited.catch(() => {});
    const waitFor = (check: () => void | Promise<void>, timeout = 30_000) =>
      Promise.race([vi.waitFor(check, { timeout, interval: 10 }), exited]);

    try {
      await waitFor(() => expect(acksIn.before).toBeGreaterThanOrEqual(30));
      pg.crash();
      phase = 'down';
      const downAt = Date.now();
      // Meanwhile: writes are refused with 503 and a detail, and health says the log cannot be read.
      await waitFor(() => expect(unavailable.length).toBeGreaterThanOrEqual(WRITERS));
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { detail?: string }).detail).toMatch(/event log cannot be read/);
      pg.start();
      const downMs = Date.now() - downAt;
      upAt = Date.now();
      phase = 'after';
      // The same process takes writes again by itself (no restart).
      await waitFor(() => expect(acksIn.after).toBeGreaterThanOrEqual(30));
      const recoveredMs = Date.now() - upAt;
      phase = 'done';
      await writers;
      expect(api.child.exitCode).toBeNull();
      expect(unexpected).toEqual([]);

      // Every acknowledged chemical is found by search on the same process, and stored in the log.
      const found = new Set<string>();
      await waitFor(async () => {
        const list = (await (
          await fetch(`${base}/api/chemicals?search=${encodeURIComponent(`Pgrestart ${run}`)}`)
        ).json()) as { chemicals: { name: string }[] };
        for (const c of list.chemicals) found.add(c.name);
        expect(acknowledgedChemicals.filter((n) => !found.has(n))).toEqual([]);
      }, 10_000).catch(() => {});
      const lostChemicals = acknowledgedChemicals.filter((n) => !found.has(n));
      const sql = await createPgClient(pg.url, { schema: 'scentinel' });
      let storedSessions: Map<string, number>;
      try {
        const { rows } = await sql.query<{ stream_id: string; n: number }>(
          'SELECT stream_id, count(*)::int AS n FROM events WHERE stream_id LIKE $1 GROUP BY stream_id',
          [`usage:pgr-${run}-%`],
        );
        storedSessions = new Map(rows.map((r) => [r.stream_id.slice('usage:'.length), r.n]));
      } finally {
        await sql.close();
      }
      const lostSessions = acknowledgedSessions.filter((s) => !storedSessions.has(s));
      const acknowledged = acknowledgedChemicals.length + acknowledgedSessions.length;
      const lost = lostChemicals.length + lostSessions.length;
      const figures = {
        sent,
        acknowledged,
        unavailable503: unavailable.length,
        other: unexpected.length,
        found: acknowledged - lost,
        lost,
        clusterMs,
        apiStartMs,
        downMs,
        firstAckAfterMs,
        recoveredMs,
        details: [...new Set(unavailable.map((u) => `${u.code}: ${u.detail}`))],
      };
      console.log(`Postgres restart figures: ${JSON.stringify(figures)}`);
      expect(lostChemicals).toEqual([]);
      expect(lostSessions).toEqual([]);
      expect([...storedSessions.values()].every((n) => n === 1)).toBe(true);
      expect(unavailable.every((u) => u.code === 'unavailable')).toBe(true);
    } finally {
      phase = 'done';
      await writers;
      if (api.child.exitCode !== null || api.child.signalCode !== null) console.log(api.output());
    }
  }, 120_000);
});
