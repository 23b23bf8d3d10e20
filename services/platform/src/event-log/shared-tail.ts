import { type CommittedFeed, type CommittedRun, committedFeedOf } from './committed-feed.ts';
import { delegatingLog } from './delegating-log.ts';
import type { EventLog, StoredEvent, SubscribeOptions, Subscription } from './event-log.port.ts';
import { checkSubscribe } from './event-log.validation.ts';
import { PageReader } from './page-reader.ts';
import { DEFAULT_POLLING, type PollingOptions } from './polling-subscription.ts';

export interface SharedTailOptions {
  /** Events kept for subscribers that are behind (default 20,000); one further back reads the log itself. */
  windowEvents?: number;
  /** Events per read of the shared tail (default 500). */
  pageSize?: number;
  /**
   * With a log that hands over what this process committed: how often the shared read looks at
   * the log when nothing wakes it (the safety net for appends it is not told of).
   */
  polling?: PollingOptions;
  /**
   * Least time between two deliveries to one subscriber from the window while it would get less
   * than a full batch (default 5 ms). Under load a subscriber then gets the events of several
   * appends at once instead of a batch per append (each batch costs a projection a transaction);
   * a subscriber that has been quiet that long gets new events at once.
   */
  minDeliveryIntervalMs?: number;
}

/** Runs handed over ahead of a gap, kept until the gap fills (more: the log is read instead). */
const MAX_PENDING_RUNS = 256;
/** How long an announced append may take to be handed over before the log is read for it (ms). */
const ANNOUNCED_GRACE_MS = 2;

interface Member {
  cursor: number;
  limit: number;
  dataTypes: readonly string[] | undefined;
  handler: (events: StoredEvent[]) => Promise<void> | void;
  onError: (error: unknown) => void;
  stopped: boolean;
  wake?: () => void;
  /** When its last delivery started (`performance.now()`). */
  deliveredAt: number;
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
 *
 * A log that hands over what this process committed (`CommittedFeed`, the Postgres log) is not
 * read back for those events: a handed-over run goes into the window when it directly follows its
 * end (no position in between can ever appear), else it waits until the window reaches it (an
 * earlier append, this process's or another's, still to be told of or read). The shared read then
 * reads the log only for appends it was not handed (announced past the window's end and not handed
 * over shortly after: other processes'), when polling, or to fill a gap, and keeps from each read
 * only what lies past the window's end.
 */
export function sharedTail(log: EventLog, options: SharedTailOptions = {}): EventLog {
  const windowEvents = options.windowEvents ?? 20_000;
  const minDeliveryIntervalMs = options.minDeliveryIntervalMs ?? 5;
  const pageSize = options.pageSize ?? 500;
  const members = new Set<Member>();
  /** Every deliverable event with position in (start, end], in order. */
  const window = new EventWindow();
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
    window.dropThrough(keepAfter);
    start = keepAfter;
  };

  const stopAllWith = (error: unknown) => {
    hub = undefined;
    start = Number.POSITIVE_INFINITY;
    window.clear();
    for (const m of [...members]) {
      members.delete(m);
      m.stopped = true;
      m.wake?.();
      m.onError(error);
    }
  };

  /** Adds events that directly follow `end` (a complete read of the log after it, or a run). */
  const extend = (events: StoredEvent[]) => {
    const last = events.at(-1);
    if (!last || last.position <= end) return;
    let from = 0;
    while (events[from]!.position <= end) from++;
    window.push(events, from);
    end = last.position;
  };

  const feed = committedFeedOf(log);
  const startHub = async () => {
    const after = await log.headPosition();
    if (members.size === 0) return;
    window.clear();
    start = after;
    end = after;
    if (feed) {
      hub = startFedHub(feed);
      wakeAll();
      return;
    }
    hub = log.subscribe(
      (events) => {
        if (events.length === 0) return;
        extend(events);
        trim();
        wakeAll();
      },
      { after, batchSize: pageSize, name: 'shared-tail', onError: stopAllWith },
    );
    wakeAll();
  };

  /**
   * The shared read of a log that hands over this process's commits: runs that follow the window's
   * end go straight in; the log is read after the end when woken (`null` from the feed), when a
   * read filled a page, and by polling. A read returns every event after the position it was
   * asked for, with no gap, so whatever of it lies past the end (moved on by runs meanwhile) can
   * follow the end.
   */
  const startFedHub = (committed: CommittedFeed): Subscription => {
    const polling = options.polling ?? DEFAULT_POLLING;
    /** Runs that came ahead of a gap. */
    const pending = new Set<CommittedRun>();
    let stopped = false;
    /** Counts the wake-ups of the read (a wake during a read means read again). */
    let wakes = 0;
    let wakeRead: (() => void) | undefined;
    const wake = () => {
      wakes++;
      wakeRead?.();
    };
    /** The highest position announced past the end, and the look at it that is due. */
    let announced = 0;
    let announcedCheck: NodeJS.Timeout | undefined;

    /**
     * The run can follow the end: the end is its `previous` or inside it (nothing lies between
     * `previous` and the run, so an end in neither place means the run is not what it says).
     */
    const follows = (run: CommittedRun) => run.previous === end || (run.previous < end && run.first <= end);

    /** Takes every pending run that now follows the end; drops the ones the end has passed. */
    const takePending = () => {
      let took = true;
      while (took && pending.size > 0) {
        took = false;
        for (const run of pending) {
          if (run.last <= end) pending.delete(run);
          else if (follows(run)) {
            pending.delete(run);
            try {
              extend(run.events());
              took = true;
            } catch {
              wake();
            }
          }
        }
      }
    };

    const moved = () => {
      takePending();
      trim();
      wakeAll();
    };

    const unlisten = committed.onCommitted((run, announcedUpTo) => {
      if (stopped) return;
      if (run === null) {
        if (announcedUpTo === undefined) {
          wake();
          return;
        }
        if (announcedUpTo <= end) return;
        // Most often this process's own append, whose run is on its way: the log is read only if
        // the end has not reached the announced position shortly after.
        announced = Math.max(announced, announcedUpTo);
        announcedCheck ??= setTimeout(() => {
          announcedCheck = undefined;
          if (!stopped && announced > end) wake();
        }, ANNOUNCED_GRACE_MS);
        return;
      }
      if (run.last <= end) return;
      if (run.previous < end && !follows(run)) {
        // Not where it says it is: the log decides.
        wake();
        return;
      }
      if (!follows(run)) {
        // An earlier position is not in the window yet: the run waits for it (too many waiting:
        // the log gives them instead).
        if (pending.size >= MAX_PENDING_RUNS) {
          pending.clear();
          wake();
        }
        pending.add(run);
        return;
      }
      try {
        extend(run.events());
      } catch {
        // Its events could not be made: the log gives them.
        wake();
        return;
      }
      moved();
    });

    const loop = async () => {
      let delay = polling.minPollMs;
      while (!stopped) {
        const seen = wakes;
        const events = await log.readAll({ after: end, limit: pageSize });
        if (stopped) return;
        const before = end;
        extend(events);
        if (end !== before) moved();
        if (events.length >= pageSize) continue;
        if (wakes !== seen) {
          delay = polling.minPollMs;
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, delay);
          function done() {
            clearTimeout(timer);
            wakeRead = undefined;
            resolve();
          }
          wakeRead = done;
        });
        delay = wakes !== seen ? polling.minPollMs : Math.min(delay * 2, polling.maxPollMs);
      }
    };
    const running = loop().catch((error: unknown) => {
      if (stopped) return;
      stopped = true;
      unlisten();
      pending.clear();
      clearTimeout(announcedCheck);
      stopAllWith(error);
    });

