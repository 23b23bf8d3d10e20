/**
 * `_bulk` writes of the Elasticsearch read model: operations are serialised once, cut into
 * requests by count and by bytes, and every item of the answer is read (a `_bulk` call answers
 * 200 even when some of its operations failed).
 *
 * With external versions (`version_type=external`, the version being the event log position of
 * the write) Elasticsearch keeps a write only when its version is higher than the stored one: a
 * replay, or a write that arrives after a later one, answers 409 `version_conflict_engine_exception`
 * for that item, which is counted as `stale` and ignored (the stored document is already newer).
 */
import { ElasticsearchBulkError, ElasticsearchUnavailableError, esCall } from './es-errors.ts';

export type BulkOperation =
  | { action: 'index'; index: string; id: string; version?: number; document: unknown }
  | { action: 'delete'; index: string; id: string; version?: number };

export interface BulkLimits {
  /** Most operations in one request. */
  maxOperations: number;
  /** Most bytes of NDJSON in one request (an operation larger than this goes alone). */
  maxBytes: number;
}

export const DEFAULT_BULK_LIMITS: BulkLimits = { maxOperations: 1_000, maxBytes: 5 * 1024 * 1024 };

interface BulkItemResult {
  _index?: string;
  _id?: string | null;
  status: number;
  result?: string;
  _version?: number;
  error?: { type?: string; reason?: string | null };
}

/** The part of `POST /_bulk`'s answer read here. */
export interface BulkResponse {
  errors: boolean;
  took?: number;
  items: Partial<Record<'index' | 'create' | 'update' | 'delete', BulkItemResult>>[];
}

export interface BulkClient {
  bulk(params: { operations: string[]; refresh?: boolean | 'wait_for' }): Promise<BulkResponse>;
}

export interface BulkOutcome {
  /** Operations Elasticsearch applied. */
  written: number;
  /** Operations refused because the stored document has the same or a later version (ignored). */
  stale: number;
  /** Deletes of documents the index does not hold (ignored). */
  missing: number;
  /** `_bulk` requests sent. */
  requests: number;
}

interface Serialised {
  id: string;
  lines: string[];
  bytes: number;
}

function serialise(op: BulkOperation): Serialised {
  const meta: Record<string, unknown> = { _index: op.index, _id: op.id };
  if (op.version !== undefined) {
    meta.version = op.version;
    meta.version_type = 'external';
  }
  const lines = [JSON.stringify({ [op.action]: meta })];
  if (op.action === 'index') lines.push(JSON.stringify(op.document));
  // Each line is followed by a newline in the request body.
  const bytes = lines.reduce((n, line) => n + Buffer.byteLength(line) + 1, 0);
  return { id: op.id, lines, bytes };
}

/** Cuts serialised operations into requests of at most `maxOperations` and `maxBytes`. */
export function chunkOperations<T extends { bytes: number }>(ops: readonly T[], limits: BulkLimits): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const op of ops) {
    if (
      current.length > 0 &&
      (current.length >= limits.maxOperations || bytes + op.bytes > limits.maxBytes)
    ) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(op);
    bytes += op.bytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Sends `ops` in as few `_bulk` requests as the limits allow, in order. `refresh` is asked of the
 * last request only (the indices have one shard each, so that refresh shows every earlier write).
 * Throws `ElasticsearchUnavailableError` when the server is unreachable or refused items as busy
 * (429), `ElasticsearchBulkError` when items failed otherwise; earlier requests stay applied, and
 * sending the same operations again is harmless with external versions.
 */
export async function sendBulk(
  client: BulkClient,
  ops: readonly BulkOperation[],
  options: { limits?: BulkLimits; refresh?: boolean | 'wait_for' } = {},
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { written: 0, stale: 0, missing: 0, requests: 0 };
  const chunks = chunkOperations(ops.map(serialise), options.limits ?? DEFAULT_BULK_LIMITS);
  for (const [i, chunk] of chunks.entries()) {
    const last = i === chunks.length - 1;
    const res = await esCall('writing a bulk request', () =>
      client.bulk({
        operations: chunk.flatMap((op) => op.lines),
        ...(last &&
          options.refresh !== undefined &&
          options.refresh !== false && { refresh: options.refresh }),
      }),
    );
    outcome.requests += 1;
    const failures: { id: string; status: number; type: string; reason: string }[] = [];
    let busy = 0;
    for (const [j, item] of res.items.entries()) {
      const [action, result] = Object.entries(item)[0] as [string, BulkItemResult];
      const id = result._id ?? chunk[j]?.id ?? '?';
      if (result.status === 200 || result.status === 201) outcome.written += 1;
      else if (result.status === 409 && result.error?.type === 'version_conflict_engine_exception')
        outcome.stale += 1;
      else if (action === 'delete' && result.status === 404) outcome.missing += 1;
      else if (result.status === 429) busy += 1;
      else
        failures.push({
          id,
          status: result.status,
          type: result.error?.type ?? 'unknown',
          reason: result.error?.reason ?? '',
        });
    }
    if (failures.length > 0) throw new ElasticsearchBulkError(failures);
    if (busy > 0)
      throw new ElasticsearchUnavailableError(
        `Elasticsearch refused ${busy} bulk operation(s) as busy (429)`,
      );
  }
  return outcome;
}
