import os from 'node:os';
import type { EventLog } from '@scentinel/platform';
import {
  DEFAULT_SCAN_QUEUE_LIMITS,
  type ScanQueueLimits,
  type ScanService,
} from '@scentinel/platform/scan-queue';
import {
  DEFAULT_CATALOGUE_PATH,
  DEFAULT_CHEMICALS_PATH,
  loadBrandNames,
  waitForChemicalRecords,
} from './chemical-database.ts';
import { ChemicalMatcher } from './chemical-matcher.ts';
import { isDecodableImage } from './image-input.ts';
import { loadInciVocabulary } from './inci-vocabulary.ts';
import type { LabelAnalysisDeps } from './label-analysis.ts';
import { LocalScanEngine } from './local-scan.engine.ts';
import { OcrPool } from './ocr-pool.ts';
import { OpenAiScanEngine } from './openai-scan.engine.ts';
import { BrandIndex } from './product-info.parser.ts';
import { InProcessScanQueue } from './queue/in-process-scan-queue.adapter.ts';
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

export interface InProcessScanServiceOptions {
  eventLog: EventLog;
  /** The engine the jobs run on, in this process (`createScanEngine`). */
  engine: ScanEngine;
  logger?: Logger;
  /** Longest the synchronous scan endpoint waits (default 60 s). */
  waitTimeoutMs?: number;
  /** Jobs run at once (default: the cores but one, at most two). */
  concurrency?: number;
  /** How many jobs and image bytes may wait (default `DEFAULT_SCAN_QUEUE_LIMITS`). */
  limits?: ScanQueueLimits;
}

/**
 * Scans in the API's own process (the embedded default): the in-process queue runs the processor
 * and engine here. The composition root chooses it when no Redis is configured.
 */
export function createInProcessScanService(options: InProcessScanServiceOptions): ScanService {
  const events = new ScanEventRecorder(options.eventLog);
  const limits = options.limits ?? DEFAULT_SCAN_QUEUE_LIMITS;
  const processor = new ScanProcessor(options.engine, events, options.logger);
  const queue = new InProcessScanQueue(processor, {
    concurrency: options.concurrency ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)),
    maxWaiting: limits.maxQueuedJobs,
    maxQueuedBytes: limits.maxQueuedBytes,
    logger: options.logger,
  });
  return {
    queue,
    events,
    mode: 'in-process',
    waitTimeoutMs: options.waitTimeoutMs ?? 60_000,
    isDecodableImage,
    async close() {
      await queue.close();
      await processor.close();
    },
  };
}
