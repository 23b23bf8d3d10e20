import { type EventLog, migrate, type SqlClient, type StoredEvent } from '@scentinel/platform';
import { BatchApplier } from './batch-applier.ts';
import { BuildManager } from './build-manager.ts';
import { retryDeadLetters } from './dead-letter-retry.ts';
import { errorMessage, ProjectionUsageError } from './errors.ts';
import { LiveRunners } from './live-runners.ts';
import {
  type InProcessProjection,
  type PostgresProjection,
  type Projection,
  validateProjection,
  versionedTableName,
} from './projection.ts';
import {
  activeBuild,
  type DeadLetter,
  type DeadLetterFilter,
  listBuilds,
  listCheckpoints,
  listDeadLetters,
  openDeadLetterSummary,
  readCheckpoint,
} from './projection-store.ts';
import { projectionMigrations } from './projections.migrations.ts';
import type {
  ActivateResult,
  Logger,
  Outcome,
  ProjectionInfo,
  ProjectionRuntimeOptions,
  ProjectionStatus,
  RebuildOptions,
  RebuildResult,
  RetryResult,
} from './runtime-types.ts';
import { projectionStatuses } from './status-report.ts';

export type {
  ActivateResult,
  ProjectionInfo,
  ProjectionRuntimeOptions,
  ProjectionStatus,
  RebuildOptions,
  RebuildProgress,
  RebuildResult,
  RetryResult,
  RunStatus,
} from './runtime-types.ts';

const DEFAULTS = { batchSize: 500, stallAfterMs: 30_000, syncIntervalMs: 2_000 };

/**
 * Runs projections from the event log (Marten's operations model):
 * live from a checkpoint with dead letters, blue/green rebuilds, activation, lag and stall health.
 * The work is done by the live runners (`live-runners.ts`), the build manager (`build-manager.ts`),
 * the batch applier (`batch-applier.ts`), the health report (`status-report.ts`) and dead-letter
 * retries (`dead-letter-retry.ts`); this class keeps them in step.
 */
export class ProjectionRuntime {
  private readonly sql: SqlClient;
  private readonly eventLog: EventLog;
  private readonly registry = new Map<string, Projection>();
  private readonly log: Logger | undefined;
  private readonly stallAfterMs: number;
  private readonly syncIntervalMs: number;
  private readonly autoRebuild: boolean;
  private readonly now: () => number;

  private readonly applier: BatchApplier;
  /** The live build per projection name (the active one). */
  private readonly live: LiveRunners;
  private readonly builds: BuildManager;
  /** Why an active build is not run here (code version mismatch). */
  private readonly notRunnable = new Map<string, string>();
  /** Why a projection could not be started by the last sync. */
  private readonly syncErrors = new Map<string, string>();
  private readonly autoRebuildTried = new Set<string>();
  private started = false;
  private stopping = false;
  private syncTimer: NodeJS.Timeout | undefined;
  private syncChain: Promise<unknown> = Promise.resolve();
  private migrated: Promise<unknown> | undefined;

  constructor(options: ProjectionRuntimeOptions) {
    this.sql = options.sql;
    this.eventLog = options.eventLog;
    this.log = options.logger;
    const batchSize = options.batchSize ?? DEFAULTS.batchSize;
    this.stallAfterMs = options.stallAfterMs ?? DEFAULTS.stallAfterMs;
    this.syncIntervalMs = options.syncIntervalMs ?? DEFAULTS.syncIntervalMs;
    this.autoRebuild = options.autoRebuild ?? true;
    this.now = options.now ?? Date.now;
    for (const p of options.projections) {
      validateProjection(p);
      if (this.registry.has(p.name)) throw new Error(`Projection ${p.name} is registered twice`);
      this.registry.set(p.name, p);
    }
    this.applier = new BatchApplier(this.sql, this.log, () => this.live.notify());
    this.live = new LiveRunners({
      sql: this.sql,
      eventLog: this.eventLog,
      applier: this.applier,
      batchSize,
      log: this.log,
      onRetired: () => void this.sync().catch(() => {}),
    });
    this.builds = new BuildManager({
      sql: this.sql,
      eventLog: this.eventLog,
      applier: this.applier,
      batchSize,
      log: this.log,
      now: this.now,
      isStopping: () => this.stopping,
      afterActivate: async () => {
        if (this.started) await this.sync();
      },
    });
  }

