import { delegatingLog } from './delegating-log.ts';
import type { EventLog, StoredEvent, SubscribeOptions, Subscription } from './event-log.port.ts';
import { checkSubscribe } from './event-log.validation.ts';
import { PageReader } from './page-reader.ts';

export interface SharedTailOptions {
  /** Events kept for subscribers that are behind (default 20,000); one further back reads the log itself. */
  windowEvents?: number;
  /** Events per read of the shared tail (default 500). */
  pageSize?: number;
}

interface Member {
  cursor: number;
  limit: number;
  dataTypes: readonly string[] | undefined;
  handler: (events: StoredEvent[]) => Promise<void> | void;
  onError: (error: unknown) => void;
  stopped: boolean;
  wake?: () => void;
}

/**
 * Live tails that share one read of the log: every `subscribe` of this log is served from a single
 * subscription of the underlying log (woken by appends and polling as usual), whose pages are kept
 * in a window that each subscriber goes through at its own pace, in position order, each event once.
 * A subscriber behind the window (just started from an old checkpoint, or slow) reads the log itself
 * until it reaches the window, the next page while its handler applies a full one (a projection
 * rebuilt from position 0 reads the whole log that way). So the projections of a process parse each event once instead of
 * once each (the usage tracking events, which most projections only skip, are most of the log).
 *
 * The shared read starts at the log's head when the first subscriber arrives (so a subscriber far
 * behind never holds the others back) and loads every payload (the subscribers' `dataTypes` are
 * hints: they may get more). When the shared read fails, every subscriber gets the error (and is
 * stopped, as a subscription of the log would be); the next `subscribe` starts a new one.
 * Everything else goes to the log; `close` stops the shared tails and leaves the log open (its
 * owner closes it).
 */
export function sharedTail(log: EventLog, options: SharedTailOptions = {}): EventLog {
  const windowEvents = options.windowEvents ?? 20_000;
  const pageSize = options.pageSize ?? 500;
  const members = new Set<Member>();
  /** Every deliverable event with position in (start, end], in order. */
  let window: StoredEvent[] = [];
  // No shared read yet: every subscriber reads the log itself.
  let start = Number.POSITIVE_INFINITY;
  let end = 0;
  let hub: Subscription | undefined;
  /** The shared read is being started (its first position is being read). */
  let starting: Promise<void> | undefined;

  const wakeAll = () => {
    for (const m of members) m.wake?.();
  };

  /** Drops what every subscriber has passed, and what lies more than `windowEvents` back. */
  const trim = () => {
    let lowest = end;
    for (const m of members) lowest = Math.min(lowest, m.cursor);
    const keepAfter = Math.max(start, lowest, end - windowEvents);
    if (keepAfter <= start) return;
    let cut = 0;
    while (cut < window.length && window[cut]!.position <= keepAfter) cut++;
    if (cut > 0) window = window.slice(cut);
    start = keepAfter;
  };

  const stopAllWith = (error: unknown) => {
    hub = undefined;
    start = Number.POSITIVE_INFINITY;
    window = [];
    for (const m of [...members]) {
      members.delete(m);
      m.stopped = true;
      m.wake?.();
      m.onError(error);
    }
  };

  const startHub = async () => {
    const after = await log.headPosition();
    if (members.size === 0) return;
    window = [];
    start = after;
    end = after;
    hub = log.subscribe(
      (events) => {
        const last = events.at(-1);
        if (!last) return;
        window = window.length === 0 ? events : window.concat(events);
        end = last.position;
        trim();
        wakeAll();
      },
      { after, batchSize: pageSize, name: 'shared-tail', onError: stopAllWith },
    );
    wakeAll();
  };

  /** Events after `cursor` from the window, at most `limit`. */
  const fromWindow = (cursor: number, limit: number): StoredEvent[] => {
    let lo = 0;
    let hi = window.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (window[mid]!.position <= cursor) lo = mid + 1;
      else hi = mid;
    }
    return window.slice(lo, lo + limit);
  };

  const readLog = (m: Member, after: number) =>
    log.readAll({
      after,
      limit: m.limit,
      ...(m.dataTypes !== undefined && { dataTypes: m.dataTypes }),
    });

  const run = async (m: Member) => {
    /** Pages of the log for a subscriber far behind, the next read while the handler applies one. */
    const pages = new PageReader((after) => readLog(m, after), m.limit);
    try {
      while (!m.stopped) {
        let events: StoredEvent[];
        if (m.cursor < start) {
          // Behind the window: read the log itself until it is reached.
          events = await pages.next(m.cursor).events;
          if (events.length === 0) {
            // Nothing visible after the cursor yet (an older write still in flight): wait for the tail.
            await new Promise<void>((resolve) => {
              m.wake = resolve;
              setTimeout(resolve, 5).unref();
            });
            m.wake = undefined;
            continue;
          }
          // Not past the window's start: from there on the window serves it.
          if (events.at(-1)!.position < start) pages.readAhead(events);
        } else {
          void pages.drop();
          events = fromWindow(m.cursor, m.limit);
          if (events.length === 0) {
            await new Promise<void>((resolve) => {
              m.wake = resolve;
            });
            m.wake = undefined;
            continue;
          }
        }
        if (m.stopped) return;
        await m.handler(events);
        m.cursor = events.at(-1)!.position;
        trim();
      }
    } finally {
      // A page read ahead of a stop (or of reaching the window) is dropped, but not left running
      // against a log being closed.
      await pages.drop();
    }
  };

  const subscribe = (
    handler: (events: StoredEvent[]) => Promise<void> | void,
    subscribeOptions: SubscribeOptions,
  ): Subscription => {
    const limit = checkSubscribe(subscribeOptions);
    const onError =
      subscribeOptions.onError ??
      ((error: unknown) => console.error('Event log subscription stopped after an error', error));
    const m: Member = {
      cursor: subscribeOptions.after,
      limit,
      dataTypes: subscribeOptions.dataTypes,
      handler,
      onError,
      stopped: false,
    };
    members.add(m);
    if (hub === undefined && starting === undefined) {
      starting = startHub()
        .catch(stopAllWith)
        .finally(() => {
          starting = undefined;
        });
    }
    const running = run(m).catch((error: unknown) => {
      if (m.stopped) return;
      m.stopped = true;
      members.delete(m);
      onError(error);
    });
    return {
      close: async () => {
        m.stopped = true;
        members.delete(m);
        m.wake?.();
        await running;
        await starting;
        if (members.size === 0 && hub !== undefined) {
          const closing = hub;
          hub = undefined;
          start = Number.POSITIVE_INFINITY;
          window = [];
          await closing.close();
        }
      },
    };
  };

  return delegatingLog(log, {
    subscribe,
    close: async () => {
      for (const m of members) {
        m.stopped = true;
        m.wake?.();
      }
      members.clear();
      await starting;
      await hub?.close();
      hub = undefined;
    },
  });
}
