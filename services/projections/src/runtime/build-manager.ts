import {
  type EventLog,
  isPgError,
  type SqlClient,
  type SqlExecutor,
  type StoredEvent,
} from '@scentinel/platform';
import { type BatchApplier, dataTypesOf } from './batch-applier.ts';
import { errorMessage, ProjectionUsageError, RebuildFailedError } from './errors.ts';
import { type PostgresProjection, projectionContext, versionedTableName } from './projection.ts';
import {
  activeBuild,
  type Build,
  dropBuildTables,
  insertBuild,
  lockBuilds,
  readCheckpoint,
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
   *
   * A build left `building` by this code version (a rebuild whose process died) is resumed instead:
   * its tables and checkpoint were committed together batch by batch, so replaying from its
   * checkpoint gives what an uninterrupted rebuild gives. Other unfinished builds (ready, failed,
   * older building ones) are dropped first. Two processes resuming the same build at once stay
   * correct: each batch locks the build's checkpoint row and applies only what lies past it.
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
    const { version, resumedFrom } = await this.options.sql.transaction(async (tx) => {
      const builds = await lockBuilds(tx, p.name);
      const resumable = await resumableBuild(tx, builds, p);
      for (const old of builds.filter(
        (b) => ['building', 'ready', 'failed'].includes(b.status) && b !== resumable,
      )) {
        await dropBuildTables(tx, old);
        await setBuildStatus(tx, p.name, old.version, 'retired');
      }
      if (resumable) {
        return {
          version: resumable.version,
          resumedFrom: await readCheckpoint(tx, p.name, resumable.version),
        };
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
      return { version: v, resumedFrom: undefined };
    });
    entry.version = version;
    if (resumedFrom === undefined) this.options.log?.info({ projection: p.name, version }, 'rebuild started');
    else this.options.log?.info({ projection: p.name, version, position: resumedFrom }, 'rebuild resumed');
    const target = this.options.applier.target(p, version, resumedFrom ?? 0);
    let replayed = 0;
    const fail = async (message: string, cause?: unknown): Promise<never> => {
      await setBuildStatus(this.options.sql, p.name, version, 'failed', message).catch(() => {});
      throw new RebuildFailedError(p.name, version, target.position, message, cause);
    };
    options.onProgress?.({
      name: p.name,
      version,
      position: target.position,
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
      ...(resumedFrom !== undefined && { resumedFrom }),
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

/**
 * The newest build left `building` by this code version whose tables all exist (a rebuild that died
 * midway), if it is newer than every other build; undefined when a rebuild must start afresh.
 */
async function resumableBuild(
  tx: SqlExecutor,
  builds: Build[],
  p: PostgresProjection,
): Promise<Build | undefined> {
  const newest = builds.at(-1);
  if (newest?.status !== 'building' || newest.codeVersion !== p.version) return undefined;
  const names = newest.tables.map((t) => versionedTableName(t, newest.version));
  const { rows } = await tx.query<{ missing: number }>(
    'SELECT count(*) FILTER (WHERE to_regclass(t) IS NULL)::int AS missing FROM unnest($1::text[]) AS t',
    [names],
  );
  return rows[0]?.missing === 0 ? newest : undefined;
}

/** Build numbers only grow: highest recorded + 1, and at least the code version. */
function nextVersion(builds: Build[], p: PostgresProjection): number {
  const highest = Math.max(0, ...builds.map((b) => b.version));
  return Math.max(highest + 1, p.version);
}
