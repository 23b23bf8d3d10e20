import type { ReadAllOptions, StoredEvent, SubscribeOptions, Subscription } from './event-log.port.ts';
import { checkSubscribe } from './event-log.validation.ts';
import { PageReader } from './page-reader.ts';

/**
 * Wakes waiting subscribers when an append went through this process. A counter (not a flag) so a
 * wake-up that lands between "read found nothing" and "start waiting" is not lost.
 */
export class AppendNotifier {
  private generation = 0;
  private readonly waiters = new Set<() => void>();

  get current(): number {
    return this.generation;
  }

  notify(): void {
    this.generation++;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Resolves after `ms`, on `notify()`, or at once if there was a notify since `seen`; `cancel` wakes it too. */
  wait(seen: number, ms: number, cancel: { onCancel?: () => void }): Promise<void> {
    if (this.generation !== seen) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        cancel.onCancel = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      cancel.onCancel = done;
    });
  }
}

export interface PollingOptions {
  /** First wait after an empty read (ms). */
  minPollMs: number;
  /** Longest wait between reads when nothing arrives (ms); appends from other processes show up within it. */
  maxPollMs: number;
}

export const DEFAULT_POLLING: PollingOptions = { minPollMs: 5, maxPollMs: 250 };

/**
 * The live tail shared by the adapters: read a batch after the last delivered position, await the
 * handler, repeat (after a full batch the next read starts while the handler runs); when caught up, wait for an in-process append or a poll timer (doubling backoff).
 * Each event is delivered once, in position order, because the cursor only moves past a batch after
 * its handler resolved and `readAll` returns positions strictly after it.
 */
export function startPollingSubscription(
  readAll: (options: ReadAllOptions) => Promise<StoredEvent[]>,
  notifier: AppendNotifier,
  handler: (events: StoredEvent[]) => Promise<void> | void,
  options: SubscribeOptions,
  polling: PollingOptions,
  onStop: (subscription: Subscription) => void,
): Subscription {
  const limit = checkSubscribe(options);
  const onError =
    options.onError ??
    ((error: unknown) => {
      console.error('Event log subscription stopped after an error', error);
    });

  let stopped = false;
  const cancel: { onCancel?: () => void } = {};

  const read = (after: number) =>
    readAll({
      after,
      limit,
      ...(options.dataTypes !== undefined && { dataTypes: options.dataTypes }),
    });

  const pages = new PageReader(read, limit, () => notifier.current);

  const loop = async () => {
    let after = options.after;
    let delay = polling.minPollMs;
    while (!stopped) {
      const next = pages.next(after);
      let events: StoredEvent[];
      try {
        events = await next.events;
      } catch (error) {
        if (!stopped) onError(error);
        return;
      }
      if (stopped) return;
      const last = events.at(-1);
      if (last) {
        pages.readAhead(events);
        try {
          await handler(events);
        } catch (error) {
          onError(error);
          return;
        }
        after = last.position;
        delay = polling.minPollMs;
        continue;
      }
      await notifier.wait(next.seen, delay, cancel);
      delay = notifier.current !== next.seen ? polling.minPollMs : Math.min(delay * 2, polling.maxPollMs);
    }
  };

  const subscription: Subscription = {
    close: async () => {
      stopped = true;
      cancel.onCancel?.();
      await running;
    },
  };
  const running = loop().finally(async () => {
    stopped = true;
    // A batch read ahead of a stop is dropped, but not left running against a store being closed.
    await pages.drop();
    onStop(subscription);
  });
  return subscription;
}
