import {
  type Actor,
  fold,
  type ScanCommand,
  type ScanEvent,
  type ScanResult,
  type ScanState,
  scanStreamId,
  scans,
  systemActor,
} from '@scentinel/domain';
import { type EventLog, metadataFor, toNewEvents } from '@scentinel/platform';
import type { ScanRequestInput, ScanRequestRecorder } from '@scentinel/platform/scan-queue';

/** The worker's actor on `ScanCompleted` / `ScanFailed` (the domain allows only the system to record outcomes). */
export const SCAN_WORKER_ACTOR = systemActor('scan-worker');

export type { ScanRequestInput };

/**
 * Appends a scan's events (`ScanRequested`, `ScanCompleted`, `ScanFailed`) through the domain's
 * `decide`, with optimistic concurrency on the `scan:<id>` stream. Analytics read them from the log.
 */
export class ScanEventRecorder implements ScanRequestRecorder {
  constructor(
    private readonly eventLog: EventLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async state(scanId: string): Promise<{ state: ScanState; version: number }> {
    const stored = await this.eventLog.readStream(scanStreamId(scanId));
    const events = stored.map((e) => ({ type: e.type, data: e.data }) as ScanEvent);
    return { state: fold(scans.evolve, scans.initialState, events), version: stored.at(-1)?.version ?? 0 };
  }

  private async run(
    scanId: string,
    command: ScanCommand,
    actor: Actor | null,
    requestId: string | null,
  ): Promise<ScanEvent[]> {
    const { state, version } = await this.state(scanId);
    const at = this.now();
    const events = scans.decide(command, state, { now: at.toISOString(), actor });
    await this.eventLog.append(
      scanStreamId(scanId),
      toNewEvents(events, metadataFor(actor, requestId, at)),
      version,
    );
    return events;
  }

  /** The API records the request once the upload passed its checks. */
  async requested(input: ScanRequestInput, actor: Actor | null, requestId: string | null): Promise<void> {
    await this.run(
      input.scanId,
      {
        type: 'RequestScan',
        data: {
          scan_id: input.scanId,
          analysis_type: input.analysisType,
          mime_type: input.mimeType,
          size_bytes: input.sizeBytes,
          image_sha256: input.imageSha256,
          session_id: input.sessionId ?? null,
        },
      },
      actor,
      requestId,
    );
  }

  async completed(
    scanId: string,
    result: ScanResult,
    engine: string,
    durationMs: number,
  ): Promise<ScanResult> {
    const [event] = await this.run(
      scanId,
      {
        type: 'CompleteScan',
        data: { scan_id: scanId, duration_ms: Math.round(durationMs), engine, result },
      },
      SCAN_WORKER_ACTOR,
      null,
    );
    return event?.type === 'ScanCompleted' ? event.data.result : result;
  }

  async failed(scanId: string, reason: string, retryable: boolean, durationMs: number): Promise<void> {
    await this.run(
      scanId,
      { type: 'FailScan', data: { scan_id: scanId, reason, retryable, duration_ms: Math.round(durationMs) } },
      SCAN_WORKER_ACTOR,
      null,
    );
  }
}
