/**
 * Usage analytics (tracking calls and admin reads; contract in docs/analytics-api.md):
 * anyone sends tracking calls, each a usage command appended to the session's stream; admins (or
 * holders of the server's admin key) read the `usage_rollup` read model.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { analysisTypes, type UsageCommand } from '@scentinel/domain';
import { type EventLog, GroupCommit, type GroupCommitOptions } from '@scentinel/platform';
import { USAGE_CONTENT_TYPES, type UsageContentType, type UsageReadModel } from '@scentinel/projections';
import type { FastifyRequest, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { enforceAccess } from '../../auth/authentication.ts';
import { Problem } from '../../auth/schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import { Nullable } from '../contributions/contribution-view.ts';
import { lazyChildLogger } from './lazy-logger.ts';
import { dayRange, everyDay, PERIOD_DAYS, PERIODS, type Period } from './periods.ts';
import { TrackingLimit, waitText } from './tracking-limit.ts';
import { trackUsage, usageClient } from './usage-client.ts';

export interface AnalyticsDeps {
  eventLog: EventLog;
  usage: UsageReadModel;
  /** `ADMIN_API_KEY`: when set, an `X-Admin-Key` equal to it opens the admin reads. */
  adminApiKey?: string;
  now?: () => Date;
  /** "<name> – <brand>" of a catalogued perfume (popular perfumes), null when unknown. */
  perfumeLabel?(id: string): Promise<string | null>;
  /** Tracking calls per client address (default 600 a minute). */
  trackingRateLimit?: { max: number; timeWindowMs: number };
  /** How tracking calls are grouped into log writes (benches compare one write per call). */
  trackingGroupCommit?: GroupCommitOptions;
}

export const ADMIN_KEY_HEADER = 'x-admin-key';
export const ANALYTICS_ADMIN_DETAIL =
  'Usage analytics are for admins: sign in as an admin or send X-Admin-Key';
export const BAD_ADMIN_KEY_DETAIL = 'The admin key is not valid';
const POPULAR_LIMIT = 10;

/** A union of string literals, typed as the union (a mapped `Type.Union` types as string). */
const OneOf = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      options,
    ),
  );
const PeriodParam = OneOf(PERIODS, {
  description: 'today, week (7 days), month (30) or year (365); UTC days, today included',
});

const SearchBody = Type.Object({
  query: Type.String({ maxLength: 500 }),
  results_count: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  category: Type.Optional(Nullable(Type.Union([Type.Literal('perfume'), Type.Literal('chemical')]))),
});
const ScanBody = Type.Object({
  analysis_type: Type.Optional(Nullable(OneOf(analysisTypes))),
  success: Type.Boolean(),
  ingredients_found: Type.Integer({ minimum: 0, maximum: 100_000 }),
  processing_time: Type.Number({ minimum: 0, maximum: 86_400, description: 'Seconds' }),
});
const ChemicalClickBody = Type.Object({
  chemical_id: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Integer({ minimum: 0 })]),
  chemical_name: Type.String({ minLength: 1, maxLength: 300 }),
  source: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
});
const PageViewBody = Type.Object({
  page: Type.String({ minLength: 1, maxLength: 500 }),
  referrer: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});
const SessionHeaders = Type.Object({
  'x-session-id': Type.String({
    description: 'One id per page load: 6–128 letters, digits, _ . -',
    minLength: 1,
    maxLength: 200,
  }),
  // Only describes the client: a malformed one is dropped, not refused (see the domain's decide).
  'x-visitor-id': Type.Optional(Type.String()),
});
const Tracked = Type.Object({ status: Type.Literal('tracked') });

/**
 * The tracking routes' validator: TypeBox's compiled check and nothing else. The default one also
 * runs TypeBox's reflective conversion over every header (strings to numbers and booleans) on each
 * call; these routes read only string headers, so there is nothing to convert.
 */
