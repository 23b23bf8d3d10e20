/**
 * The write side's one way of running a command: load the stream's state from the log, let the
 * domain's `decide` turn the command into events, append them (with who, when and which request)
 * expecting the version that was loaded, and wait until the read models have applied the write.
 * An append that meets a newer version (another write to the stream got in first) is decided
 * again on the fresh state when the command allows it.
 */
import { type Actor, type Decider, fold } from '@scentinel/domain';
import { type AppendToStream, type EventLog, metadataFor, toNewEvents } from '@scentinel/platform';
import type { ApplicationDeps } from './deps.ts';

/** What a write needs from the deps: the log, the read models' progress and the clock. */
export type WriteDeps = Pick<ApplicationDeps, 'eventLog' | 'waitForPosition' | 'now'>;

/** Logs a read model that did not catch up in time (Fastify's request logger fits). */
export interface WriteLogger {
  warn(obj: object, msg?: string): void;
}

/** Who issues a command and in which request; copied into every event's metadata. */
export interface CommandCaller {
  actor: Actor | null;
  requestId: string | null;
  log?: WriteLogger;
}

export interface Loaded<TState> {
  state: TState;
  /** The stream's version (0 when it does not exist): the expected version of the next append. */
  version: number;
}

/** The part of the domain's `Decider` that rebuilds a stream's state (`evolve` from `initialState`). */
export type StateFolder<TState, TEvent> = Pick<
  Decider<unknown, TEvent, TState, unknown>,
  'evolve' | 'initialState'
>;

/** A stream's current state, folded from its events in the log. */
export async function loadStream<TState, TEvent>(
  eventLog: EventLog,
  streamId: string,
  folder: StateFolder<TState, TEvent>,
): Promise<Loaded<TState>> {
  const stored = await eventLog.readStream(streamId);
  const events = stored.map((e) => ({ type: e.type, data: e.data }) as TEvent);
  return { state: fold(folder.evolve, folder.initialState, events), version: stored.at(-1)?.version ?? 0 };
}

/**
 * Appends the non-empty batches in one atomic `appendMany` and waits for the read models to apply
 * it. Returns the last position written, or null when there was nothing to write.
 */
export async function commit(
  deps: Pick<ApplicationDeps, 'eventLog' | 'waitForPosition'>,
  batches: readonly AppendToStream[],
  log?: WriteLogger,
): Promise<number | null> {
  const toWrite = batches.filter((b) => b.events.length > 0);
  if (toWrite.length === 0) return null;
  const results = await deps.eventLog.appendMany(toWrite);
  const position = Math.max(...results.map((r) => r.lastPosition));
  const caughtUp = await deps.waitForPosition(position);
  if (!caughtUp) log?.warn({ position }, 'read models did not catch up with the write in time');
  return position;
}

export function isVersionConflict(error: unknown): boolean {
  return error instanceof Error && error.name === 'WrongExpectedVersionError';
}

/**
 * Runs a load → decide → append task again when its append met a newer stream version, up to
 * `attempts` times in all; the task reloads the stream each time, so the retry decides on the
 * current state.
 */
export async function retryOnConflict<T>(task: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (!isVersionConflict(error) || attempt >= attempts) throw error;
    }
  }
}

export function clock(deps: Pick<ApplicationDeps, 'now'>): Date {
  return deps.now?.() ?? new Date();
}

export interface StreamCommand<TState, TEvent> {
  streamId: string;
  folder: StateFolder<TState, TEvent>;
  /**
   * The events for the loaded state (the domain's `decide` with the command and its context).
   * `now` is the time the attempt runs at; it goes into the events' metadata too.
   */
  decide(loaded: Loaded<TState>, now: Date): TEvent[] | Promise<TEvent[]>;
  /**
   * Decide again on the fresh state when the append met a newer version. Safe when the command
   * means the same on any state (sign out, approve, assign); not when the caller asked for the
   * state it saw (an edit with an expected version), which must answer 409 instead.
   */
  retryOnConflict?: boolean;
  /**
   * The actor the events' metadata names, when only the stream knows it (a sign-in is made by the
   * account signing in, who holds no session yet). Default: the caller's actor.
   */
  recordedActor?(loaded: Loaded<TState>): Actor | null;
  /** Unique keys the stream takes and gives back with the append (a chemical's name and CAS number). */
  uniqueKeys?(before: TState, after: TState): AppendToStream['uniqueKeys'];
}

export interface CommandOutcome<TState, TEvent> {
  /** The events appended (none when the command changed nothing). */
  events: TEvent[];
  /** The state the command was decided on, and its version. */
  before: Loaded<TState>;
  /** The state after the events, and the stream's version then. */
  after: Loaded<TState>;
  /** The log position of the last event written, or null when nothing was written. */
  position: number | null;
  /** When the command was decided (the events' `occurredAt`). */
  now: Date;
}

/** Load → decide → append with the loaded version (→ decide again on a conflict, when safe). */
export async function handleCommand<TState, TEvent extends { type: string; data: unknown }>(
  deps: WriteDeps,
  caller: CommandCaller,
  command: StreamCommand<TState, TEvent>,
): Promise<CommandOutcome<TState, TEvent>> {
  const attempt = async (): Promise<CommandOutcome<TState, TEvent>> => {
    const before = await loadStream(deps.eventLog, command.streamId, command.folder);
    const now = clock(deps);
    const events = await command.decide(before, now);
    const after = {
      state: fold(command.folder.evolve, before.state, events),
      version: before.version + events.length,
    };
    const uniqueKeys = command.uniqueKeys?.(before.state, after.state);
    const position = await commit(
      deps,
      [
        {
          streamId: command.streamId,
          events: toNewEvents(
            events,
            metadataFor(command.recordedActor?.(before) ?? caller.actor, caller.requestId, now),
          ),
          expectedVersion: before.version,
          ...(uniqueKeys !== undefined && { uniqueKeys }),
        },
      ],
      caller.log,
    );
    return { events, before, after, position, now };
  };
  return command.retryOnConflict ? retryOnConflict(attempt) : attempt();
}

/** `fn` over `items` with at most `limit` running at once; results keyed by item, in order. */
export async function mapLimit<T>(
  items: readonly string[],
  limit: number,
  fn: (item: string) => Promise<T>,
): Promise<[string, T][]> {
  const out: [string, T][] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = [items[i]!, await fn(items[i]!)];
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
