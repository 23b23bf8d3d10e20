import { type EventLog, isPgError, type SqlClient, type StoredEvent } from '@scentinel/platform';
import { type BatchApplier, dataTypesOf } from './batch-applier.ts';
import { errorMessage, ProjectionUsageError, RebuildFailedError } from './errors.ts';
import { type PostgresProjection, projectionContext } from './projection.ts';
import {
  activeBuild,
  type Build,
  dropBuildTables,
  insertBuild,
  lockBuilds,
  setBuildStatus,
} from './projection-store.ts';
import type { ActivateResult, Logger, Outcome, RebuildOptions, RebuildResult } from './runtime-types.ts';

export interface BuildManagerOptions {
  sql: SqlClient;
  eventLog: EventLog;
  applier: BatchApplier;
  batchSize: number;
  log: Logger | undefined;
  now: () => number;
  /** True while the runtime is stopping: a rebuild in progress gives up. */
  isStopping: () => boolean;
  /** Called after an activation so the live runners follow the new active build. */
  afterActivate: () => Promise<void>;
}

/**
 * The stored builds of Postgres projections: the first build, blue/green rebuilds beside the
 * active build, and activation.
 */
export class BuildManager {
  /** Rebuilds in progress in this process, by projection name. */
  readonly rebuilding = new Map<string, { version: number; done: Promise<unknown> }>();

  constructor(private readonly options: BuildManagerOptions) {}

  async createFirstBuild(p: PostgresProjection): Promise<Build> {
    try {
      await this.options.sql.transaction(async (tx) => {
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
    const active = await activeBuild(this.options.sql, p.name);
    if (!active) throw new Error(`Could not create the first build of ${p.name}`);
    return active;
  }

  /**
   * Blue/green rebuild of a Postgres projection: a new build (version = highest so far + 1) with its
   * own tables beside the active one, the whole log replayed into it in rebuild mode (stops on the
   * first failing event and marks the build failed), then activated (unless `activate: false`).
   * Earlier unfinished builds (building, ready, failed) are dropped first.
   */
  async rebuild(p: PostgresProjection, options: RebuildOptions = {}): Promise<RebuildResult> {
    const { name } = p;
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
    const startedAt = this.options.now();
    const version = await this.options.sql.transaction(async (tx) => {
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
    this.options.log?.info({ projection: p.name, version }, 'rebuild started');
    const target = this.options.applier.target(p, version, 0);
    let replayed = 0;
    const fail = async (message: string, cause?: unknown): Promise<never> => {
      await setBuildStatus(this.options.sql, p.name, version, 'failed', message).catch(() => {});
      throw new RebuildFailedError(p.name, version, target.position, message, cause);
    };
    options.onProgress?.({
      name: p.name,
      version,
      position: 0,
      head: await this.options.eventLog.headPosition(),
      replayed,
    });
    for (;;) {
      if (this.options.isStopping()) await fail('the runtime was stopped');
      let outcome: Outcome;
      let batch: StoredEvent[];
      try {
        batch = await this.options.eventLog.readAll({
          after: target.position,
          limit: this.options.batchSize,
          ...dataTypesOf(p),
        });
        if (batch.length === 0) break;
        outcome = await this.options.applier.deliverTo(target, batch, 'rebuild');
      } catch (error) {
        return fail(errorMessage(error), error);
      }
      if (outcome === 'retired')
        return fail('the build was retired while rebuilding (superseded by another rebuild)');
      replayed += batch.length;
      const head = await this.options.eventLog.headPosition();
      options.onProgress?.({ name: p.name, version, position: target.position, head, replayed });
    }
    await setBuildStatus(this.options.sql, p.name, version, 'ready');
    const result: RebuildResult = {
      name: p.name,
      version,
      position: target.position,
      replayed,
      durationMs: this.options.now() - startedAt,
      activated: false,
    };
    if (options.activate !== false) {
      const activation = await this.activate(p, version);
      result.activated = true;
      if (activation.previousVersion !== undefined) result.previousVersion = activation.previousVersion;
    }
    this.options.log?.info({ ...result }, 'rebuild finished');
    return result;
  }

  /**
   * Switches reads to a `ready` build in one transaction (the old active build is retired and its
   * tables dropped in the same transaction), then runs the new build live here if started.
   */
  async activate(p: PostgresProjection, version: number): Promise<ActivateResult> {
    const { name } = p;
    const outcome = await this.options.sql.transaction(async (tx) => {
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
      this.options.log?.info({ projection: name, version, previous: outcome.previous }, 'activated');
    await this.options.afterActivate();
    return {
      name,
      version,
      changed: outcome.changed,
      ...(outcome.previous !== undefined && { previousVersion: outcome.previous }),
    };
  }
}

/** Build numbers only grow: highest recorded + 1, and at least the code version. */
function nextVersion(builds: Build[], p: PostgresProjection): number {
  const highest = Math.max(0, ...builds.map((b) => b.version));
  return Math.max(highest + 1, p.version);
}
