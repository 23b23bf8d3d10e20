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
 *   it moves the read alias to its version's index in one atomic call (`es-alias.ts`), then deletes
 *   the indices of older versions whose writer lease is free (`retireOlderVersions`).
 * - Restart: the writer saves the chemicals table (`<alias>-chemicals`, one document per version,
 *   versioned by log position) after flushing a batch that changed a chemical, before writing the
 *   checkpoint. A process that starts (`resume`) loads that table and continues after the checkpoint
 *   (or the snapshot, when a writer stopped between the two): it does not read the log from the start.
 */
import type { StoredEvent } from '../../event-log/event-log.port.ts';
import type { Chemical } from '../catalogue.types.ts';
import type { ElasticsearchSearchIndex } from './elasticsearch-search-index.adapter.ts';
import type { AliasSwap } from './es-alias.ts';
import type { ChemicalsSnapshot } from './es-client.ts';
import { ElasticsearchUnavailableError } from './es-errors.ts';
import type { WriterLease } from './es-writer-lease.ts';

export interface ReplicaIndex {
  index: ElasticsearchSearchIndex;
  readCheckpoint(): Promise<number>;
  writeCheckpoint(position: number): Promise<void>;
  readChemicals(): Promise<ChemicalsSnapshot | null>;
  writeChemicals(position: number, chemicals: readonly Chemical[]): Promise<void>;
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
  /**
   * Called once the alias names this process's version (after the writer moved it, or found it
   * moved): deletes older versions' indices and returns their names. A failure is only logged.
   */
  retireOlderVersions?: () => Promise<string[]>;
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
  /** The position of the chemicals snapshot known to be saved (-1: none known). */
  private chemicalsAt = -1;
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

  /**
   * Where this process's projection starts (see the module comment): fills the chemicals table from
   * the saved snapshot and returns the position it resumes after, or 0 (the whole log) when no
   * snapshot is saved. Read the checkpoint first: a snapshot read after it is as of the checkpoint or
   * later, never earlier than a chemical event the checkpoint covers.
   */
  async resume(): Promise<number> {
    const checkpoint = await this.options.opened.readCheckpoint();
    const saved = await this.options.opened.readChemicals();
    if (saved === null) return 0;
    const table = this.options.opened.index.chemicals;
    for (const chemical of saved.chemicals) table.upsert(chemical);
    this.chemicalsAt = saved.position;
    return Math.max(checkpoint, saved.position);
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
    // The chemicals snapshot goes before the checkpoint: every chemical event the checkpoint covers
    // is in a saved snapshot, and a snapshot is only saved once the index holds its position.
    const { localTypes } = this.options;
    if (this.chemicalsAt < 0 || events.some((e) => e.position > this.chemicalsAt && localTypes.has(e.type))) {
      await this.options.opened.writeChemicals(last, [...index.chemicals.known().values()]);
      this.chemicalsAt = last;
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
    if (swap.reason === 'newer-version-active' || !this.options.retireOlderVersions) return;
    try {
      const deleted = await this.options.retireOlderVersions();
      if (deleted.length > 0) this.options.log?.info({ deleted }, 'older catalogue index versions deleted');
    } catch (error) {
      this.options.log?.warn({ err: error }, 'older catalogue index versions could not be deleted');
    }
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
