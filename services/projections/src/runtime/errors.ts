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

const TRANSIENT_SQLSTATE = /^(08...|53...|57P0[123]|40001|40P01)$/;
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const TRANSIENT_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * Whether an error says "the database was unreachable or busy", not "this event cannot be applied":
 * connection failures, server shutdown, out of resources, serialization failure or deadlock. The live
 * loop retries those (with backoff) instead of dead-lettering an innocent event.
 */
export function isTransientError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_NODE_CODES.has(code)))
    return true;
  return TRANSIENT_MESSAGE.test(errorMessage(error));
}
