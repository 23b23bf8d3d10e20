/**
 * The `{ type, data }` part of an event: the event log's envelope (`NewEvent` in
 * `@scentinel/platform`) adds id, stream, version, schema version and metadata (actor, time,
 * request id). Types are past tense; `data` is plain JSON (no Date, Map, undefined or class).
 */
export interface DomainEventOf<TType extends string, TData> {
  readonly type: TType;
  readonly data: TData;
}

/** A command: what someone asks for, in the imperative (`AddChemical`). */
export interface CommandOf<TType extends string, TData> {
  readonly type: TType;
  readonly data: TData;
}

/** One feature's decider (emmett style): everything a command handler needs. */
export interface Decider<TCommand, TEvent, TState, TContext> {
  decide(command: TCommand, state: TState, context: TContext): TEvent[];
  evolve(state: TState, event: TEvent): TState;
  initialState: TState;
}

/** State after `events`, starting from `initialState`. */
export function fold<TState, TEvent>(
  evolve: (state: TState, event: TEvent) => TState,
  initialState: TState,
  events: readonly TEvent[],
): TState {
  return events.reduce(evolve, initialState);
}
