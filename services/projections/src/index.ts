export * from './accounts/index.ts';
export {
  CATALOGUE_BATCH_SIZE,
  CATALOGUE_EVENT_TYPES,
  CATALOGUE_PROJECTION,
  CATALOGUE_PROJECTION_VERSION,
  type CatalogueProjection,
  createCatalogueProjection,
} from './catalogue/catalogue.projection.ts';
export {
  type CatalogueIndexOutcome,
  INDEX_SNAPSHOT_FILE,
  type IndexLoadOutcome,
  JSON_SNAPSHOT_FILE,
  loadCatalogueIndexSnapshot,
  openCatalogueIndex,
  prefetchCatalogueIndex,
  type RestoreOutcome,
  restoreCatalogueSnapshot,
  saveCatalogueIndex,
  saveCatalogueIndexSnapshot,
  saveCatalogueSnapshot,
} from './catalogue/catalogue-snapshot.ts';
export * from './contributions/index.ts';
export { createRuntime, projections, type RuntimeDeps } from './registry.ts';
export {
  errorMessage,
  ProjectionApplyError,
  ProjectionUsageError,
  RebuildFailedError,
} from './runtime/errors.ts';
export { isStalled, type LagWatch, lagOf, watchLag } from './runtime/lag.ts';
export {
  type InProcessProjection,
  type PostgresProjection,
  type Projection,
  type ProjectionContext,
  projectionContext,
  versionedTableName,
} from './runtime/projection.ts';
export {
  type ActivateResult,
  type ProjectionInfo,
  ProjectionRuntime,
  type ProjectionRuntimeOptions,
  type ProjectionStatus,
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
  type RetryResult,
  type RunStatus,
} from './runtime/projection-runtime.ts';
export type {
  Build,
  BuildStatus,
  Checkpoint,
  DeadLetter,
  DeadLetterFilter,
} from './runtime/projection-store.ts';
export { projectionMigrations } from './runtime/projections.migrations.ts';
export {
  PERFUME_PAGE_PREFIX,
  rollupUsage,
  searchTermKey,
  USAGE_CONTENT_TYPES,
  USAGE_EVENT_TYPES,
  type UsageContentType,
  usageRollupProjection,
} from './usage/usage-rollup.projection.ts';
export {
  createUsageReadModel,
  type UsageDailyRow,
  type UsageDayMetrics,
  type UsageLive,
  type UsageReadModel,
  type UsageSessionsRow,
  type UsageSummary,
  usageDaily,
  usageLive,
  usagePopular,
  usageSessions,
  usageSummary,
} from './usage/usage-rollup.queries.ts';
