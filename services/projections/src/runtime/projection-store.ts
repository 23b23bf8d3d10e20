import type { SqlExecutor, StoredEvent } from '@scentinel/platform';
import { versionedTableName } from './projection.ts';

/** SQL over the runtime's tables (see `projections.migrations.ts`). */

export type BuildStatus = 'building' | 'ready' | 'active' | 'failed' | 'retired';

export interface Build {
  name: string;
  version: number;
  codeVersion: number;
  status: BuildStatus;
  tables: string[];
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Checkpoint {
  name: string;
  version: number;
  position: number;
  updatedAt: Date;
}

export interface DeadLetter {
  id: number;
  projection: string;
  version: number;
  position: number;
  eventId: string;
  eventType: string;
  error: string;
  /** The whole stored event, as delivered. */
  event: StoredEvent;
  createdAt: Date;
  retriedAt: Date | null;
}

export interface DeadLetterFilter {
  projection?: string;
  id?: number;
  /** Include dead letters already retried (default false). */
  includeRetried?: boolean;
  limit?: number;
}

interface BuildRow {
  name: string;
  version: number;
  code_version: number;
  status: BuildStatus;
  tables: string[];
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

const toBuild = (r: BuildRow): Build => ({
  name: r.name,
  version: r.version,
  codeVersion: r.code_version,
  status: r.status,
  tables: r.tables,
  lastError: r.last_error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function listBuilds(db: SqlExecutor, name?: string): Promise<Build[]> {
  const { rows } = await db.query<BuildRow>(
    `SELECT * FROM projection_versions WHERE $1::text IS NULL OR name = $1 ORDER BY name, version`,
    [name ?? null],
  );
  return rows.map(toBuild);
}

export async function lockBuilds(tx: SqlExecutor, name: string): Promise<Build[]> {
  const { rows } = await tx.query<BuildRow>(
    'SELECT * FROM projection_versions WHERE name = $1 ORDER BY version FOR UPDATE',
    [name],
  );
  return rows.map(toBuild);
}

export async function activeBuild(db: SqlExecutor, name: string): Promise<Build | undefined> {
  const { rows } = await db.query<BuildRow>(
    `SELECT * FROM projection_versions WHERE name = $1 AND status = 'active'`,
    [name],
  );
  return rows[0] && toBuild(rows[0]);
}

/** Records a build and its checkpoint at 0. Returns false if that (name, version) already exists. */
export async function insertBuild(
  tx: SqlExecutor,
  build: {
    name: string;
    version: number;
    codeVersion: number;
    status: BuildStatus;
    tables: readonly string[];
  },
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO projection_versions (name, version, code_version, status, tables)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [build.name, build.version, build.codeVersion, build.status, [...build.tables]],
  );
  if (inserted.rowCount === 0) return false;
  await tx.query(
    `INSERT INTO projection_checkpoints (name, version, position) VALUES ($1, $2, 0)
     ON CONFLICT (name, version) DO UPDATE SET position = 0, updated_at = now()`,
    [build.name, build.version],
  );
  return true;
}

export async function setBuildStatus(
  db: SqlExecutor,
  name: string,
  version: number,
  status: BuildStatus,
  lastError: string | null = null,
): Promise<void> {
  await db.query(
    `UPDATE projection_versions SET status = $3, last_error = $4, updated_at = now() WHERE name = $1 AND version = $2`,
    [name, version, status, lastError],
  );
}

export async function dropBuildTables(tx: SqlExecutor, build: Build): Promise<void> {
  for (const base of build.tables) {
    await tx.exec(`DROP TABLE IF EXISTS ${versionedTableName(base, build.version)}`);
  }
}

export async function listCheckpoints(db: SqlExecutor): Promise<Checkpoint[]> {
  const { rows } = await db.query<{ name: string; version: number; position: number; updated_at: Date }>(
    'SELECT name, version, position, updated_at FROM projection_checkpoints',
  );
  return rows.map((r) => ({
    name: r.name,
    version: r.version,
    position: r.position,
    updatedAt: r.updated_at,
  }));
}

export async function readCheckpoint(db: SqlExecutor, name: string, version: number): Promise<number> {
  const { rows } = await db.query<{ position: number }>(
    'SELECT position FROM projection_checkpoints WHERE name = $1 AND version = $2',
    [name, version],
  );
  return rows[0]?.position ?? 0;
}

/**
 * Locks a build's checkpoint row for the rest of the transaction and returns its position and the
 * build's status (undefined if the build is gone). The lock makes concurrent deliveries of the same
 * build (two processes, a re-delivery) apply each event once.
 */
export async function lockCheckpoint(
  tx: SqlExecutor,
  name: string,
  version: number,
): Promise<{ position: number; status: BuildStatus } | undefined> {
  const { rows } = await tx.query<{ position: number; status: BuildStatus }>(
    `SELECT c.position, v.status
       FROM projection_checkpoints c JOIN projection_versions v USING (name, version)
      WHERE c.name = $1 AND c.version = $2
      FOR UPDATE OF c`,
    [name, version],
  );
  return rows[0];
}

export async function writeCheckpoint(tx: SqlExecutor, name: string, version: number, position: number) {
  await tx.query(
    'UPDATE projection_checkpoints SET position = $3, updated_at = now() WHERE name = $1 AND version = $2',
    [name, version, position],
  );
}

/**
 * Moves a build's checkpoint forward to `position` in one statement, for a batch the projection
 * handles none of (nothing to write beside it): never backwards, never for a retired or failed
 * build. Answers the checkpoint's position afterwards, or undefined when the build is retired or
 * failed (or gone).
 */
export async function advanceCheckpoint(
  db: SqlExecutor,
  name: string,
  version: number,
  position: number,
): Promise<number | undefined> {
  const { rows } = await db.query<{ position: number | string }>(
    `WITH build AS (
       SELECT c.position, v.status
         FROM projection_checkpoints c JOIN projection_versions v USING (name, version)
        WHERE c.name = $1 AND c.version = $2
     ), moved AS (
       UPDATE projection_checkpoints c SET position = $3, updated_at = now()
         FROM projection_versions v
        WHERE c.name = $1 AND c.version = $2 AND v.name = c.name AND v.version = c.version
          AND c.position < $3 AND v.status NOT IN ('retired', 'failed')
       RETURNING c.position
     )
     SELECT coalesce((SELECT position FROM moved), b.position) AS position
       FROM build b WHERE b.status NOT IN ('retired', 'failed')`,
    [name, version, position],
  );
  return rows[0] === undefined ? undefined : Number(rows[0].position);
}

/** Records a failed event; recording the same event again reopens it with the new error. */
export async function insertDeadLetter(
  db: SqlExecutor,
  entry: { projection: string; version: number; event: StoredEvent; error: string },
): Promise<void> {
  const { projection, version, event, error } = entry;
  await db.query(
    `INSERT INTO projection_dead_letters (projection, version, position, event_id, event_type, error, payload)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     ON CONFLICT (projection, version, event_id)
     DO UPDATE SET error = excluded.error, retried_at = NULL`,
    [projection, version, event.position, event.id, event.type, error, JSON.stringify(event)],
  );
}

interface DeadLetterRow {
  id: number;
  projection: string;
  version: number;
  position: number;
  event_id: string;
  event_type: string;
  error: string;
  payload: StoredEvent;
  created_at: Date;
  retried_at: Date | null;
}

export async function listDeadLetters(db: SqlExecutor, filter: DeadLetterFilter = {}): Promise<DeadLetter[]> {
  const { rows } = await db.query<DeadLetterRow>(
    `SELECT * FROM projection_dead_letters
      WHERE ($1::text IS NULL OR projection = $1)
        AND ($2::bigint IS NULL OR id = $2)
        AND ($3::boolean OR retried_at IS NULL)
      ORDER BY projection, version, position
      LIMIT $4`,
    [filter.projection ?? null, filter.id ?? null, filter.includeRetried ?? false, filter.limit ?? 1000],
  );
  return rows.map((r) => ({
    id: r.id,
    projection: r.projection,
    version: r.version,
    position: r.position,
    eventId: r.event_id,
    eventType: r.event_type,
    error: r.error,
    event: r.payload,
    createdAt: r.created_at,
    retriedAt: r.retried_at,
  }));
}

/** Open dead letters per `name@version`: how many, and the newest one's error. */
export async function openDeadLetterSummary(
  db: SqlExecutor,
): Promise<Map<string, { count: number; lastError: string }>> {
  const { rows } = await db.query<{ projection: string; version: number; n: number; last_error: string }>(
    `SELECT projection, version, count(*)::int AS n, (array_agg(error ORDER BY id DESC))[1] AS last_error
       FROM projection_dead_letters WHERE retried_at IS NULL GROUP BY projection, version`,
  );
  return new Map(rows.map((r) => [`${r.projection}@${r.version}`, { count: r.n, lastError: r.last_error }]));
}

/** Marks a dead letter retried; false if it was already retried (by someone else). */
export async function markRetried(tx: SqlExecutor, id: number): Promise<boolean> {
  const result = await tx.query(
    'UPDATE projection_dead_letters SET retried_at = now() WHERE id = $1 AND retried_at IS NULL',
    [id],
  );
  return result.rowCount > 0;
}

export async function setDeadLetterError(db: SqlExecutor, id: number, error: string): Promise<void> {
  await db.query('UPDATE projection_dead_letters SET error = $2 WHERE id = $1', [id, error]);
}