  /** Creates the runtime's tables if needed (once per runtime; every public operation awaits it). */
  private ready(): Promise<unknown> {
    this.migrated ??= migrate(this.sql, projectionMigrations).catch((error) => {
      this.migrated = undefined;
      throw error;
    });
    return this.migrated;
  }

  // ---------------------------------------------------------------- registry

  projections(): Projection[] {
    return [...this.registry.values()];
  }

  /** The registered projection; `ProjectionUsageError` naming the known ones if absent. */
  projection(name: string): Projection {
    const p = this.registry.get(name);
    if (!p) {
      const known = [...this.registry.keys()].join(', ') || '(none)';
      throw new ProjectionUsageError(`Unknown projection "${name}". Known projections: ${known}`);
    }
    return p;
  }

  private postgresProjection(name: string): PostgresProjection {
    const p = this.projection(name);
    if (p.kind !== 'postgres') {
      throw new ProjectionUsageError(
        `${name} is an in-process projection: it has no stored builds and is rebuilt from the log when its process starts`,
      );
    }
    return p;
  }

  async list(): Promise<ProjectionInfo[]> {
    await this.ready();
    const builds = await listBuilds(this.sql);
    return this.projections().map((p) => ({
      name: p.name,
      kind: p.kind,
      codeVersion: p.version,
      ...(p.description !== undefined && { description: p.description }),
      ...(p.handles !== undefined && { handles: p.handles }),
      builds: builds.filter((b) => b.name === p.name),
    }));
  }

  /** The table reads should use now, e.g. `usage_daily_v3`. Reads the active build each call. */
  async activeTable(name: string, base: string): Promise<string> {
    this.postgresProjection(name);
    await this.ready();
    const build = await activeBuild(this.sql, name);
    if (!build) throw new Error(`Projection ${name} has no active build yet (start the projection runtime)`);
    if (!build.tables.includes(base))
      throw new Error(`Projection ${name} v${build.version} has no table "${base}"`);
    return versionedTableName(base, build.version);
  }

