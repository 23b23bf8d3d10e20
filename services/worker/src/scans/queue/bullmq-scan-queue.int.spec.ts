import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dropSchema, uniqueSchemaName } from '@scentinel/platform';
import { ScanQueueUnavailableError } from '@scentinel/platform/scan-queue';
import { openStore, type Store } from '@scentinel/platform/store';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../chemical-database.ts';
import { ScanEventRecorder } from '../scan-events.ts';
import { BullmqScanQueue, redisOptions } from './bullmq-scan-queue.adapter.ts';
import { startBullmqScanWorker } from './bullmq-scan-worker.ts';
import { scanQueueContract } from './scan-queue.contract.ts';

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;
if (!REDIS_URL) console.warn('REDIS_URL is not set: skipping the BullMQ scan queue tests');

async function obliterate(queueName: string): Promise<void> {
  const q = new Queue(queueName, { connection: redisOptions(REDIS_URL!, false) });
  await q.obliterate({ force: true });
  await q.close();
}

scanQueueContract(
  'BullMQ on Redis',
  async (processor) => {
    const queueName = `scans-test-${randomUUID().slice(0, 8)}`;
    const queue = new BullmqScanQueue(REDIS_URL!, undefined, queueName);
    const worker = startBullmqScanWorker({ redisUrl: REDIS_URL!, processor, concurrency: 2, queueName });
    await worker.waitUntilReady();
    return {
      queue,
      async close() {
        await worker.close();
        await queue.close();
        await obliterate(queueName);
      },
    };
  },
  { available: Boolean(REDIS_URL) },
);

describe('BullmqScanQueue when Redis is down', () => {
  it('refuses a job quickly instead of hanging', async () => {
    const queue = new BullmqScanQueue('redis://127.0.0.1:1');
    const started = Date.now();
    await expect(
      queue.enqueue({ scanId: randomUUID(), analysisType: 'comprehensive', image: Buffer.from('x') }),
    ).rejects.toBeInstanceOf(ScanQueueUnavailableError);
    await expect(queue.status(randomUUID())).rejects.toBeInstanceOf(ScanQueueUnavailableError);
    expect(Date.now() - started).toBeLessThan(7_000);
    await queue.close();
  });
});

describe.skipIf(!REDIS_URL || !DATABASE_URL)(
  'a scan job survives its worker (separate worker processes)',
  () => {
    const queueName = `scans-restart-${randomUUID().slice(0, 8)}`;
    const schema = uniqueSchemaName('t_scan_worker');
    const env = {
      ...process.env,
      REDIS_URL: REDIS_URL!,
      DATABASE_URL: DATABASE_URL!,
      DATABASE_SCHEMA: schema,
      SCAN_QUEUE_NAME: queueName,
      SCAN_WORKER_CONCURRENCY: '1',
      // A dead worker's job is taken over once its 4 s lock lapses.
      SCAN_LOCK_MS: '4000',
      SCAN_STALLED_INTERVAL_MS: '1000',
      LOG_LEVEL: 'warn',
    };
    let store: Store;
    let queue: BullmqScanQueue;
    const children: ChildProcess[] = [];

    function startWorker(): ChildProcess {
      const child = spawn(process.execPath, ['--import', 'tsx', 'services/worker/src/main.ts'], {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stderr?.on('data', (d) => process.stderr.write(`[worker ${child.pid}] ${d}`));
      children.push(child);
      return child;
    }

    beforeAll(async () => {
      store = await openStore({
        databaseUrl: DATABASE_URL!,
        databaseSchema: schema,
        dataDir: '/nonexistent',
      });
      queue = new BullmqScanQueue(REDIS_URL!, undefined, queueName);
    });

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await queue?.close();
      if (REDIS_URL) await obliterate(queueName);
      if (store) {
        await dropSchema(store.sql);
        await store.close();
      }
    });

    it('completes jobs queued before any worker ran and a job whose worker was killed mid-way', async () => {
      const events = new ScanEventRecorder(store.eventLog);
      const image = readFileSync(path.join(REPO_ROOT, 'services/worker/fixtures/labels/label-001.jpg'));
      const submit = async () => {
        const scanId = randomUUID();
        await events.requested(
          {
            scanId,
            analysisType: 'comprehensive',
            mimeType: 'image/jpeg',
            sizeBytes: image.length,
            imageSha256: null,
          },
          null,
          null,
        );
        await queue.enqueue({ scanId, analysisType: 'comprehensive', image });
        return scanId;
      };

      // Queued while no worker runs.
      const first = await submit();
      expect((await queue.status(first))?.state).toBe('queued');

      // Worker A takes it, and dies mid-way (SIGKILL: no clean-up, its lock stays).
      const a = startWorker();
      const deadline = Date.now() + 60_000;
      while ((await queue.status(first))?.state !== 'active') {
        if (Date.now() > deadline) throw new Error('worker A never took the job');
        await sleep(25);
      }
      a.kill('SIGKILL');
      await new Promise((r) => a.once('exit', r));
      expect((await queue.status(first))?.state).toBe('active');

      // Another job arrives while no worker is alive.
      const second = await submit();

      // Worker B takes over the stalled job and runs the new one.
      startWorker();
      const [done1, done2] = await Promise.all([
        queue.waitForResult(first, 90_000),
        queue.waitForResult(second, 90_000),
      ]);
      for (const done of [done1, done2]) {
        expect(done.state).toBe('completed');
        expect(done.response?.success).toBe(true);
        expect(done.response?.result?.ingredients.some((i) => i.name === 'Linalool' && i.is_allergen)).toBe(
          true,
        );
      }
      expect(done1.attempts).toBeGreaterThanOrEqual(2);
      for (const scanId of [first, second]) {
        const types = (await store.eventLog.readStream(`scan:${scanId}`)).map((e) => e.type);
        expect(types).toEqual(['ScanRequested', 'ScanCompleted']);
      }
    }, 180_000);
  },
);
