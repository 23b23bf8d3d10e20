/**
 * Running commands: load a stream's state from the log, build events with their metadata (who,
 * when, which request), append one or several streams atomically with optimistic concurrency,
 * then wait until the read models have applied the write.
 */
import { randomUUID } from 'node:crypto';
import { type Actor, CURRENT_SCHEMA_VERSION, fold } from '@scentinel/domain';
import type { AppendToStream, EventLog, EventMetadata, NewEvent } from '@scentinel/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountsDeps } from './accounts.deps.ts';

export interface Loaded<TState> {
  state: TState;
  /** The stream's version (0 when it does not exist): the expected version of the next append. */
  version: number;
}

interface Decider<TState, TEvent> {
  evolve(state: TState, event: TEvent): TState;
  initialState: TState;
}

/** A stream's current state, folded from its events in the log. */
export async function loadStream<TState, TEvent>(
  eventLog: EventLog,
  streamId: string,
  decider: Decider<TState, TEvent>,
): Promise<Loaded<TState>> {
  const stored = await eventLog.readStream(streamId);
  const events = stored.map((e) => ({ type: e.type, data: e.data }) as TEvent);
  return { state: fold(decider.evolve, decider.initialState, events), version: stored.at(-1)?.version ?? 0 };
}

export function metadataFor(actor: Actor | null, requestId: string | null, now: Date): EventMetadata {
  return {
    actorId: actor?.id ?? null,
    actorRole: actor === null ? null : actor.kind === 'account' ? actor.role : 'system',
    requestId,
    occurredAt: now.toISOString(),
  };
}

export function toNewEvents(
  events: readonly { type: string; data: unknown }[],
  metadata: EventMetadata,
): NewEvent[] {
  return events.map((e) => ({
    id: randomUUID(),
    type: e.type,
    schemaVersion: CURRENT_SCHEMA_VERSION,
    data: e.data,
    metadata,
  }));
}

/**
 * Appends the non-empty batches in one atomic `appendMany` and waits for the read models to apply
 * it. Returns the last position written, or null when there was nothing to write.
 */
export async function commit(
  deps: Pick<AccountsDeps, 'eventLog' | 'waitForPosition'>,
  batches: readonly AppendToStream[],
  log?: FastifyBaseLogger,
): Promise<number | null> {
  const toWrite = batches.filter((b) => b.events.length > 0);
  if (toWrite.length === 0) return null;
  const results = await deps.eventLog.appendMany(toWrite);
  const position = Math.max(...results.map((r) => r.lastPosition));
  const caughtUp = await deps.waitForPosition(position);
  if (!caughtUp) log?.warn({ position }, 'read models did not catch up with the write in time');
  return position;
}

/**
 * Runs a load → decide → append task again when its append met a newer stream version (another
 * write to the same stream got in first), up to `attempts` times in all; the task reloads the
 * stream each time, so the retry decides on the current state.
 */
export async function retryOnConflict<T>(task: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      const conflict = error instanceof Error && error.name === 'WrongExpectedVersionError';
      if (!conflict || attempt >= attempts) throw error;
    }
  }
}

export function clock(deps: Pick<AccountsDeps, 'now'>): Date {
  return deps.now?.() ?? new Date();
}

/** Runs tasks one at a time, in the order they asked. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

const chemicalIdentityLocks = new WeakMap<object, Mutex>();

/**
 * Chemical names and CAS numbers are unique, but only the catalogue read model knows the ones in
 * use. Writes that add or rename chemicals (add, edit, contribution approval) therefore check and
 * commit under one lock per set of deps: `commit` waits until the read model has applied the
 * write, so the next holder's check sees it. This makes the check race-free within one API
 * process (the embedded default); several API processes on one log would need a shared lock.
 */
export function withChemicalIdentityLock<T>(deps: object, task: () => Promise<T>): Promise<T> {
  let lock = chemicalIdentityLocks.get(deps);
  if (lock === undefined) {
    lock = new Mutex();
    chemicalIdentityLocks.set(deps, lock);
  }
  return lock.run(task);
}
