/**
 * The scan worker process (scale-out): runs scan jobs from Redis with BullMQ, one OCR worker and
 * one job slot per core, and records each outcome in the event log of record (Postgres).
 *
 *   REDIS_URL=redis://… DATABASE_URL=postgres://… npx tsx services/worker/src/main.ts
 */
import os from 'node:os';
import { ConfigError, loadConfig } from '@scentinel/platform/config';
import { createLogger } from '@scentinel/platform/logging';
import { openStore } from '@scentinel/platform/store';
import { startBullmqScanWorker } from './scans/queue/bullmq-scan-worker.ts';
import { ScanProcessor } from './scans/scan.processor.ts';
import { ScanEventRecorder } from './scans/scan-events.ts';
import { createScanEngine } from './scans/scan-service.ts';

export async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel, { service: 'scan-worker' });
  if (!config.redisUrl) {
    process.stderr.write('The scan worker takes its jobs from Redis: set REDIS_URL.\n');
    process.exit(2);
  }
  if (!config.databaseUrl) {
    process.stderr.write(
      'The scan worker records scans in the shared event log: set DATABASE_URL (the embedded PGlite belongs to one process).\n',
    );
    process.exit(2);
  }

  const store = await openStore(config);
  const cores = config.scans.workerConcurrency ?? os.availableParallelism();
  const engine = createScanEngine({
    openaiApiKey: config.openaiApiKey,
    ocrWorkers: cores,
    ...(config.scans.chemicalsPath !== undefined && { chemicalsPath: config.scans.chemicalsPath }),
    logger,
  });
  const processor = new ScanProcessor(engine, new ScanEventRecorder(store.eventLog), logger);
  const worker = startBullmqScanWorker({
    redisUrl: config.redisUrl,
    queueName: config.scans.queueName,
    processor,
    concurrency: cores,
    logger,
    lockDurationMs: config.scans.lockDurationMs,
    stalledIntervalMs: config.scans.stalledIntervalMs,
  });
  await worker.waitUntilReady();
  process.stdout.write(`scan worker ready (engine ${processor.engineName}, concurrency ${cores})\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'scan worker stopping');
    await worker.close();
    await processor.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) await main();
