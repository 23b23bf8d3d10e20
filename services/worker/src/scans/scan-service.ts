import os from 'node:os';
import type { EventLog } from '@scentinel/platform';
import type { AppConfig } from '@scentinel/platform/config';
import {
  DEFAULT_CATALOGUE_PATH,
  DEFAULT_CHEMICALS_PATH,
  loadBrandNames,
  waitForChemicalRecords,
} from './chemical-database.ts';
import { ChemicalMatcher } from './chemical-matcher.ts';
import { loadInciVocabulary } from './inci-vocabulary.ts';
import type { LabelAnalysisDeps } from './label-analysis.ts';
import { LocalScanEngine } from './local-scan.engine.ts';
import { OcrPool } from './ocr-pool.ts';
import { OpenAiScanEngine } from './openai-scan.engine.ts';
import { BrandIndex } from './product-info.parser.ts';
import { BullmqScanQueue } from './queue/bullmq-scan-queue.adapter.ts';
import { InProcessScanQueue } from './queue/in-process-scan-queue.adapter.ts';
import { DEFAULT_SCAN_QUEUE_LIMITS, type ScanQueue, type ScanQueueLimits } from './queue/scan-queue.port.ts';
import { ScanProcessor } from './scan.processor.ts';
import type { ScanLogger as Logger, ScanEngine, ScanEngineInput } from './scan-engine.port.ts';
import { ScanEventRecorder } from './scan-events.ts';

export interface ScanEngineOptions {
  openaiApiKey?: string;
  openaiModel?: string;
  openaiBaseUrl?: string;
  /** Tesseract workers (default: one per core). */
  ocrWorkers?: number;
  chemicalsPath?: string;
  cataloguePath?: string;
  logger?: Logger;
}

/** The chemical database and the catalogue's brand names, loaded once. */
export async function loadAnalysisDeps(options: ScanEngineOptions = {}): Promise<LabelAnalysisDeps> {
  const [records, brands, vocabulary] = await Promise.all([
    waitForChemicalRecords(options.chemicalsPath ?? DEFAULT_CHEMICALS_PATH),
    loadBrandNames(options.cataloguePath ?? DEFAULT_CATALOGUE_PATH).catch(() => []),
    loadInciVocabulary().catch(() => null),
  ]);
  options.logger?.info(
    { chemicals: records.length, brands: brands.length, vocabulary: vocabulary?.size ?? 0 },
    'scanner: chemical database loaded',
  );
  return { matcher: new ChemicalMatcher(records), brands: new BrandIndex(brands), vocabulary };
}

/**
 * The engine a deployment uses: OpenAI vision when a key is set, else the offline local one. The
 * database, OCR workers and model load on the first scan, so starting the server stays quick.
 */
export function createScanEngine(options: ScanEngineOptions = {}): ScanEngine {
  let ready: Promise<ScanEngine> | null = null;
  const build = async (): Promise<ScanEngine> => {
    const analysis = await loadAnalysisDeps(options);
    if (options.openaiApiKey) {
      return new OpenAiScanEngine(
        { apiKey: options.openaiApiKey, model: options.openaiModel, baseURL: options.openaiBaseUrl },
        analysis,
      );
    }
    const ocr = await OcrPool.create({ size: options.ocrWorkers ?? os.availableParallelism() });
    return new LocalScanEngine(ocr, analysis);
  };
  return {
    name: options.openaiApiKey ? `openai:${options.openaiModel ?? 'gpt-4o-mini'}` : 'tesseract',
    async analyze(input: ScanEngineInput) {
      ready ??= build().catch((error: unknown) => {
        ready = null; // try again on the next scan (the data build may have finished meanwhile)
        throw error;
      });
      return (await ready).analyze(input);
    },
    async close() {
      if (ready) await (await ready.catch(() => null))?.close();
    },
  };
}

/** What the API needs for scans: the queue, and the recorder for `ScanRequested`. */
export interface ScanService {
  queue: ScanQueue;
  events: ScanEventRecorder;
  /** `in-process` (embedded default) or `bullmq` (Redis, separate worker processes). */
  mode: 'in-process' | 'bullmq';
  /** Longest the synchronous scan endpoint waits for a job. */
  waitTimeoutMs: number;
  close(): Promise<void>;
}

export interface ScanServiceOptions {
  eventLog: EventLog;
  logger?: Logger;
  /** Engine for the in-process queue (default: `createScanEngine` from the config). */
  engine?: ScanEngine;
  waitTimeoutMs?: number;
  concurrency?: number;
  /** BullMQ queue name (default `scans`; tests use their own). */
  queueName?: string;
  /** How many jobs and image bytes may wait (default `DEFAULT_SCAN_QUEUE_LIMITS`). */
  limits?: ScanQueueLimits;
}

/**
 * The composition root's one call for scans: BullMQ on Redis when `REDIS_URL` is set (workers run
 * `services/worker/src/main.ts`), else the in-process queue running the processor here.
 */
export function createScanService(
  config: Pick<AppConfig, 'redisUrl' | 'openaiApiKey'>,
  options: ScanServiceOptions,
): ScanService {
  const events = new ScanEventRecorder(options.eventLog);
  const waitTimeoutMs = options.waitTimeoutMs ?? 60_000;
  if (config.redisUrl) {
    const queue = new BullmqScanQueue(
      config.redisUrl,
      options.logger,
      options.queueName,
      options.limits ?? DEFAULT_SCAN_QUEUE_LIMITS,
    );
    return { queue, events, mode: 'bullmq', waitTimeoutMs, close: () => queue.close() };
  }
  const engine =
    options.engine ??
    createScanEngine({
      openaiApiKey: config.openaiApiKey,
      // Leave a core for the API when it shares the process.
      ocrWorkers: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
      logger: options.logger,
    });
  const processor = new ScanProcessor(engine, events, options.logger);
  const queue = new InProcessScanQueue(processor, {
    concurrency: options.concurrency ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)),
    maxWaiting: (options.limits ?? DEFAULT_SCAN_QUEUE_LIMITS).maxQueuedJobs,
    maxQueuedBytes: (options.limits ?? DEFAULT_SCAN_QUEUE_LIMITS).maxQueuedBytes,
    logger: options.logger,
  });
  return {
    queue,
    events,
    mode: 'in-process',
    waitTimeoutMs,
    async close() {
      await queue.close();
      await processor.close();
    },
  };
}