    return {
      close: async () => {
        stopped = true;
        unlisten();
        pending.clear();
        clearTimeout(announcedCheck);
        wakeRead?.();
        await running;
      },
    };
  };

  /** Events after `cursor` from the window, at most `limit`. */
  const fromWindow = (cursor: number, limit: number): StoredEvent[] => window.after(cursor, limit);

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
          const early = m.deliveredAt + minDeliveryIntervalMs - performance.now();
          if (events.length < m.limit && early > 0) {
            // More may come meanwhile; the window is looked at again after the pause.
            await new Promise<void>((resolve) => setTimeout(resolve, early));
            continue;
          }
        }
        if (m.stopped) return;
        m.deliveredAt = performance.now();
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
      deliveredAt: Number.NEGATIVE_INFINITY,
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
          window.clear();
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

/**
 * Events in position order, added at the end and dropped from the front, without copying what is
 * kept on every change (the front is compacted once it is most of the array).
 */
class EventWindow {
  /** Slots before `head` are dropped (emptied, so their events are not kept alive). */
  private events: (StoredEvent | undefined)[] = [];
  private head = 0;

  clear(): void {
    this.events = [];
    this.head = 0;
  }

  /** Adds `events` from index `from` on. */
  push(events: readonly StoredEvent[], from: number): void {
    for (let i = from; i < events.length; i++) this.events.push(events[i]!);
  }

  /** Drops the events up to and including `position`. */
  dropThrough(position: number): void {
    while (this.head < this.events.length && this.events[this.head]!.position <= position) {
      this.events[this.head] = undefined;
      this.head++;
    }
    if (this.head >= 1024 && this.head * 2 >= this.events.length) {
      this.events = this.events.slice(this.head);
      this.head = 0;
    }
  }

  /** The events after `cursor`, at most `limit`. */
  after(cursor: number, limit: number): StoredEvent[] {
    let lo = this.head;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.events[mid]!.position <= cursor) lo = mid + 1;
      else hi = mid;
    }
    return this.events.slice(lo, lo + limit) as StoredEvent[];
  }
}
