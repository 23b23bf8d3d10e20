import { SCAN_ATTEMPTS } from '@scentinel/platform/scan-queue';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { type ScanProcessor, type ScanResponse, UnrecoverableScanError } from '../scan.processor.ts';
import type { ScanLogger as Logger, ScanProgress } from '../scan-engine.port.ts';
import {
  type BullScanJobData,
  queuedBytesKey,
  redisOptions,
  SCAN_QUEUE_NAME,
} from './bullmq-scan-queue.adapter.ts';

export interface BullmqScanWorkerOptions {
  redisUrl: string;
  processor: ScanProcessor;
  /** Jobs run at once (one per core for OCR). */
  concurrency: number;
  logger?: Logger;
  queueName?: string;
  /** A crashed worker's job is taken over once its lock (this long) lapses. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/**
 * Runs scan jobs from Redis with the shared processor. Transient failures are retried by BullMQ
 * with exponential backoff; bad images fail at once (`UnrecoverableError`). A job whose worker dies
 * mid-way is found stalled and run again by another worker.
 */
export function startBullmqScanWorker(
  options: BullmqScanWorkerOptions,
): Worker<BullScanJobData, ScanResponse> {
  const { processor, logger } = options;
  const queueName = options.queueName ?? SCAN_QUEUE_NAME;
  // Its own short-call connection for the byte accounting (the worker's own connection blocks).
  const redis = new Redis(redisOptions(options.redisUrl, true));
  redis.on('error', (err) => logger?.warn({ err: err.message }, 'scan worker: redis error'));
  const worker = new Worker<BullScanJobData, ScanResponse>(
    queueName,
    async (job: Job<BullScanJobData, ScanResponse>) => {
      // Taken: its image no longer counts against the queue's byte limit.
      await redis.hdel(queuedBytesKey(queueName), job.data.scanId);
      const attempt = job.attemptsMade + 1;
      const maxAttempts = job.opts.attempts ?? SCAN_ATTEMPTS;
      try {
        const response = await processor.process(
          {
            scanId: job.data.scanId,
            analysisType: job.data.analysisType,
            image: Buffer.from(job.data.image, 'base64'),
            attempt,
            maxAttempts,
          },
          (progress: ScanProgress) => job.updateProgress(progress),
        );
        // The result is in the event log now: drop the image so a kept job holds no upload.
        await job.updateData({ ...job.data, image: '' });
        return response;
      } catch (error) {
        if (error instanceof UnrecoverableScanError) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    {
      connection: redisOptions(options.redisUrl, true),
      concurrency: Math.max(1, options.concurrency),
      lockDuration: options.lockDurationMs ?? 60_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: 2,
    },
  );
  worker.on('error', (err) => logger?.warn({ err: err.message }, 'scan worker: redis error'));
  worker.on('closed', () => redis.disconnect());
  worker.on('failed', (job, err) =>
    logger?.warn({ jobId: job?.id, attempt: job?.attemptsMade, reason: err.message }, 'scan job failed'),
  );
  worker.on('completed', (job) => logger?.info({ jobId: job.id }, 'scan job completed'));
  return worker;
}
