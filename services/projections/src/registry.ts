import type { EventLog, SqlClient } from '@scentinel/platform';
import { accountsProjection } from './accounts/accounts.projection.ts';
import { contributionsProjection } from './contributions/contributions.projection.ts';
import type { Projection } from './runtime/projection.ts';
import { ProjectionRuntime, type ProjectionRuntimeOptions } from './runtime/projection-runtime.ts';
import { usageRollupProjection } from './usage/usage-rollup.projection.ts';

/**
 * Every projection the product runs; the API server and the ops CLI both build their runtime from
 * this list, so they agree on names and versions. Add new read models here.
 */
export const projections: readonly Projection[] = [
  accountsProjection,
  contributionsProjection,
  usageRollupProjection,
];

export interface RuntimeDeps extends Partial<Omit<ProjectionRuntimeOptions, 'sql' | 'eventLog'>> {
  sql: SqlClient;
  eventLog: EventLog;
}

/** A runtime over the registry (or `deps.projections`, e.g. with in-process read models added). */
export function createRuntime(deps: RuntimeDeps): ProjectionRuntime {
  return new ProjectionRuntime({ ...deps, projections: deps.projections ?? projections });
}