  /**
   * Runs each projection's active build live from its checkpoint. A Postgres projection with no
   * build yet gets its first build (version = code version), active at once. A projection that
   * cannot start does not make this throw: it shows as `failed` in `status()` and is retried every
   * `syncIntervalMs`, which also picks up activations made by other processes.
   */
  async start(): Promise<void> {
    if (this.started) return;
    await this.ready();
    this.started = true;
    await this.sync();
    this.syncTimer = setInterval(() => {
      this.sync().catch((error) => this.log?.error({ err: error }, 'projection sync failed'));
    }, this.syncIntervalMs);
    this.syncTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.syncTimer);
    await this.syncChain.catch(() => {});
    await this.live.stopAll();
    await Promise.allSettled([...this.builds.rebuilding.values()].map((r) => r.done));
    this.started = false;
    this.stopping = false;
  }

  /** Aligns live runners with the active builds (serialised). */
  private sync(): Promise<void> {
    const run = this.syncChain.then(() => this.syncNow());
    this.syncChain = run.catch(() => {});
    return run;
  }

  private async syncNow(): Promise<void> {
    if (!this.started || this.stopping) return;
    for (const p of this.registry.values()) {
      // One projection that cannot start (database down, broken setup SQL) must not hold back the
      // others; it shows as failed in status() and the next sync tries again.
      try {
        await this.syncOne(p);
        this.syncErrors.delete(p.name);
      } catch (error) {
        this.syncErrors.set(p.name, errorMessage(error));
        this.log?.error({ err: error, projection: p.name }, 'projection could not start');
      }
    }
  }

  private async syncOne(p: Projection): Promise<void> {
    if (p.kind === 'in-process') {
      if (!this.live.has(p.name)) this.live.start(p, p.version, (await p.load?.()) ?? 0);
      return;
    }
    const active = (await activeBuild(this.sql, p.name)) ?? (await this.builds.createFirstBuild(p));
    const runner = this.live.get(p.name);
    if (runner?.version === active.version) return;
    if (runner) {
      await this.live.remove(p.name);
      this.log?.info(
        { projection: p.name, from: runner.version, to: active.version },
        'projection switched build',
      );
    }
    if (active.codeVersion !== p.version) {
      this.notRunnable.set(
        p.name,
        `active build v${active.version} was made by code version ${active.codeVersion}, this code is version ${p.version}: rebuild it`,
      );
      if (this.autoRebuild && !this.builds.rebuilding.has(p.name) && !this.autoRebuildTried.has(p.name)) {
        this.autoRebuildTried.add(p.name);
        this.log?.info({ projection: p.name }, 'code version changed: rebuilding blue/green');
        this.rebuild(p.name).catch((error) =>
          this.log?.error({ err: error, projection: p.name }, 'automatic rebuild failed'),
        );
      }
      return;
    }
    this.notRunnable.delete(p.name);
    this.live.start(p, active.version, await readCheckpoint(this.sql, p.name, active.version));
  }

  /**
   * Applies a batch to a projection's live build, as the live loop does (dead letters, position
   * checks). For fan-out adapters that receive batches themselves, and for tests.
   */
  async deliver(name: string, events: StoredEvent[]): Promise<Outcome> {
    const p = this.projection(name);
    await this.ready();
    const sorted = [...events].sort((a, b) => a.position - b.position);
    const runner = this.live.get(name);
    if (runner) return this.applier.deliverTo(runner, sorted, 'live');
    if (p.kind === 'in-process') throw new ProjectionUsageError(`${name} is not running in this process`);
    const active = await activeBuild(this.sql, name);
    if (!active) throw new ProjectionUsageError(`${name} has no active build`);
    const target = this.applier.target(
      p,
      active.version,
      await readCheckpoint(this.sql, name, active.version),
    );
    return this.applier.deliverTo(target, sorted, 'live');
  }

  /**
   * Resolves true once every projection running here has applied `position` (at once when none
   * runs here), false after `timeoutMs`. The API awaits it so a write can be read back.
   */
  waitForPosition(position: number, timeoutMs = 5_000): Promise<boolean> {
    return this.live.waitForPosition(position, timeoutMs);
  }

  // ---------------------------------------------------------------- rebuild & activate

  /**
   * Blue/green rebuild of a Postgres projection: a new build (version = highest so far + 1) with its
   * own tables beside the active one, the whole log replayed into it in rebuild mode (stops on the
   * first failing event and marks the build failed), then activated (unless `activate: false`).
   * A build this code version left `building` (its process died) is resumed from its checkpoint;
   * other unfinished builds (ready, failed) are dropped first.
   */
  async rebuild(name: string, options: RebuildOptions = {}): Promise<RebuildResult> {
    const p = this.postgresProjection(name);
    await this.ready();
    return this.builds.rebuild(p, options);
  }

  /**
   * Switches reads to a `ready` build in one transaction (the old active build is retired and its
   * tables dropped in the same transaction), then runs the new build live here if started.
   */
  async activate(name: string, version: number): Promise<ActivateResult> {
    const p = this.postgresProjection(name);
    await this.ready();
    return this.builds.activate(p, version);
  }

  // ---------------------------------------------------------------- health

  async status(): Promise<ProjectionStatus[]> {
    await this.ready();
    const [head, builds, checkpoints, deadLetters] = await Promise.all([
      this.eventLog.headPosition(),
      listBuilds(this.sql),
      listCheckpoints(this.sql),
      openDeadLetterSummary(this.sql),
    ]);
    return projectionStatuses({
      projections: this.registry.values(),
      head,
      builds,
      checkpoints,
      deadLetters,
      now: this.now(),
      stallAfterMs: this.stallAfterMs,
      live: (name) => this.live.get(name),
      rebuildingVersion: (name) => this.builds.rebuilding.get(name)?.version,
      syncErrors: this.syncErrors,
      notRunnable: this.notRunnable,
    });
  }

  // ---------------------------------------------------------------- dead letters

  async deadLetters(filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
    if (filter.projection !== undefined) this.projection(filter.projection);
    await this.ready();
    return listDeadLetters(this.sql, filter);
  }

  /**
   * Re-applies open dead letters in log order and marks each retried in the same transaction as its
   * read-model write. A dead letter that fails again stays open with the new error. In-process
   * projections can only be retried by the process that runs them.
   */
  async retryDeadLetters(filter: { projection?: string; id?: number } = {}): Promise<RetryResult> {
    const letters = await this.deadLetters({ ...filter, limit: 100_000 });
    if (filter.id !== undefined && letters.length === 0) {
      throw new ProjectionUsageError(`No open dead letter with id ${filter.id}`);
    }
    return retryDeadLetters(
      {
        sql: this.sql,
        applier: this.applier,
        projection: (name) => this.registry.get(name),
        live: (name) => this.live.get(name),
      },
      letters,
    );
  }
}

export type { InProcessProjection, PostgresProjection, Projection };
