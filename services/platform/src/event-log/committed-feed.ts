import type { EventLog, StoredEvent } from './event-log.port.ts';

/** Events this process has just committed, and where they sit in the log. */
export interface CommittedRun {
  /**
   * The highest position below `first` that the log will ever hold (0: none). No event lies
   * between it and `first`, now or later, so a reader at `previous` may take this run next.
   */
  previous: number;
  /** The run's positions are `first`, `first + 1`, ..., `last`, one event each. */
  first: number;
  last: number;
  /** The events, in position order, as a read of the log would give them (built when asked). */
  events(): StoredEvent[];
}

/**
 * `run`: this process's append and where it sits. `null`: events may have been appended that only a
 * read of the log can give; `announcedUpTo`, when given, is a position at or past every one of them
 * (a reader that has reached it has them all).
 */
export type CommittedListener = (run: CommittedRun | null, announcedUpTo?: number) => void;

/**
 * A log that tells the readers of its own process what it committed, so they need not read it
 * back: after each append it committed, the run of appended events when their place in the log is
 * known, else `null` (the same `null` comes for another process's append, a write around the
 * log's append, or an append whose outcome is not known). Listeners are called synchronously and
 * must not throw.
 */
export interface CommittedFeed {
  onCommitted(listener: CommittedListener): () => void;
}

/** The log's committed feed, when it has one. */
export function committedFeedOf(log: EventLog): CommittedFeed | undefined {
  const candidate = log as EventLog & Partial<CommittedFeed>;
  return typeof candidate.onCommitted === 'function' ? (candidate as CommittedFeed) : undefined;
}
