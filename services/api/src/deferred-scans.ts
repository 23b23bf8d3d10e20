import {
  type ScanJobInput,
  ScanQueueUnavailableError,
  type ScanService,
} from '@scentinel/platform/scan-queue';

export interface DeferredScanService extends ScanService {
  /** Starts making the real service (once); resolves when it is ready, or with the failure. */
  load(): Promise<ScanService>;
}

/**
 * A scan service that is made on its first use or when `load()` is called, so a process can
 * answer searches before the scan adapter's modules are imported (the in-process queue and its
 * engine, or the BullMQ client: up to a second of a start). Calls made meanwhile wait for it. If
 * making it fails, calls fail with `ScanQueueUnavailableError` (the API answers 503 with the
 * reason) and the next call tries again.
 */
export function deferredScanService(
  mode: ScanService['mode'],
  waitTimeoutMs: number,
  make: () => Promise<ScanService>,
): DeferredScanService {
  let pending: Promise<ScanService> | null = null;
  let closed = false;
  const load = () => {
    pending ??= make().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
  const ready = async (): Promise<ScanService> => {
    if (closed) throw new ScanQueueUnavailableError('The scanner is shutting down.');
    try {
      return await load();
    } catch (err) {
      throw new ScanQueueUnavailableError(`The scanner could not start: ${(err as Error).message}`);
    }
  };
  return {
    mode,
    waitTimeoutMs,
    load,
    queue: {
      enqueue: async (input: ScanJobInput) => (await ready()).queue.enqueue(input),
      checkRoom: async (bytes: number) => (await ready()).queue.checkRoom?.(bytes),
      status: async (id: string) => (await ready()).queue.status(id),
      waitForResult: async (id: string, timeoutMs: number) =>
        (await ready()).queue.waitForResult(id, timeoutMs),
      watch: async (id, listener) => (await ready()).queue.watch(id, listener),
      close: async () => (await ready()).queue.close(),
    },
    events: {
      requested: async (input, actor, requestId) => (await ready()).events.requested(input, actor, requestId),
      failed: async (scanId, reason, retryable, durationMs) =>
        (await ready()).events.failed(scanId, reason, retryable, durationMs),
    },
    isDecodableImage: async (bytes) => (await ready()).isDecodableImage(bytes),
    async close() {
      closed = true;
      const made = pending;
      if (made) await (await made.catch(() => null))?.close();
    },
  };
}
