/**
 * Analytics at scale: every admin analytics call (docs/analytics-api.md) answered from the usage
 * rollup, beside the same answer computed from the raw usage events in SQL, on a log of
 * ANALYTICS_BENCH_EVENTS synthetic usage events (default 10 million) in a Postgres schema of its own.
 *
 * 1. Load: synthetic tracking events (the domain's usage events: `SearchTracked`, `PageViewed`,
 *    `ChemicalClicked`, `ScanTracked`, `LoginTracked`, `RegistrationTracked`, with the client's
 *    session, visitor, device, user agent, country and account) over 400 days up to now, written
 *    straight into the event log's `events` table by Postgres itself (INSERT … SELECT over
 *    generate_series, two writers at once: nothing has to cross the wire). Every event is marked
 *    synthetic: session ids `syn-s…`, `metadata.synthetic = true`, requestId `synthetic-analytics-bench`.
 * 2. Rollup: the real `usage_rollup` projection rebuilt from the log by the projection runtime.
 * 3. Timing: each admin call through the real Fastify app (`inject`, admin key), repeated with varied
 *    periods, limits and content types (p50/p95), and the same answer computed from the raw events
 *    in SQL; the answers must be equal. Targets: p95 <= 50 ms from the rollup, >= 100x faster than raw.
 * The schema is dropped at the end.
 *
 *   npm run bench -- analytics   (needs DATABASE_URL; ANALYTICS_BENCH_EVENTS=10000000,
 *                                 ANALYTICS_BENCH_CALLS=40 calls per admin call; BENCH_TIMEOUT_S
 *                                 should allow the load and the rebuild: 10 million take minutes)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { dropSchema, openStore, type SqlExecutor, type Store, uniqueSchemaName } from '@scentinel/platform';
import { loadConfig } from '@scentinel/platform/config';
import {
  createRuntime,
  createUsageReadModel,
  type ProjectionRuntime,
  USAGE_EVENT_TYPES,
} from '@scentinel/projections';
import cliProgress from 'cli-progress';
import Fastify, { type FastifyInstance } from 'fastify';
import { app } from '../../services/api/src/app.ts';
import { API_SERVER_OPTIONS } from '../../services/api/src/http/errors.ts';
import {
  dayRange,
  everyDay,
  PERIOD_DAYS,
  PERIODS,
  type Period,
} from '../../services/api/src/routes/analytics/periods.ts';
import { formatRatio, percentile, printTable, type TableRow, verdict } from './lib/report.ts';

const EVENTS = Number(process.env.ANALYTICS_BENCH_EVENTS ?? 10_000_000);
const CALLS = Number(process.env.ANALYTICS_BENCH_CALLS ?? 40);
const P95_TARGET_MS = 50;
const RATIO_TARGET = 100;
const DAYS = 400;
const DAY_MS = 86_400_000;
/** Sessions hold 1–15 events (8 on average). */
const EVENTS_PER_SESSION = 8;
/** Sessions per INSERT statement (~200k events). */
const SESSIONS_PER_CHUNK = 25_000;
const ADMIN_KEY = 'analytics-bench-admin-key';

// ------------------------------------------------------------------------------------------ load

/** A pseudo-random integer in [0, m) from a key (Postgres' int8 hash; the same on every run). */
const rnd = (key: string, m: number) => `((hashint8(${key})::bigint + 2147483648) % ${m})`;
/** A Zipf-like rank in [0, n): log-uniform, so a few names are common and most are rare. */
const zipf = (key: string, n: number) =>
  `(floor(exp((${rnd(key, 1_000_000)}::float8 / 1000000) * ln(${n})))::int - 1)`;

