import type { AnalysisType, ScanResult } from '@scentinel/domain';
import type { ScanProgress, ScanResponse } from '@scentinel/platform/scan-queue';
import { BadImageError } from './image-input.ts';
import type { ScanLogger as Logger, ScanEngine } from './scan-engine.port.ts';
import type { ScanEventRecorder } from './scan-events.ts';

/** The answer of `POST /api/camera/scan/product`, also a finished job's result (declared with the port). */
export type { ScanResponse } from '@scentinel/platform/scan-queue';

export interface ScanJob {
  scanId: string;
  analysisType: AnalysisType;
  image: Buffer;
  /** 1-based attempt number and how many attempts the queue allows in all. */
  attempt: number;
  maxAttempts: number;
}

/** A failure no retry can fix (an unusable image, a scan already failed): the queue must not retry. */
export class UnrecoverableScanError extends Error {
  override readonly name = 'UnrecoverableScanError';
}

/**
 * Runs one scan job with an engine and records its outcome as events. Idempotent per scan id: a
 * job re-run after a crash (the worker died after recording the result) returns the recorded
 * result instead of scanning again.
 */
export class ScanProcessor {
  constructor(
    private readonly engine: ScanEngine,
    private readonly events: ScanEventRecorder,
    private readonly logger?: Logger,
  ) {}

  get engineName(): string {
    return this.engine.name;
  }

  async process(
    job: ScanJob,
    onProgress?: (progress: ScanProgress) => void | Promise<void>,
  ): Promise<ScanResponse> {
    const started = performance.now();
    const { state } = await this.events.state(job.scanId);
    if (state.status === 'completed' && state.result) {
      return {
        scan_id: job.scanId,
        analysis_type: job.analysisType,
        success: true,
        error: null,
        result: state.result,
      };
    }
    if (state.status === 'failed') {
      throw new UnrecoverableScanError(state.failure?.reason ?? 'Analysis failed');
    }
    if (job.image.length === 0) {
      throw new UnrecoverableScanError('The image of this scan is no longer available; please scan again.');
    }

    let result: ScanResult;
    try {
      result = await this.engine.analyze({ image: job.image, analysisType: job.analysisType, onProgress });
    } catch (error) {
      const elapsed = performance.now() - started;
      const bad = error instanceof BadImageError;
      const reason = bad
        ? error.message
        : `The scanner failed: ${error instanceof Error ? error.message : String(error)}`;
      const retryable = !bad && job.attempt < job.maxAttempts;
      this.logger?.warn({ scanId: job.scanId, attempt: job.attempt, retryable, err: error }, 'scan failed');
      if (state.status !== 'absent') await this.events.failed(job.scanId, reason, retryable, elapsed);
      if (!retryable) throw new UnrecoverableScanError(reason);
      throw error;
    }
    const recorded =
      state.status === 'absent'
        ? result
        : await this.events.completed(job.scanId, result, this.engine.name, performance.now() - started);
    await onProgress?.({ stage: 'done', percent: 100 });
    return {
      scan_id: job.scanId,
      analysis_type: job.analysisType,
      success: true,
      error: null,
      result: recorded,
    };
  }

  async close(): Promise<void> {
    await this.engine.close();
  }
}
