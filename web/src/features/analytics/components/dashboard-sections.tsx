import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ContentType,
  DailyMetric,
  DashboardSummary,
  Period,
  PopularItem,
  RealTime,
} from '../api/admin-analytics.ts';
import { PERIODS } from '../api/admin-analytics.ts';
import { formatCount, formatDuration } from '../format.ts';
import { CountryBarChart, DevicePieChart, type Slice, TrendsChart } from './charts.tsx';

export const TOP_COUNTRIES = 8;

type ToolbarProps = {
  period: Period;
  onPeriodChange: (period: Period) => void;
  onRefresh: () => void;
  onExport: () => void;
  exporting: boolean;
  updating: boolean;
  live: RealTime | undefined;
};

export function DashboardToolbar({
  period,
  onPeriodChange,
  onRefresh,
  onExport,
  exporting,
  updating,
  live,
}: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="analytics-toolbar">
      <label className="analytics-toolbar__period">
        <span>{t('analytics.period')}</span>
        <select
          value={period}
          onChange={(event) => onPeriodChange(event.target.value as Period)}
          data-testid="analytics-period"
        >
          {PERIODS.map((value) => (
            <option key={value} value={value}>
              {t(`analytics.periods.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button--secondary"
        onClick={onRefresh}
        aria-busy={updating}
        data-testid="analytics-refresh"
      >
        {t('analytics.refresh')}
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={onExport}
        disabled={exporting}
        aria-busy={exporting}
        data-testid="analytics-export"
      >
        {exporting ? t('analytics.exporting') : t('analytics.export')}
      </button>
      {updating ? (
        <span className="muted" role="status">
          {t('analytics.updating')}
        </span>
      ) : null}
      <LiveBadge live={live} />
    </div>
  );
}

function LiveBadge({ live }: { live: RealTime | undefined }) {
  const { t } = useTranslation();
  return (
    <p className="analytics-live" data-testid="analytics-live">
      <span className={`analytics-live__dot${live ? '' : ' analytics-live__dot--off'}`} aria-hidden="true" />
      {live
        ? t('analytics.live', {
            active: formatCount(live.active_sessions),
            events: formatCount(live.events_last_hour),
          })
        : t('analytics.liveUnavailable')}
    </p>
  );
}

function StatCard({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <div className="stat-card" data-testid={testId}>
      <h3 className="stat-card__label">{label}</h3>
      <p className="stat-card__value" data-testid={`${testId}-value`}>
        {value}
      </p>
      {detail ? <p className="stat-card__detail">{detail}</p> : null}
    </div>
  );
}

export function SummaryCards({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation();
  return (
    <div className="stat-cards">
      <StatCard
        label={t('analytics.cards.sessions')}
        value={formatCount(summary.total_sessions)}
        detail={t('analytics.cards.uniqueVisitors', { visitors: formatCount(summary.unique_visitors) })}
        testId="stat-sessions"
      />
      <StatCard
        label={t('analytics.cards.pageViews')}
        value={formatCount(summary.page_views)}
        detail={t('analytics.cards.avgDuration', { duration: formatDuration(summary.avg_session_duration) })}
        testId="stat-page-views"
      />
      <StatCard
        label={t('analytics.cards.searches')}
        value={formatCount(summary.total_searches)}
        testId="stat-searches"
      />
      <StatCard
        label={t('analytics.cards.scans')}
        value={formatCount(summary.total_scans)}
        detail={t('analytics.cards.usageRate', { rate: summary.camera_usage_rate.toFixed(1) })}
        testId="stat-scans"
      />
    </div>
  );
}

/** A titled dashboard panel. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="analytics-panel">
      <h3 className="analytics-panel__title">{title}</h3>
      {children}
    </section>
  );
}

function dayLabel(date: string, language: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    parsed,
  );
}

function countryName(code: string, names: Intl.DisplayNames | null, unknown: string): string {
  if (code === 'unknown' || code === '') return unknown;
  try {
    return names?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Largest first, ties by name. */
function sortedEntries(breakdown: Record<string, number>): [string, number][] {
  return Object.entries(breakdown)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

const summaryOf = (slices: Slice[]) => slices.map((slice) => `${slice.name} ${slice.value}`).join(', ');

export function ChartsSection({
  summary,
  daily,
  dailyFailed,
}: {
  summary: DashboardSummary;
  daily: DailyMetric[] | undefined;
  dailyFailed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const regionNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      return null;
    }
  }, [language]);

  const points = (daily ?? []).map((metric) => ({
    label: dayLabel(metric.date, language),
    sessions: metric.unique_sessions,
    searches: metric.total_searches,
    scans: metric.total_scans,
  }));
  const total = (key: 'sessions' | 'searches' | 'scans') =>
    points.reduce((sum, point) => sum + point[key], 0);
  const devices: Slice[] = sortedEntries(summary.device_breakdown).map(([name, value]) => ({
    name: t(`analytics.devices.${name}`, name),
    value,
  }));
  const countries: Slice[] = sortedEntries(summary.country_breakdown)
    .slice(0, TOP_COUNTRIES)
    .map(([code, value]) => ({ name: countryName(code, regionNames, t('analytics.unknownCountry')), value }));

  return (
    <>
      <Panel title={t('analytics.charts.trends')}>
        {daily ? (
          <TrendsChart
            points={points}
            names={{
              sessions: t('analytics.charts.sessions'),
              searches: t('analytics.charts.searches'),
              scans: t('analytics.charts.scans'),
            }}
            label={t('analytics.charts.trendsLabel', {
              days: points.length,
              sessions: total('sessions'),
              searches: total('searches'),
              scans: total('scans'),
            })}
          />
        ) : (
          <p className="muted">{dailyFailed ? t('analytics.unavailable') : t('common.loading')}</p>
        )}
      </Panel>
      <div className="analytics-grid">
        <Panel title={t('analytics.charts.devices')}>
          {devices.length > 0 ? (
            <DevicePieChart
              slices={devices}
              label={`${t('analytics.charts.devices')}: ${summaryOf(devices)}`}
            />
          ) : (
            <p className="muted">{t('analytics.noData')}</p>
          )}
        </Panel>
        <Panel title={t('analytics.charts.countries')}>
          {countries.length > 0 ? (
            <CountryBarChart
              bars={countries}
              label={`${t('analytics.charts.countries')}: ${summaryOf(countries)}`}
            />
          ) : (
            <p className="muted">{t('analytics.noData')}</p>
          )}
        </Panel>
      </div>
    </>
  );
}

export function PopularList({
  type,
  items,
  failed,
}: {
  type: ContentType;
  items: PopularItem[] | undefined;
  failed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Panel title={t(`analytics.lists.${type}`)}>
      {items === undefined ? (
        <p className="muted">{failed ? t('analytics.unavailable') : t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('analytics.noData')}</p>
      ) : (
        <ol className="popular-list" data-testid={`analytics-popular-${type}`}>
          {items.map((item) => (
            <li key={item.name} className="popular-list__item">
              <span className="popular-list__name">{item.name}</span>
              <span className="popular-list__count">{formatCount(item.count)}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
