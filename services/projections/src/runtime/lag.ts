/**
 * Stalled-poller detection: a projection is stalled when it is behind the log head (lag > 0) and
 * its position has not moved for `stallAfterMs`. Idle time with lag 0 does not count.
 */
export interface LagWatch {
  /** The position it was at when first seen behind. */
  position: number;
  /** When it was first seen behind at that position (ms). */
  since: number;
}

export function watchLag(previous: LagWatch | undefined, position: number, lag: number, now: number) {
  if (lag <= 0) return undefined;
  if (previous && previous.position === position) return previous;
  return { position, since: now };
}

export function isStalled(watch: LagWatch | undefined, now: number, stallAfterMs: number): boolean {
  return watch !== undefined && now - watch.since >= stallAfterMs;
}

/** Lag in log positions (positions may have gaps, so this is an upper bound on unapplied events). */
export function lagOf(head: number, position: number): number {
  return Math.max(0, head - position);
}
