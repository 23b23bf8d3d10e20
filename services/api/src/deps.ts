import type { AppConfig } from '@scentinel/platform/config';
import type { FanOutHealth } from '@scentinel/platform/event-bus';
import type { ScanService } from '@scentinel/platform/scan-queue';
import type { SearchIndex } from '@scentinel/platform/search';
import type { ApplicationDeps } from './application/deps.ts';
import type { ElasticsearchHealth } from './elasticsearch-catalogue.ts';
import type { AnalyticsDeps } from './routes/analytics/analytics.routes.ts';
import type { ScanRateLimits } from './routes/scans/scans.routes.ts';

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
  /** The Kafka outbox relay and the projectors' Kafka tails, when events fan out through Kafka. */
  eventFanOut?: FanOutHealth;
  /** The Elasticsearch catalogue read model, when `ELASTICSEARCH_URL` is set. */
  elasticsearch?: ElasticsearchHealth;
}

/**
 * What the routes need, built once by the composition root (`compose.ts`) and passed in.
 * Routes never construct adapters themselves, so swapping an adapter never changes a route.
 */
export interface AppDeps {
  config: AppConfig;
  health(): Promise<HealthReport>;
  /** Accounts, sessions, admin review, chemical curation and contributions (`auth/accounts-api.ts`). */
  accounts?: ApplicationDeps;
  /** Catalogue search index and chemicals read model (`@scentinel/platform/search`), fed by the catalogue projection. */
  catalogue?: SearchIndex;
  /** Label scans: the job queue (in-process or BullMQ) and the scan event recorder (`@scentinel/platform/scan-queue`; `compose.ts` picks the adapter). */
  scans?: ScanService;
  /** Scan uploads and status reads per address (default `DEFAULT_SCAN_RATE_LIMITS`). */
  scanRateLimits?: ScanRateLimits;
  /** Usage tracking (commands → events) and the admin analytics reads over the usage rollup. */
  analytics?: AnalyticsDeps;
}