const checkOnly: FastifySchemaCompiler<TSchema> = ({ schema }) => {
  const check = Compile(schema);
  return (value: unknown) =>
    check.Check(value)
      ? { value }
      : { error: check.Errors(value) as unknown as FastifySchemaValidationError[] };
};

const Counts = Type.Record(Type.String(), Type.Integer());
const Dashboard = Type.Object({
  period: PeriodParam,
  from: Type.String(),
  to: Type.String(),
  total_sessions: Type.Integer(),
  unique_visitors: Type.Integer(),
  page_views: Type.Integer(),
  avg_session_duration: Type.Number({ description: 'Seconds' }),
  total_searches: Type.Integer(),
  total_scans: Type.Integer(),
  camera_usage_rate: Type.Number({ description: 'Percent of sessions that scanned' }),
  device_breakdown: Counts,
  country_breakdown: Counts,
});
const DailyMetric = Type.Object({
  date: Type.String(),
  unique_sessions: Type.Integer(),
  total_searches: Type.Integer(),
  total_scans: Type.Integer(),
});
const PopularItem = Type.Object({ name: Type.String(), count: Type.Integer() });
const ContentTypeParam = OneOf(USAGE_CONTENT_TYPES);
const ADMIN_PROBLEMS = { 400: Problem, 401: Problem, 403: Problem } as const;
const ADMIN_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { adminKey: [] }];

