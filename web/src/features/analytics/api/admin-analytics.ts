import { queryOptions } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../lib/api-client.ts';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage.ts';

/** Admin analytics reads (docs/analytics-api.md "Admin reads"). */

export const PERIODS = ['today', 'week', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

/** The daily window of each period. */
export const PERIOD_DAYS: Record<Period, number> = { today: 1, week: 7, month: 30, year: 365 };

export type DashboardSummary = {
  period: string;
  from?: string;
  to?: string;
  total_sessions: number;
  unique_visitors: number;
  page_views: number;
  /** Seconds. */
  avg_session_duration: number;
  total_searches: number;
  total_scans: number;
  /** Percent of sessions that scanned. */
  camera_usage_rate: number;
  device_breakdown: Record<string, number>;
  country_breakdown: Record<string, number>;
};

export type DailyMetric = {
  date: string;
  unique_sessions: number;
  total_searches: number;
  total_scans: number;
};
export type DailyMetrics = { days: number; metrics: DailyMetric[] };

export const CONTENT_TYPES = ['search_term', 'chemical', 'perfume'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export type PopularItem = { name: string; count: number };
export type PopularContent = { content_type: ContentType; period?: string; popular_content: PopularItem[] };

export type RealTime = { active_sessions: number; events_last_hour: number; as_of?: string };

export const POPULAR_LIMIT = 10;
export const REAL_TIME_POLL_MS = 30_000;

const ADMIN_BASE = '/analytics/admin';

/** The signed-in admin's bearer token goes with every call (api-client); an admin key when one is stored. */
export function adminHeaders(): Record<string, string> {
  const key = readStorage(STORAGE_KEYS.adminKey);
  return key ? { 'X-Admin-Key': key } : {};
}

function adminGet<T>(path: string, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
  return api.get<T>(`${ADMIN_BASE}/${path}`, { query, signal, headers: adminHeaders() });
}

/**
 * Logs a failure the dashboard only logs, and passes it on so the query shows no data.
 * A call cancelled because the dashboard closed is no failure.
 */
function loggedAs<T>(message: string, call: Promise<T>, signal: AbortSignal): Promise<T> {
  return call.catch((error: unknown) => {
    if (!signal.aborted) console.warn(message, error);
    throw error;
  });
}

export const DASHBOARD_PATH = `${ADMIN_BASE}/dashboard`;
export const EXPORT_PATH = `${ADMIN_BASE}/export`;

export const dashboardQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: ['analytics', 'dashboard', period] as const,
    queryFn: ({ signal }) => adminGet<DashboardSummary>('dashboard', { period }, signal),
    retry: false,
  });

export const dailyMetricsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['analytics', 'daily', days] as const,
    queryFn: ({ signal }) =>
      loggedAs(
        'Failed to load daily metrics',
        adminGet<DailyMetrics>('metrics/daily', { days }, signal),
        signal,
      ),
    retry: false,
  });

export const popularContentQueryOptions = (contentType: ContentType, period: Period) =>
  queryOptions({
    queryKey: ['analytics', 'popular', contentType, period] as const,
    queryFn: ({ signal }) =>
      loggedAs(
        `Failed to load popular content (${contentType})`,
        adminGet<PopularContent>(
          'popular-content',
          { content_type: contentType, limit: POPULAR_LIMIT, period },
          signal,
        ),
        signal,
      ),
    retry: false,
  });

export const realTimeQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics', 'real-time'] as const,
    queryFn: ({ signal }) =>
      loggedAs('Failed to load real-time analytics', adminGet<RealTime>('real-time', {}, signal), signal),
    retry: false,
    staleTime: 0,
  });

/** The export is saved as a JSON file named with the period and the (UTC) date. */
export function exportFilename(period: Period, now = new Date()): string {
  return `scentinel-analytics-${period}-${now.toISOString().slice(0, 10)}.json`;
}

export function exportAnalytics(period: Period): Promise<unknown> {
  return adminGet<unknown>('export', { format: 'json', period });
}
