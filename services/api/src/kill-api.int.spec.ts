/**
 * Fault test: an API process is killed with SIGKILL in the middle of a burst of writes (chemical
 * adds and tracking calls); a new process on the same Postgres schema must find every write the
 * killed one acknowledged, and nothing half-applied. Prints its figures (sent, acknowledged,
 * found, lost) for docs/reliability.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgClient, dropSchema, uniqueSchemaName } from '@scentinel/platform';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type ApiProcess, startApiProcess, stopApiProcess } from './testing/api-process.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('kill-api.int.spec.ts: skipped because DATABASE_URL is not set');

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };

describe.skipIf(!url)('kill -9 an API process during a burst of writes (needs DATABASE_URL)', () => {
  const schema = uniqueSchemaName('t_kill_api');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-kill-'));
  const env = {
    DATABASE_URL: url ?? '',
    DATABASE_SCHEMA: schema,
    CATALOGUE_AUTOLOAD: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
  };
  const started: ApiProcess[] = [];

  afterAll(async () => {
    for (const api of started) await stopApiProcess(api, 'SIGKILL');
    if (url) {
      const sql = await createPgClient(url, { schema });
      await dropSchema(sql);
      await sql.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every acknowledged write is found after a restart; none half-applied', async () => {
    const first = await startApiProcess(env);
    started.push(first);
    const login = await fetch(`${first.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { session_token: string }).session_token;

    const run = randomUUID().slice(0, 8);
    const acknowledgedChemicals: string[] = [];
    const acknowledgedSessions: string[] = [];
    let sent = 0;
    let killed = false;
    // Writers keep sending until the process is gone; the kill comes after 150 acknowledgements.
    const writer = async (w: number) => {
      for (let i = 0; !killed || i < 2; i++) {
        sent++;
        try {
          if (i % 2 === 0) {
            const name = `Killtest ${run} ${w}-${i}`;
            const r = await fetch(`${first.base}/api/add-chemical-manual`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({ name }),
            });
            if (r.status === 201) acknowledgedChemicals.push(name);
          } else {
            const session = `kill-${run}-${w}-${i}`;
            const r = await fetch(`${first.base}/api/analytics/track/search`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-session-id': session },
              body: JSON.stringify({ query: 'rose', results_count: 1 }),
            });
            if (r.status === 202) acknowledgedSessions.push(session);
          }
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    await vi.waitFor(
      () => expect(acknowledgedChemicals.length + acknowledgedSessions.length).toBeGreaterThan(150),
      {
        timeout: 60_000,
        interval: 5,
      },
    );
    first.child.kill('SIGKILL');
    killed = true;
    await writers;

    const second = await startApiProcess(env);
    started.push(second);
    // The new process catches up with the log; give it a few seconds before counting.
    const found = new Set<string>();
    await vi
      .waitFor(
        async () => {
          const list = (await (
            await fetch(`${second.base}/api/chemicals?search=${encodeURIComponent(`Killtest ${run}`)}`)
          ).json()) as { chemicals: { name: string }[] };
          for (const c of list.chemicals) found.add(c.name);
          expect(acknowledgedChemicals.filter((name) => !found.has(name))).toEqual([]);
        },
        { timeout: 20_000, interval: 100 },
      )
      .catch(() => {});
    const lostChemicals = acknowledgedChemicals.filter((name) => !found.has(name));

    const sql = await createPgClient(url!, { schema });
    try {
      const { rows } = await sql.query<{ stream_id: string; n: number }>(
        'SELECT stream_id, count(*)::int AS n FROM events WHERE stream_id LIKE $1 GROUP BY stream_id',
        [`usage:kill-${run}-%`],
      );
      const stored = new Map(rows.map((r) => [r.stream_id.slice('usage:'.length), r.n]));
      const lostSessions = acknowledgedSessions.filter((s) => !stored.has(s));
      // Nothing half-applied: every chemical stream holds its whole add, every tracked call one event.
      const { rows: chemicalStreams } = await sql.query<{ n: number; added: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE type = 'ChemicalAdded')::int AS added
           FROM events WHERE stream_id LIKE 'chemical:%'`,
      );
      const figures = {
        sent,
        acknowledged: acknowledgedChemicals.length + acknowledgedSessions.length,
        found:
          acknowledgedChemicals.length -
          lostChemicals.length +
          acknowledgedSessions.length -
          lostSessions.length,
        lost: lostChemicals.length + lostSessions.length,
        storedButUnacknowledged:
          found.size - acknowledgedChemicals.length + stored.size - acknowledgedSessions.length,
      };
      console.log(`kill -9 figures: ${JSON.stringify(figures)}`);
      expect(lostChemicals).toEqual([]);
      expect(lostSessions).toEqual([]);
      expect([...stored.values()].every((n) => n === 1)).toBe(true);
      expect(chemicalStreams[0]!.n).toBe(chemicalStreams[0]!.added);
      expect(found.size).toBeGreaterThanOrEqual(acknowledgedChemicals.length);
    } finally {
      await sql.close();
    }
  }, 180_000);
});
