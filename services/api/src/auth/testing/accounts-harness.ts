/**
 * For the accounts/curation int tests: the real app (`app.ts`) on a fresh database (a Postgres
 * schema of `DATABASE_URL`, else an in-memory PGlite), with the real event log, projector runtime
 * and the accounts/contributions read models, plus a small catalogue read model folded from the
 * log with the domain's `evolve` (standing in for the catalogue search index).
 */
import { randomUUID } from 'node:crypto';
import {
  type AccountRole,
  type CataloguePerfume,
  chemicalStreamId,
  chemicals,
  perfumeStreamId,
  perfumes,
  systemActor,
} from '@scentinel/domain';
import {
  createPgliteClient,
  type EventLog,
  openTestPgDatabase,
  PostgresEventLog,
  type SqlClient,
  toNewEvents,
} from '@scentinel/platform';
import { loadConfig } from '@scentinel/platform/config';
import { loggerOptions } from '@scentinel/platform/logging';
import type { ScanService } from '@scentinel/platform/scan-queue';
import { InProcessSearchIndex } from '@scentinel/platform/search';
// Relative until `@scentinel/projections` exports the accounts and contributions read models.
import {
  AccountClaims,
  AccountsReadModel,
  accountsProjection,
  ContributionsReadModel,
  contributionsProjection,
  createCatalogueProjection,
  createUsageReadModel,
  ProjectionRuntime,
  usageRollupProjection,
} from '@scentinel/projections';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { app as appPlugin } from '../../app.ts';
import { bootstrapAdmin } from '../../application/accounts/bootstrap-admin.ts';
import { catalogueLookupFromIndex } from '../../application/catalogue-lookup.ts';
import type { ApplicationDeps } from '../../application/deps.ts';
import { API_SERVER_OPTIONS } from '../../http/errors.ts';

export const ADMIN = { email: 'admin@scentinel.test', password: 'admin-password-123' };
export const PASSWORD = 'correct horse battery';
/** The harness server's `ADMIN_API_KEY`. */
export const ADMIN_API_KEY = 'harness-admin-key-0123456789';

export interface Harness {
  index: InProcessSearchIndex;
  app: FastifyInstance;
  eventLog: EventLog;
  sql: SqlClient;
  runtime: ProjectionRuntime;
  deps: ApplicationDeps;
  /** The app's clock; move it with `advance`. */
  clock: { now: Date; advance(ms: number): void };
  head(): Promise<number>;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Registers (and for active roles signs in); returns the account id and, when signed in, the token. */
  signUp(
    role: AccountRole,
    name?: string,
  ): Promise<{ id: string; email: string; username: string; token: string | null }>;
  login(email: string, password?: string): Promise<string>;
  adminToken(): Promise<string>;
  approve(accountId: string): Promise<void>;
  /** A session for an account that could not sign in itself (e.g. pending), appended directly. */
  forgeSession(accountId: string, expiresInMs?: number): Promise<string>;
  seedPerfume(
    perfume: Partial<CataloguePerfume> & { id: string; name: string; brand: string },
  ): Promise<void>;
  seedChemical(chemical: {
    id: string;
    name: string;
    cas_number?: string | null;
    allergen_flag?: boolean;
  }): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(
  options: {
    authRateLimit?: { max: number; timeWindowMs: number };
    trackingRateLimit?: { max: number; timeWindowMs: number };
    accountSignInLimit?: { max: number; timeWindowMs: number };
    /** Where the server's log lines go (the production logger options at debug level); none by default. */
    logStream?: { write(line: string): void };
    /** Also serve the catalogue and chemical reads from the harness's search index. */
    catalogue?: boolean;
    /** Also serve the scanner routes with this scan service. */
    scans?: ScanService;
  } = {},
): Promise<Harness> {
  let sql: SqlClient;
  let dropDb: () => Promise<void>;
  const pg = await openTestPgDatabase('t_accounts');
  if (pg) {
    sql = pg.client;
    dropDb = pg.drop;
  } else {
    sql = await createPgliteClient('memory://');
    dropDb = () => sql.close();
  }
  const eventLog = await PostgresEventLog.create(sql, { polling: { minPollMs: 2, maxPollMs: 20 } });
  // The real catalogue read model (in-process search index and its projection).
  const index = new InProcessSearchIndex();
  const runtime = new ProjectionRuntime({
    sql,
    eventLog,
    projections: [
      accountsProjection,
      contributionsProjection,
      createCatalogueProjection(index),
      usageRollupProjection,
    ],
    syncIntervalMs: 60_000,
  });
  await runtime.start();

  const clock = {
    now: new Date('2026-01-10T12:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const deps: ApplicationDeps = {
    eventLog,
    accounts: new AccountsReadModel(runtime, sql),
    claims: new AccountClaims(sql),
    contributions: new ContributionsReadModel(runtime, sql),
    catalogue: catalogueLookupFromIndex(index),
    waitForPosition: (position) => runtime.waitForPosition(position, 10_000),
    now: () => clock.now,
    authRateLimit: options.authRateLimit ?? { max: 10_000, timeWindowMs: 60_000 },
    ...(options.accountSignInLimit ? { accountSignInLimit: options.accountSignInLimit } : {}),
  };
  await bootstrapAdmin({ admin: ADMIN }, deps);

  const app = Fastify({
    ...API_SERVER_OPTIONS,
    logger: options.logStream ? { ...loggerOptions('debug'), stream: options.logStream } : false,
  });
  await app.register(appPlugin, {
    deps: {
      config: loadConfig({ WEB_DIST: '/nonexistent' }),
      health: async () => ({ eventLogPosition: await eventLog.headPosition(), projections: [] }),
      accounts: deps,
      ...(options.catalogue ? { catalogue: index } : {}),
      ...(options.scans ? { scans: options.scans } : {}),
      analytics: {
        eventLog,
        usage: createUsageReadModel(runtime, sql),
        adminApiKey: ADMIN_API_KEY,
        now: () => clock.now,
        async perfumeLabel(id) {
          const doc = index.getPerfume(id);
          return doc ? `${doc.perfume.name} – ${doc.perfume.brand}` : null;
        },
        ...(options.trackingRateLimit ? { trackingRateLimit: options.trackingRateLimit } : {}),
      },
    },
  });
  await app.ready();

  const call: Harness['call'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined && { payload: opts.body as object }),
    });

