/**
 * The BullMQ queue's bounds: at most `maxQueuedJobs` jobs and `maxQueuedBytes` of images waiting
 * for a worker; beyond that `enqueue` throws `ScanQueueFullError` (the API's 503 with Retry-After).
 * A worker taking a job frees its bytes.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { InMemoryEventLog } from '@scentinel/platform';
import { ScanQueueFullError } from '@scentinel/platform/scan-queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { ScanProcessor } from '../scan.processor.ts';
import { ScriptedEngine, tinyPng } from '../scan.testing.ts';
import { ScanEventRecorder } from '../scan-events.ts';
import { BullmqScanQueue, queuedBytesKey, redisOptions } from './bullmq-scan-queue.adapter.ts';
import { startBullmqScanWorker } from './bullmq-scan-worker.ts';

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('BullMQ scan queue bounds', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function queueFor(limits: { maxQueuedJobs: number; maxQueuedBytes: number }) {
    const queueName = `scans-limits-${randomUUID().slice(0, 8)}`;
    const queue = new BullmqScanQueue(REDIS_URL!, undefined, queueName, limits);
    cleanups.push(async () => {
      await queue.close();
      const q = new Queue(queueName, { connection: redisOptions(REDIS_URL!, false) });
      await q.obliterate({ force: true });
      await q.close();
      const redis = new Redis(redisOptions(REDIS_URL!, true));
      await redis.del(queuedBytesKey(queueName));
      redis.disconnect();
    });
    return { queue, queueName };
  }

  const job = (bytes: number) => ({
    scanId: randomUUID(),
    analysisType: 'comprehensive' as const,
    image: Buffer.alloc(bytes, 1),
  });

  it('refuses a job beyond the waiting-job cap with ScanQueueFullError', async () => {
    const { queue } = queueFor({ maxQueuedJobs: 2, maxQueuedBytes: 10_000_000 });
    await queue.enqueue(job(10));
    await queue.enqueue(job(10));
    const refused = await queue.enqueue(job(10)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ScanQueueFullError);
    expect((refused as ScanQueueFullError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('refuses a job whose image would pass the queued-bytes cap, and frees bytes as a worker takes jobs', async () => {
    const { queue, queueName } = queueFor({ maxQueuedJobs: 100, maxQueuedBytes: 5_000 });
    const image = await tinyPng(64);
    expect(image.length).toBeLessThan(2_500);
    const first = { scanId: randomUUID(), analysisType: 'comprehensive' as const, image };
    await queue.enqueue(first);
    await queue.enqueue({ ...first, scanId: randomUUID() });
    const refused = await queue.enqueue(job(5_000 - 2 * image.length + 1)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ScanQueueFullError);
    // No job was added for the refused call, and its bytes were not counted.
    const redis = new Redis(redisOptions(REDIS_URL!, true));
    cleanups.push(async () => redis.disconnect());
    expect(await redis.hlen(queuedBytesKey(queueName))).toBe(2);

    const eventLog = new InMemoryEventLog();
    const worker = startBullmqScanWorker({
      redisUrl: REDIS_URL!,
      processor: new ScanProcessor(new ScriptedEngine(), new ScanEventRecorder(eventLog)),
      concurrency: 2,
      queueName,
    });
    cleanups.push(async () => worker.close());
    await queue.waitForResult(first.scanId, 20_000);
    for (let i = 0; i < 50 && (await redis.hlen(queuedBytesKey(queueName))) > 0; i += 1) await sleep(100);
    expect(await redis.hlen(queuedBytesKey(queueName))).toBe(0);
    await queue.enqueue(job(4_000)); // room again
  });
});
