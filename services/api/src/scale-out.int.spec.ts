/**
 * Many processes, one truth: two API processes (child processes, as deployed) on one Postgres
 * schema. Chemical names are unique across both (the event log holds the claims), and a write made
 * through one process is found by search on the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgClient, dropSchema, uniqueSchemaName } from '@scentinel/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiProcess, startApiProcess, stopApiProcess } from './testing/api-process.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('scale-out.int.spec.ts: skipped because DATABASE_URL is not set');

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { session_token: string }).session_token;
}

function addChemical(base: string, token: string, body: object): Promise<Response> {
  return fetch(`${base}/api/add-chemical-manual`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

describe.skipIf(!url)('two API processes on one Postgres (needs DATABASE_URL)', () => {
  const schema = uniqueSchemaName('t_scale_out');
  const dirs: string[] = [];
  let a: ApiProcess;
  let b: ApiProcess;
  let tokenA: string;
  let tokenB: string;

  const env = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-scale-out-'));
    dirs.push(dir);
    return {
      DATABASE_URL: url!,
      DATABASE_SCHEMA: schema,
      CATALOGUE_AUTOLOAD: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dir,
    };
  };

  beforeAll(async () => {
    // One after the other: the first creates the schema and the admin account.
    a = await startApiProcess(env());
    b = await startApiProcess(env());
    tokenA = await signIn(a.base);
    tokenB = await signIn(b.base);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopApiProcess(a), stopApiProcess(b)]);
    if (url) {
      const sql = await createPgClient(url, { schema });
      await dropSchema(sql);
      await sql.close();
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('100 concurrent adds of one chemical name across both processes: exactly one succeeds', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? addChemical(a.base, tokenA, { name: 'Raceonol' })
          : addChemical(b.base, tokenB, { name: i % 4 === 1 ? 'RACEONOL' : 'Raceonol' }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const refused = responses.find((r) => r.status === 409)!;
    expect(await refused.json()).toMatchObject({ code: 'conflict', detail: expect.any(String) });
    // Both processes list the one chemical.
    for (const api of [a, b]) {
      await vi.waitFor(
        async () => {
          const list = (await (await fetch(`${api.base}/api/chemicals?search=raceonol`)).json()) as {
            chemicals: { name: string }[];
          };
          expect(list.chemicals.map((c) => c.name)).toHaveLength(1);
        },
        { timeout: 10_000, interval: 20 },
      );
    }
  });

  it('a write through one process is found by search on the other', async () => {
    for (const [writer, reader, token] of [
      [a, b, tokenA],
      [b, a, tokenB],
    ] as const) {
      const name = `Crossol ${writer === a ? 'A' : 'B'}`;
      const added = await addChemical(writer.base, token, {
        name,
        cas_number: writer === a ? '50-00-0' : '64-17-5',
      });
      expect(added.status).toBe(201);
      await vi.waitFor(
        async () => {
          const list = (await (
            await fetch(`${reader.base}/api/chemicals?search=${encodeURIComponent(name)}`)
          ).json()) as { chemicals: { name: string }[] };
          expect(list.chemicals.map((c) => c.name)).toEqual([name]);
        },
        { timeout: 10_000, interval: 10 },
      );
    }
    // The CAS number is unique across processes too.
    const again = await addChemical(b.base, tokenB, { name: 'Other name', cas_number: '50-00-0' });
    expect(again.status).toBe(409);
  });
});
