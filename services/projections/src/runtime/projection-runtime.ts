import {
  type EventLog,
  isPgError,
  migrate,
  type SqlClient,
  type StoredEvent,
  type Subscription,
} from '@scentinel/platform';
import {
  errorMessage,
  isTransientError,
  ProjectionApplyError,
  ProjectionUsageError,
  RebuildFailedError,
} from './errors.ts';
import { isStalled, type LagWatch, lagOf, watchLag } from './lag.ts';
import {
  type InProcessProjection,
  type PostgresProjection,
  type Projection,
  type ProjectionContext,
  projectionContext,
  handles as projectionHandles,
  validateProjection,
  versionedTableName,
} from './projection.ts';
import {
  activeBuild,
  type Build,
  type BuildStatus,
  type DeadLetter,
  type DeadLetterFilter,
  dropBuildTables,
  insertBuild,
  insertDeadLetter,
  listBuilds,
  listCheckpoints,
  listDeadLetters,
  lockBuilds,
  lockCheckpoint,
  markRetried,
  openDeadLetterSummary,
  readCheckpoint,
  setBuildStatus,
  setDeadLetterError,
  writeCheckpoint,
} from './projection-store.ts';
import { projectionMigrations } from './projections.migrations.ts';

export type RunStatus = 'running' | 'stopped' | 'failed' | 'rebuilding' | 'stalled';

/** One projection build's health; fits the API health report (`services/api/src/deps.ts`). */
export interface ProjectionStatus {
  name: string;
  kind: Projection['kind'];
  /** Build version (Postgres) or code version (in-process). */
  version: number;
  /** Whether reads use this build. */
  active: boolean;
  /** The build's state in `projection_versions` (Postgres projections only). */
  build?: BuildStatus;
  position: number;
  /** Log head position − position. */
  lag: number;
  /** As seen from this process: a build nobody runs here is `stopped`. */
  status: RunStatus;
  lastError?: string;
  /** Open (not yet retried) dead letters. */
  deadLetters: number;
}

export interface ProjectionInfo {
  name: string;
  kind: Projection['kind'];
  codeVersion: number;
  description?: string;
  handles?: readonly string[];
  /** Postgres projections: every build recorded, oldest first. */
  builds: Build[];
}

export interface RebuildProgress {
  name: string;
  version: number;
  /** The new build's checkpoint. */
  position: number;
  /** The log head when this batch was applied. */
  head: number;
  /** Events read from the log so far. */
  replayed: number;
}

export interface RebuildOptions {
  onProgress?: (progress: RebuildProgress) => void;
  /** Switch reads to the new build when it has caught up (default true); false leaves it `ready`. */
  activate?: boolean;
}

export interface RebuildResult {
  name: string;
  version: number;
  position: number;
  replayed: number;
  durationMs: number;
  activated: boolean;
  /** The build that was active before (its tables are dropped on activation). */
  previousVersion?: number;
}

export interface ActivateResult {
  name: string;
  version: number;
  previousVersion?: number;
  changed: boolean;
}

export interface RetryResult {
  retried: number[];
  failed: { id: number; error: string }[];
  skipped: { id: number; reason: string }[];
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ProjectionRuntimeOptions {
  sql: SqlClient;
  eventLog: EventLog;
  projections: readonly Projection[];
  logger?: Logger;
  /** Events per read/apply batch (default 500). */
  batchSize?: number;
  /** Behind the head with no progress for this long → `stalled` (default 30 s). */
  stallAfterMs?: number;
  /** How often a started runtime re-reads which build is active (activation by another process; default 2 s). */
  syncIntervalMs?: number;
  /**
   * On start, rebuild (blue/green) a Postgres projection whose active build was made by another
   * code version (default true). Only this process guards against a second concurrent rebuild.
   */
  autoRebuild?: boolean;
  now?: () => number;
}

type Outcome = 'ok' | 'retired';

/** A build being fed events: live, rebuilding, or a delivery. */
interface Target {
  projection: Projection;
  version: number;
  ctx: ProjectionContext;
  /** Last applied position known in memory (the stored checkpoint is authoritative). */
  position: number;
  /** Serialises deliveries to this target. */
  queue: Promise<unknown>;
}

interface LiveRunner extends Target {
  state: 'running' | 'failed' | 'stopped';
  subscription?: Subscription;
  lastError?: string;
  failures: number;
  retryTimer?: NodeJS.Timeout;
  lagWatch?: LagWatch;
}

const DEFAULTS = { batchSize: 500, stallAfterMs: 30_000, syncIntervalMs: 2_000 };
const MAX_BACKOFF_MS = 30_000;

/**
 * Runs projections from the event log (Marten's operations model):
 * live from a checkpoint with dead letters, blue/green rebuilds, activation, lag and stall health.
 */
export class ProjectionRuntime {
  private readonly sql: SqlClient;
  private readonly eventLog: EventLog;
  private readonly registry = new Map<string, Projection>();
  private readonly log: Logger | undefined;
  private readonly batchSize: number;
  private readonly stallAfterMs: number;
  private readonly syncIntervalMs: number;
  private readonly autoRebuild: boolean;
  private readonly now: () => number;

