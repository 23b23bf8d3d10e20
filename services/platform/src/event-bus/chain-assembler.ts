import type { StoredEvent } from '../event-log/event-log.port.ts';

/**
 * Puts events that arrive from several partitions, possibly twice, back into the log's order.
 * Each event names the position of its predecessor (`prev-position`); an event is released only
 * when its predecessor is the last one released, so what comes out is the log in order, each
 * event once, from the starting position on. A hole (the predecessor never arrives, e.g. it was
 * published before this consumer joined) is left for the caller to fill from the log with `advance`.
 */
export class ChainAssembler<T = unknown> {
  private readonly byPrev = new Map<number, { event: StoredEvent; tag: T }>();

  /** `delivered`: the position released last (the subscription's starting point). */
  constructor(
    private delivered: number,
    private readonly maxPending = 10_000,
  ) {}

  get position(): number {
    return this.delivered;
  }

  get pending(): number {
    return this.byPrev.size;
  }

  /**
   * Buffers an event (`tag`: the caller's note, e.g. its Kafka offset). `old`: released already (a
   * repeat); `full`: not kept because `maxPending` are waiting (the log will fill it in).
   */
  offer(event: StoredEvent, prevPosition: number, tag: T): 'kept' | 'old' | 'full' {
    if (event.position <= this.delivered) return 'old';
    if (this.byPrev.size >= this.maxPending && prevPosition !== this.delivered) return 'full';
    this.byPrev.set(prevPosition, { event, tag });
    return 'kept';
  }

  /** The events that continue the chain, in order, at most `limit` (not yet released: see `advance`). */
  peek(limit: number): { event: StoredEvent; tag: T }[] {
    const out: { event: StoredEvent; tag: T }[] = [];
    let at = this.delivered;
    for (let next = this.byPrev.get(at); next && out.length < limit; next = this.byPrev.get(at)) {
      out.push(next);
      at = next.event.position;
    }
    return out;
  }

  /** Marks everything up to `position` released (after a delivery, or after reading the log). */
  advance(position: number): void {
    if (position <= this.delivered) return;
    // The usual case: the events released are the chain just peeked, dropped as it is walked.
    let at = this.delivered;
    for (
      let next = this.byPrev.get(at);
      next && next.event.position <= position;
      next = this.byPrev.get(at)
    ) {
      this.byPrev.delete(at);
      at = next.event.position;
    }
    this.delivered = position;
    if (at === position) return;
    // A jump (read from the log): drop whatever it covered.
    for (const [prev, entry] of this.byPrev) {
      if (entry.event.position <= position) this.byPrev.delete(prev);
    }
  }

  clear(): void {
    this.byPrev.clear();
  }
}
