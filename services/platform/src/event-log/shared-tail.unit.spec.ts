import { describe, expect, it, vi } from 'vitest';
import type { CommittedFeed, CommittedListener, CommittedRun } from './committed-feed.ts';
import { delegatingLog } from './delegating-log.ts';
import { event } from './event-log.contract.ts';
import type { EventLog, StoredEvent } from './event-log.port.ts';
import { InMemoryEventLog } from './in-memory-event-log.adapter.ts';
import { sharedTail } from './shared-tail.ts';

const append = async (log: InMemoryEventLog, n: number, from = 0) => {
  for (let i = from; i < from + n; i++) await log.append(`s:${i % 3}`, [event(`E${i}`)], 'any');
};

/** A subscriber that records what it got and can be made slow. */
function recorder(delayMs = 0) {
  const positions: number[] = [];
  return {
    positions,
    handler: async (events: StoredEvent[]) => {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      for (const e of events) positions.push(e.position);
    },
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('shared tail', () => {
  it('gives every subscriber each event after its position once, in order, from one read of the log', async () => {
    const log = new InMemoryEventLog({ minPollMs: 1, maxPollMs: 5 });
    await append(log, 30);
    const shared = sharedTail(log, { pageSize: 7 });
    const readAll = vi.spyOn(log, 'readAll');
    // One at the head, one behind it (reads the log itself until it reaches the shared window),
    // one slow with small batches.
    const atHead = recorder();
    const behind = recorder();
    const slow = recorder(2);
    const subs = [
      shared.subscribe(atHead.handler, { after: 30 }),
      shared.subscribe(behind.handler, { after: 4, batchSize: 10 }),
      shared.subscribe(slow.handler, { after: 25, batchSize: 3 }),
    ];
    // 200 new events in four appends of 50.
    for (let k = 0; k < 4; k++) {
      await log.appendMany([
        {
          streamId: `bulk:${k}`,
          events: range(1, 50).map((i) => event(`B${k}-${i}`)),
          expectedVersion: 'any',
        },
      ]);
    }
    await vi.waitFor(
      () => {
        for (const r of [atHead, behind, slow]) expect(r.positions.at(-1)).toBe(230);
      },
      { timeout: 10_000 },
    );
    expect(atHead.positions).toEqual(range(31, 230));
    expect(behind.positions).toEqual(range(5, 230));
    expect(slow.positions).toEqual(range(26, 230));
    // Three separate tails would read the 200 new events three times, in pages of at most 10, 3
    // and 500 events (at least 20 + 67 + 4 reads); the shared one reads them once, in pages of 7.
    const newEvents = readAll.mock.results
      .filter((r, i) => readAll.mock.calls[i]![0].after >= 30 && r.type === 'return')
      .map((r) => r.value as Promise<StoredEvent[]>);
    const read = (await Promise.all(newEvents)).reduce((n, page) => n + page.length, 0);
    expect(read).toBe(200);
    for (const s of subs) await s.close();
    await shared.close();
  });

  it('keeps a slow subscriber exact when the window moves past it (it reads the log itself)', async () => {
    const log = new InMemoryEventLog({ minPollMs: 1, maxPollMs: 5 });
    const shared = sharedTail(log, { windowEvents: 5, pageSize: 4 });
    const fast = recorder();
    const slow = recorder(3);
    const subs = [
      shared.subscribe(fast.handler, { after: 0 }),
      shared.subscribe(slow.handler, { after: 0, batchSize: 2 }),
    ];
    await append(log, 120);
    await vi.waitFor(
      () => {
        expect(fast.positions.at(-1)).toBe(120);
        expect(slow.positions.at(-1)).toBe(120);
      },
      { timeout: 10_000 },
    );
    expect(fast.positions).toEqual(range(1, 120));
    expect(slow.positions).toEqual(range(1, 120));
    for (const s of subs) await s.close();
    await shared.close();
  });

  it('stays exact while thousands of events pass through its window (the front is compacted)', async () => {
    const log = new InMemoryEventLog({ minPollMs: 1, maxPollMs: 5 });
    const shared = sharedTail(log, { windowEvents: 1500, pageSize: 100 });
    const fast = recorder();
    const slow = recorder(1);
    const subs = [
      shared.subscribe(fast.handler, { after: 0, batchSize: 70 }),
      shared.subscribe(slow.handler, { after: 0, batchSize: 400 }),
    ];
    for (let k = 0; k < 12; k++) {
      await log.appendMany([
        {
          streamId: `bulk:${k}`,
          events: range(1, 300).map((i) => event(`C${k}-${i}`)),
          expectedVersion: 'any',
        },
      ]);
    }
    await vi.waitFor(
      () => {
        expect(fast.positions.at(-1)).toBe(3600);
        expect(slow.positions.at(-1)).toBe(3600);
      },
      { timeout: 10_000 },
    );
    expect(fast.positions).toEqual(range(1, 3600));
    expect(slow.positions).toEqual(range(1, 3600));
    for (const s of subs) await s.close();
    await shared.close();
  });

  it('stops only the subscriber whose handler fails; a new one starts where it is told', async () => {
    const log = new InMemoryEventLog({ minPollMs: 1, maxPollMs: 5 });
    const shared = sharedTail(log);
    const good = recorder();
    const onError = vi.fn();
    const subs = [
      shared.subscribe(good.handler, { after: 0 }),
      shared.subscribe(
        (events) => {
          if (events.some((e) => e.type === 'E3')) throw new Error('poison');
        },
        { after: 0, onError },
      ),
    ];
    await append(log, 10);
    await vi.waitFor(() => expect(good.positions.at(-1)).toBe(10), { timeout: 10_000 });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect((onError.mock.calls[0]![0] as Error).message).toBe('poison');
    const late = recorder();
    subs.push(shared.subscribe(late.handler, { after: 7 }));
    await append(log, 2, 10);
    await vi.waitFor(() => expect(late.positions).toEqual([8, 9, 10, 11, 12]), { timeout: 10_000 });
    expect(good.positions).toEqual(range(1, 12));
    for (const s of subs) await s.close();
    await shared.close();
  });
  it('reads the next page of the log while a subscriber behind the window applies a full one', async () => {
    const log = new InMemoryEventLog({ minPollMs: 1, maxPollMs: 5 });
    await append(log, 25);
    const shared = sharedTail(log, { pageSize: 4 });
    // What was asked of the log (after which position) before each handler call returned.
    const reads: number[] = [];
    const readAll = log.readAll.bind(log);
    vi.spyOn(log, 'readAll').mockImplementation((options) => {
      reads.push(options.after);
      return readAll(options);
    });
    const seen: { positions: number[]; readsBefore: number[] }[] = [];
    const sub = shared.subscribe(
      async (events) => {
        seen.push({ positions: events.map((e) => e.position), readsBefore: [...reads] });
        await new Promise((r) => setTimeout(r, 2));
      },
      { after: 0, batchSize: 10 },
    );
    await vi.waitFor(() => expect(seen.at(-1)?.positions.at(-1)).toBe(25), { timeout: 10_000 });
    expect(seen.flatMap((s) => s.positions)).toEqual(range(1, 25));
    // Pages 1-10 and 11-20 are full: the read after each was issued before its handler ran; the
    // page 21-25 is the last one behind the window (the shared read starts at the head, 25).
    expect(seen[0]!.readsBefore).toContain(10);
    expect(seen[1]!.readsBefore).toContain(20);
    expect(reads.filter((after) => after === 10)).toHaveLength(1);
    expect(reads.filter((after) => after === 20)).toHaveLength(1);
    await sub.close();
    await shared.close();
  });

  describe('with a log that hands over what this process committed', () => {
    /**
     * An in-memory log with a committed feed the test drives: appends go in quietly (nothing tells
     * the shared tail), and the test decides which runs it is handed, in which order. Nothing polls
     * in the test's time (a minute between reads), so an event arrives only as told.
     */
    function fedLog() {
      const memory = new InMemoryEventLog({ minPollMs: 60_000, maxPollMs: 60_000 });
      const listeners = new Set<CommittedListener>();
      const feed: CommittedFeed = {
        onCommitted: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
      const log: EventLog & CommittedFeed = { ...delegatingLog(memory, {}), ...feed };
      const read = memory.readAll.bind(memory);
      const readAll = vi.spyOn(memory, 'readAll');
      return {
        log,
        memory,
        /** Reads the log unseen by `readAll` (the tail's reads). */
        read,
        readAll,
        tell: (run: CommittedRun | null, announcedUpTo?: number) => {
          for (const listener of listeners) listener(run, announcedUpTo);
        },
        /** Appends `n` events quietly; returns them as stored. */
        appendQuietly: async (n: number): Promise<StoredEvent[]> => {
          const before = await memory.headPosition();
          await memory.appendMany([
            {
              streamId: `s:${before}`,
              events: range(1, n).map((i) => event(`Q${before + i}`)),
              expectedVersion: 'any',
            },
          ]);
          return read({ after: before });
        },
      };
    }

    const runOf = (events: StoredEvent[], previous: number): CommittedRun => ({
      previous,
      first: events[0]!.position,
      last: events.at(-1)!.position,
      events: () => events,
    });

    /** Lets every pending callback and promise of the tail run (no timer is due in the test). */
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    };

    /** A shared tail over `fed`, a subscriber at the head, and the tail's first read done. */
    async function tailAtHead(fed: ReturnType<typeof fedLog>) {
      const shared = sharedTail(fed.log, { polling: { minPollMs: 60_000, maxPollMs: 60_000 } });
      const got = recorder();
      const head = await fed.memory.headPosition();
      const sub = shared.subscribe(got.handler, { after: head });
      await vi.waitFor(() => expect(fed.readAll.mock.calls.some(([o]) => o.after === head)).toBe(true));
      await settle();
      fed.readAll.mockClear();
      return { shared, got, sub };
    }

    it('delivers a run that follows its end without reading it back', async () => {
      const fed = fedLog();
      await fed.appendQuietly(3);
      const { shared, got, sub } = await tailAtHead(fed);
      const a = await fed.appendQuietly(2);
      fed.tell(runOf(a, 3));
      const b = await fed.appendQuietly(4);
      fed.tell(runOf(b, 5));
      await vi.waitFor(() => expect(got.positions).toEqual(range(4, 9)));
      expect(fed.readAll).not.toHaveBeenCalled();
      await sub.close();
      await shared.close();
    });

    it('does not deliver a committed run after a gap before the gap fills, then delivers all in order', async () => {
      const fed = fedLog();
      await fed.appendQuietly(3);
      const { shared, got, sub } = await tailAtHead(fed);
      // Positions 4-5 are committed by an append still to be handed over; 6-7 come first.
      const early = await fed.appendQuietly(2);
      const late = await fed.appendQuietly(2);
      fed.tell(runOf(late, 5));
      await settle();
      expect(got.positions).toEqual([]);
      fed.tell(runOf(early, 3));
      await vi.waitFor(() => expect(got.positions).toEqual(range(4, 7)));
      // A run told twice, or one the tail has passed, is not delivered again.
      fed.tell(runOf(late, 5));
      fed.tell(runOf(early, 3));
      await settle();
      expect(got.positions).toEqual(range(4, 7));
      expect(fed.readAll).not.toHaveBeenCalled();
      await sub.close();
      await shared.close();
    });

    it('fills a gap it is not handed from the log, then the run waiting behind it', async () => {
      const fed = fedLog();
      await fed.appendQuietly(3);
      const { shared, got, sub } = await tailAtHead(fed);
      // 4-6: another process's append (only the log has it); 7-8: this process's, handed over.
      await fed.appendQuietly(3);
      const own = await fed.appendQuietly(2);
      // Only the log up to 6 is visible to the next read (as when 7-8 are not yet visible there).
      fed.readAll.mockImplementationOnce(async (options) =>
        (await fed.read(options)).filter((e) => e.position <= 6),
      );
      fed.tell(runOf(own, 6));
      await settle();
      expect(got.positions).toEqual([]);
      fed.tell(null); // the other process's append is announced
      await vi.waitFor(() => expect(got.positions).toEqual(range(4, 8)));
      expect(fed.readAll).toHaveBeenCalledTimes(1);
      await sub.close();
      await shared.close();
    });

    it('reads the log for an announced append only when no run brings the end to it', async () => {
      const fed = fedLog();
      await fed.appendQuietly(3);
      const { shared, got, sub } = await tailAtHead(fed);
      // This process's append, announced before its run arrives: the run covers it.
      const own = await fed.appendQuietly(2);
      fed.tell(null, 5);
      fed.tell(runOf(own, 3));
      await vi.waitFor(() => expect(got.positions).toEqual(range(4, 5)));
      // Announced at or below the end: nothing to read.
      fed.tell(null, 4);
      fed.tell(null, 5);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await settle();
      expect(fed.readAll).not.toHaveBeenCalled();
      // Another process's append (6-7), announced: no run comes, the log is read.
      await fed.appendQuietly(2);
      fed.tell(null, 7);
      await vi.waitFor(() => expect(got.positions).toEqual(range(4, 7)));
      expect(fed.readAll).toHaveBeenCalled();
      await sub.close();
      await shared.close();
    });

    it('gives a subscriber that was just served the appends of a short while at once', async () => {
      const fed = fedLog();
      await fed.appendQuietly(3);
      const shared = sharedTail(fed.log, {
        polling: { minPollMs: 60_000, maxPollMs: 60_000 },
        minDeliveryIntervalMs: 1_000,
      });
      const batches: number[][] = [];
      const sub = shared.subscribe((events) => void batches.push(events.map((e) => e.position)), {
        after: 3,
      });
      await vi.waitFor(() => expect(fed.readAll).toHaveBeenCalled());
      await settle();
      // A quiet subscriber gets the first append at once; the next two, told right after, together.
      const first = await fed.appendQuietly(1);
      const second = await fed.appendQuietly(2);
      const third = await fed.appendQuietly(1);
      fed.tell(runOf(first, 3));
      await vi.waitFor(() => expect(batches).toEqual([[4]]));
      fed.tell(runOf(second, 4));
      await settle();
      fed.tell(runOf(third, 6));
      await vi.waitFor(() => expect(batches).toEqual([[4], [5, 6, 7]]), { timeout: 5_000 });
      await sub.close();
      await shared.close();
    });

    it('keeps from a read only what lies past the runs handed over meanwhile', async () => {
      const fed = fedLog();
      await fed.appendQuietly(2);
      const { shared, got, sub } = await tailAtHead(fed);
      const a = await fed.appendQuietly(3);
      const b = await fed.appendQuietly(3);
      // The read after 2 answers 3-8 but only after run 3-5 was handed over.
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      fed.readAll.mockImplementationOnce(async (options) => {
        const events = await fed.read(options);
        await answered;
        return events;
      });
      fed.tell(null);
      await vi.waitFor(() => expect(fed.readAll).toHaveBeenCalledTimes(1));
      fed.tell(runOf(a, 2));
      await vi.waitFor(() => expect(got.positions).toEqual(range(3, 5)));
      answer();
      await vi.waitFor(() => expect(got.positions).toEqual(range(3, 8)));
      // Run 6-8 arrives after the read delivered it: nothing twice.
      fed.tell(runOf(b, 5));
      await settle();
      expect(got.positions).toEqual(range(3, 8));
      await sub.close();
      await shared.close();
    });
  });
});
