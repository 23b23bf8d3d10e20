import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEFAULT_SCAN_QUEUE_LIMITS,
  failedResponse,
  SCAN_ATTEMPTS,
  SCAN_BACKOFF_MS,
  SCAN_QUEUE_RETRY_AFTER_SECONDS,
  type ScanJobInput,
  type ScanJobStatus,
  type ScanJobUpdate,
  type ScanQueue,
  ScanQueueFullError,
  ScanQueueUnavailableError,
  waitThroughWatch,
} from '@scentinel/platform/scan-queue';
import { type ScanProcessor, UnrecoverableScanError } from '../scan.processor.ts';
import type { ScanLogger as Logger, ScanProgress } from '../scan-engine.port.ts';

export interface InProcessScanQueueOptions {
  /** Jobs run at once (default 1); more wait in order. */
  concurrency?: number;
  attempts?: number;
  backoffMs?: number;
  /** Finished jobs are kept this long for `status` (default one hour), at most `keep` of them. */
  retainMs?: number;
  keep?: number;
  /** At most this many jobs waiting (default `DEFAULT_SCAN_QUEUE_LIMITS`); more are refused with `ScanQueueFullError`. */
  maxWaiting?: number;
  /** At most this many image bytes held by jobs not finished yet (default `DEFAULT_SCAN_QUEUE_LIMITS`). */
  maxQueuedBytes?: number;
  logger?: Logger;
}

interface Entry {
  input: ScanJobInput | null;
  status: ScanJobStatus;
  finishedAt: number | null;
}

/**
 * The embedded default: the same processor as the BullMQ worker, run in this process with bounded
 * concurrency, retries with exponential backoff for transient failures and none for bad images.
 * Jobs do not survive a restart (that is what the BullMQ adapter is for).
 */
export class InProcessScanQueue implements ScanQueue {
  private readonly jobs = new Map<string, Entry>();
  private readonly waiting: string[] = [];
  private readonly events = new EventEmitter();
  private running = 0;
  private closed = false;
  private readonly concurrency: number;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly retainMs: number;
  private readonly keep: number;
  private readonly maxWaiting: number;
  private readonly maxQueuedBytes: number;
  /** Image bytes held by jobs that have not finished. */
  private heldBytes = 0;
  private readonly active = new Set<Promise<void>>();

  constructor(
    private readonly processor: ScanProcessor,
    private readonly options: InProcessScanQueueOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.attempts = Math.max(1, options.attempts ?? SCAN_ATTEMPTS);
    this.backoffMs = options.backoffMs ?? SCAN_BACKOFF_MS;
    this.retainMs = options.retainMs ?? 3_600_000;
    this.keep = options.keep ?? 1_000;
    this.maxWaiting = options.maxWaiting ?? DEFAULT_SCAN_QUEUE_LIMITS.maxQueuedJobs;
    this.maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_SCAN_QUEUE_LIMITS.maxQueuedBytes;
    this.events.setMaxListeners(0);
  }

  async enqueue(input: ScanJobInput): Promise<void> {
    if (this.closed) throw new ScanQueueUnavailableError('The scan queue is shutting down.');
    await this.checkRoom(input.image.length);
    if (this.jobs.has(input.scanId)) throw new Error(`Scan job ${input.scanId} already exists`);
    this.prune();
    this.jobs.set(input.scanId, {
      input,
      status: {
        id: input.scanId,
        state: 'queued',
        progress: { stage: 'queued', percent: 0 },
        attempts: 0,
        response: null,
      },
      finishedAt: null,
    });
    this.heldBytes += input.image.length;
    this.waiting.push(input.scanId);
    this.pump();
  }

  async checkRoom(bytes: number): Promise<void> {
    if (this.waiting.length >= this.maxWaiting || this.heldBytes + bytes > this.maxQueuedBytes) {
      throw new ScanQueueFullError(SCAN_QUEUE_RETRY_AFTER_SECONDS);
    }
  }

  async status(id: string): Promise<ScanJobStatus | null> {
    const entry = this.jobs.get(id);
    return entry ? structuredClone(entry.status) : null;
  }

  waitForResult(id: string, timeoutMs: number): Promise<ScanJobStatus> {
    return waitThroughWatch(this, id, timeoutMs);
  }

  async watch(id: string, listener: (update: ScanJobUpdate) => void): Promise<() => void> {
    this.events.on(id, listener);
    return () => this.events.off(id, listener);
  }

  /** Jobs waiting and image bytes held by unfinished jobs (for tests and health). */
  load(): { waiting: number; heldBytes: number } {
    return { waiting: this.waiting.length, heldBytes: this.heldBytes };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.allSettled([...this.active]);
  }

  private pump(): void {
    while (!this.closed && this.running < this.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      const entry = this.jobs.get(id);
      if (!entry?.input) continue;
      this.running += 1;
      const run = this.run(entry).finally(() => {
        this.running -= 1;
        this.active.delete(run);
        this.pump();
      });
      this.active.add(run);
    }
  }

  private emit(id: string, update: ScanJobUpdate): void {
    this.events.emit(id, update);
  }

  private async run(entry: Entry): Promise<void> {
    const input = entry.input!;
    const status = entry.status;
    for (let attempt = 1; attempt <= this.attempts; attempt += 1) {
      status.state = 'active';
      status.attempts = attempt;
      try {
        const response = await this.processor.process(
          { ...input, attempt, maxAttempts: this.attempts },
          (progress: ScanProgress) => {
            status.progress = progress;
            this.emit(input.scanId, { type: 'progress', progress });
          },
        );
        this.finish(entry, 'completed', response);
        return;
      } catch (error) {
        const last = error instanceof UnrecoverableScanError || attempt === this.attempts || this.closed;
        if (last) {
          const reason = error instanceof Error ? error.message : String(error);
          this.finish(entry, 'failed', failedResponse(input.scanId, input.analysisType, reason));
          return;
        }
        this.options.logger?.info({ scanId: input.scanId, attempt }, 'scan will be retried');
        status.state = 'queued';
        await sleep(this.backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  private finish(entry: Entry, state: 'completed' | 'failed', response: ScanJobStatus['response']): void {
    this.heldBytes -= entry.input?.image.length ?? 0;
    entry.input = null; // the image is not needed any more
    entry.finishedAt = Date.now();
    entry.status.state = state;
    entry.status.response = response;
    entry.status.progress = { stage: 'done', percent: 100 };
    this.emit(entry.status.id, { type: 'finished', status: structuredClone(entry.status) });
  }

  private prune(): void {
    const now = Date.now();
    const finished = [...this.jobs.entries()].filter(([, e]) => e.finishedAt !== null);
    for (const [id, e] of finished) if (now - e.finishedAt! > this.retainMs) this.jobs.delete(id);
    const left = finished.filter(([id]) => this.jobs.has(id));
    for (const [id] of left.slice(0, Math.max(0, left.length - this.keep))) this.jobs.delete(id);
  }
}
