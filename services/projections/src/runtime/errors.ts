import type { StoredEvent } from '@scentinel/platform';

/** A request the runtime cannot serve as asked: unknown projection or version, wrong state. CLI exit 2. */
export class ProjectionUsageError extends Error {
  override readonly name = 'ProjectionUsageError';
}

/** An event whose apply threw (rebuild mode stops on it). */
export class ProjectionApplyError extends Error {
  override readonly name = 'ProjectionApplyError';
  constructor(
    readonly projection: string,
    readonly version: number,
    readonly event: StoredEvent,
    override readonly cause: unknown,
  ) {
    super(
      `${projection} v${version} failed on event ${event.id} (${event.type}) at position ${event.position}: ${errorMessage(cause)}`,
    );
  }
}

/** A rebuild stopped; the build is marked failed and the active version keeps serving. */
export class RebuildFailedError extends Error {
  override readonly name = 'RebuildFailedError';
  constructor(
    readonly projection: string,
    readonly version: number,
    /** The build's checkpoint: every event up to here was applied. */
    readonly position: number,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(`Rebuild of ${projection} v${version} stopped at position ${position}: ${message}`);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
