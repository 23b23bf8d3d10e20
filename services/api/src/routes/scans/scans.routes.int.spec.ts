import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { InMemoryEventLog } from '@scentinel/platform';
import type { ScanService } from '@scentinel/platform/scan-queue';
import {
  createBullmqScanService,
  createInProcessScanService,
  createScanEngine,
  REPO_ROOT,
  redisOptions,
  ScanEventRecorder,
  ScanProcessor,
  startBullmqScanWorker,
} from '@scentinel/worker';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScanApp, scanForm } from './scans.testing.ts';

const REDIS_URL = process.env.REDIS_URL;
const LABELS = path.join(REPO_ROOT, 'services/worker/fixtures/labels');
const label = (file: string) => readFileSync(path.join(LABELS, file));

async function post(app: FastifyInstance, image: Buffer, analysisType = 'comprehensive') {
  const form = scanForm(image, analysisType);
  return app.inject({
    method: 'POST',
    url: '/api/camera/scan/product',
    payload: form.payload,
    headers: form.headers,
  });
}

describe('POST /api/camera/scan/product with the local engine (embedded default)', () => {
  const eventLog = new InMemoryEventLog();
  const engine = createScanEngine({ ocrWorkers: 1 });
  let service: ScanService;
  let app: FastifyInstance;

  beforeAll(async () => {
    service = createInProcessScanService({ eventLog, engine });
    app = await buildScanApp(service);
  });
  afterAll(async () => {
    await app?.close();
    await service?.close();
  });

  it('reads a rendered perfume carton: ingredients, allergens in red, product and quality', async () => {
    const res = await post(app, label('label-001.jpg'));
    expect(res.statusCode).toBe(200);
    const { success, result } = res.json();
    expect(success).toBe(true);
    const names = result.ingredients.map((i: { name: string }) => i.name.toLowerCase());
    expect(names).toEqual(
      expect.arrayContaining(['linalool', 'benzyl salicylate', 'coumarin', 'isoeugenol']),
    );
    expect(result.ingredients.find((i: { name: string }) => i.name === 'Linalool')).toMatchObject({
      is_allergen: true,
    });
    expect(result.product_identification).toMatchObject({
      brand: 'Chanel',
      product_type: 'Eau de Parfum',
      size_ml: 100,
    });
    expect(result.analysis_quality.confidence).toBeGreaterThan(0.7);
    expect(result.codes_and_regulatory.allergen_warnings.length).toBeGreaterThan(5);
  });

  it('reads the real photo of a toothpaste panel', async () => {
    const res = await post(app, label('sensodyne.png'), 'ingredients');
    const { result } = res.json();
    const names = result.ingredients.map((i: { name: string }) => i.name.toLowerCase());
    expect(names).toEqual(
      expect.arrayContaining(['aqua', 'hydrated silica', 'sorbitol', 'glycerin', 'sodium fluoride']),
    );
    // The label's own warning sentence, as printed.
    expect(result.codes_and_regulatory.allergen_warnings).toEqual([
      expect.stringMatching(/^Do not use if you are allergic to any of the/),
    ]);
  });
});

describe.skipIf(!REDIS_URL)('scanner routes on BullMQ (REDIS_URL)', () => {
  const queueName = `scans-api-${randomUUID().slice(0, 8)}`;
  const eventLog = new InMemoryEventLog();
  let service: ScanService;
  let app: FastifyInstance;
  let worker: ReturnType<typeof startBullmqScanWorker>;

  beforeAll(async () => {
    service = createBullmqScanService(REDIS_URL!, { eventLog, queueName });
    const processor = new ScanProcessor(createScanEngine({ ocrWorkers: 1 }), new ScanEventRecorder(eventLog));
    worker = startBullmqScanWorker({ redisUrl: REDIS_URL!, processor, concurrency: 1, queueName });
    app = await buildScanApp(service);
  });
  afterAll(async () => {
    await app?.close();
    await worker?.close();
    await service?.close();
    const q = new Queue(queueName, { connection: redisOptions(REDIS_URL!, false) });
    await q.obliterate({ force: true });
    await q.close();
  });

  it('queues the scan on Redis, a worker runs it, the API answers the result', async () => {
    const res = await post(app, label('label-023.jpg'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.result.ingredients.some((i: { is_allergen: boolean }) => i.is_allergen)).toBe(true);
    const types = (await eventLog.readStream(`scan:${body.scan_id}`)).map((e) => e.type);
    expect(types).toEqual(['ScanRequested', 'ScanCompleted']);
  });
});

describe('scanner routes when Redis is down', () => {
  it('answer 503 with a clear detail within a few seconds, never hang', async () => {
    const eventLog = new InMemoryEventLog();
    const service = createBullmqScanService('redis://127.0.0.1:1', { eventLog });
    const app = await buildScanApp(service);
    const started = Date.now();
    const res = await post(app, label('label-001.jpg'));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'unavailable',
      detail: expect.stringMatching(/scan queue is unavailable/),
    });
    const status = await app.inject({ method: 'GET', url: `/api/camera/scan/jobs/${randomUUID()}` });
    expect(status.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(7_000);
    await app.close();
    await service.close();
  });
});
