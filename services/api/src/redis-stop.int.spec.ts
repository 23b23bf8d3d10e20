/**
 * Fault test: Redis (the scan queue) dies while an API process takes scans. Meanwhile scans must
 * answer 503 with a `detail` that says the scan queue is unavailable (quickly, never hanging, never
 * crashing); once Redis is back, the same API process and worker take scans again by themselves,
 * and a job finished before the crash can still be read. The Redis server is one of the test's own
 * (the machine's shared one is never touched). Prints its figures for docs/reliability.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropSchema, openStore, type Store, uniqueSchemaName } from '@scentinel/platform';
import { ScanEventRecorder, ScanProcessor, scanTesting, startBullmqScanWorker } from '@scentinel/worker';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type ApiProcess, startApiProcess, stopApiProcess } from './testing/api-process.ts';
import { type PrivateRedis, startPrivateRedis } from './testing/private-redis.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('redis-stop.int.spec.ts: skipped because DATABASE_URL is not set');

describe.skipIf(!url)('Redis dies and comes back under scans (private redis-server)', () => {
  const schema = uniqueSchemaName('t_redis_stop');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-redis-stop-'));
  let redis: PrivateRedis | undefined;
  let api: ApiProcess | undefined;
  let store: Store | undefined;
  let worker: ReturnType<typeof startBullmqScanWorker> | undefined;

  afterAll(async () => {
    await worker?.close().catch(() => {});
    await stopApiProcess(api, 'SIGKILL');
    await redis?.destroy();
    if (store) {
      await dropSchema(store.sql);
      await store.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('scans answer 503 with a clear detail while Redis is down, and resume by themselves', async () => {
    redis = await startPrivateRedis();
    store = await openStore({ databaseUrl: url!, databaseSchema: schema, dataDir: '/nonexistent' });
    api = await startApiProcess({
      DATABASE_URL: url!,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redis.url,
      CATALOGUE_AUTOLOAD: 'false',
      DATA_DIR: dataDir,
    });
    // The worker runs here with a scripted engine (no OCR): the queue is what is under test.
    const processor = new ScanProcessor(
      new scanTesting.ScriptedEngine(),
      new ScanEventRecorder(store.eventLog),
    );
    worker = startBullmqScanWorker({ redisUrl: redis.url, processor, concurrency: 2 });
    await worker.waitUntilReady();
    const png = await scanTesting.tinyPng();
    const base = api.base;

    const scan = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'label.png');
      form.append('analysis_type', 'comprehensive');
      const started = Date.now();
      const r = await fetch(`${base}/api/camera/scan/product`, { method: 'POST', body: form });
      const body = (await r.json()) as {
        scan_id?: string;
        success?: boolean;
        detail?: string;
        code?: string;
      };
      return { status: r.status, body, ms: Date.now() - started };
    };
    const status = (id: string) => fetch(`${base}/api/camera/scan/jobs/${id}`);

    let sent = 0;
    const completed: string[] = [];
    // Before: scans complete.
    for (let i = 0; i < 2; i++) {
      sent++;
      const r = await scan();
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.success).toBe(true);
      completed.push(r.body.scan_id!);
    }

    await redis.crash();
    const downAt = Date.now();
    // Meanwhile: a scan and a status read answer 503 with a detail saying what is wrong, quickly.
    const refused: { status: number; detail?: string; code?: string; ms: number }[] = [];
    for (let i = 0; i < 3; i++) {
      sent++;
      const r = await scan();
      refused.push({ status: r.status, detail: r.body.detail, code: r.body.code, ms: r.ms });
    }
    const read = await status(completed[0]!);
    const readBody = (await read.json()) as { detail?: string; code?: string };
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.code).toBe('unavailable');
      expect(r.detail).toMatch(/scan queue/i);
      expect(r.ms).toBeLessThan(5_000);
    }
    expect(read.status).toBe(503);
    expect(readBody.detail).toMatch(/scan queue/i);
    expect(api.child.exitCode).toBeNull();

    await redis.start();
    const downMs = Date.now() - downAt;
    const upAt = Date.now();
    // The API reconnects by itself: a job finished before the crash is readable again.
    await vi.waitFor(
      async () => {
        const r = await status(completed[0]!);
        expect(r.status).toBe(200);
        expect(((await r.json()) as { status: string }).status).toBe('completed');
      },
      { timeout: 20_000, interval: 100 },
    );
    const readableAgainMs = Date.now() - upAt;
    // And new scans complete again, through the same worker.
    for (let i = 0; i < 2; i++) {
      sent++;
      const r = await scan();
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.success).toBe(true);
      completed.push(r.body.scan_id!);
    }
    const figures = {
      sent,
      completed: completed.length,
      refused503: refused.length,
      refusedMsMax: Math.max(...refused.map((r) => r.ms)),
      downMs,
      readableAgainMs,
      detail: refused[0]!.detail,
    };
    console.log(`Redis stop figures: ${JSON.stringify(figures)}`);
    expect(completed).toHaveLength(4);
  }, 90_000);
});
