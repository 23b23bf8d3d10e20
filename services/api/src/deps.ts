import type { AppConfig } from '@scentinel/platform/config';

/** One projection's health, as reported by the projector runtime. */
export interface ProjectionHealth {
  name: string;
  version: number;
  active: boolean;
  position: number;
  lag: number;
  status: string;
}

export interface HealthReport {
  eventLogPosition: number;
  projections: ProjectionHealth[];
}

/**
 * What the routes need, built once by the composition root (`compose.ts`) and passed in.
 * Routes never construct adapters themselves, so swapping an adapter never changes a route.
 */
export interface AppDeps {
  config: AppConfig;
  health(): Promise<HealthReport>;
}
