import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueFiles, catalogueFilesExist, importCatalogue } from '@scentinel/importer';
import { type EventLog, sharedTail, withAdvisoryLock } from '@scentinel/platform';
import type { AppConfig } from '@scentinel/platform/config';
import type { ScanService } from '@scentinel/platform/scan-queue';
import { InProcessSearchIndex, loadCatalogueReferenceData } from '@scentinel/platform/search';
import { openStore, type Store } from '@scentinel/platform/store';
import {
  AccountClaims,
  AccountsReadModel,
  CATALOGUE_PROJECTION_VERSION,
  ContributionsReadModel,
  createCatalogueProjection,
  createRuntime,
  createUsageReadModel,
  openCatalogueIndex,
  type ProjectionRuntime,
  prefetchCatalogueIndex,
  projections,
  saveCatalogueIndex,
} from '@scentinel/projections';
import type { FastifyBaseLogger } from 'fastify';
import { bootstrapAdmin } from './application/accounts/bootstrap-admin.ts';
import { catalogueLookupFromIndex } from './application/catalogue-lookup.ts';
import type { ApplicationDeps } from './application/deps.ts';
import { type DeferredScanService, deferredScanService } from './deferred-scans.ts';
import type { AppDeps, HealthReport } from './deps.ts';

/** The repository's `data/` folder: the processed catalogue the product ships. */
export const SHIPPED_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data');

/** Snapshot the catalogue index after start once it is this many events ahead of the last one. */
const SNAPSHOT_EVERY = 1_000;

/** Longest the synchronous scan endpoint waits for its job. */
const SCAN_WAIT_TIMEOUT_MS = 60_000;

export interface Composed {
  deps: AppDeps;
  store: Store;
  runtime: ProjectionRuntime;
  /**
   * Starts making what searches do not need (the scan adapter) in the background; the server calls
   * it once it listens. Without it, the scan adapter is made on the first scan request.
   */
  afterListen(): void;
  close(): Promise<void>;
}

export interface ComposeOptions {
  /** Folder with catalogue/, chemicals/, notes/ (default: the shipped `data/`). */
  dataDir?: string;
}

/**
 * The scan adapters: the BullMQ queue (jobs run in `services/worker/src/main.ts` processes) when
 * Redis is configured, else the in-process queue with the engine here (OpenAI vision when a key is
 * set, else local OCR, both loaded on the first scan). Imported on demand, so loading the API never
 * loads the scanner's OCR, image and vision libraries, and a BullMQ deployment never does.
 */
export async function createScans(
  config: Pick<AppConfig, 'redisUrl' | 'openaiApiKey' | 'scans'>,
  eventLog: EventLog,
  log: FastifyBaseLogger,
): Promise<ScanService> {
  if (config.redisUrl) {
    const { createBullmqScanService } = await import('@scentinel/worker/bullmq-scan-service');
    return createBullmqScanService(config.redisUrl, {
      eventLog,
      logger: log,
      queueName: config.scans.queueName,
      waitTimeoutMs: SCAN_WAIT_TIMEOUT_MS,
    });
  }
  const { createInProcessScanService, createScanEngine } = await import('@scentinel/worker/scan-service');
  // Leave a core for the API, which shares the process.
  const workers = Math.max(1, Math.min(2, os.availableParallelism() - 1));
  const engine = createScanEngine({
    openaiApiKey: config.openaiApiKey,
    ocrWorkers: workers,
    ...(config.scans.chemicalsPath !== undefined && { chemicalsPath: config.scans.chemicalsPath }),
    logger: log,
  });
  return createInProcessScanService({
    eventLog,
    engine,
    logger: log,
    concurrency: workers,
    waitTimeoutMs: SCAN_WAIT_TIMEOUT_MS,
  });
}

/**
 * The composition root: the only place that picks adapters. Routes,
 * projections and handlers get ports; swapping an adapter never changes them.
 */
