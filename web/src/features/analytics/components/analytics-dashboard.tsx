import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, buildUrl, errorDetail } from '../../../lib/api-client.ts';
import { Modal } from '../../../lib/modal.tsx';
import {
  CONTENT_TYPES,
  DASHBOARD_PATH,
  dailyMetricsQueryOptions,
  dashboardQueryOptions,
  EXPORT_PATH,
  exportAnalytics,
  exportFilename,
  PERIOD_DAYS,
  type Period,
  popularContentQueryOptions,
  REAL_TIME_POLL_MS,
  realTimeQueryOptions,
} from '../api/admin-analytics.ts';
import { ChartsSection, DashboardToolbar, PopularList, SummaryCards } from './dashboard-sections.tsx';
import '../analytics.css';

/** What the error screen shows (the dashboard call failing, or the export). */
type Failure = { message: string; status: number; detail: string; url: string; time: Date };

function downloadJson(filename: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Revoked on the next task: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DashboardLoading() {
  const { t } = useTranslation();
  return (
    <section className="status-screen" aria-busy="true" data-testid="analytics-loading">
      <div className="spinner" aria-hidden="true" />
      <p className="status-screen__title" role="status">
        {t('analytics.loading')}
      </p>
    </section>
  );
}

function DashboardError({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="status-screen status-screen--error" role="alert" data-testid="analytics-error">
      <h3 className="status-screen__title">{t('analytics.errorTitle')}</h3>
      <p className="status-screen__text" data-testid="analytics-error-message">
        {failure.message}
      </p>
      <div className="status-screen__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={onRetry}
          data-testid="analytics-retry"
        >
          {t('analytics.retry')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => window.location.reload()}
          data-testid="analytics-reload"
        >
          {t('analytics.reloadPage')}
        </button>
      </div>
      <details className="analytics-debug" data-testid="analytics-debug">
        <summary>{t('analytics.debug.title')}</summary>
        <dl>
          <dt>{t('analytics.debug.status')}</dt>
          <dd>{failure.status || t('analytics.debug.none')}</dd>
          <dt>{t('analytics.debug.detail')}</dt>
          <dd>{failure.detail || t('analytics.debug.none')}</dd>
          <dt>{t('analytics.debug.url')}</dt>
          <dd>
            <code>{failure.url}</code>
          </dd>
          <dt>{t('analytics.debug.time')}</dt>
          <dd>
            <time dateTime={failure.time.toISOString()}>
              {failure.time.toLocaleString(i18n.resolvedLanguage ?? 'en')}
            </time>
          </dd>
        </dl>
      </details>
    </section>
  );
}

/**
 * The admin analytics dashboard: a full-screen dialog over the main page, opened by
 * five logo clicks and loaded lazily with its charts. Only the dashboard call failing (or the
 * export) shows the error screen; the other reads failing is only logged and leaves their part empty.
 */
export default function AnalyticsDashboard({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [period, setPeriod] = useState<Period>('week');
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<Failure | null>(null);

  // The previous period's figures stay on screen while the next period loads.
  const dashboard = useQuery({ ...dashboardQueryOptions(period), placeholderData: keepPreviousData });
  const live = !dashboard.isError && exportFailure === null;
  const daily = useQuery({
    ...dailyMetricsQueryOptions(PERIOD_DAYS[period]),
    placeholderData: keepPreviousData,
    enabled: live,
  });
  const popularLists = useQueries({
    queries: CONTENT_TYPES.map((type) => ({
      ...popularContentQueryOptions(type, period),
      placeholderData: keepPreviousData,
      enabled: live,
    })),
  });
  const realTime = useQuery({
    ...realTimeQueryOptions(),
    enabled: live,
    refetchInterval: REAL_TIME_POLL_MS,
  });

  const dashboardFailure: Failure | null =
    dashboard.isError && !dashboard.isFetching
      ? {
          message:
            dashboard.error instanceof ApiError && dashboard.error.status > 0
              ? t('analytics.apiError', {
                  status: dashboard.error.status,
                  statusText: dashboard.error.statusText,
                }).trim()
              : errorDetail(dashboard.error),
          status: dashboard.error instanceof ApiError ? dashboard.error.status : 0,
          detail: errorDetail(dashboard.error),
          url: buildUrl(DASHBOARD_PATH, { period }),
          time: new Date(dashboard.errorUpdatedAt),
        }
      : null;
  const failure = exportFailure ?? dashboardFailure;

  const retry = () => {
    setExportFailure(null);
    // Reset rather than refetch: the error goes and the loading screen shows until the answer.
    void client.resetQueries({ queryKey: ['analytics'] });
  };

  const exportData = async () => {
    setExporting(true);
    try {
      downloadJson(exportFilename(period), await exportAnalytics(period));
    } catch (error) {
      console.error('Export failed', error);
      setExportFailure({
        message: t('analytics.exportFailed'),
        status: error instanceof ApiError ? error.status : 0,
        detail: errorDetail(error),
        url: buildUrl(EXPORT_PATH, { format: 'json', period }),
        time: new Date(),
      });
    } finally {
      setExporting(false);
    }
  };

  const summary = dashboard.data;
  return (
    <Modal title={t('analytics.title')} onClose={onClose} size="full" testId="analytics-dashboard">
      {failure ? (
        <DashboardError failure={failure} onRetry={retry} />
      ) : !summary ? (
        <DashboardLoading />
      ) : (
        <>
          <DashboardToolbar
            period={period}
            onPeriodChange={setPeriod}
            onRefresh={() => void client.invalidateQueries({ queryKey: ['analytics'] })}
            onExport={() => void exportData()}
            exporting={exporting}
            updating={dashboard.isFetching || daily.isFetching}
            live={realTime.data}
          />
          {summary.from && summary.to ? (
            <p className="muted" data-testid="analytics-range">
              {t('analytics.range', { from: summary.from, to: summary.to })}
            </p>
          ) : null}
          <SummaryCards summary={summary} />
          <ChartsSection summary={summary} daily={daily.data?.metrics} dailyFailed={daily.isError} />
          <div className="analytics-grid">
            {CONTENT_TYPES.map((type, i) => (
              <PopularList
                key={type}
                type={type}
                items={popularLists[i]?.data?.popular_content}
                failed={popularLists[i]?.isError ?? false}
              />
            ))}
          </div>
        </>
      )}
    </Modal>
  );
}
