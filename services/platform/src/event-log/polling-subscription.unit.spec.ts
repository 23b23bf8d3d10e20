import { describe, expect, it } from 'vitest';
import type { ReadAllOptions, StoredEvent } from './event-log.port.ts';
import { AppendNotifier, startPollingSubscription } from './polling-subscription.ts';
import { storedEvent } from './testing/stored-events.ts';

const event = (position: number): StoredEvent =>
  storedEvent(position, `thing:${position}`, 'Thing', { position });

/** A log of `count` events at positions 1..count that records every read it is asked for. */
function fakeLog(count: number, failAfter?: number) {
  const reads: number[] = [];
  const readAll = async (options: ReadAllOptions) => {
    const after = options.after ?? 0;
    reads.push(after);
    if (failAfter !== undefined && after >= failAfter) throw new Error('store went away');
    const limit = options.limit ?? 1000;
    const out: StoredEvent[] = [];
    for (let p = after + 1; p <= count && out.length < limit; p++) out.push(event(p));
    return out;
  };
  return { reads, readAll };
}

describe('startPollingSubscription', () => {
  it('reads the next batch while a full one is applied, and delivers every event once, in order', async () => {
    const log = fakeLog(25);
    const delivered: number[] = [];
    const readsAtHandler: number[] = [];
    let done!: () => void;
    const all = new Promise<void>((resolve) => {
      done = resolve;
    });
    const sub = startPollingSubscription(
      log.readAll,
      new AppendNotifier(),
      async (events) => {
        readsAtHandler.push(log.reads.length);
        await new Promise((resolve) => setTimeout(resolve, 2));
        delivered.push(...events.map((e) => e.position));
        if (delivered.length === 25) done();
      },
      { after: 0, batchSize: 10 },
      { minPollMs: 5, maxPollMs: 50 },
      () => {},
    );
    await all;
    await sub.close();
    expect(delivered).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // Batches 1 and 2 were full: the read after each had started before its handler ran.
    expect(readsAtHandler.slice(0, 2)).toEqual([2, 3]);
    // The last batch (5 events) was not full: no read ahead of it.
    expect(readsAtHandler[2]).toBe(3);
    expect(log.reads.slice(0, 3)).toEqual([0, 10, 20]);
  });

  it('reports a failed read ahead once the handler is done, and stops', async () => {
    const log = fakeLog(30, 10);
    const delivered: number[] = [];
    const errors: unknown[] = [];
    let failed!: () => void;
    const stopped = new Promise<void>((resolve) => {
      failed = resolve;
    });
    const sub = startPollingSubscription(
      log.readAll,
      new AppendNotifier(),
      (events) => {
        delivered.push(...events.map((e) => e.position));
      },
      {
        after: 0,
        batchSize: 10,
        onError: (error) => {
          errors.push(error);
          failed();
        },
      },
      { minPollMs: 5, maxPollMs: 50 },
      () => {},
    );
    await stopped;
    await sub.close();
    expect(delivered).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/store went away/);
  });
});
