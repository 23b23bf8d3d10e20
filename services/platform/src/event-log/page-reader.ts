import type { StoredEvent } from './event-log.port.ts';

/** A page of the log being read, and the append generation when its read started. */
export interface PendingPage {
  events: Promise<StoredEvent[]>;
  seen: number;
}

/**
 * Pages of the log after a cursor, for a reader that applies each page before it asks for the
 * next: after a full page, the next one is read while the caller applies it (it is most likely
 * there already). A page read ahead is handed out only for the cursor it was read after; its
 * failure comes out when it is taken, never as an unhandled rejection.
 */
export class PageReader {
  private ahead: (PendingPage & { after: number }) | null = null;

  constructor(
    private readonly read: (after: number) => Promise<StoredEvent[]>,
    private readonly limit: number,
    /** A counter of appends seen by this process (`AppendNotifier.current`), when the caller waits on one. */
    private readonly generation: () => number = () => 0,
  ) {}

  /** The page after `after`: the one read ahead for it, else a new read. */
  next(after: number): PendingPage {
    const page = this.ahead?.after === after ? this.ahead : this.start(after);
    this.ahead = null;
    return page;
  }

  /** Starts reading the page after `page` when `page` was full. */
  readAhead(page: readonly StoredEvent[]): void {
    const last = page.at(-1);
    if (last && page.length >= this.limit) this.ahead = this.start(last.position);
  }

  /** Drops a page read ahead; resolves once its read ended (so it does not outlive a closing log). */
  async drop(): Promise<void> {
    const ahead = this.ahead;
    this.ahead = null;
    await ahead?.events.catch(() => {});
  }

  private start(after: number): PendingPage & { after: number } {
    const page = { after, seen: this.generation(), events: this.read(after) };
    page.events.catch(() => {});
    return page;
  }
}