const WORDS = [
  'rose',
  'oud',
  'vanilla',
  'jasmine',
  'musk',
  'amber',
  'citrus',
  'bergamot',
  'sandalwood',
  'vetiver',
  'patchouli',
  'iris',
  'tuberose',
  'neroli',
  'leather',
  'tobacco',
  'incense',
  'lavender',
  'cedar',
  'fig',
  'peony',
  'lily',
  'orange',
  'lemon',
  'mint',
  'pepper',
  'cardamom',
  'saffron',
  'honey',
  'tonka',
  'coffee',
  'cacao',
  'coconut',
  'peach',
  'pear',
  'apple',
  'cherry',
  'plum',
  'violet',
  'magnolia',
  'gardenia',
  'freesia',
  'moss',
  'pine',
  'sage',
  'basil',
  'ginger',
  'aldehyde',
];
const CHEMICALS = [
  'Linalool',
  'Limonene',
  'Citral',
  'Geraniol',
  'Citronellol',
  'Eugenol',
  'Coumarin',
  'Farnesol',
  'Benzyl alcohol',
  'Benzyl benzoate',
  'Benzyl salicylate',
  'Benzyl cinnamate',
  'Cinnamal',
  'Cinnamyl alcohol',
  'Hexyl cinnamal',
  'Amyl cinnamal',
  'Isoeugenol',
  'Anise alcohol',
  'Hydroxycitronellal',
  'Methyl 2-octynoate',
  'Alpha-isomethyl ionone',
  'Evernia prunastri extract',
  'Evernia furfuracea extract',
  'Butylphenyl methylpropional',
  'Amylcinnamyl alcohol',
  'Camphor',
  'Carvone',
  'Menthol',
  'Vanillin',
  'Ethyl vanillin',
  'Beta-caryophyllene',
  'Alpha-pinene',
];
const COUNTRIES = 'SE,SE,SE,DE,DE,DE,US,US,US,US,GB,GB,FR,FR,ES,IT,NL,NO,DK,FI,PL,JP,BR,CA,NULL';
const USER_AGENTS: Record<string, string> = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mobile:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  tablet:
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  bot: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  unknown: '',
};
const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `(ARRAY[${values.map(sqlText).join(',')}]::text[])`;

/** Perfume ids are `syn-p<n>`; their catalogue label, as the API's `perfumeLabel` gives one. */
function perfumeLabel(id: string): string | null {
  const n = /^syn-p(\d+)$/.exec(id)?.[1];
  return n === undefined ? null : `Synthetic perfume ${n} – Synthetic house ${Number(n) % 97}`;
}

/**
 * One INSERT … SELECT writing sessions [$1, $2) (at most $4 events), the i-th event of the whole
 * log (from $3) at about $5 + i·$6 ms, each session's events a few seconds to minutes apart.
 */
