/**
 * The bounded fuzz run: every operation of the OpenAPI document (`/api/docs/json`), scanner
 * included, called with the hostile cases of `testing/openapi-fuzz.ts` by an anonymous caller, a
 * regular user and an admin. No answer may be 5xx, every 4xx must carry `{detail, code}`, and a
 * refused write must leave the event log as it was. The run is bounded by count, not by time: each
 * operation and caller gets at most `CASES_PER_OPERATION` of its cases (picked by a fixed-seed
 * shuffle), so every machine sends the same calls.
 */
import { InMemoryEventLog } from '@scentinel/platform';
import type { ScanService } from '@scentinel/platform/scan-queue';
import {
  InProcessScanQueue,
  isDecodableImage,
  ScanEventRecorder,
  ScanProcessor,
  scanTesting,
} from '@scentinel/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Harness, startHarness } from '../auth/testing/accounts-harness.ts';
import { type FuzzCase, fuzzCases } from './testing/openapi-fuzz.ts';

const CASES_PER_OPERATION = 12;

/** A small deterministic shuffle (mulberry32). */
function shuffle<T>(items: T[], seed: number): T[] {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

describe('OpenAPI fuzz: hostile input to every operation, three callers', () => {
  let h: Harness;
  let scans: ScanService;
  const callers = new Map<string, string | null>();
  const freshSession = new Map<string, () => Promise<string>>();

  beforeAll(async () => {
    // Scan events go to their own log: jobs finishing in the background must not look like writes.
    const scanLog = new InMemoryEventLog();
    const events = new ScanEventRecorder(scanLog);
    const queue = new InProcessScanQueue(new ScanProcessor(new scanTesting.ScriptedEngine(), events));
    scans = {
      queue,
      events,
      mode: 'in-process',
      waitTimeoutMs: 5_000,
      isDecodableImage,
      close: () => queue.close(),
    };
    h = await startHarness({ catalogue: true, scans });
    await h.seedPerfume({ id: 'fuzz-perfume', name: 'Fuzz Eau', brand: 'Acme' });
    await h.seedChemical({ id: 'fuzz-chem', name: 'Linalool', cas_number: '78-70-6', allergen_flag: true });
    callers.set('anonymous', null);
    const regular = await h.signUp('regular_user');
    callers.set('regular user', regular.token);
    callers.set('admin', await h.adminToken());
    // Signing out revokes the session: those cases get a session of their own.
    freshSession.set('regular user', () => h.login(regular.email));
    freshSession.set('admin', () => h.login(ADMIN.email, ADMIN.password));
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await scans?.close();
  });

  it('answers no 5xx, a {detail, code} body on every 4xx, and writes nothing when it refuses', async () => {
    const doc = (await h.call('GET', '/api/docs/json')).json();
    const operations = Object.values(doc.paths as Record<string, object>).reduce(
      (n: number, ops) => n + Object.keys(ops).length,
      0,
    );
    expect(operations).toBeGreaterThanOrEqual(40);
    const cases = fuzzCases(doc, {
      id: 'fuzz-chem',
      brand: 'Acme',
      cas: '78-70-6',
      code: 'EU',
      status: 'restricted',
    });
    const perGroup = new Map<string, number>();
    const runs = shuffle(
      cases.flatMap((c) => [...callers.keys()].map((caller) => ({ c, caller }))),
      20_260_110,
    ).filter(({ c, caller }) => {
      const key = `${c.operation} ${caller}`;
      const taken = perGroup.get(key) ?? 0;
      perGroup.set(key, taken + 1);
      return taken < CASES_PER_OPERATION;
    });
    const started = Date.now();
    const failures: string[] = [];
    const reached = new Set<string>();
    let sent = 0;
    const statuses = new Map<number, number>();
    for (const { c, caller } of runs) {
      const own = c.operation === 'POST /api/auth/logout' ? freshSession.get(caller) : undefined;
      const problem = await send(c, own ? await own() : (callers.get(caller) ?? null));
      sent += 1;
      reached.add(c.operation);
      statuses.set(problem.status, (statuses.get(problem.status) ?? 0) + 1);
      if (problem.failure) failures.push(`${caller}: ${c.operation} [${c.mutation}] ${problem.failure}`);
      if (failures.length >= 20) break;
    }
    console.info(
      `fuzz: ${sent} of ${runs.length} calls in ${Date.now() - started} ms over ${reached.size} operations; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBe(runs.length);
    expect(reached.size).toBe(operations);
  }, 240_000);

  /**
   * The last committed position. Not the log's `headPosition`, which on Postgres holds back events
   * newer than the oldest open transaction (readers must not skip them) and so may lag a write.
   */
  async function lastPosition(): Promise<number> {
    const { rows } = await h.sql.query<{ last: number }>(
      'SELECT coalesce(max(position), 0) AS last FROM events',
    );
    return Number(rows[0]?.last ?? 0);
  }

  async function send(c: FuzzCase, token: string | null): Promise<{ status: number; failure?: string }> {
    const before = await lastPosition();
    const res = await h.app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...c.headers,
        ...(c.body !== undefined && c.raw === undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(c.raw !== undefined
        ? { payload: c.raw }
        : c.body !== undefined
          ? { payload: JSON.stringify(c.body) }
          : {}),
    });
    const status = res.statusCode;
    if (status >= 500 && status !== 503 && status !== 504) {
      return { status, failure: `${status} ${res.body.slice(0, 200)}` };
    }
    if (status >= 400) {
      let body: { detail?: unknown; code?: unknown } = {};
      try {
        body = res.json();
      } catch {
        return { status, failure: `${status} without a JSON body: ${res.body.slice(0, 100)}` };
      }
      if (typeof body.detail !== 'string' || typeof body.code !== 'string') {
        return { status, failure: `${status} without {detail, code}: ${res.body.slice(0, 200)}` };
      }
      if (c.method !== 'GET' && (await lastPosition()) !== before) {
        const added = await h.eventLog.readAll({ after: before, limit: 10 });
        const what = added.map((e) => `${e.type} on ${e.streamId}`).join(', ');
        return { status, failure: `${status} but the event log moved on: ${what}` };
      }
    }
    return { status };
  }
});
