import type { Actor, AnalysisType, ScanResult } from '@scentinel/domain';

/**
 * The scan port: what the API needs to hand label images to the scanner and follow them, with
 * no scanner code behind it (no OCR, image or vision libraries load with this module). The
 * adapters live in `@scentinel/worker`: the in-process queue (embedded default) and BullMQ on
 * Redis (scale-out, with a separate worker process); both pass the worker's queue contract suite.
 * The composition root picks one.
 */

/** Where a scan is, for progress bars and server-sent progress (`percent` 0–100). */
export type ScanStage = 'queued' | 'decoding' | 'reading_text' | 'reading_codes' | 'matching' | 'done';

export interface ScanProgress {
  stage: ScanStage;
  percent: number;
}

/** What a finished job answers: the result, or `success: false` with the reason. */
export interface ScanResponse {
  scan_id: string;
  analysis_type: AnalysisType;
  success: boolean;
  error: string | null;
  result: ScanResult | null;
}

export interface ScanJobInput {
  scanId: string;
  analysisType: AnalysisType;
  image: Buffer;
}

export type ScanJobState = 'queued' | 'active' | 'completed' | 'failed';

export interface ScanJobStatus {
  id: string;
  state: ScanJobState;
  progress: ScanProgress;
  /** Attempts started so far. */
  attempts: number;
  /** Set once the job has finished: success with a result, or `success: false` with the reason. */
  response: ScanResponse | null;
}

export type ScanJobUpdate =
  | { type: 'progress'; progress: ScanProgress }
  | { type: 'finished'; status: ScanJobStatus };

/** The queue cannot take or report jobs (Redis down): the API answers 503. */
export class ScanQueueUnavailableError extends Error {
  override readonly name: string = 'ScanQueueUnavailableError';
}

/**
 * The queue holds as many jobs or image bytes as it may (`ScanQueueLimits`): the API answers 503
 * with `Retry-After`. A kind of unavailability, so callers that only know that one still refuse.
 */
export class ScanQueueFullError extends ScanQueueUnavailableError {
  override readonly name: string = 'ScanQueueFullError';
  constructor(
    readonly retryAfterSeconds: number,
    message = 'The scanner is busy with other scans; please try again in a minute.',
  ) {
    super(message);
  }
}

/** How much a queue may hold before it refuses new jobs (jobs not started yet, and their images). */
export interface ScanQueueLimits {
  maxQueuedJobs: number;
  maxQueuedBytes: number;
}

/**
 * 20 waiting scans (a few minutes of work for one OCR worker) and 64 MiB of waiting images (six
 * maximum-size uploads, many more phone photos).
 */
export const DEFAULT_SCAN_QUEUE_LIMITS: ScanQueueLimits = {
  maxQueuedJobs: 20,
  maxQueuedBytes: 64 * 1024 * 1024,
};

/** What a refused caller is told to wait, in seconds. */
export const SCAN_QUEUE_RETRY_AFTER_SECONDS = 30;

/** A bounded wait for a job ended before the job did. */
export class ScanWaitTimeoutError extends Error {
  override readonly name = 'ScanWaitTimeoutError';
  constructor(
    readonly jobId: string,
    readonly timeoutMs: number,
  ) {
    super(`Scan ${jobId} did not finish within ${Math.round(timeoutMs / 1000)} s`);
  }
}

export interface ScanQueue {
  /** Adds a job (its id is the scan id). Throws `ScanQueueUnavailableError` quickly when the queue is down. */
  enqueue(input: ScanJobInput): Promise<void>;
  /**
   * Throws `ScanQueueFullError` when a job with an image of `bytes` would not be taken now (so the
   * caller can refuse before recording anything); `enqueue` checks again.
   */
  checkRoom?(bytes: number): Promise<void>;
  /** The job's state, or null for an unknown (or expired) id. */
  status(id: string): Promise<ScanJobStatus | null>;
  /** Resolves with the finished job; throws `ScanWaitTimeoutError` after `timeoutMs`. */
  waitForResult(id: string, timeoutMs: number): Promise<ScanJobStatus>;
  /** Calls `listener` with progress and the final status; returns the unsubscribe function. */
  watch(id: string, listener: (update: ScanJobUpdate) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** How many attempts a job gets (the first run plus retries for transient failures). */
export const SCAN_ATTEMPTS = 3;
/** First retry delay; each further retry doubles it. */
export const SCAN_BACKOFF_MS = 1_000;

/** The response a failed job answers with (the client shows `error`). */
export function failedResponse(id: string, analysisType: AnalysisType, reason: string | null): ScanResponse {
  return {
    scan_id: id,
    analysis_type: analysisType,
    success: false,
    error: reason || 'Analysis failed',
    result: null,
  };
}

/**
 * Waits for a job through `watch` + `status` (subscribe first, then look, so a finish in between
 * is never missed); shared by the adapters.
 */
export async function waitThroughWatch(
  queue: ScanQueue,
  id: string,
  timeoutMs: number,
): Promise<ScanJobStatus> {
  let settled = false;
  let unsubscribe: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  const finished = new Promise<ScanJobStatus>((resolve, reject) => {
    timer = setTimeout(() => reject(new ScanWaitTimeoutError(id, timeoutMs)), timeoutMs);
    queue
      .watch(id, (update) => {
        if (update.type === 'finished') resolve(update.status);
      })
      .then(async (off) => {
        if (settled) off();
        else unsubscribe = off;
        const now = await queue.status(id);
        if (now === null) reject(new Error(`Unknown scan job ${id}`));
        else if (now.state === 'completed' || now.state === 'failed') resolve(now);
      })
      .catch(reject);
  });
  try {
    return await finished;
  } finally {
    settled = true;
    clearTimeout(timer);
    (unsubscribe as (() => void) | null)?.();
  }
}

export interface ScanRequestInput {
  scanId: string;
  analysisType: string;
  mimeType: string | null;
  sizeBytes: number;
  imageSha256: string | null;
  sessionId?: string | null;
}

/** Records a scan's request and, when it never reaches the queue, its failure (the `scan:<id>` stream). */
export interface ScanRequestRecorder {
  /** `ScanRequested`, once the upload passed its checks. */
  requested(input: ScanRequestInput, actor: Actor | null, requestId: string | null): Promise<void>;
  /** `ScanFailed` (the queue refused the job after the request was recorded). */
  failed(scanId: string, reason: string, retryable: boolean, durationMs: number): Promise<void>;
}

/** What the API needs for scans: the queue, the recorder and the image check. */
export interface ScanService {
  queue: ScanQueue;
  events: ScanRequestRecorder;
  /** `in-process` (embedded default) or `bullmq` (Redis, separate worker processes). */
  mode: 'in-process' | 'bullmq';
  /** Longest the synchronous scan endpoint waits for a job. */
  waitTimeoutMs: number;
  /**
   * Whether the bytes decode as an image (the scanner's own decoder, loaded on first use). An
   * upload that passes the magic-byte sniff but does not decode is refused before it is queued.
   */
  isDecodableImage(bytes: Uint8Array): Promise<boolean>;
  close(): Promise<void>;
}