export const analyticsRoutes: FastifyPluginAsyncTypebox<{ deps: AnalyticsDeps }> = async (app, { deps }) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);
  const now = () => deps.now?.() ?? new Date();

  // ------------------------------------------------------------------------------- tracking

  // Tracking calls are written in groups (one log write for the calls of a few milliseconds); each
  // answers only once its group is stored, and closing the server flushes what waits.
  const tracking = new GroupCommit(deps.eventLog, deps.trackingGroupCommit);
  const trackingLog = tracking.asEventLog();
  app.addHook('onClose', () => tracking.close());

  // Calls per client address, checked before the body is read.
  const limit = new TrackingLimit({
    max: deps.trackingRateLimit?.max ?? 600,
    windowMs: deps.trackingRateLimit?.timeWindowMs ?? 60_000,
  });
  const limitTracking = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    const waitMs = limit.hit(request.ip);
    if (waitMs === null) return done();
    done(
      new HttpError(429, `Too many tracking calls. Please wait ${waitText(waitMs)}.`, 'rate_limited', {
        'retry-after': String(Math.ceil(waitMs / 1000)),
      }),
    );
  };

  /** One tracking route: the body becomes a usage command for the caller's session. */
  function track<TBody extends TSchema>(
    scope: typeof app,
    path: string,
    summary: string,
    body: TBody,
    command: (data: Static<TBody>, client: ReturnType<typeof usageClient>) => UsageCommand,
  ) {
    scope.post(
      `/analytics/track/${path}`,
      {
        onRequest: limitTracking,
        logLevel: 'warn',
        // The answer is 20 bytes: never worth compressing, so the compression hooks are left off.
        compress: false,
        validatorCompiler: checkOnly,
        bodyLimit: 8 * 1024,
        schema: {
          tags: ['analytics'],
          summary,
          headers: SessionHeaders,
          body,
          response: { 202: Tracked, 400: Problem, 413: Problem, 429: Problem },
        },
      },
      async (request, reply) => {
        // Anonymous callers (no Authorization header) need no session lookup.
        const auth =
          request.headers.authorization !== undefined && request.authenticate
            ? await request.authenticate()
            : null;
        await trackUsage(
          trackingLog,
          request,
          command(request.body as Static<TBody>, usageClient(request)),
          auth?.actor ?? null,
          now(),
        );
        return reply.code(202).send({ status: 'tracked' as const });
      },
    );
  }

  // The tracking routes log at warn and above (two info lines per call would be the busiest log by
  // far), and each call's logger is made only if something is logged.
  await app.register(async (scope) => {
    scope.setChildLoggerFactory(lazyChildLogger);
    track(scope, 'search', 'Record a search and its result count', SearchBody, (d, client) => ({
      type: 'TrackSearch',
      data: { client, query: d.query, results_count: d.results_count, category: d.category ?? null },
    }));
    track(scope, 'scan', 'Record a finished label scan', ScanBody, (d, client) => ({
      type: 'TrackScan',
      data: {
        client,
        analysis_type: d.analysis_type ?? null,
        success: d.success,
        ingredients_found: d.ingredients_found,
        processing_time: d.processing_time,
      },
    }));
    track(scope, 'chemical-click', 'Record a chemical being opened', ChemicalClickBody, (d, client) => ({
      type: 'TrackChemicalClick',
      data: { client, chemical_id: d.chemical_id, chemical_name: d.chemical_name, source: d.source ?? null },
    }));
    track(
      scope,
      'page-view',
      'Record a page view (also region exploration, language changes and perfumes looked at)',
      PageViewBody,
      (d, client) => ({
        type: 'TrackPageView',
        data: { client, page: d.page, referrer: d.referrer ?? null },
      }),
    );
  });

  // ------------------------------------------------------------------------------- admin reads

  const adminKey = deps.adminApiKey === undefined ? null : Buffer.from(deps.adminApiKey);
  const keyMatches = (presented: string) => {
    const given = Buffer.from(presented);
    return adminKey !== null && given.length === adminKey.length && timingSafeEqual(given, adminKey);
  };

  /** An admin's session or the server's admin key; otherwise 401 (or 403 for a signed-in non-admin). */
  async function requireAnalyticsAdmin(request: FastifyRequest) {
    const presented = request.headers[ADMIN_KEY_HEADER];
    if (typeof presented === 'string' && keyMatches(presented)) return;
    const auth = request.authenticate ? await request.authenticate() : null;
    if (auth?.actor?.role === 'admin' && auth.actor.status === 'active') return;
    if (presented !== undefined) throw new HttpError(401, BAD_ADMIN_KEY_DETAIL, 'unauthorized');
    if (!auth || (auth.actor === null && auth.problem === null)) {
      throw new HttpError(401, ANALYTICS_ADMIN_DETAIL, 'unauthorized');
    }
    enforceAccess({ kind: 'admin', action: 'view usage analytics' }, auth);
  }

  async function dashboard(period: Period) {
    const { from, to } = dayRange(PERIOD_DAYS[period], now());
    const s = await deps.usage.summary(from, to);
    return {
      period,
      from,
      to,
      total_sessions: s.sessions,
      unique_visitors: s.visitors,
      page_views: s.events.PageViewed ?? 0,
      avg_session_duration: Math.round(s.avgSessionSeconds * 10) / 10,
      total_searches: s.events.SearchTracked ?? 0,
      total_scans: s.events.ScanTracked ?? 0,
      camera_usage_rate: s.sessions === 0 ? 0 : Math.round((s.scanningSessions / s.sessions) * 1000) / 10,
      device_breakdown: s.devices,
      country_breakdown: s.countries,
    };
  }

  async function dailyMetrics(days: number) {
    const { from, to } = dayRange(days, now());
    const byDay = new Map((await deps.usage.daily(from, to)).map((d) => [d.day, d]));
    return everyDay(from, to).map((date) => {
      const d = byDay.get(date);
      return {
        date,
        unique_sessions: d?.sessions ?? 0,
        total_searches: d?.searches ?? 0,
        total_scans: d?.scans ?? 0,
      };
    });
  }

  async function popular(type: UsageContentType, period: Period, limit: number) {
    const { from, to } = dayRange(PERIOD_DAYS[period], now());
    const rows = await deps.usage.popular(type, from, to, limit);
    const label = deps.perfumeLabel;
    if (type !== 'perfume' || !label) return rows;
    const labelled = await Promise.all(
      rows.map(async (r) => ({ name: (await label(r.name)) ?? r.name, count: r.count })),
    );
    // Ties were ordered by id; order them by what the list shows.
    return labelled.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  // Every admin read: an admin's session or the admin key, checked before validation.
  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<TypeBoxTypeProvider>();
    admin.addHook('preValidation', requireAnalyticsAdmin);

    admin.get(
      '/analytics/admin/dashboard',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Usage totals and breakdowns for a period',
          security: ADMIN_SECURITY,
          querystring: Type.Object({ period: Type.Optional(PeriodParam) }),
          response: { 200: Dashboard, ...ADMIN_PROBLEMS },
        },
      },
      async (request) => dashboard(request.query.period ?? 'week'),
    );

    admin.get(
      '/analytics/admin/metrics/daily',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Sessions, searches and scans per day (every day, oldest first)',
          security: ADMIN_SECURITY,
          querystring: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })) }),
          response: {
            200: Type.Object({ days: Type.Integer(), metrics: Type.Array(DailyMetric) }),
            ...ADMIN_PROBLEMS,
          },
        },
      },
      async (request) => {
        const days = request.query.days ?? 7;
        return { days, metrics: await dailyMetrics(days) };
      },
    );

    admin.get(
      '/analytics/admin/popular-content',
      {
        schema: {
          tags: ['analytics'],
          summary: 'The most searched terms, opened chemicals or viewed perfumes',
          security: ADMIN_SECURITY,
          querystring: Type.Object({
            content_type: ContentTypeParam,
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
            period: Type.Optional(PeriodParam),
          }),
          response: {
            200: Type.Object({
              content_type: ContentTypeParam,
              period: PeriodParam,
              popular_content: Type.Array(PopularItem),
            }),
            ...ADMIN_PROBLEMS,
          },
        },
      },
      async (request) => {
        const { content_type, limit = POPULAR_LIMIT, period = 'month' } = request.query;
        return { content_type, period, popular_content: await popular(content_type, period, limit) };
      },
    );

    admin.get(
      '/analytics/admin/real-time',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Sessions active in the last 5 minutes and events in the last hour',
          security: ADMIN_SECURITY,
          response: {
            200: Type.Object({
              active_sessions: Type.Integer(),
              events_last_hour: Type.Integer(),
              as_of: Type.String(),
            }),
            ...ADMIN_PROBLEMS,
          },
        },
      },
      async () => {
        const at = now();
        const live = await deps.usage.live(at);
        return {
          active_sessions: live.activeSessions,
          events_last_hour: live.eventsLastHour,
          as_of: at.toISOString(),
        };
      },
    );

    admin.get(
      '/analytics/admin/export',
      {
        schema: {
          tags: ['analytics'],
          summary: 'The dashboard, daily metrics and popular content of a period, as a JSON file',
          security: ADMIN_SECURITY,
          querystring: Type.Object({
            format: Type.Optional(Type.Literal('json')),
            period: Type.Optional(PeriodParam),
          }),
          response: { 200: Type.Object({}, { additionalProperties: true }), ...ADMIN_PROBLEMS },
        },
      },
      async (request, reply) => {
        const period = request.query.period ?? 'week';
        const exportedAt = now();
        const [summary, daily, searchTerms, chemicals, perfumes] = await Promise.all([
          dashboard(period),
          dailyMetrics(PERIOD_DAYS[period]),
          popular('search_term', period, POPULAR_LIMIT),
          popular('chemical', period, POPULAR_LIMIT),
          popular('perfume', period, POPULAR_LIMIT),
        ]);
        const file = `scentinel-analytics-${period}-${exportedAt.toISOString().slice(0, 10)}.json`;
        return reply
          .header('content-disposition', `attachment; filename="${file}"`)
          .type('application/json; charset=utf-8')
          .send({
            period,
            exported_at: exportedAt.toISOString(),
            dashboard: summary,
            daily_metrics: daily,
            popular_content: { search_term: searchTerms, chemical: chemicals, perfume: perfumes },
          });
      },
    );
  });
};
