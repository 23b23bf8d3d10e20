/**
 * The contract every scan queue adapter passes (one suite per port, run against each
 * adapter): results, progress, no retry for bad images, retries with backoff for transient
 * failures, events recorded, unknown ids, bounded waits.
 */
import { randomUUID } from 'node:crypto';
import { InMemoryEventLog } from '@scentinel/platform';
import { type ScanJobUpdate, type ScanQueue, ScanWaitTimeoutError } from '@scentinel/platform/scan-queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanProcessor } from '../scan.processor.ts';
import { ScriptedEngine, tinyPng, truncatedPng } from '../scan.testing.ts';
import { ScanEventRecorder } from '../scan-events.ts';

export interface QueueHarness {
  queue: ScanQueue;
  close(): Promise<void>;
}

/** Builds the adapter under test around a processor (the BullMQ one also starts a worker). */
export type MakeQueue = (processor: ScanProcessor) => Promise<QueueHarness>;

export function scanQueueContract(adapter: string, makeQueue: MakeQueue, { available = true } = {}): void {
  describe.skipIf(!available)(`scan queue contract: ${adapter}`, () => {
    const eventLog = new InMemoryEventLog();
    const events = new ScanEventRecorder(eventLog);
    const engine = new ScriptedEngine();
    let harness: QueueHarness;

    beforeAll(async () => {
      harness = await makeQueue(new ScanProcessor(engine, events));
    });
    afterAll(async () => {
      await harness?.close();
      await eventLog.close();
    });

    async function submit(image: Buffer, analysisType: 'comprehensive' | 'barcode' = 'comprehensive') {
      const scanId = randomUUID();
      await events.requested(
        { scanId, analysisType, mimeType: 'image/png', sizeBytes: image.length, imageSha256: null },
        null,
        'req-1',
      );
      await harness.queue.enqueue({ scanId, analysisType, image });
      return scanId;
    }

    const types = async (scanId: string) => (await eventLog.readStream(`scan:${scanId}`)).map((e) => e.type);

    it('runs a job to its result and records ScanCompleted', async () => {
      const scanId = await submit(await tinyPng(64));
      const status = await harness.queue.waitForResult(scanId, 20_000);
      expect(status).toMatchObject({ id: scanId, state: 'completed', attempts: 1 });
      expect(status.response).toMatchObject({
        success: true,
        error: null,
        scan_id: scanId,
        analysis_type: 'comprehensive',
      });
      expect(status.response?.result?.product_identification.size_ml).toBe(64);
      expect(await harness.queue.status(scanId)).toMatchObject({
        state: 'completed',
        progress: { percent: 100 },
      });
      expect(await types(scanId)).toEqual(['ScanRequested', 'ScanCompleted']);
      const [, completed] = await eventLog.readStream(`scan:${scanId}`);
      expect(completed?.data).toMatchObject({ engine: 'scripted', ingredient_count: 2, allergen_count: 1 });
      expect(completed?.metadata).toMatchObject({ actorId: 'scan-worker', actorRole: 'system' });
    });

    it('reports progress to watchers, then the final status', async () => {
      engine.delayMs = 300;
      try {
        const scanId = randomUUID();
        await events.requested(
          { scanId, analysisType: 'comprehensive', mimeType: 'image/png', sizeBytes: 1, imageSha256: null },
          null,
          null,
        );
        const updates: ScanJobUpdate[] = [];
        const finished = new Promise<void>((resolve) => {
          void harness.queue.watch(scanId, (u) => {
            updates.push(u);
            if (u.type === 'finished') resolve();
          });
        });
        await harness.queue.enqueue({ scanId, analysisType: 'comprehensive', image: await tinyPng(32) });
        await finished;
        const percents = updates
          .filter((u) => u.type === 'progress')
          .map((u) => (u.type === 'progress' ? u.progress.percent : 0));
        expect(percents.length).toBeGreaterThan(0);
        expect(percents).toEqual([...percents].sort((a, b) => a - b));
        expect(updates.at(-1)).toMatchObject({ type: 'finished', status: { state: 'completed' } });
      } finally {
        engine.delayMs = 0;
      }
    });

    it('fails a corrupt image at once, without retrying, with the reason', async () => {
      const before = engine.calls;
      const scanId = await submit(await truncatedPng());
      const status = await harness.queue.waitForResult(scanId, 20_000);
      expect(status.state).toBe('failed');
      expect(status.attempts).toBe(1);
      expect(engine.calls - before).toBe(1);
      expect(status.response).toMatchObject({ success: false, result: null });
      expect(status.response?.error).toMatch(/could not be read/);
      expect(await types(scanId)).toEqual(['ScanRequested', 'ScanFailed']);
      const [, failed] = await eventLog.readStream(`scan:${scanId}`);
      expect(failed?.data).toMatchObject({ retryable: false, attempt: 1 });
    });

    it('retries a transient failure with backoff and then completes', async () => {
      engine.failNext = 1;
      const started = Date.now();
      const scanId = await submit(await tinyPng(48));
      const status = await harness.queue.waitForResult(scanId, 30_000);
      expect(status).toMatchObject({ state: 'completed', attempts: 2 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(await types(scanId)).toEqual(['ScanRequested', 'ScanFailed', 'ScanCompleted']);
      const [, failed] = await eventLog.readStream(`scan:${scanId}`);
      expect(failed?.data).toMatchObject({
        retryable: true,
        reason: expect.stringContaining('engine hiccup'),
      });
    });

    it('answers null for an unknown job', async () => {
      expect(await harness.queue.status(randomUUID())).toBeNull();
    });

    it('bounds a wait', async () => {
      engine.delayMs = 2_000;
      try {
        const scanId = await submit(await tinyPng(40));
        await expect(harness.queue.waitForResult(scanId, 200)).rejects.toBeInstanceOf(ScanWaitTimeoutError);
        await harness.queue.waitForResult(scanId, 20_000);
      } finally {
        engine.delayMs = 0;
      }
    });
  });
}
