/**
 * The catalogue projection over a shared Elasticsearch index, run by every API process.
 *
 * - One writer per projection version: the process holding the writer lease (`es-writer-lease.ts`)
 *   applies events after the version's checkpoint to the index (buffered, one `_bulk` flush per
 *   batch of events, each write versioned by its event's log position), then records the batch's
 *   last position as the checkpoint. Events at or below the checkpoint are already in the index.
 * - Every other process only keeps its in-process chemicals table (which cards are rendered with):
 *   it applies a batch's chemical events once the checkpoint has reached the batch, so it never
 *   reports a position as applied before searches show it (read-your-writes through
 *   `waitForPosition` holds in every process, within the writer's lag plus one poll).
 * - A process that is not the writer tries to take the lease while it waits, so when the writer
 *   dies another process continues from the checkpoint. Two writers for a moment (a lease lost
 *   unnoticed) write the same documents at the same versions: the older write loses (409, ignored).
 * - Activation: once the writer's checkpoint reaches the log head it saw when it took the lease,
 *   it moves the read alias to its version's index in one atomic call (`es-alias.ts`).
 */
import type { StoredEvent } from '../../event-log/event-log.port.ts';
import type { ElasticsearchSearchIndex } from './elasticsearch-search-index.adapter.ts';
import type { AliasSwap } from './es-alias.ts';
import { ElasticsearchUnavailableError } from './es-errors.ts';
import type { WriterLease } from './es-writer-lease.ts';

export interface ReplicaIndex {
  index: ElasticsearchSearchIndex;
  readCheckpoint(): Promise<number>;
  writeCheckpoint(position: number): Promise<void>;
  activate(): Promise<AliasSwap>;
  aliasExists(): Promise<boolean>;
}

export interface ReplicaLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EsCatalogueReplicaOptions {
  opened: ReplicaIndex;
  lease: WriterLease;
  /** Event types every process applies to its own memory (the chemicals). */
  localTypes: ReadonlySet<string>;
  /** The event log's head position (activation waits for the index to reach it). */
  headPosition(): Promise<number>;
  /** How often a waiting process reads the checkpoint (default 50 ms). */
  pollMs?: number;
  /** How often a process that is not the writer tries to take the lease (default 1 s). */
  leaseRetryMs?: number;
  now?: () => number;
  log?: ReplicaLogger;
}

export type ApplyEvents = (events: readonly StoredEvent[]) => Promise<void>;

export class EsCatalogueReplica {
  private readonly options: EsCatalogueReplicaOptions;
  private readonly now: () => number;
  /** The checkpoint as this writer last wrote or read it; unknown until the lease is taken. */
  private checkpoint: number | undefined;
  /** The position at which the writer moves the alias (the head it saw when it took the lease). */
  private activateAt: number | undefined;
  private activated = false;
  private lastLeaseTry = Number.NEGATIVE_INFINITY;
  private closed = false;
  private wake: (() => void) | undefined;

  constructor(options: EsCatalogueReplicaOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  get role(): 'writer' | 'reader' {
    return this.options.lease.held ? 'writer' : 'reader';
  }

  /**
   * Tries the lease once; the writer activates its version at once when the index already holds
   * the whole log, and an alias that does not exist yet is created on this version's index.
   */
  async start(): Promise<void> {
    await this.ensureLease(true);
    if (this.options.lease.held) await this.maybeActivate();
    else if (!(await this.options.opened.aliasExists())) await this.options.opened.activate();
  }

  /** Applies one batch of events in order (see the module comment); `apply` is the projection's. */
  async deliver(events: readonly StoredEvent[], apply: ApplyEvents): Promise<void> {
    if (events.length === 0) return;
    const last = events.at(-1)!.position;
    for (;;) {
      if (this.closed) throw new ElasticsearchUnavailableError('the catalogue replica is closed');
      await this.ensureLease(false);
      if (this.options.lease.held) return this.write(events, apply);
      if ((await this.options.opened.readCheckpoint()) >= last) return this.applyLocal(events, apply);
      await this.pause(this.options.pollMs ?? 50);
    }
  }

  /**
   * Stops waiting: a batch waiting for the checkpoint fails at once (so the runtime can stop while
   * the writer is behind), and no new batch is applied. A write under way completes.
   */
  interrupt(): void {
    this.closed = true;
    this.wake?.();
  }

  async close(): Promise<void> {
    this.interrupt();
    await this.options.lease.release();
  }

  private async write(events: readonly StoredEvent[], apply: ApplyEvents): Promise<void> {
    const { index } = this.options.opened;
    this.checkpoint ??= await this.options.opened.readCheckpoint();
    const checkpoint = this.checkpoint;
    await this.applyLocal(
      events.filter((e) => e.position <= checkpoint),
      apply,
    );
    for (const event of events) {
      if (event.position <= checkpoint) continue;
      index.atPosition(event.position);
      await apply([event]);
    }
    await index.flush();
    const last = events.at(-1)!.position;
    if (!this.options.lease.held) {
      this.checkpoint = undefined;
      throw new ElasticsearchUnavailableError('the catalogue writer lease was lost before its checkpoint');
    }
    if (last > checkpoint) {
      await this.options.opened.writeCheckpoint(last);
      this.checkpoint = last;
    }
    await this.maybeActivate();
  }

  /** Events the index already holds: only the in-process chemicals table changes. */
  private async applyLocal(events: readonly StoredEvent[], apply: ApplyEvents): Promise<void> {
    const local = events.filter((e) => this.options.localTypes.has(e.type));
    if (local.length === 0) return;
    const { index } = this.options.opened;
    index.writes = false;
    try {
      await apply(local);
    } finally {
      index.writes = true;
    }
  }

  private async ensureLease(force: boolean): Promise<void> {
    const { lease } = this.options;
    if (lease.held) return;
    if (this.checkpoint !== undefined) {
      // Lost since the last batch: read the checkpoint again when taken again.
      this.checkpoint = undefined;
      this.options.log?.warn({}, 'catalogue writer lease lost: this process only reads now');
    }
    if (!force && this.now() - this.lastLeaseTry < (this.options.leaseRetryMs ?? 1_000)) return;
    this.lastLeaseTry = this.now();
    if (!(await lease.tryAcquire())) return;
    this.checkpoint = await this.options.opened.readCheckpoint();
    this.activateAt = await this.options.headPosition();
    const { index } = this.options.opened;
    index.assumeEmpty = this.checkpoint === 0 && (await index.isEmpty());
    this.options.log?.info(
      { checkpoint: this.checkpoint, activateAt: this.activateAt },
      'catalogue writer lease taken: this process writes the Elasticsearch index',
    );
  }

  private async maybeActivate(): Promise<void> {
    if (this.activated || this.checkpoint === undefined || this.activateAt === undefined) return;
    if (this.checkpoint < this.activateAt) return;
    const swap = await this.options.opened.activate();
    this.activated = true;
    this.options.log?.info({ ...swap, position: this.checkpoint }, 'catalogue index version activated');
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
