/**
 * Errors of the Elasticsearch read model. A server that cannot be reached, is overloaded (429) or
 * failing (5xx) is not a fault of the event being applied: such failures are rethrown as
 * `ElasticsearchUnavailableError`, whose Node network `code` makes the projection runtime retry
 * the batch later instead of dead-lettering the event. Other errors (a rejected mapping, a bad
 * request) are left as they are.
 */
export class ElasticsearchUnavailableError extends Error {
  /** The code the projection runtime reads as "try again later". */
  readonly code = 'ECONNRESET';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ElasticsearchUnavailableError';
  }
}

/** A `_bulk` call in which some operations failed for a reason other than an older version. */
export class ElasticsearchBulkError extends Error {
  constructor(readonly failures: readonly { id: string; status: number; type: string; reason: string }[]) {
    const first = failures[0];
    super(
      `Elasticsearch rejected ${failures.length} bulk operation(s); first: ${first?.id} ${first?.status} ${first?.type}: ${first?.reason}`,
    );
    this.name = 'ElasticsearchBulkError';
  }
}

const UNAVAILABLE_NAMES = new Set(['ConnectionError', 'TimeoutError', 'NoLivingConnectionsError']);

/** Whether an error of the official client means "the server is unreachable or busy". */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof ElasticsearchUnavailableError) return true;
  if (UNAVAILABLE_NAMES.has((error as { name?: string }).name ?? '')) return true;
  const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
  return status === 429 || (status !== undefined && status >= 500);
}

/** `error` as an `ElasticsearchUnavailableError` when it means the server is unavailable. */
export function classifyError(error: unknown, doing: string): unknown {
  if (!isUnavailable(error) || error instanceof ElasticsearchUnavailableError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ElasticsearchUnavailableError(`Elasticsearch unavailable while ${doing}: ${message}`, {
    cause: error,
  });
}

/** Runs an Elasticsearch call, classifying its failure (see `classifyError`). */
export async function esCall<T>(doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw classifyError(error, doing);
  }
}

/** The HTTP status of a failed client call (404 for a missing document or index). */
export function statusOf(error: unknown): number | undefined {
  return (error as { meta?: { statusCode?: number } } | null)?.meta?.statusCode;
}