function insertSql(visitors: number): string {
  const s = 'g.s';
  const i = 'g.i';
  return `
INSERT INTO events (id, stream_id, version, type, schema_version, data, metadata)
SELECT
  ('00000000-0000-4000-8000-' || lpad(to_hex(${i}), 12, '0'))::uuid,
  'usage:syn-s' || ${s}, g.k, e.type, 1,
  c.client || CASE e.type
    WHEN 'SearchTracked' THEN jsonb_build_object(
      'query', CASE ${rnd(`${i} * 16 + 9`, 10)} WHEN 0 THEN initcap(e.term) WHEN 1 THEN ' ' || replace(e.term, ' ', '  ') ELSE e.term END,
      'results_count', ${rnd(`${i} * 16 + 10`, 300)},
      'category', (ARRAY['perfume', 'chemical', NULL])[1 + ${rnd(`${i} * 16 + 11`, 3)}])
    WHEN 'ChemicalClicked' THEN jsonb_build_object(
      'chemical_id', 'syn-c' || e.chem,
      'chemical_name', ${textArray(CHEMICALS)}[1 + e.chem % ${CHEMICALS.length}]
        || CASE WHEN e.chem >= ${CHEMICALS.length} THEN ' (' || (e.chem / ${CHEMICALS.length}) || ')' ELSE '' END,
      'source', (ARRAY['search', 'perfume_card', 'cas_modal', 'regulatory'])[1 + ${rnd(`${i} * 16 + 12`, 4)}])
    WHEN 'PageViewed' THEN jsonb_build_object(
      'page', CASE
        WHEN g.k = 1 THEN '/'
        WHEN ${rnd(`${i} * 16 + 13`, 100)} < 55 THEN '/perfume/syn-p' || ${zipf(`${i} * 16 + 14`, 12_000)}
        WHEN ${rnd(`${i} * 16 + 13`, 100)} < 80 THEN '/'
        WHEN ${rnd(`${i} * 16 + 13`, 100)} < 90 THEN '/regions/' || coalesce(c.country, 'SE')
        ELSE '/language/' || (ARRAY['en', 'sv', 'es', 'de'])[1 + ${rnd(`${i} * 16 + 15`, 4)}] END,
      'referrer', CASE WHEN g.k = 1 AND ${rnd(`${s} * 16 + 8`, 3)} = 0 THEN 'https://www.google.com/' END)
    WHEN 'ScanTracked' THEN jsonb_build_object(
      'analysis_type', (ARRAY['comprehensive', 'comprehensive', 'ingredients', 'product_info', 'barcode'])[1 + ${rnd(`${i} * 16 + 12`, 5)}],
      'success', ${rnd(`${i} * 16 + 13`, 10)} < 8,
      'ingredients_found', ${rnd(`${i} * 16 + 14`, 40)},
      'processing_time', ${rnd(`${i} * 16 + 15`, 9000)}::float8 / 1000)
    WHEN 'LoginTracked' THEN jsonb_build_object('success', ${rnd(`${i} * 16 + 12`, 10)} < 9)
    ELSE jsonb_build_object('success', ${rnd(`${i} * 16 + 12`, 10)} < 9, 'role', 'regular_user')
  END,
  jsonb_build_object(
    'actorId', c.account, 'actorRole', CASE WHEN c.account IS NOT NULL THEN 'regular_user' END,
    'requestId', 'synthetic-analytics-bench', 'synthetic', true,
    'occurredAt', to_char(to_timestamp(($5::float8 + ${i} * $6::float8 + g.k * c.gap_ms) / 1000) AT TIME ZONE 'UTC',
                          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
FROM (
  SELECT s, k, $3::bigint + row_number() OVER (ORDER BY s, k) - 1 AS i
  FROM generate_series($1::bigint, $2::bigint - 1) AS s,
       generate_series(1, 1 + ${rnd('s * 16', 15)}::int) AS k
  ORDER BY s, k
  LIMIT $4
) g
CROSS JOIN LATERAL (
  SELECT d.device, d.country, d.account,
    jsonb_build_object(
      'session_id', 'syn-s' || ${s},
      'visitor_id', CASE WHEN ${rnd(`${s} * 16 + 3`, 100)} < 65 THEN 'syn-v' || ${rnd(`${s} * 16 + 4`, visitors)} END,
      'device', d.device,
      'user_agent', nullif((ARRAY[${Object.entries(USER_AGENTS)
        .map(([device, ua]) => `${sqlText(device)}, ${sqlText(ua)}`)
        .join(
          ', ',
        )}])[array_position(ARRAY[${Object.keys(USER_AGENTS).map(sqlText).join(', ')}], d.device) * 2], ''),
      'country', d.country,
      'account_id', d.account) AS client,
    (5 + ${rnd(`${s} * 16 + 7`, 90)}) * 1000 AS gap_ms
  FROM (SELECT
    CASE WHEN ${rnd(`${s} * 16 + 1`, 100)} < 55 THEN 'desktop'
         WHEN ${rnd(`${s} * 16 + 1`, 100)} < 93 THEN 'mobile'
         WHEN ${rnd(`${s} * 16 + 1`, 100)} < 98 THEN 'tablet'
         WHEN ${rnd(`${s} * 16 + 1`, 100)} < 99 THEN 'bot' ELSE 'unknown' END AS device,
    ('{${COUNTRIES}}'::text[])[1 + ${rnd(`${s} * 16 + 2`, 25)}] AS country,
    CASE WHEN ${rnd(`${s} * 16 + 5`, 100)} < 6 THEN 'syn-a' || ${rnd(`${s} * 16 + 6`, 5000)} END AS account) d
) c
CROSS JOIN LATERAL (
  SELECT
    CASE WHEN g.k = 1 THEN 'PageViewed'
         WHEN ${rnd(`${i} * 16 + 7`, 100)} < 38 THEN 'SearchTracked'
         WHEN ${rnd(`${i} * 16 + 7`, 100)} < 55 THEN 'ChemicalClicked'
         WHEN ${rnd(`${i} * 16 + 7`, 100)} < 87 THEN 'PageViewed'
         WHEN ${rnd(`${i} * 16 + 7`, 100)} < 94 THEN 'ScanTracked'
         WHEN ${rnd(`${i} * 16 + 7`, 100)} < 98 THEN 'LoginTracked'
         ELSE 'RegistrationTracked' END AS type,
    ${textArray(WORDS)}[1 + r.t % ${WORDS.length}]
      || CASE WHEN r.t >= ${WORDS.length} THEN ' ' || ${textArray(WORDS)}[1 + (r.t / ${WORDS.length}) % ${WORDS.length}] ELSE '' END
      || CASE WHEN r.t >= ${WORDS.length ** 2} THEN ' ' || (r.t / ${WORDS.length ** 2}) ELSE '' END AS term,
    ${zipf(`${i} * 16 + 6`, 1_500)} AS chem
  FROM (SELECT ${zipf(`${i} * 16 + 5`, 6_000)} AS t) r
) e`;
}