export async function compose(
  config: AppConfig,
  log: FastifyBaseLogger,
  options: ComposeOptions = {},
): Promise<Composed> {
  const dataDir = options.dataDir ?? SHIPPED_DATA_DIR;
  // The index snapshot (the largest file a start reads) is read while the event log opens.
  const snapshotDir = path.join(config.dataDir, 'snapshots');
  const snapshotFile = config.elasticsearchUrl ? undefined : prefetchCatalogueIndex(snapshotDir);
  const store = await openStore(config);
  const closers: (() => Promise<void>)[] = [() => store.close()];
  try {
    // Read side: the in-process catalogue index, fed by its projection; or, when ELASTICSEARCH_URL
    // is set, the Elasticsearch read model (its own projection; the in-process index stays empty).
    const reference = await loadCatalogueReferenceData(dataDir);
    // Imported on demand: without ELASTICSEARCH_URL the server never loads the Elasticsearch client.
    const es = config.elasticsearchUrl
      ? await (await import('./elasticsearch-catalogue.ts')).openElasticsearchCatalogue({
          url: config.elasticsearchUrl,
          alias: config.elasticsearchAlias,
          sql: store.sql,
          eventLog: store.eventLog,
          reference,
          log,
        })
      : undefined;
    if (es) closers.unshift(() => es.close());
    // Loaded from the last snapshot when it belongs to this log; the projection catches up from it.
    const restoreStarted = Date.now();
    const indexOptions = { regions: reference.regions, notes: reference.notes };
    const opened = es
      ? {
          index: new InProcessSearchIndex(indexOptions),
          position: 0,
          outcome: { restored: false, reason: 'the catalogue is in Elasticsearch' } as const,
        }
      : await openCatalogueIndex(
          snapshotDir,
          store.eventLog,
          CATALOGUE_PROJECTION_VERSION,
          indexOptions,
          snapshotFile,
        );
    const { index, outcome: restored } = opened;
    const catalogue = es?.index ?? index;
    if (restored.restored)
      log.info({ ...restored, ms: Date.now() - restoreStarted }, 'catalogue snapshot restored');
    else
      log.info({ reason: restored.reason }, 'no usable catalogue snapshot: building the index from the log');
    const catalogueProjection = createCatalogueProjection(index, opened.position);
    let snapshotPosition = catalogueProjection.position;
    // A snapshot in the previous format is replaced by a binary one at the next save (on shutdown at the latest).
    let upgrade = restored.restored && restored.from === 'json';
    const writeSnapshot = async () => {
      const position = catalogueProjection.position;
      if (position === snapshotPosition && !upgrade) return;
      const started = Date.now();
      const saved = await saveCatalogueIndex(
        snapshotDir,
        index,
        store.eventLog,
        position,
        CATALOGUE_PROJECTION_VERSION,
      );
      snapshotPosition = position;
      upgrade = false;
      log.info({ position, bytes: saved.bytes, ms: Date.now() - started }, 'catalogue snapshot saved');
    };
    // One save at a time (they share a temporary file): the one on shutdown waits for one under way.
    let saving: Promise<void> = Promise.resolve();
    const saveSnapshot = () => {
      saving = saving.catch(() => {}).then(writeSnapshot);
      return saving;
    };

    // First start of an empty log: import the shipped catalogue as events. The index takes each
    // committed batch directly, so it need not read the whole catalogue back from the log.
    const files = catalogueFiles(dataDir);
    // Processes starting together on one empty log take turns: only the first imports.
    await withAdvisoryLock(store.sql, 'catalogue-import', async () => {
      if (config.catalogueAutoload && (await store.eventLog.headPosition()) === 0) {
        if (catalogueFilesExist(files)) {
          log.info({ dataDir }, 'empty event log: importing the shipped catalogue');
          let lastLogged = 0;
          const summary = await importCatalogue(store.eventLog, {
            files,
            // With Elasticsearch the writer (maybe another process) catches up from the log.
            ...(!es && { onAppended: (events) => catalogueProjection.applyAll(events) }),
            onProgress: (p) => {
              if (p.stage === 'done' || p.done - lastLogged >= 10_000) {
                lastLogged = p.done;
                log.info(
                  { stage: p.stage, done: p.done, total: p.total, events: p.appended },
                  'catalogue import',
                );
              }
            },
          });
          log.info({ summary }, 'catalogue imported');
        } else {
          log.warn({ dataDir }, 'no shipped catalogue found: starting with an empty catalogue');
        }
      }
    });

    // Scale-out fan-out: projectors tail Kafka, fed by the outbox relay (the log stays the record).
    let projectorLog: EventLog = store.eventLog;
    let fanOutHealth: (() => NonNullable<HealthReport['eventFanOut']>) | undefined;
    if (config.kafkaBrokers) {
      const { startKafkaFanOut } = await import('@scentinel/platform/event-bus');
      const fanOut = await startKafkaFanOut({
        brokers: config.kafkaBrokers,
        topic: config.kafkaTopic,
        idempotent: config.kafkaIdempotent,
        sql: store.sql,
        eventLog: store.eventLog,
        logger: log,
      });
      closers.unshift(() => fanOut.close());
      projectorLog = fanOut.eventLog;
      fanOutHealth = fanOut.health;
      log.info({ brokers: config.kafkaBrokers, topic: config.kafkaTopic }, 'event fan-out through Kafka');
    }

    const runtime = createRuntime({
      sql: store.sql,
      // On the log, the live projections share one tail (each event read and parsed once, not once
      // each); through Kafka each keeps its own consumer group.
      eventLog: config.kafkaBrokers ? projectorLog : sharedTail(projectorLog),
      // The runtime continues the catalogue projection from what it already holds.
      projections: [...projections, es?.projection ?? catalogueProjection],
      logger: log,
    });
    const startedAt = Date.now();
    await runtime.start();
    closers.unshift(() => runtime.stop());
    // Stopping the runtime first stops a batch that waits for another process's catalogue writer.
    if (es) closers.unshift(async () => es.interrupt());
    // Answer only once the read models hold what the log held at start, so the first page a visitor
    // sees is the whole catalogue, never a half-loaded one.
    const head = await store.eventLog.headPosition();
    if (!(await runtime.waitForPosition(head, 600_000))) {
      throw new Error(`projections did not catch up to position ${head} within 10 minutes`);
    }
    log.info({ ms: Date.now() - startedAt, position: head }, 'projections caught up');
    // Keep the next start fast: snapshot when the index moved on, and again on shutdown.
    if (catalogueProjection.position - snapshotPosition >= SNAPSHOT_EVERY) {
      saveSnapshot().catch((err) => log.warn({ err }, 'catalogue snapshot failed'));
    }
    closers.unshift(() => saveSnapshot().catch((err) => log.warn({ err }, 'catalogue snapshot failed')));

    // Write side: accounts, curation and contributions (commands → events), admin from the env.
    const accounts: ApplicationDeps = {
      eventLog: store.eventLog,
      accounts: new AccountsReadModel(runtime, store.sql),
      claims: new AccountClaims(store.sql),
      contributions: new ContributionsReadModel(runtime, store.sql),
      catalogue: catalogueLookupFromIndex(catalogue),
      waitForPosition: (position) => runtime.waitForPosition(position),
    };
    await bootstrapAdmin(config, accounts, log);

    // Label scans: BullMQ with separate worker processes when REDIS_URL is set, else in-process.
    // Made after the server listens (or on the first scan): searches need none of it.
    const scans: DeferredScanService = deferredScanService(
      config.redisUrl ? 'bullmq' : 'in-process',
      SCAN_WAIT_TIMEOUT_MS,
      async () => {
        const started = Date.now();
        const made = await createScans(config, store.eventLog, log);
        log.info({ mode: made.mode, ms: Date.now() - started }, 'scan queue ready');
        return made;
      },
    );
    closers.unshift(() => scans.close());

    const deps: AppDeps = {
      config,
      scans,
      catalogue,
      accounts,
      analytics: {
        eventLog: store.eventLog,
        usage: createUsageReadModel(runtime, store.sql),
        ...(config.adminApiKey ? { adminApiKey: config.adminApiKey } : {}),
        async perfumeLabel(id) {
          const doc = await catalogue.getPerfume(id);
          return doc ? `${doc.perfume.name} – ${doc.perfume.brand}` : null;
        },
      },
      async health() {
        const [eventLogPosition, statuses] = await Promise.all([
          store.eventLog.headPosition(),
          runtime.status(),
        ]);
        return {
          eventLogPosition,
          ...(fanOutHealth ? { eventFanOut: fanOutHealth() } : {}),
          ...(es ? { elasticsearch: await es.health(eventLogPosition) } : {}),
          projections: statuses.map((s) => ({
            name: s.name,
            version: s.version,
            active: s.active,
            position: s.position,
            lag: s.lag,
            status: s.status,
          })),
        };
      },
    };

    return {
      deps,
      store,
      runtime,
      afterListen() {
        scans.load().catch((err) => log.error({ err }, 'the scan queue could not start'));
      },
      async close() {
        for (const close of closers) await close();
      },
    };
  } catch (err) {
    for (const close of closers) await close().catch(() => {});
    throw err;
  }
}
