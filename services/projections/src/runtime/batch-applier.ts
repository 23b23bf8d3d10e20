import type { SqlClient, StoredEvent } from '@scentinel/platform';
import { errorMessage, isTransientError, ProjectionApplyError } from './errors.ts';
import { type Projection, projectionContext, handles as projectionHandles } from './projection.ts';
import { advanceCheckpoint, insertDeadLetter, lockCheckpoint, writeCheckpoint } from './projection-store.ts';
import type { LiveRunner, Logger, Outcome, Target } from './runtime-types.ts';

/**
 * How long a live runner's stored checkpoint may trail its position over batches the projection
 * handles none of (usage events passing an accounts projection, say). Under a stream of such
 * batches the checkpoint is written at most this often, and once more this long after the last
 * one, instead of once per batch. A restart from a trailing checkpoint only re-reads events the
 * projection ignores.
 */
export const IDLE_CHECKPOINT_MS = 200;

/** The deferred checkpoint write of one live runner. */
interface IdleCheckpoint {
  writtenAt: number;
  timer?: NodeJS.Timeout;
  /** A deferred write found the build retired: the next delivery says so. */
  retired?: boolean;
}

/**
 * How a batch comes: `tail`, from a live runner's own subscription (its checkpoint over unhandled
 * batches may trail, see `IDLE_CHECKPOINT_MS`); `live`, delivered by a caller who reads the stored
 * checkpoint next; `rebuild`, a replay (failures throw instead of dead-lettering).
 */
export type DeliveryMode = 'tail' | 'live' | 'rebuild';

/**
 * Feeds batches of events to one build (live, rebuilding or a single delivery): serialised per
 * target, checkpoint and read model in one transaction, failing events dead-lettered (live) or
 * reported (rebuild).
 */
export class BatchApplier {
  private readonly idle = new WeakMap<Target, IdleCheckpoint>();

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

  deliverTo(target: Target, events: StoredEvent[], mode: DeliveryMode): Promise<Outcome> {
    return this.serialised(target, () => this.deliverNow(target, events, mode));
  }

  /** Writes a live runner's trailing checkpoint now, if one is due (the runner stops). */
  settleIdle(target: Target): Promise<void> {
    const idle = this.idle.get(target);
    if (idle?.timer === undefined) return Promise.resolve();
    clearTimeout(idle.timer);
    idle.timer = undefined;
    return this.serialised(target, () => this.writeIdle(target, idle));
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
  private async deliverNow(target: Target, events: StoredEvent[], mode: DeliveryMode): Promise<Outcome> {
    if (this.idle.get(target)?.retired) return 'retired';
    const fresh = events.filter((e) => e.position > target.position);
    if (fresh.length === 0) return 'ok';
    try {
      return await this.applyBatch(target, fresh, mode);
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

  private async applyBatch(
    target: Target,
    events: StoredEvent[],
    mode: DeliveryMode = 'live',
  ): Promise<Outcome> {
    const p = target.projection;
    const last = events.at(-1)!.position;
    if (p.kind === 'in-process') {
      const handled = events.filter((e) => projectionHandles(p, e.type));
      if (handled.length > 0) await p.apply(handled);
      this.advance(target, last);
      return 'ok';
    }
    const unhandled = !events.some((e) => projectionHandles(p, e.type));
    if (unhandled && mode === 'tail') return this.skipOnTail(target, last);
    // A batch the projection handles none of (usage events passing an accounts projection, say)
    // only moves the checkpoint: one statement instead of a locking transaction.
    const position = unhandled
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

  /**
   * A batch a live runner's projection handles none of: the position moves in memory; the stored
   * checkpoint is written now if the last write is `IDLE_CHECKPOINT_MS` old, else by a write due
   * that long after it.
   */
  private async skipOnTail(target: Target, last: number): Promise<Outcome> {
    let idle = this.idle.get(target);
    if (idle === undefined) {
      idle = { writtenAt: Number.NEGATIVE_INFINITY };
      this.idle.set(target, idle);
    }
    const since = Date.now() - idle.writtenAt;
    if (since >= IDLE_CHECKPOINT_MS) {
      clearTimeout(idle.timer);
      idle.timer = undefined;
      idle.writtenAt = Date.now();
      const position = await advanceCheckpoint(this.sql, target.projection.name, target.version, last);
      if (position === undefined) return 'retired';
      this.advance(target, position);
      return 'ok';
    }
    this.advance(target, last);
    if (idle.timer === undefined) {
      const due = idle;
      due.timer = setTimeout(() => {
        due.timer = undefined;
        void this.serialised(target, () => this.writeIdle(target, due));
      }, IDLE_CHECKPOINT_MS - since);
      due.timer.unref();
    }
    return 'ok';
  }

  /** The deferred write: the stored checkpoint catches up with the position in memory. */
  private async writeIdle(target: Target, idle: IdleCheckpoint): Promise<void> {
    idle.writtenAt = Date.now();
    try {
      const position = await advanceCheckpoint(
        this.sql,
        target.projection.name,
        target.version,
        target.position,
      );
      if (position === undefined) idle.retired = true;
    } catch (error) {
      // The next batch, or a restart, writes it: the checkpoint only trails.
      this.log?.warn({ err: error, projection: target.projection.name }, 'deferred checkpoint write failed');
    }
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