  const login = async (email: string, password = PASSWORD) => {
    const res = await call('POST', '/api/auth/login', { body: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { session_token: string }).session_token;
  };
  let adminTokenCache: string | undefined;
  const adminToken = async () => {
    adminTokenCache ??= await login(ADMIN.email, ADMIN.password);
    return adminTokenCache;
  };

  const seed = async (streamId: string, events: { type: string; data: unknown }[]) => {
    const meta = {
      actorId: 'seed',
      actorRole: 'system',
      requestId: null,
      occurredAt: clock.now.toISOString(),
    };
    const result = await eventLog.append(streamId, toNewEvents(events, meta), 'any');
    await runtime.waitForPosition(result.lastPosition, 10_000);
  };
  const system = { now: clock.now.toISOString(), actor: systemActor('seed') };

  return {
    index,
    app,
    eventLog,
    sql,
    runtime,
    deps,
    clock,
    head: () => eventLog.headPosition(),
    call,
    login,
    adminToken,
    async signUp(role, name) {
      const username = name ?? `${role.replace('_', '')}${randomUUID().slice(0, 8)}`;
      const email = `${username}@example.test`;
      const res = await call('POST', '/api/auth/register', {
        body: { email, username, password: PASSWORD, role },
      });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      const body = res.json() as { user: { id: string }; session_token?: string };
      return { id: body.user.id, email, username, token: body.session_token ?? null };
    },
    async approve(accountId) {
      const res = await call('POST', `/api/admin/accounts/${accountId}/approve`, {
        token: await adminToken(),
      });
      if (res.statusCode !== 200) throw new Error(`approve failed: ${res.statusCode} ${res.body}`);
    },
    async forgeSession(accountId, expiresInMs = 86_400_000) {
      const { randomBytes, createHash } = await import('node:crypto');
      const token = randomBytes(32).toString('base64url');
      const version = await eventLog.streamVersion(`account:${accountId}`);
      const meta = {
        actorId: accountId,
        actorRole: null,
        requestId: null,
        occurredAt: clock.now.toISOString(),
      };
      const expires_at = new Date(clock.now.getTime() + expiresInMs).toISOString();
      const data = {
        account_id: accountId,
        session_id: `ses-${randomUUID()}`,
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at,
      };
      const result = await eventLog.append(
        `account:${accountId}`,
        toNewEvents([{ type: 'SignedIn', data }], meta),
        version,
      );
      await runtime.waitForPosition(result.lastPosition, 10_000);
      return token;
    },
    async seedPerfume(p) {
      const perfume: CataloguePerfume = {
        year_released: null,
        gender: null,
        perfumer: null,
        concentration: null,
        description: null,
        image_url: null,
        accords: [],
        notes: { top: [], middle: [], base: [], unspecified: [] },
        chemicals: [],
        field_sources: {},
        sources: [],
        ...p,
      };
      const events = perfumes.decide(
        { type: 'CataloguePerfume', data: { perfume } },
        perfumes.initialState,
        system,
      );
      await seed(perfumeStreamId(p.id), events);
    },
    async seedChemical(c) {
      const events = chemicals.decide(
        { type: 'ImportChemical', data: { chemical: { type: 'synthetic', ...c } as never } },
        chemicals.initialState,
        system,
      );
      await seed(chemicalStreamId(c.id), events);
    },
    async close() {
      await app.close();
      await runtime.stop();
      await eventLog.close();
      await dropDb();
    },
  };
}
