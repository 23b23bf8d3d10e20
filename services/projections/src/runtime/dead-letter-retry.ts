import type { SqlClient } from '@scentinel/platform';
import type { BatchApplier } from './batch-applier.ts';
import { errorMessage } from './errors.ts';
import { type Projection, projectionContext, handles as projectionHandles } from './projection.ts';
import { type DeadLetter, lockCheckpoint, markRetried, setDeadLetterError } from './projection-store.ts';
import type { LiveRunner, RetryResult } from './runtime-types.ts';

export interface DeadLetterRetryDeps {
  sql: SqlClient;
  applier: BatchApplier;
  projection: (name: string) => Projection | undefined;
  live: (name: string) => LiveRunner | undefined;
}

/**
 * Re-applies `letters` in order; each is marked retried in the same transaction as its read-model
 * write. A letter that fails again stays open with the new error.
 */
export async function retryDeadLetters(
  deps: DeadLetterRetryDeps,
  letters: DeadLetter[],
): Promise<RetryResult> {
  const result: RetryResult = { retried: [], failed: [], skipped: [] };
  for (const letter of letters) {
    const p = deps.projection(letter.projection);
    try {
      const skipped = p ? await retryOne(deps, p, letter) : 'projection is not registered';
      if (skipped) result.skipped.push({ id: letter.id, reason: skipped });
      else result.retried.push(letter.id);
    } catch (error) {
      result.failed.push({ id: letter.id, error: errorMessage(error) });
      await setDeadLetterError(deps.sql, letter.id, errorMessage(error));
    }
  }
  return result;
}

/** Returns a reason when skipped, undefined when applied. */
async function retryOne(
  deps: DeadLetterRetryDeps,
  p: Projection,
  letter: DeadLetter,
): Promise<string | undefined> {
  if (p.kind === 'in-process') {
    const runner = deps.live(p.name);
    if (!runner || runner.version !== letter.version)
      return 'in-process projection not running in this process';
    await deps.applier.serialised(runner, async () => {
      if (projectionHandles(p, letter.eventType)) await p.apply([letter.event]);
    });
    await markRetried(deps.sql, letter.id);
    return undefined;
  }
  const ctx = projectionContext(p, letter.version);
  return deps.sql.transaction(async (tx) => {
    const checkpoint = await lockCheckpoint(tx, p.name, letter.version);
    if (!checkpoint || checkpoint.status === 'retired' || checkpoint.status === 'failed') {
      return `build v${letter.version} is no longer in use`;
    }
    if (!(await markRetried(tx, letter.id))) return 'already retried';
    if (projectionHandles(p, letter.eventType)) await p.apply([letter.event], tx, ctx);
    return undefined;
  });
}
