import { once } from 'node:events';
import type { AnalysisType } from '@scentinel/domain';
import {
  DEFAULT_SCAN_QUEUE_LIMITS,
  failedResponse,
  SCAN_ATTEMPTS,
  SCAN_BACKOFF_MS,
  SCAN_QUEUE_RETRY_AFTER_SECONDS,
  type ScanJobInput,
  type ScanJobState,
  type ScanJobStatus,
  type ScanJobUpdate,
  type ScanQueue,
  ScanQueueFullError,
  type ScanQueueLimits,
  ScanQueueUnavailableError,
  waitThroughWatch,
} from '@scentinel/platform/scan-queue';
import { type Job, Queue, QueueEvents, type RedisOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { ScanResponse } from '../scan.processor.ts';
import type { ScanLogger as Logger, ScanProgress } from '../scan-engine.port.ts';
import { withLoopDeadline } from './loop-deadline.ts';

export const SCAN_QUEUE_NAME = 'scans';

/** What a job carries in Redis (the image as base64; emptied once the result is recorded). */
export interface BullScanJobData {
  scanId: string;
  analysisType: AnalysisType;
  image: string;
}

/**
 * A Redis hash of the image sizes of jobs no worker has taken yet (job id → bytes): the API adds a
 * job's size when it queues it, the worker removes it when it takes the job.
 */
export function queuedBytesKey(queueName: string): string {
  return `scentinel:scan-queue:${queueName}:queued-bytes`;
}

/** Finished jobs stay for `status` this long; failed ones longer, for inspection. */
export const KEEP_COMPLETED = { age: 3_600, count: 5_000 };
export const KEEP_FAILED = { age: 7 * 24 * 3_600, count: 10_000 };

/** How long a call to Redis may take before the API gives up and answers 503. */
const REDIS_CALL_TIMEOUT_MS = 3_000;

/** ioredis options from a `redis://` URL that fail fast instead of queueing while Redis is down. */
export function redisOptions(url: string, blocking: boolean): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    connectTimeout: 2_000,
    // Blocking clients (workers, queue events) must wait for Redis; the API's client must not.
    maxRetriesPerRequest: blocking ? null : 1,
    enableOfflineQueue: blocking,
    retryStrategy: (times: number) => Math.min(200 * 2 ** times, 5_000),
  };
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return withLoopDeadline(
    promise,
    REDIS_CALL_TIMEOUT_MS,
    () => new ScanQueueUnavailableError(`The scan queue did not answer (${what}); please try again later.`),
  );
}

function unavailable(error: unknown): Error {
  if (error instanceof ScanQueueUnavailableError) return error;
  const why = error instanceof Error ? error.message : String(error);
  return new ScanQueueUnavailableError(`The scan queue is unavailable (${why}); please try again later.`);
}

function toState(state: string): ScanJobState | null {
  switch (state) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'active':
      return 'active';
    case 'waiting':
    case 'delayed':
    case 'prioritized':
    case 'waiting-children':
      return 'queued';
    default:
      return null;
  }
}

function progressOf(value: unknown): ScanProgress {
  if (value && typeof value === 'object' && 'stage' in value && 'percent' in value)
    return value as ScanProgress;
  return { stage: 'queued', percent: typeof value === 'number' ? value : 0 };
}

/**
 * Scan jobs on Redis with BullMQ: the API enqueues and waits here; `bullmq-scan-worker.ts` (a
 * separate process, `services/worker/src/main.ts`) runs them. Jobs survive restarts of either side.
 */
export class BullmqScanQueue implements ScanQueue {
  private readonly queue: Queue<BullScanJobData, ScanResponse>;
  /** The API's own connection: no offline queue, so a call while Redis is away fails at once. */
  private readonly redis: Redis;
  private events: QueueEvents | null = null;
  private readonly listeners = new Map<string, Set<(update: ScanJobUpdate) => void>>();

  constructor(
    private readonly redisUrl: string,
    private readonly logger?: Logger,
    private readonly queueName = SCAN_QUEUE_NAME,
    private readonly limits: ScanQueueLimits = DEFAULT_SCAN_QUEUE_LIMITS,
  ) {
    this.redis = new Redis(redisOptions(redisUrl, false));
    this.redis.on('error', (err) => this.logger?.warn({ err: err.message }, 'scan queue: redis error'));
    this.queue = new Queue<BullScanJobData, ScanResponse>(queueName, { connection: this.redis });
    this.queue.on('error', (err) => this.logger?.warn({ err: err.message }, 'scan queue: redis error'));
  }

  /**
   * Fails fast while Redis is away (the client is reconnecting); right after start, waits briefly
   * for the first connection.
   */
  private async connected(what: string): Promise<void> {
    const status = this.redis.status;
    if (status === 'ready') return;
    if (status === 'wait' || status === 'connecting' || status === 'connect') {
      await withTimeout(once(this.redis, 'ready'), what);
      return;
    }
    throw new ScanQueueUnavailableError(
      'The scan queue is unavailable (Redis is not reachable); please try again later.',
    );
  }

