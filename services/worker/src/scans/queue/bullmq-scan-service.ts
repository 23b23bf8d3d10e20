import type { EventLog } from '@scentinel/platform';
import {
  DEFAULT_SCAN_QUEUE_LIMITS,
  type ScanQueueLimits,
  type ScanService,
} from '@scentinel/platform/scan-queue';
import type { ScanLogger } from '../scan-engine.port.ts';
import { ScanEventRecorder } from '../scan-events.ts';
import { BullmqScanQueue, SCAN_QUEUE_NAME } from './bullmq-scan-queue.adapter.ts';

export interface BullmqScanServiceOptions {
  eventLog: EventLog;
  logger?: ScanLogger;
  /** BullMQ queue name (default `scans`); the worker processes must use the same. */
  queueName?: string;
  /** How many jobs and image bytes may wait (default `DEFAULT_SCAN_QUEUE_LIMITS`). */
  limits?: ScanQueueLimits;
  /** Longest the synchronous scan endpoint waits (default 60 s). */
  waitTimeoutMs?: number;
}

/**
 * Scans through Redis (scale-out): the API only enqueues and follows jobs; separate worker
 * processes (`services/worker/src/main.ts`) run them. This module loads no OCR, vision or barcode
 * library; the image decoder loads on the first upload check.
 */
export function createBullmqScanService(redisUrl: string, options: BullmqScanServiceOptions): ScanService {
  const queue = new BullmqScanQueue(
    redisUrl,
    options.logger,
    options.queueName ?? SCAN_QUEUE_NAME,
    options.limits ?? DEFAULT_SCAN_QUEUE_LIMITS,
  );
  return {
    queue,
    events: new ScanEventRecorder(options.eventLog),
    mode: 'bullmq',
    waitTimeoutMs: options.waitTimeoutMs ?? 60_000,
    async isDecodableImage(bytes) {
      const { isDecodableImage } = await import('../image-input.ts');
      return isDecodableImage(bytes);
    },
    close: () => queue.close(),
  };
}
