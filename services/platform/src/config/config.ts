import path from 'node:path';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

/**
 * One typed configuration, read from the environment. With nothing set, the product runs on the
 * embedded default: PGlite in `DATA_DIR`, in-process fan-out, index and scan queue.
 */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Optional(Type.String()),
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  DATA_DIR: Type.String({ default: '.data' }),
  DATABASE_URL: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_SCHEMA: Type.String({ default: 'public', pattern: '^[a-z_][a-z0-9_]*$' }),
  REDIS_URL: Type.Optional(Type.String({ minLength: 1 })),
  KAFKA_BROKERS: Type.Optional(Type.String({ minLength: 1 })),
  KAFKA_TOPIC: Type.String({ default: 'scentinel.events', pattern: '^[a-zA-Z0-9._-]{1,249}$' }),
  KAFKA_IDEMPOTENT: Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'true' }),
  ELASTICSEARCH_URL: Type.Optional(Type.String({ minLength: 1 })),
  ELASTICSEARCH_ALIAS: Type.String({
    default: 'scentinel-catalogue',
    pattern: '^[a-z0-9][a-z0-9_-]{0,200}$',
  }),
  OPENAI_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  ADMIN_EMAIL: Type.Optional(Type.String({ minLength: 3 })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 12 })),
  ADMIN_API_KEY: Type.Optional(Type.String({ minLength: 16 })),
  WEB_DIST: Type.Optional(Type.String()),
  CATALOGUE_AUTOLOAD: Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'true' }),
  // Scans: the BullMQ queue the API and the worker processes share, and the worker's own knobs.
  SCAN_QUEUE_NAME: Type.String({ default: 'scans', pattern: '^[A-Za-z0-9_.-]{1,100}$' }),
  SCAN_WORKER_CONCURRENCY: Type.Optional(Type.Integer({ minimum: 1, maximum: 256 })),
  SCAN_LOCK_MS: Type.Optional(Type.Integer({ minimum: 1_000, maximum: 3_600_000 })),
  SCAN_STALLED_INTERVAL_MS: Type.Optional(Type.Integer({ minimum: 1_000, maximum: 3_600_000 })),
  CHEMICALS_PATH: Type.Optional(Type.String({ minLength: 1 })),
});

type Env = Static<typeof EnvSchema>;

export interface AppConfig {
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  /** Embedded default when `databaseUrl` is absent: PGlite in `dataDir`. */
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  redisUrl: string | undefined;
  /** Event fan-out through Kafka (scale-out) when set: an outbox relay publishes the log to `topic`. */
  kafkaBrokers: string[] | undefined;
  kafkaTopic: string;
  /** Idempotent producer (default); `KAFKA_IDEMPOTENT=false` for brokers that cannot give producer ids. */
  kafkaIdempotent: boolean;
  /** The catalogue read model in Elasticsearch when set (else the in-process index). */
  elasticsearchUrl: string | undefined;
  /** Read alias of the catalogue; each projection version's index is `<alias>-v<version>`. */
  elasticsearchAlias: string;
  openaiApiKey: string | undefined;
  admin: { email: string; password: string } | undefined;
  adminApiKey: string | undefined;
  webDist: string;
  /** Load the shipped catalogue into an empty event log on start. */
  catalogueAutoload: boolean;
  scans: ScanConfig;
  mode: 'embedded' | 'server';
}

/** Label scanning: where jobs queue (with `redisUrl`) and how a worker process runs them. */
export interface ScanConfig {
  /** The BullMQ queue; the API and every worker process must name the same one. */
  queueName: string;
  /** Jobs (and OCR workers) per worker process; default one per core. */
  workerConcurrency: number | undefined;
  /** How long a worker holds a job before another may take it over (BullMQ lock). */
  lockDurationMs: number | undefined;
  /** How often a worker looks for jobs whose holder died. */
  stalledIntervalMs: number | undefined;
  /** The chemical records the scanner matches names against; default the shipped `data/` file. */
  chemicalsPath: string | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and validates the configuration; throws `ConfigError` naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.properties)
      .filter((k) => env[k] !== undefined && env[k] !== '')
      .map((k) => [k, env[k]]),
  );
  const converted = Value.Convert(EnvSchema, Value.Default(EnvSchema, known));
  const errors = [...Value.Errors(EnvSchema, converted)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `${e.instancePath.replace(/^\//, '') || '(env)'}: ${e.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = converted as Env;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    redisUrl: e.REDIS_URL,
    kafkaBrokers: e.KAFKA_BROKERS?.split(',').map((b) => b.trim()),
    kafkaTopic: e.KAFKA_TOPIC,
    kafkaIdempotent: e.KAFKA_IDEMPOTENT === 'true',
    elasticsearchUrl: e.ELASTICSEARCH_URL,
    elasticsearchAlias: e.ELASTICSEARCH_ALIAS,
    openaiApiKey: e.OPENAI_API_KEY,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    adminApiKey: e.ADMIN_API_KEY,
    webDist: path.resolve(cwd, e.WEB_DIST ?? 'web/dist'),
    catalogueAutoload: e.CATALOGUE_AUTOLOAD === 'true',
    scans: {
      queueName: e.SCAN_QUEUE_NAME,
      workerConcurrency: e.SCAN_WORKER_CONCURRENCY,
      lockDurationMs: e.SCAN_LOCK_MS,
      stalledIntervalMs: e.SCAN_STALLED_INTERVAL_MS,
      chemicalsPath: e.CHEMICALS_PATH === undefined ? undefined : path.resolve(cwd, e.CHEMICALS_PATH),
    },
    mode: e.DATABASE_URL ? 'server' : 'embedded',
  };
}
