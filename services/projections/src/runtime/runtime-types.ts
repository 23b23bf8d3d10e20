import type { EventLog, SqlClient, Subscription } from '@scentinel/platform';
import type { LagWatch } from './lag.ts';
import type { Projection, ProjectionContext } from './projection.ts';
import type { Build, BuildStatus } from './projection-store.ts';

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
  /** Set when an interrupted build was resumed: its checkpoint when this run took it over. */
  resumedFrom?: number;
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

export interface Logger {
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

export type Outcome = 'ok' | 'retired';

/** A build being fed events: live, rebuilding, or a delivery. */
export interface Target {
  projection: Projection;
  version: number;
  ctx: ProjectionContext;
  /** Last applied position known in memory (the stored checkpoint is authoritative). */
  position: number;
  /** Serialises deliveries to this target. */
  queue: Promise<unknown>;
}

export interface LiveRunner extends Target {
  state: 'running' | 'failed' | 'stopped';
  subscription?: Subscription;
  lastError?: string;
  failures: number;
  retryTimer?: NodeJS.Timeout;
  lagWatch?: LagWatch;
}