  /** The live build per projection name (the active one). */
  private readonly live = new Map<string, LiveRunner>();
  private readonly rebuilding = new Map<string, { version: number; done: Promise<unknown> }>();
  /** Why an active build is not run here (code version mismatch). */
  private readonly notRunnable = new Map<string, string>();
  /** Why a projection could not be started by the last sync. */
  private readonly syncErrors = new Map<string, string>();
  private readonly autoRebuildTried = new Set<string>();
  private readonly waiters = new Set<() => void>();
  private started = false;
  private stopping = false;
  private syncTimer: NodeJS.Timeout | undefined;
  private syncChain: Promise<unknown> = Promise.resolve();
  private migrated: Promise<unknown> | undefined;

  constructor(options: ProjectionRuntimeOptions) {
    this.sql = options.sql;
    this.eventLog = options.eventLog;
    this.log = options.logger;
    this.batchSize = options.batchSize ?? DEFAULTS.batchSize;
    this.stallAfterMs = options.stallAfterMs ?? DEFAULTS.stallAfterMs;
    this.syncIntervalMs = options.syncIntervalMs ?? DEFAULTS.syncIntervalMs;
    this.autoRebuild = options.autoRebuild ?? true;
    this.now = options.now ?? Date.now;
    for (const p of options.projections) {
      validateProjection(p);
      if (this.registry.has(p.name)) throw new Error(`Projection ${p.name} is registered twice`);
      this.registry.set(p.name, p);
    }
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

  // ---------------------------------------------------------------- live

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
    await Promise.all([...this.live.values()].map((r) => this.stopRunner(r)));
    this.live.clear();
    await Promise.allSettled([...this.rebuilding.values()].map((r) => r.done));
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
      if (!this.live.has(p.name)) this.startRunner(p, p.version, (await p.load?.()) ?? 0);
      return;
    }
    const active = (await activeBuild(this.sql, p.name)) ?? (await this.createFirstBuild(p));
    const runner = this.live.get(p.name);
    if (runner?.version === active.version) return;
    if (runner) {
      this.live.delete(p.name);
      await this.stopRunner(runner);
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
      if (this.autoRebuild && !this.rebuilding.has(p.name) && !this.autoRebuildTried.has(p.name)) {
        this.autoRebuildTried.add(p.name);
        this.log?.info({ projection: p.name }, 'code version changed: rebuilding blue/green');
        this.rebuild(p.name).catch((error) =>
          this.log?.error({ err: error, projection: p.name }, 'automatic rebuild failed'),
        );
      }
      return;
    }
    this.notRunnable.delete(p.name);
    this.startRunner(p, active.version, await readCheckpoint(this.sql, p.name, active.version));
  }

  private async createFirstBuild(p: PostgresProjection): Promise<Build> {
    try {
      await this.sql.transaction(async (tx) => {
        const builds = await lockBuilds(tx, p.name);
        if (builds.some((b) => b.status === 'active')) return;
        const version = nextVersion(builds, p);
        await insertBuild(tx, {
          name: p.name,
          version,
          codeVersion: p.version,
          status: 'active',
          tables: p.tables,
        });
        await p.setup(tx, projectionContext(p, version));
      });
    } catch (error) {
      if (!isPgError(error, '23505')) throw error; // another process created it first
    }
    const active = await activeBuild(this.sql, p.name);
    if (!active) throw new Error(`Could not create the first build of ${p.name}`);
    return active;
  }

  private startRunner(projection: Projection, version: number, position: number): void {
    const runner: LiveRunner = {
      ...this.target(projection, version, position),
      state: 'running',
      failures: 0,
    };
    this.live.set(projection.name, runner);
    this.subscribe(runner);
  }