  /**
   * Refuses a job the queue has no room for: too many jobs waiting, or too many image bytes not yet
   * taken by a worker. Several API processes may pass the check at once, so the bound can be
   * overshot by one job per process.
   */
  private async room(bytes: number): Promise<void> {
    const [counts, sizes] = await Promise.all([
      this.queue.getJobCounts('waiting', 'delayed', 'prioritized', 'waiting-children'),
      this.redis.hvals(queuedBytesKey(this.queueName)),
    ]);
    const waiting = Object.values(counts).reduce((a, b) => a + b, 0);
    const held = sizes.reduce((sum, size) => sum + (Number(size) || 0), 0);
    if (waiting >= this.limits.maxQueuedJobs || held + bytes > this.limits.maxQueuedBytes) {
      throw new ScanQueueFullError(SCAN_QUEUE_RETRY_AFTER_SECONDS);
    }
  }

  async checkRoom(bytes: number): Promise<void> {
    try {
      await this.connected('enqueue');
      await withTimeout(this.room(bytes), 'enqueue');
    } catch (error) {
      throw unavailable(error);
    }
  }

  async enqueue(input: ScanJobInput): Promise<void> {
    const bytesKey = queuedBytesKey(this.queueName);
    try {
      await this.connected('enqueue');
      await withTimeout(this.room(input.image.length), 'enqueue');
      await withTimeout(this.redis.hset(bytesKey, input.scanId, String(input.image.length)), 'enqueue');
    } catch (error) {
      throw unavailable(error);
    }
    try {
      await withTimeout(
        this.queue.add(
          'scan',
          { scanId: input.scanId, analysisType: input.analysisType, image: input.image.toString('base64') },
          {
            jobId: input.scanId,
            attempts: SCAN_ATTEMPTS,
            backoff: { type: 'exponential', delay: SCAN_BACKOFF_MS },
            removeOnComplete: KEEP_COMPLETED,
            removeOnFail: KEEP_FAILED,
          },
        ),
        'enqueue',
      );
    } catch (error) {
      await this.redis.hdel(bytesKey, input.scanId).catch(() => {});
      throw unavailable(error);
    }
  }

  private async snapshot(job: Job<BullScanJobData, ScanResponse>): Promise<ScanJobStatus | null> {
    const state = toState(await job.getState());
    if (state === null) return null;
    const response =
      state === 'completed'
        ? (job.returnvalue ?? null)
        : state === 'failed'
          ? failedResponse(job.id!, job.data.analysisType, job.failedReason)
          : null;
    return {
      id: job.id!,
      state,
      progress:
        state === 'completed' || state === 'failed'
          ? { stage: 'done', percent: 100 }
          : progressOf(job.progress),
      attempts: job.attemptsStarted ?? job.attemptsMade,
      response,
    };
  }

  async status(id: string): Promise<ScanJobStatus | null> {
    try {
      await this.connected('status');
      return await withTimeout(
        this.queue.getJob(id).then((job) => (job ? this.snapshot(job) : null)),
        'status',
      );
    } catch (error) {
      throw unavailable(error);
    }
  }

  waitForResult(id: string, timeoutMs: number): Promise<ScanJobStatus> {
    return waitThroughWatch(this, id, timeoutMs);
  }

  /** One `QueueEvents` reader (a blocking Redis connection) shared by every watcher. */
  private queueEvents(): QueueEvents {
    if (this.events) return this.events;
    const events = new QueueEvents(this.queueName, { connection: redisOptions(this.redisUrl, true) });
    events.on('error', (err) => this.logger?.warn({ err: err.message }, 'scan queue events: redis error'));
    events.on('progress', ({ jobId, data }) =>
      this.notify(jobId, { type: 'progress', progress: progressOf(data) }),
    );
    const finished = async (jobId: string) => {
      if (!this.listeners.has(jobId)) return;
      // A failed attempt that will be retried also reports "failed": only a final state counts.
      const status = await this.status(jobId).catch(() => null);
      if (status && (status.state === 'completed' || status.state === 'failed')) {
        this.notify(jobId, { type: 'finished', status });
      }
    };
    events.on('completed', ({ jobId }) => void finished(jobId));
    events.on('failed', ({ jobId }) => void finished(jobId));
    this.events = events;
    return events;
  }

  private notify(jobId: string, update: ScanJobUpdate): void {
    for (const listener of this.listeners.get(jobId) ?? []) listener(update);
  }

  async watch(id: string, listener: (update: ScanJobUpdate) => void): Promise<() => void> {
    const events = this.queueEvents();
    await withTimeout(events.waitUntilReady(), 'watch').catch((error) => {
      throw unavailable(error);
    });
    let set = this.listeners.get(id);
    if (!set) {
      set = new Set();
      this.listeners.set(id, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  async close(): Promise<void> {
    await this.events?.close();
    await this.queue.close();
    this.redis.disconnect();
  }
}