/**
 * Writes `total` synthetic usage events, two INSERT statements at a time; returns the seconds taken.
 * Events run from `now` − 400 days to about `now` − 30 minutes (a session's last events come a few
 * minutes after its first), so `now` is the newest day and the last hour has events.
 */
async function loadEvents(store: Store, total: number, now: Date): Promise<number> {
  const sessions = Math.ceil(total / EVENTS_PER_SESSION) + 1;
  const visitors = Math.max(1, Math.floor(sessions / 3));
  const start = now.getTime() - DAYS * DAY_MS;
  const msPerEvent = (DAYS * DAY_MS - 45 * 60_000) / total;
  const sql = insertSql(visitors);
  const bar = new cliProgress.SingleBar(
    { format: '  loading events [{bar}] {percentage}% | {value}/{total} | {rate}/s | {duration_formatted}' },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  bar.start(total, 0, { rate: 0 });
  // Chunks are cut by session; the event index of each chunk's first event is only known once the
  // chunks before it are counted, so chunk sizes are counted first (cheap: no JSON is built).
  const chunks: { from: number; to: number; first: number; count: number }[] = [];
  let first = 0;
  for (let from = 0; first < total; from += SESSIONS_PER_CHUNK) {
    const to = from + SESSIONS_PER_CHUNK;
    const { rows } = await store.sql.query<{ n: string }>(
      `SELECT sum(1 + ${rnd('s * 16', 15)})::bigint AS n FROM generate_series($1::bigint, $2::bigint - 1) s`,
      [from, to],
    );
    const count = Math.min(Number(rows[0]!.n), total - first);
    chunks.push({ from, to, first, count });
    first += count;
  }
  let done = 0;
  let next = 0;
  const writer = async () => {
    for (let c = chunks[next++]; c !== undefined; c = chunks[next++]) {
      await store.sql.query(sql, [c.from, c.to, c.first, c.count, start, msPerEvent]);
      done += c.count;
      bar.update(done, { rate: Math.round(done / ((performance.now() - started) / 1000)) });
    }
  };
  await Promise.all([writer(), writer()]);
  bar.stop();
  await store.sql.exec('ANALYZE events');
  return (performance.now() - started) / 1000;
}

// ------------------------------------------------------------------------------------------ raw

/**
 * The admin answers computed from the raw events in SQL: the same definitions the rollup keeps
 * (docs/analytics-api.md), each from one scan of the log.
 */
const USAGE = `SELECT position, type, data, (metadata->>'occurredAt')::timestamptz AS at
                 FROM events WHERE stream_id LIKE 'usage:%' AND type = ANY(${textArray(USAGE_EVENT_TYPES)})`;
const inDays = `at >= $1::date::timestamp AT TIME ZONE 'UTC' AND at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`;
const nonBlank = (expr: string) => `nullif(btrim(${expr}), '')`;

interface RawDashboard {
  sessions: number;
  visitors: number;
  avg_seconds: number;
  scanning: number;
  events: Record<string, number> | null;
  devices: Record<string, number> | null;
  countries: Record<string, number> | null;
}

async function rawSummary(db: SqlExecutor, from: string, to: string): Promise<RawDashboard> {
  const { rows } = await db.query<RawDashboard>(
    `WITH ev AS MATERIALIZED (
       SELECT position, type, data, (at AT TIME ZONE 'UTC')::date AS day, at FROM (${USAGE}) u WHERE ${inDays}
     ), sd AS MATERIALIZED (
       SELECT day, ${nonBlank("data->>'session_id'")} AS s, min(at) AS first, max(at) AS last,
              count(*) FILTER (WHERE type = 'ScanTracked') AS scans,
              (array_agg(${nonBlank("data->>'device'")} ORDER BY position) FILTER (WHERE ${nonBlank("data->>'device'")} IS NOT NULL))[1] AS device,
              (array_agg(${nonBlank("data->>'country'")} ORDER BY position) FILTER (WHERE ${nonBlank("data->>'country'")} IS NOT NULL))[1] AS country,
              (array_agg(coalesce('visitor:' || ${nonBlank("data->>'visitor_id'")}, 'account:' || ${nonBlank("data->>'account_id'")}) ORDER BY position)
                 FILTER (WHERE coalesce(${nonBlank("data->>'visitor_id'")}, ${nonBlank("data->>'account_id'")}) IS NOT NULL))[1] AS visitor
         FROM ev WHERE ${nonBlank("data->>'session_id'")} IS NOT NULL GROUP BY 1, 2
     )
     SELECT (SELECT count(DISTINCT s) FROM sd)::int AS sessions,
            (SELECT count(DISTINCT coalesce(visitor, 'session:' || s)) FROM sd)::int AS visitors,
            (SELECT coalesce(avg(extract(epoch FROM last - first)), 0) FROM sd)::float8 AS avg_seconds,
            (SELECT count(DISTINCT s) FILTER (WHERE scans > 0) FROM sd)::int AS scanning,
            (SELECT jsonb_object_agg(type, n) FROM (SELECT type, count(*)::int AS n FROM ev GROUP BY type) t) AS events,
            (SELECT jsonb_object_agg(k, n) FROM (SELECT coalesce(device, 'unknown') AS k, count(DISTINCT s)::int AS n FROM sd GROUP BY 1) t) AS devices,
            (SELECT jsonb_object_agg(k, n) FROM (SELECT coalesce(country, 'unknown') AS k, count(DISTINCT s)::int AS n FROM sd GROUP BY 1) t) AS countries`,
    [from, to],
  );
  return rows[0]!;
}

async function rawDashboard(db: SqlExecutor, period: Period, now: Date) {
  const { from, to } = dayRange(PERIOD_DAYS[period], now);
  const s = await rawSummary(db, from, to);
  const events = s.events ?? {};
  return {
    period,
    from,
    to,
    total_sessions: s.sessions,
    unique_visitors: s.visitors,
    page_views: events.PageViewed ?? 0,
    avg_session_duration: Math.round(s.avg_seconds * 10) / 10,
    total_searches: events.SearchTracked ?? 0,
    total_scans: events.ScanTracked ?? 0,
    camera_usage_rate: s.sessions === 0 ? 0 : Math.round((s.scanning / s.sessions) * 1000) / 10,
    device_breakdown: s.devices ?? {},
    country_breakdown: s.countries ?? {},
  };
}

async function rawDaily(db: SqlExecutor, days: number, now: Date) {
  const { from, to } = dayRange(days, now);
  const { rows } = await db.query<{ day: string; sessions: number; searches: number; scans: number }>(
    `WITH ev AS MATERIALIZED (
       SELECT type, data, (at AT TIME ZONE 'UTC')::date AS day FROM (${USAGE}) u WHERE ${inDays}
     )
     SELECT day::text AS day,
            count(DISTINCT ${nonBlank("data->>'session_id'")})::int AS sessions,
            count(*) FILTER (WHERE type = 'SearchTracked')::int AS searches,
            count(*) FILTER (WHERE type = 'ScanTracked')::int AS scans
       FROM ev GROUP BY day`,
    [from, to],
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    days,
    metrics: everyDay(from, to).map((date) => ({
      date,
      unique_sessions: byDay.get(date)?.sessions ?? 0,
      total_searches: byDay.get(date)?.searches ?? 0,
      total_scans: byDay.get(date)?.scans ?? 0,
    })),
  };
}

type ContentType = 'search_term' | 'chemical' | 'perfume';
const CONTENT_NAME: Record<ContentType, { type: string; name: string }> = {
  search_term: {
    type: 'SearchTracked',
    name: `lower(regexp_replace(${nonBlank("data->>'query'")}, '\\s+', ' ', 'g'))`,
  },
  chemical: { type: 'ChemicalClicked', name: nonBlank("data->>'chemical_name'") },
  perfume: {
    type: 'PageViewed',
    name: `CASE WHEN btrim(data->>'page') LIKE '/perfume/%' THEN ${nonBlank("substr(btrim(data->>'page'), 10)")} END`,
  },
};

async function rawPopular(db: SqlExecutor, type: ContentType, period: Period, limit: number, now: Date) {
  const { from, to } = dayRange(PERIOD_DAYS[period], now);
  const { type: eventType, name } = CONTENT_NAME[type];
  const { rows } = await db.query<{ name: string; count: number }>(
    `SELECT name, count(*)::int AS count FROM (
       SELECT ${name} AS name FROM (${USAGE}) u WHERE type = $3 AND ${inDays}
     ) t WHERE name IS NOT NULL GROUP BY name ORDER BY count DESC, name LIMIT $4`,
    [from, to, eventType, limit],
  );
  const labelled =
    type === 'perfume' ? rows.map((r) => ({ name: perfumeLabel(r.name) ?? r.name, count: r.count })) : rows;
  if (type === 'perfume') {
    labelled.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return { content_type: type, period, popular_content: labelled };
}

async function rawRealTime(db: SqlExecutor, now: Date) {
  const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  const { rows } = await db.query<{ active: number; hour: number }>(
    `WITH ev AS MATERIALIZED (SELECT data, at FROM (${USAGE}) u WHERE at >= $1::date::timestamp AT TIME ZONE 'UTC')
     SELECT (SELECT count(DISTINCT s)::int FROM (
               SELECT ${nonBlank("data->>'session_id'")} AS s, max(at) AS last FROM ev
                WHERE ${nonBlank("data->>'session_id'")} IS NOT NULL
                GROUP BY (at AT TIME ZONE 'UTC')::date, 1) sd
              WHERE last > $2::timestamptz AND last <= $3::timestamptz) AS active,
            (SELECT count(*)::int FROM ev WHERE date_trunc('minute', at) > $4::timestamptz
                AND date_trunc('minute', at) <= $3::timestamptz) AS hour`,
    [
      yesterday,
      new Date(now.getTime() - 5 * 60_000).toISOString(),
      now.toISOString(),
      new Date(now.getTime() - 3_600_000).toISOString(),
    ],
  );
  return {
    active_sessions: rows[0]!.active,
    events_last_hour: rows[0]!.hour,
    as_of: now.toISOString(),
  };
}

async function rawExport(db: SqlExecutor, period: Period, now: Date) {
  const [dashboard, daily, searchTerms, chemicals, perfumes] = await Promise.all([
    rawDashboard(db, period, now),
    rawDaily(db, PERIOD_DAYS[period], now),
    rawPopular(db, 'search_term', period, 10, now),
    rawPopular(db, 'chemical', period, 10, now),
    rawPopular(db, 'perfume', period, 10, now),
  ]);
  return {
    period,
    exported_at: now.toISOString(),
    dashboard,
    daily_metrics: daily.metrics,
    popular_content: {
      search_term: searchTerms.popular_content,
      chemical: chemicals.popular_content,
      perfume: perfumes.popular_content,
    },
  };
}

// ------------------------------------------------------------------------------------------ calls

interface Call {
  /** The admin call's name in the results (its path). */
  endpoint: string;
  url: string;
  /** The same answer from the raw events; undefined for calls only timed from the rollup. */
  raw?: () => Promise<unknown>;
}

const CONTENT_TYPES: ContentType[] = ['search_term', 'chemical', 'perfume'];
const LIMITS = [10, 25, 100, 5];
const DAILY_DAYS = [1, 7, 14, 30, 90, 365];

/**
 * The calls made for each admin call: every period (and content type, limit or day count) in turn.
 * Those compared with the raw answer are a fixed subset (a raw answer scans the whole log).
 */
function calls(db: SqlExecutor, now: Date): Call[] {
  const out: Call[] = [];
  for (const period of PERIODS) {
    out.push({
      endpoint: 'dashboard',
      url: `/api/analytics/admin/dashboard?period=${period}`,
      ...((period === 'week' || period === 'year') && { raw: () => rawDashboard(db, period, now) }),
    });
  }
  for (const days of DAILY_DAYS) {
    out.push({
      endpoint: 'metrics/daily',
      url: `/api/analytics/admin/metrics/daily?days=${days}`,
      ...((days === 7 || days === 365) && { raw: () => rawDaily(db, days, now) }),
    });
  }
  PERIODS.forEach((period, p) => {
    CONTENT_TYPES.forEach((type, t) => {
      const limit = LIMITS[(p + t) % LIMITS.length]!;
      out.push({
        endpoint: 'popular-content',
        url: `/api/analytics/admin/popular-content?content_type=${type}&period=${period}&limit=${limit}`,
        ...((period === 'month' || (period === 'year' && type === 'search_term')) && {
          raw: () => rawPopular(db, type, period, limit, now),
        }),
      });
    });
  });
  out.push({ endpoint: 'real-time', url: '/api/analytics/admin/real-time', raw: () => rawRealTime(db, now) });
  for (const period of PERIODS) {
    out.push({
      endpoint: 'export',
      url: `/api/analytics/admin/export?format=json&period=${period}`,
      ...(period === 'week' && { raw: () => rawExport(db, period, now) }),
    });
  }
  return out;
}

async function answer(server: FastifyInstance, url: string): Promise<unknown> {
  const res = await server.inject({ method: 'GET', url, headers: { 'x-admin-key': ADMIN_KEY } });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** The parsed answer with its object keys sorted (breakdown order is not part of the contract). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

// ------------------------------------------------------------------------------------------ run

async function rebuildRollup(
  runtime: ProjectionRuntime,
  total: number,
): Promise<{ seconds: number; rate: number }> {
  const bar = new cliProgress.SingleBar(
    {
      format:
        '  usage_rollup rebuild [{bar}] {percentage}% | {value}/{total} | {rate}/s | {duration_formatted}',
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  bar.start(total, 0, { rate: 0 });
  const result = await runtime.rebuild('usage_rollup', {
    onProgress: (p) =>
      bar.update(p.position, {
        rate: Math.round(p.replayed / Math.max(0.001, (performance.now() - started) / 1000)),
      }),
  });
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  if (result.position !== total) throw new Error(`the rebuild stopped at ${result.position} of ${total}`);
  return { seconds, rate: result.replayed / seconds };
}

export async function run(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    process.stdout.write('\nanalytics: skipped (set DATABASE_URL to a Postgres server)\n');
    return;
  }
  if (!Number.isInteger(EVENTS) || EVENTS < 1000) throw new Error('ANALYTICS_BENCH_EVENTS must be >= 1000');
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const schema = uniqueSchemaName('bench_analytics');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-bench-analytics-'));
  const store = await openStore({ databaseUrl, databaseSchema: schema, dataDir });
  let server: FastifyInstance | undefined;
  try {
    process.stdout.write(
      `\n  ${EVENTS.toLocaleString('en')} synthetic usage events over ${DAYS} days up to ${now.toISOString()}, schema ${schema}; ${loadAverage()}\n`,
    );
    const loadSeconds = await loadEvents(store, EVENTS, now);
    const { rows: size } = await store.sql.query<{ n: number; bytes: string }>(
      `SELECT count(*)::int AS n, pg_size_pretty(pg_total_relation_size('events')) AS bytes FROM events`,
    );
    if (size[0]!.n !== EVENTS) throw new Error(`loaded ${size[0]!.n} events, expected ${EVENTS}`);
    const runtime = createRuntime({ sql: store.sql, eventLog: store.eventLog, batchSize: 10_000 });
    const rebuild = await rebuildRollup(runtime, EVENTS);
    const { rows: rollupSize } = await store.sql.query<{ bytes: string }>(
      `SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS bytes FROM pg_class c
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname LIKE 'usage\\_%'`,
    );
    printTable('Analytics bench: data', [
      {
        events: EVENTS,
        'events table': size[0]!.bytes,
        'load s': Number(loadSeconds.toFixed(1)),
        'load events/s': Math.round(EVENTS / loadSeconds),
        'rollup rebuild s': Number(rebuild.seconds.toFixed(1)),
        'rebuild events/s': Math.round(rebuild.rate),
        'rollup tables': rollupSize[0]!.bytes,
      },
    ]);

    server = Fastify({ ...API_SERVER_OPTIONS, logger: false });
    await server.register(app, {
      deps: {
        config: loadConfig(),
        health: async () => ({ eventLogPosition: EVENTS, projections: [] }),
        analytics: {
          eventLog: store.eventLog,
          usage: createUsageReadModel(runtime, store.sql),
          adminApiKey: ADMIN_KEY,
          now: () => now,
          perfumeLabel: async (id) => perfumeLabel(id),
        },
      },
    });
    await server.ready();

    const plan = calls(store.sql, now);
    // Warm-up: every call once (plans and pages of the rollup cached, as on a running server).
    for (const c of plan) await answer(server, c.url);
    const times = new Map<string, number[]>();
    for (let round = 0; round < CALLS; round++) {
      const endpoints = [...new Set(plan.map((c) => c.endpoint))];
      for (const endpoint of endpoints) {
        const variants = plan.filter((c) => c.endpoint === endpoint);
        const c = variants[round % variants.length]!;
        const started = performance.now();
        await answer(server, c.url);
        const ms = performance.now() - started;
        times.set(endpoint, [...(times.get(endpoint) ?? []), ms]);
      }
    }

    // The raw answers: each compared with the rollup's answer and timed beside a timed rollup call.
    const raw = new Map<string, { rawMs: number[]; rollupMs: number[]; equal: boolean; mismatch?: string }>();
    for (const c of plan.filter((x) => x.raw !== undefined)) {
      const started = performance.now();
      const expected = await c.raw!();
      const rawMs = performance.now() - started;
      const rolledStarted = performance.now();
      const actual = await answer(server, c.url);
      const rollupMs = performance.now() - rolledStarted;
      const a = JSON.stringify(canonical(actual));
      const e = JSON.stringify(canonical(normaliseExport(expected, actual)));
      const entry = raw.get(c.endpoint) ?? { rawMs: [], rollupMs: [], equal: true };
      entry.rawMs.push(rawMs);
      entry.rollupMs.push(rollupMs);
      if (a !== e) {
        entry.equal = false;
        entry.mismatch ??= `${c.url}\n    rollup: ${a.slice(0, 600)}\n    raw:    ${e.slice(0, 600)}`;
      }
      raw.set(c.endpoint, entry);
    }

    const rows: TableRow[] = [];
    let allPass = true;
    for (const [endpoint, ms] of times) {
      const r = raw.get(endpoint);
      const p50 = percentile(ms, 0.5);
      const p95 = percentile(ms, 0.95);
      const rawP50 = r ? percentile(r.rawMs, 0.5) : Number.NaN;
      const ratio = rawP50 / p50;
      const pass = p95 <= P95_TARGET_MS && ratio >= RATIO_TARGET && r?.equal === true;
      allPass &&= pass;
      rows.push({
        'admin call': endpoint,
        calls: ms.length,
        'rollup p50 ms': Number(p50.toFixed(1)),
        'rollup p95 ms': Number(p95.toFixed(1)),
        'rollup max ms': Number(Math.max(...ms).toFixed(1)),
        'raw SQL calls': r?.rawMs.length ?? 0,
        'raw p50 ms': Number(rawP50.toFixed(0)),
        'raw max ms': r ? Number(Math.max(...r.rawMs).toFixed(0)) : 'n/a',
        'rollup vs raw (p50)': formatRatio(rawP50, p50),
        'equal answers': r ? verdict(r.equal) : 'n/a',
        [`p95 <= ${P95_TARGET_MS} ms and >= ${RATIO_TARGET}x`]: verdict(pass),
      });
      if (r?.mismatch)
        process.stdout.write(`\n  ${endpoint}: rollup and raw answers differ at ${r.mismatch}\n`);
    }
    printTable(
      `Admin analytics calls on ${EVENTS.toLocaleString('en')} usage events: the usage rollup (through the Fastify app) vs the raw events in SQL`,
      rows,
    );
    process.stdout.write(
      `\n  every admin call meets its targets: ${verdict(allPass)}; after the run: ${loadAverage()}\n`,
    );
  } finally {
    await server?.close().catch(() => {});
    await dropSchema(store.sql).catch(() => {});
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The export's `exported_at` is the server's clock; the raw answer takes the same one. */
function normaliseExport(expected: unknown, actual: unknown): unknown {
  if (
    expected &&
    typeof expected === 'object' &&
    'exported_at' in expected &&
    actual &&
    typeof actual === 'object'
  ) {
    return { ...expected, exported_at: (actual as { exported_at: unknown }).exported_at };
  }
  return expected;
}

function loadAverage(): string {
  const [one, five] = os.loadavg();
  return `load average ${one!.toFixed(1)} (1 min), ${five!.toFixed(1)} (5 min) on ${os.cpus().length} cores`;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
