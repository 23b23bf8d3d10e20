import { delegatingLog } from './delegating-log.ts';
import type { AppendResult, AppendToStream, EventLog, ExpectedVersion, NewEvent } from './event-log.port.ts';

export interface GroupCommitOptions {
  /** Flush as soon as this many events wait (default 2000). */
  maxEvents?: number;
  /** Flush at the latest this long after the first waiting append (default 2 ms). */
  maxWaitMs?: number;
  /** Flushes in flight at once (default 2); appends arriving meanwhile wait for the next one. */
  maxInFlight?: number;
}

interface Waiting {
  streamId: string;
  events: NewEvent[];
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit for appends that need no version check (`'any'`, such as usage tracking): appends
 * wait in a short buffer, flushed as one atomic `appendMany` when it holds `maxEvents` events or
 * `maxWaitMs` after the first one arrived. Each append resolves only once its flush is stored, so
 * an acknowledged append is in the log. Under load, appends arriving while a flush is in flight
 * gather into the next, so one log write carries many calls. If a flush fails as a whole (one bad
 * append), its appends are written one by one, so only the bad one fails. `close()` flushes what
 * waits and refuses later appends.
 */
export class GroupCommit {
  private waiting: Waiting[] = [];
  private waitingEvents = 0;
  private timer: NodeJS.Timeout | undefined;
  private inFlight = 0;
  private readonly flushes = new Set<Promise<void>>();
  private closed = false;
  private readonly maxEvents: number;
  private readonly maxWaitMs: number;
  private readonly maxInFlight: number;
  /** Appends and flushes so far (health and benches). */
  readonly counters = { appends: 0, flushes: 0, events: 0 };

  constructor(
    private readonly log: EventLog,
    options: GroupCommitOptions = {},
  ) {
    this.maxEvents = options.maxEvents ?? 2000;
    this.maxWaitMs = options.maxWaitMs ?? 2;
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('The group commit is closed'));
    if (expectedVersion !== 'any') return this.log.append(streamId, events, expectedVersion);
    return new Promise((resolve, reject) => {
      this.waiting.push({ streamId, events, resolve, reject });
      this.waitingEvents += events.length;
      if (this.waitingEvents >= this.maxEvents) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.maxWaitMs);
    });
  }

  /** The log with `append` going through this group commit (everything else goes to the log). */
  asEventLog(): EventLog {
    return delegatingLog(this.log, {
      append: (streamId, events, expectedVersion) => this.append(streamId, events, expectedVersion),
      close: () => this.close(),
    });
  }

  /** Flushes what waits and refuses later appends; resolves once every flush has finished. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.waiting.length > 0 || this.flushes.size > 0) {
      this.flush();
      await Promise.all(this.flushes);
    }
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.length === 0) return;
    // At the limit of flushes in flight, the next one starts when one ends.
    if (this.inFlight >= this.maxInFlight) return;
    const taken = this.waiting.splice(0, this.waiting.length);
    this.waitingEvents = 0;
    this.inFlight++;
    const flush = this.write(taken).finally(() => {
      this.inFlight--;
      this.flushes.delete(flush);
      // What arrived during the write has waited already: it goes now.
      if (this.waiting.length > 0) this.flush();
    });
    this.flushes.add(flush);
  }

  private async write(taken: Waiting[]): Promise<void> {
    // One batch per stream (appendMany takes each stream once), its events in arrival order.
    const byStream = new Map<string, { batch: AppendToStream; members: Waiting[] }>();
    for (const w of taken) {
      const entry = byStream.get(w.streamId);
      if (entry) {
        entry.batch.events.push(...w.events);
        entry.members.push(w);
      } else {
        byStream.set(w.streamId, {
          batch: { streamId: w.streamId, events: [...w.events], expectedVersion: 'any' },
          members: [w],
        });
      }
    }
    const groups = [...byStream.values()];
    let results: AppendResult[];
    try {
      results = await this.log.appendMany(groups.map((g) => g.batch));
    } catch {
      // One bad append must not fail the others: write each on its own.
      await Promise.all(
        taken.map((w) => this.log.append(w.streamId, w.events, 'any').then(w.resolve, w.reject)),
      );
      return;
    }
    this.counters.flushes++;
    groups.forEach((group, i) => {
      const result = results[i]!;
      // Versions of one stream's appends follow their arrival order within the batch.
      let version = result.nextExpectedVersion - group.batch.events.length;
      for (const member of group.members) {
        version += member.events.length;
        this.counters.appends++;
        this.counters.events += member.events.length;
        member.resolve({ nextExpectedVersion: version, lastPosition: result.lastPosition });
      }
    });
  }
}