  private subscribe(runner: LiveRunner): void {
    runner.subscription = this.eventLog.subscribe((events) => this.deliverLive(runner, events), {
      after: runner.position,
      batchSize: this.batchSize,
      name: `${runner.projection.name}.v${runner.version}`,
      ...dataTypesOf(runner.projection),
      onError: (error) => this.onRunnerError(runner, error),
    });
  }

  private async deliverLive(runner: LiveRunner, events: StoredEvent[]): Promise<void> {
    if (runner.state === 'stopped') return;
    const outcome = await this.deliverTo(runner, events, 'live');
    if (runner.state === 'failed') {
      runner.state = 'running';
      runner.lastError = undefined;
    }
    runner.failures = 0;
    // Retired by an activation elsewhere: let sync switch to the new active build.
    if (outcome === 'retired') setTimeout(() => void this.sync().catch(() => {}), 0).unref();
  }

  private onRunnerError(runner: LiveRunner, error: unknown): void {
    runner.subscription = undefined;
    if (runner.state === 'stopped') return;
    runner.state = 'failed';
    runner.lastError = errorMessage(error);
    runner.failures += 1;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** (runner.failures - 1));
    this.log?.error(
      { err: error, projection: runner.projection.name, retryInMs: delay },
      'projection failed',
    );
    runner.retryTimer = setTimeout(() => void this.restartRunner(runner), delay);
    runner.retryTimer.unref();
  }

  private async restartRunner(runner: LiveRunner): Promise<void> {
    if (runner.state === 'stopped' || this.live.get(runner.projection.name) !== runner) return;
    try {
      if (runner.projection.kind === 'postgres') {
        runner.position = await readCheckpoint(this.sql, runner.projection.name, runner.version);
      }
      this.subscribe(runner);
    } catch (error) {
      this.onRunnerError(runner, error);
    }
  }

  private async stopRunner(runner: LiveRunner): Promise<void> {
    runner.state = 'stopped';
    clearTimeout(runner.retryTimer);
    await runner.subscription?.close();
    runner.subscription = undefined;
    await runner.queue.catch(() => {});
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
    if (runner) return this.deliverTo(runner, sorted, 'live');
    if (p.kind === 'in-process') throw new ProjectionUsageError(`${name} is not running in this process`);
    const active = await activeBuild(this.sql, name);
    if (!active) throw new ProjectionUsageError(`${name} has no active build`);
    const target = this.target(p, active.version, await readCheckpoint(this.sql, name, active.version));
    return this.deliverTo(target, sorted, 'live');
  }

  /**
   * Resolves true once every projection running here has applied `position` (at once when none
   * runs here), false after `timeoutMs`. The API awaits it so a write can be read back.
   */
  waitForPosition(position: number, timeoutMs = 5_000): Promise<boolean> {
    const caughtUp = () => [...this.live.values()].every((r) => r.position >= position);
    if (caughtUp()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (caughtUp()) finish(true);
      };
      const finish = (value: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.waiters.add(check);
    });
  }

  // ---------------------------------------------------------------- applying

  private target(projection: Projection, version: number, position: number): Target {
    return {
      projection,
      version,
      ctx: projectionContext(projection, version),
      position,
      queue: Promise.resolve(),
    };
  }

  private deliverTo(target: Target, events: StoredEvent[], mode: 'live' | 'rebuild'): Promise<Outcome> {
    const run = target.queue.then(() => this.deliverNow(target, events, mode));
    target.queue = run.catch(() => {});
    return run;
  }

  /**
   * Applies `events` after the target's position. The whole batch first; if it fails, event by
   * event: live mode dead-letters a failing event (checkpoint and dead letter in one transaction),
   * rebuild mode throws `ProjectionApplyError` with the checkpoint just before it.
   */
  private async deliverNow(
    target: Target,
    events: StoredEvent[],
    mode: 'live' | 'rebuild',
  ): Promise<Outcome> {
    const fresh = events.filter((e) => e.position > target.position);
    if (fresh.length === 0) return 'ok';
    try {
      return await this.applyBatch(target, fresh);
    } catch (batchError) {
      if (isTransientError(batchError)) throw batchError; // the live loop retries with backoff
      if (fresh.length > 1) {
        this.log?.warn(
          { err: batchError, projection: target.projection.name },
          'batch failed; applying one by one',
        );
      }
    }
    for (const event of fresh) {
      try {
        if ((await this.applyBatch(target, [event])) === 'retired') return 'retired';
      } catch (error) {
        if (mode === 'rebuild' || isTransientError(error)) {
          throw new ProjectionApplyError(target.projection.name, target.version, event, error);
        }
        if ((await this.deadLetter(target, event, error)) === 'retired') return 'retired';
      }
    }
    return 'ok';
  }

  private async applyBatch(target: Target, events: StoredEvent[]): Promise<Outcome> {
    const p = target.projection;
    const last = events.at(-1)!.position;
    if (p.kind === 'in-process') {
      const handled = events.filter((e) => projectionHandles(p, e.type));
      if (handled.length > 0) await p.apply(handled);
      this.advance(target, last);
      return 'ok';
    }
    const position = await this.sql.transaction(async (tx) => {
      const checkpoint = await lockCheckpoint(tx, p.name, target.version);
      if (!checkpoint || checkpoint.status === 'retired' || checkpoint.status === 'failed') return undefined;
      const todo = events.filter((e) => e.position > checkpoint.position);
      if (todo.length === 0) return checkpoint.position;
      // Checkpoint first, then the read model: one transaction, so both commit or neither does.
      await writeCheckpoint(tx, p.name, target.version, last);
      const handled = todo.filter((e) => projectionHandles(p, e.type));
      if (handled.length > 0) await p.apply(handled, tx, target.ctx);
      return last;
    });
    if (position === undefined) return 'retired';
    this.advance(target, position);
    return 'ok';
  }

  private async deadLetter(target: Target, event: StoredEvent, error: unknown): Promise<Outcome> {
    const { name } = target.projection;
    const entry = { projection: name, version: target.version, event, error: errorMessage(error) };
    this.log?.error(
      { err: error, projection: name, position: event.position, eventId: event.id },
      'dead letter',
    );
    if ('state' in target) (target as LiveRunner).lastError = entry.error;
    if (target.projection.kind === 'in-process') {
      await insertDeadLetter(this.sql, entry);
      this.advance(target, event.position);
      return 'ok';
    }
    const position = await this.sql.transaction(async (tx) => {
      const checkpoint = await lockCheckpoint(tx, name, target.version);
      if (!checkpoint || checkpoint.status === 'retired' || checkpoint.status === 'failed') return undefined;
      if (checkpoint.position >= event.position) return checkpoint.position;
      await insertDeadLetter(tx, entry);
      await writeCheckpoint(tx, name, target.version, event.position);
      return event.position;
    });
    if (position === undefined) return 'retired';
    this.advance(target, position);
    return 'ok';
  }

  private advance(target: Target, position: number): void {
    if (position <= target.position) return;
    target.position = position;
    for (const check of this.waiters) check();
  }

  // ---------------------------------------------------------------- rebuild & activate

  /**
   * Blue/green rebuild of a Postgres projection: a new build (version = highest so far + 1) with its
   * own tables beside the active one, the whole log replayed into it in rebuild mode (stops on the
   * first failing event and marks the build failed), then activated (unless `activate: false`).
   * Earlier unfinished builds (building, ready, failed) are dropped first.
   */
  async rebuild(name: string, options: RebuildOptions = {}): Promise<RebuildResult> {
    const p = this.postgresProjection(name);
    await this.ready();
    if (this.rebuilding.has(name)) throw new ProjectionUsageError(`${name} is already being rebuilt`);
    let resolveDone!: () => void;
    const entry = { version: 0, done: new Promise<void>((r) => (resolveDone = r)) };
    this.rebuilding.set(name, entry);
    try {
      return await this.rebuildNow(p, entry, options);
    } finally {
      this.rebuilding.delete(name);
      resolveDone();
    }
  }

  private async rebuildNow(
    p: PostgresProjection,
    entry: { version: number },
    options: RebuildOptions,
  ): Promise<RebuildResult> {
    const startedAt = this.now();
    const version = await this.sql.transaction(async (tx) => {
      const builds = await lockBuilds(tx, p.name);
      for (const old of builds.filter((b) => ['building', 'ready', 'failed'].includes(b.status))) {
        await dropBuildTables(tx, old);
        await setBuildStatus(tx, p.name, old.version, 'retired');
      }
      const v = nextVersion(builds, p);
      await insertBuild(tx, {
        name: p.name,
        version: v,
        codeVersion: p.version,
        status: 'building',
        tables: p.tables,
      });
      await p.setup(tx, projectionContext(p, v));
      return v;
    });
    entry.version = version;
    this.log?.info({ projection: p.name, version }, 'rebuild started');
    const target = this.target(p, version, 0);
    let replayed = 0;
    const fail = async (message: string, cause?: unknown): Promise<never> => {
      await setBuildStatus(this.sql, p.name, version, 'failed', message).catch(() => {});
      throw new RebuildFailedError(p.name, version, target.position, message, cause);
    };
    options.onProgress?.({
      name: p.name,
      version,
      position: 0,
      head: await this.eventLog.headPosition(),
      replayed,
    });
    for (;;) {
      if (this.stopping) await fail('the runtime was stopped');
      let outcome: Outcome;
      let batch: StoredEvent[];
      try {
        batch = await this.eventLog.readAll({
          after: target.position,
          limit: this.batchSize,
          ...dataTypesOf(p),
        });
        if (batch.length === 0) break;
        outcome = await this.deliverTo(target, batch, 'rebuild');
      } catch (error) {
        return fail(errorMessage(error), error);
      }
      if (outcome === 'retired')
        return fail('the build was retired while rebuilding (superseded by another rebuild)');
      replayed += batch.length;
      const head = await this.eventLog.headPosition();
      options.onProgress?.({ name: p.name, version, position: target.position, head, replayed });
    }
    await setBuildStatus(this.sql, p.name, version, 'ready');
    const result: RebuildResult = {
      name: p.name,
      version,
      position: target.position,
      replayed,
      durationMs: this.now() - startedAt,
      activated: false,
    };
    if (options.activate !== false) {
      const activation = await this.activate(p.name, version);
      result.activated = true;
      if (activation.previousVersion !== undefined) result.previousVersion = activation.previousVersion;
    }
    this.log?.info({ ...result }, 'rebuild finished');
    return result;
  }

  /**
   * Switches reads to a `ready` build in one transaction (the old active build is retired and its
   * tables dropped in the same transaction), then runs the new build live here if started.
   */
  async activate(name: string, version: number): Promise<ActivateResult> {
    const p = this.postgresProjection(name);
    await this.ready();
    const outcome = await this.sql.transaction(async (tx) => {
      const builds = await lockBuilds(tx, name);
      const build = builds.find((b) => b.version === version);
      if (!build) {
        const known = builds.map((b) => `v${b.version} (${b.status})`).join(', ') || 'none';
        throw new ProjectionUsageError(`${name} has no version ${version}. Builds: ${known}`);
      }
      if (build.status === 'active') return { changed: false, previous: undefined };
      if (build.status !== 'ready') {
        throw new ProjectionUsageError(
          `${name} v${version} is ${build.status}; only a ready build can be activated (run: projections rebuild ${name})`,
        );
      }
      if (build.codeVersion !== p.version) {
        throw new ProjectionUsageError(
          `${name} v${version} was built by code version ${build.codeVersion}, this code is version ${p.version}`,
        );
      }
      const previous = builds.find((b) => b.status === 'active');
      if (previous) await setBuildStatus(tx, name, previous.version, 'retired');
      await setBuildStatus(tx, name, version, 'active');
      if (previous) await dropBuildTables(tx, previous);
      return { changed: true, previous: previous?.version };
    });
    if (outcome.changed)
      this.log?.info({ projection: name, version, previous: outcome.previous }, 'activated');
    if (this.started) await this.sync();
    return {
      name,
      version,
      changed: outcome.changed,
      ...(outcome.previous !== undefined && { previousVersion: outcome.previous }),
    };
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
    const now = this.now();
    const out: ProjectionStatus[] = [];
    for (const p of this.registry.values()) {
      const runner = this.live.get(p.name);
      const syncError = this.syncErrors.get(p.name);
      if (p.kind === 'in-process') {
        const position = runner?.position ?? 0;
        const lag = lagOf(head, position);
        const lastError = runner?.lastError ?? syncError;
        out.push({
          name: p.name,
          kind: p.kind,
          version: p.version,
          active: true,
          position,
          lag,
          status: runner ? this.runStatus(runner, lag, now) : syncError ? 'failed' : 'stopped',
          ...(lastError !== undefined && { lastError }),
          deadLetters: deadLetters.get(`${p.name}@${p.version}`)?.count ?? 0,
        });
        continue;
      }
      const own = builds.filter((b) => b.name === p.name && b.status !== 'retired');
      if (own.length === 0) {
        // Not built yet: the first start builds it.
        out.push({
          name: p.name,
          kind: p.kind,
          version: p.version,
          active: false,
          position: 0,
          lag: head,
          status: syncError ? 'failed' : 'stopped',
          ...(syncError !== undefined && { lastError: syncError }),
          deadLetters: 0,
        });
        continue;
      }
      for (const b of own) {
        const checkpoint = checkpoints.find((c) => c.name === p.name && c.version === b.version);
        const live = runner?.version === b.version ? runner : undefined;
        const position = Math.max(live?.position ?? 0, checkpoint?.position ?? 0);
        const lag = lagOf(head, position);
        let status: RunStatus = 'stopped';
        if (live) status = this.runStatus(live, lag, now);
        else if (b.status === 'failed' || (b.status === 'active' && syncError)) status = 'failed';
        else if (b.status === 'building') {
          const local = this.rebuilding.get(p.name)?.version === b.version;
          const quietFor = now - (checkpoint?.updatedAt.getTime() ?? now);
          status = !local && lag > 0 && quietFor >= this.stallAfterMs ? 'stalled' : 'rebuilding';
        }
        const letters = deadLetters.get(`${p.name}@${b.version}`);
        const lastError =
          live?.lastError ??
          b.lastError ??
          (b.status === 'active' ? (syncError ?? this.notRunnable.get(p.name)) : undefined) ??
          letters?.lastError;
        out.push({
          name: p.name,
          kind: p.kind,
          version: b.version,
          active: b.status === 'active',
          build: b.status,
          position,
          lag,
          status,
          ...(lastError !== undefined && lastError !== null && { lastError }),
          deadLetters: letters?.count ?? 0,
        });
      }
    }
    return out;
  }

  private runStatus(runner: LiveRunner, lag: number, now: number): RunStatus {
    if (runner.state === 'failed') return 'failed';
    if (runner.state === 'stopped') return 'stopped';
    runner.lagWatch = watchLag(runner.lagWatch, runner.position, lag, now);
    return isStalled(runner.lagWatch, now, this.stallAfterMs) ? 'stalled' : 'running';
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
    const result: RetryResult = { retried: [], failed: [], skipped: [] };
    for (const letter of letters) {
      const p = this.registry.get(letter.projection);
      try {
        const skipped = p ? await this.retryOne(p, letter) : 'projection is not registered';
        if (skipped) result.skipped.push({ id: letter.id, reason: skipped });
        else result.retried.push(letter.id);
      } catch (error) {
        result.failed.push({ id: letter.id, error: errorMessage(error) });
        await setDeadLetterError(this.sql, letter.id, errorMessage(error));
      }
    }
    return result;
  }

  /** Returns a reason when skipped, undefined when applied. */
  private async retryOne(p: Projection, letter: DeadLetter): Promise<string | undefined> {
    if (p.kind === 'in-process') {
      const runner = this.live.get(p.name);
      if (!runner || runner.version !== letter.version)
        return 'in-process projection not running in this process';
      await this.serialised(runner, async () => {
        if (projectionHandles(p, letter.eventType)) await p.apply([letter.event]);
      });
      await markRetried(this.sql, letter.id);
      return undefined;
    }
    const ctx = projectionContext(p, letter.version);
    return this.sql.transaction(async (tx) => {
      const checkpoint = await lockCheckpoint(tx, p.name, letter.version);
      if (!checkpoint || checkpoint.status === 'retired' || checkpoint.status === 'failed') {
        return `build v${letter.version} is no longer in use`;
      }
      if (!(await markRetried(tx, letter.id))) return 'already retried';
      if (projectionHandles(p, letter.eventType)) await p.apply([letter.event], tx, ctx);
      return undefined;
    });
  }

  private serialised<T>(target: Target, fn: () => Promise<T>): Promise<T> {
    const run = target.queue.then(fn);
    target.queue = run.catch(() => {});
    return run;
  }
}

/** Build numbers only grow: highest recorded + 1, and at least the code version. */
function nextVersion(builds: Build[], p: PostgresProjection): number {
  const highest = Math.max(0, ...builds.map((b) => b.version));
  return Math.max(highest + 1, p.version);
}

export type { InProcessProjection, PostgresProjection, Projection };

/**
 * The log need not load the payloads of events a projection does not handle: they only move its
 * position (`applyBatch` filters them out before `apply`).
 */
function dataTypesOf(projection: Projection): { dataTypes?: readonly string[] } {
  return projection.handles === undefined ? {} : { dataTypes: projection.handles };
}
