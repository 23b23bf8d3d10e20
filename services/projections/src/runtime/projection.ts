import type { SqlExecutor, StoredEvent } from '@scentinel/platform';

/**
 * What a projection sees of its own version: its name, the build version it writes, and the
 * table names of that build (`tableName('usage_daily')` → `usage_daily_v3`), so version N+1 can be
 * built beside version N.
 */
export interface ProjectionContext {
  readonly name: string;
  readonly version: number;
  tableName(base: string): string;
}

interface ProjectionBase {
  /** snake_case, unique in the registry. */
  readonly name: string;
  /**
   * Code version: bump it when the read model's shape or meaning changes. A Postgres projection
   * whose active build was made by another code version is rebuilt blue/green on start.
   */
  readonly version: number;
  /** Event types it applies; other events only move its position. Absent = every event. */
  readonly handles?: readonly string[];
  readonly description?: string;
  /**
   * Events per read of its live tail (default: the runtime's `batchSize`). A projection whose
   * events carry large payloads can ask for smaller reads: fewer parsed payloads alive at once
   * while it catches up.
   */
  readonly batchSize?: number;
}

/**
 * A read model in Postgres tables. `apply` gets a SQL client bound to the transaction in which the
 * runtime also moves the checkpoint: the read-model write and the checkpoint commit together.
 */
export interface PostgresProjection extends ProjectionBase {
  readonly kind: 'postgres';
  /** Base names of the tables each build owns (`<base>_v<version>`); dropped when a build is retired. */
  readonly tables: readonly string[];
  /** Creates one build's tables (runs once per build, in a transaction). */
  setup(tx: SqlExecutor, ctx: ProjectionContext): Promise<void>;
  apply(events: StoredEvent[], tx: SqlExecutor, ctx: ProjectionContext): Promise<void>;
}

/**
 * A read model held in process memory (e.g. the catalogue search index). The runtime tracks its
 * position in memory and skips re-delivered events at or below it; it is rebuilt from the log (or
 * a snapshot, see `load`) on every start.
 */
export interface InProcessProjection extends ProjectionBase {
  readonly kind: 'in-process';
  apply(events: StoredEvent[]): Promise<void> | void;
  /** Position the projection already holds when started (e.g. restored from a snapshot); default 0. */
  load?(): Promise<number> | number;
}

export type Projection = PostgresProjection | InProcessProjection;

const NAME = /^[a-z][a-z0-9_]*$/;
/** Postgres identifiers are cut at 63 bytes; leave room for `_v<version>`. */
const MAX_TABLE_BASE = 50;

/** `usage_daily` + version 3 → `usage_daily_v3`. */
export function versionedTableName(base: string, version: number): string {
  if (!NAME.test(base) || base.length > MAX_TABLE_BASE) {
    throw new Error(`Bad table base name "${base}": use snake_case, at most ${MAX_TABLE_BASE} characters`);
  }
  if (!Number.isInteger(version) || version < 1) throw new Error(`Bad projection version ${version}`);
  return `${base}_v${version}`;
}

export function projectionContext(projection: Projection, version: number): ProjectionContext {
  const tables = projection.kind === 'postgres' ? new Set(projection.tables) : new Set<string>();
  return {
    name: projection.name,
    version,
    tableName(base: string) {
      if (!tables.has(base)) {
        throw new Error(
          `Projection ${projection.name} does not declare a table "${base}" in its tables list`,
        );
      }
      return versionedTableName(base, version);
    },
  };
}

/** Checks a definition's shape; throws with a clear message. */
export function validateProjection(projection: Projection): void {
  const where = `Projection "${projection.name}"`;
  if (!NAME.test(projection.name)) throw new Error(`${where}: the name must be snake_case`);
  if (!Number.isInteger(projection.version) || projection.version < 1) {
    throw new Error(`${where}: version must be a positive integer`);
  }
  if (
    projection.batchSize !== undefined &&
    (!Number.isInteger(projection.batchSize) || projection.batchSize < 1)
  ) {
    throw new Error(`${where}: batchSize must be a positive integer`);
  }
  if (projection.kind === 'postgres') {
    if (projection.tables.length === 0) throw new Error(`${where}: declare at least one table`);
    for (const t of projection.tables) versionedTableName(t, projection.version);
  }
}

/** Whether the projection applies this event type. */
export function handles(projection: Projection, type: string): boolean {
  return projection.handles === undefined || projection.handles.includes(type);
}
