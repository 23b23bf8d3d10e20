import type { SqlClient, StoredEvent } from '@scentinel/platform';
import { errorMessage, isTransientError, ProjectionApplyError } from './errors.ts';
import { type Projection, projectionContext, handles as projectionHandles } from './projection.ts';
import { advanceCheckpoint, insertDeadLetter, lockCheckpoint, writeCheckpoint } from './projection-store.ts';
import type { LiveRunner, Logger, Outcome, Target } from './runtime-types.ts';

/**
 * Feeds batches of events to one build (live, rebuilding or a single delivery): serialised per
 * target, checkpoint and read model in one transaction, failing events dead-lettered (live) or
 * reported (rebuild).
 */
export class BatchApplier {
  constructor(
    private readonly sql: SqlClient,
    private readonly log: Logger | undefined,
    /** Called whenever a target's position moves forward. */
    private readonly onAdvance: () => void,
  ) {}

  target(projection: Projection, version: number, position: number): Target {
    return {
      projection,
      version,
      ctx: projectionContext(projection, version),
      position,
      queue: Promise.resolve(),
    };
  }

  deliverTo(target: Target, events: StoredEvent[], mode: 'live' | 'rebuild'): Promise<Outcome> {
    return this.serialised(target, () => this.deliverNow(target, events, mode));
  }

  /** Runs `fn` after every earlier delivery to `target` has settled. */
  serialised<T>(target: Target, fn: () => Promise<T>): Promise<T> {
    const run = target.queue.then(fn);
    target.queue = run.catch(() => {});
    return run;
  }

  /**
   * Applies `events` after the target's position. The whole batch first; if it fails, event by
   * event: live mode dead-letters a failing event (checkpoint and dead letter in one transaction),
   * rebuild mode throws `ProjectionApplyError` with the checkpoint just before it.
   */
  private async deliverNow(
    target: Target,
    events: StoredEvent[],
    mode: 'live' | 'rebuild',
  ): Promise<Outcome> {
    const fresh = events.filter((e) => e.position > target.position);
    if (fresh.length === 0) return 'ok';
    try {
      return await this.applyBatch(target, fresh);
    } catch (batchError) {
      if (isTransientError(batchError)) throw batchError; // the live loop retries with backoff
      if (fresh.length > 1) {
        this.log?.warn(
          { err: batchError, projection: target.projection.name },
          'batch failed; applying one by one',
        );
      }
    }
    for (const event of fresh) {
      try {
        if ((await this.applyBatch(target, [event])) === 'retired') return 'retired';
      } catch (error) {
        if (mode === 'rebuild' || isTransientError(error)) {
          throw new ProjectionApplyError(target.projection.name, target.version, event, error);
        }
        if ((await this.deadLetter(target, event, error)) === 'retired') return 'retired';
      }
    }
    return 'ok';
  }

  private async applyBatch(target: Target, events: StoredEvent[]): Promise<Outcome> {
    const p = target.projection;
    const last = events.at(-1)!.position;
    if (p.kind === 'in-process') {
      const handled = events.filter((e) => projectionHandles(p, e.type));
      if (handled.length > 0) await p.apply(handled);
      this.advance(target, last);
      return 'ok';
    }
    // A batch the projection handles none of (usage events passing an accounts projection, say)
    // only moves the checkpoint: one statement instead of a locking transaction.
    const position = !events.some((e) => projectionHandles(p, e.type))
      ? await advanceCheckpoint(this.sql, p.name, target.version, last)
      : await this.sql.transaction(async (tx) => {
          const checkpoint = await lockCheckpoint(tx, p.name, target.version);
          if (!checkpoint || checkpoint.status === 'retired' || checkpoint.status === 'failed')
            return undefined;
          const todo = events.filter((e) => e.position > checkpoint.position);
          if (todo.length === 0) return checkpoint.position;
          // Checkpoint first, then the read model: one transaction, so both commit or neither does.
          await writeCheckpoint(tx, p.name, target.version, last);
          const handled = todo.filter((e) => projectionHandles(p, e.type));
          if (handled.length > 0) await p.apply(handled, tx, target.ctx);
          return last;
        });
    if (position === undefined) return 'retired';
    this.advance(target, position);
    return 'ok';
  }

  private async deadLetter(target: Target, event: StoredEvent, error: unknown): Promise<Outcome> {
    const { name } = target.projection;
    const entry = { projection: name, version: target.version, event, error: errorMessage(error) };
    this.log?.error(
      { err: error, projection: name, position: event.position, eventId: event.id },
      'dead letter',
    );
    if ('state' in target) (target as LiveRunner).lastError = entry.error;
    if (target.projection.kind === 'in-process') {
      await insertDeadLetter(this.sql, entry);
      this.advance(target, event.position);
      return 'ok';
    }
    const position = await this.sql.transaction(async (tx) => {
      const checkpoint = await lockCheckpoint(tx, name, target.version);
      if (!checkpoint || checkpoint.status === 'retired' || checkpoint.status === 'failed') return undefined;
      if (checkpoint.position >= event.position) return checkpoint.position;
      await insertDeadLetter(tx, entry);
      await writeCheckpoint(tx, name, target.version, event.position);
      return event.position;
    });
    if (position === undefined) return 'retired';
    this.advance(target, position);
    return 'ok';
  }

  private advance(target: Target, position: number): void {
    if (position <= target.position) return;
    target.position = position;
    this.onAdvance();
  }
}

/**
 * The log need not load the payloads of events a projection does not handle: they only move its
 * position (`applyBatch` filters them out before `apply`).
 */
export function dataTypesOf(projection: Projection): { dataTypes?: readonly string[] } {
  return projection.handles === undefined ? {} : { dataTypes: projection.handles };
}
