import { InMemoryEventLog } from '@scentinel/platform';
import { type ScanQueue, ScanQueueUnavailableError, type ScanService } from '@scentinel/platform/scan-queue';
import {
  InProcessScanQueue,
  isDecodableImage,
  ScanEventRecorder,
  ScanProcessor,
  scanTesting,
} from '@scentinel/worker';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScanApp, scanForm } from './scans.testing.ts';

const { ScriptedEngine, tinyPng, truncatedPng } = scanTesting;
type ScriptedEngine = InstanceType<typeof scanTesting.ScriptedEngine>;

const INVALID = 'Please select a valid image file (JPEG, PNG, or WebP).';
const TOO_LARGE = 'File size too large. Please select an image smaller than 10MB.';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

function scanService(
  engine: ScriptedEngine,
  eventLog: InMemoryEventLog,
  waitTimeoutMs = 20_000,
): ScanService {
  const events = new ScanEventRecorder(eventLog);
  const queue = new InProcessScanQueue(new ScanProcessor(engine, events), { concurrency: 2 });
  return { queue, events, mode: 'in-process', waitTimeoutMs, isDecodableImage, close: () => queue.close() };
}

describe('scanner routes', () => {
  const eventLog = new InMemoryEventLog();
  const engine = new ScriptedEngine();
  const service = scanService(engine, eventLog);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildScanApp(service);
  });
  afterAll(async () => {
    await app.close();
    await service.close();
  });

  const scan = (form: ReturnType<typeof scanForm>, url = '/api/camera/scan/product') =>
    app.inject({ method: 'POST', url, payload: form.payload, headers: form.headers });

  it('scans a PNG that was named capture.jpg: the content decides, not the name', async () => {
    const png = await tinyPng(80);
    const res = await scan(scanForm(png, 'comprehensive', 'capture.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, error: null, analysis_type: 'comprehensive' });
    expect(body.result.product_identification.size_ml).toBe(80);
    expect(body.result.ingredients[0]).toEqual({
      name: 'Linalool',
      is_allergen: true,
      concentration: null,
      chemical_id: 'chem-78-70-6',
    });
    const stream = await eventLog.readStream(`scan:${body.scan_id}`);
    expect(stream.map((e) => e.type)).toEqual(['ScanRequested', 'ScanCompleted']);
    expect(stream[0]?.data).toMatchObject({
      mime_type: 'image/png',
      size_bytes: png.length,
      analysis_type: 'comprehensive',
    });
    expect((stream[0]!.data as { image_sha256: string }).image_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a PDF named .jpg with the product message', async () => {
    const res = await scan(scanForm(PDF, 'comprehensive', 'capture.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: INVALID, code: 'validation' });
  });

  it('refuses a request without a file, or that is not multipart', async () => {
    const noFile = await app.inject({
      method: 'POST',
      url: '/api/camera/scan/product',
      ...(() => {
        const f = scanForm(Buffer.alloc(0));
        return { payload: f.payload, headers: f.headers };
      })(),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe(INVALID);
    const json = await app.inject({
      method: 'POST',
      url: '/api/camera/scan/product',
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toMatch(/multipart\/form-data/);
  });

  it('answers 413 above 10 MB (10,485,760 bytes) and accepts exactly 10 MB', async () => {
    const png = await tinyPng(10);
    const atLimit = Buffer.alloc(10_485_760, 0);
    png.copy(atLimit);
    const ok = await scan(scanForm(atLimit));
    expect(ok.statusCode).toBe(200);
    const over = Buffer.alloc(10_485_761, 0);
    png.copy(over);
    const res = await scan(scanForm(over));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: TOO_LARGE, code: 'payload_too_large' });
  });

  it('refuses an upload that only starts like an image (truncated) with the product message, queueing nothing', async () => {
    const before = await eventLog.headPosition();
    const res = await scan(scanForm(await truncatedPng()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: INVALID, code: 'validation' });
    expect(await eventLog.headPosition()).toBe(before);
  });

  it('answers an image the scanner cannot use with success false and the reason ("Analysis Failed")', async () => {
    const tiny = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png()
      .toBuffer();
    const res = await scan(scanForm(tiny));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: false, result: null });
    expect(body.error).toMatch(/too small to read/);
    const stream = await eventLog.readStream(`scan:${body.scan_id}`);
    expect(stream.map((e) => e.type)).toEqual(['ScanRequested', 'ScanFailed']);
    expect(stream[1]?.data).toMatchObject({ retryable: false });
  });

  it('checks analysis_type (default comprehensive)', async () => {
    const png = await tinyPng(30);
    expect((await scan(scanForm(png))).json().analysis_type).toBe('comprehensive');
    expect((await scan(scanForm(png, 'barcode'))).json().analysis_type).toBe('barcode');
    const bad = await scan(scanForm(png, 'everything'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(
      'analysis_type must be one of: comprehensive, ingredients, product_info, barcode',
    );
  });

  it('runs async jobs: 202 with a job id, then status with progress and result', async () => {
    engine.delayMs = 300;
    try {
      const res = await scan(scanForm(await tinyPng(55), 'ingredients'), '/api/camera/scan/jobs');
      expect(res.statusCode).toBe(202);
      const { job_id, status_url, events_url } = res.json();
      expect(status_url).toBe(`/api/camera/scan/jobs/${job_id}`);
      expect(events_url).toBe(`/api/camera/scan/jobs/${job_id}/events`);
      const early = (await app.inject({ method: 'GET', url: status_url })).json();
      expect(['queued', 'active']).toContain(early.status);
      expect(early.result).toBeNull();

      // The SSE stream sends the current status, progress, then the result, and ends.
      const sse = await app.inject({ method: 'GET', url: events_url });
      expect(sse.headers['content-type']).toMatch(/text\/event-stream/);
      const names = [...sse.body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
      expect(names[0]).toBe('status');
      expect(names.at(-1)).toBe('completed');
      const last = sse.body.trim().split('\n').at(-1)!;
      expect(JSON.parse(last.replace(/^data: /, ''))).toMatchObject({
        job_id,
        status: 'completed',
        result: { success: true, analysis_type: 'ingredients' },
      });

      const done = (await app.inject({ method: 'GET', url: status_url })).json();
      expect(done).toMatchObject({ job_id, status: 'completed', progress: { percent: 100 }, attempts: 1 });
      expect(done.result.result.product_identification.size_ml).toBe(55);
    } finally {
      engine.delayMs = 0;
    }
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/api/camera/scan/jobs/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    expect((await app.inject({ method: 'GET', url: '/api/camera/scan/jobs/nope' })).statusCode).toBe(400);
  });
});

describe('scanner routes when the scan takes too long or the queue is down', () => {
  it('answers 504 with where to find the result when the wait runs out', async () => {
    const engine = new ScriptedEngine();
    engine.delayMs = 1_000;
    const service = scanService(engine, new InMemoryEventLog(), 100);
    const app = await buildScanApp(service);
    const form = scanForm(await tinyPng(20));
    const res = await app.inject({
      method: 'POST',
      url: '/api/camera/scan/product',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(504);
    expect(res.json().code).toBe('timeout');
    expect(res.json().detail).toMatch(
      /continues in the background: check GET \/api\/camera\/scan\/jobs\/[0-9a-f-]{36}/,
    );
    await app.close();
    await service.close();
  });

  it('answers 503 at once and records the failure when the queue cannot take the job', async () => {
    const eventLog = new InMemoryEventLog();
    const down: ScanQueue = {
      enqueue: async () => {
        throw new ScanQueueUnavailableError(
          'The scan queue is unavailable (Redis is not reachable); please try again later.',
        );
      },
      status: async () => null,
      waitForResult: async () => {
        throw new Error('not reached');
      },
      watch: async () => () => {},
      close: async () => {},
    };
    const service: ScanService = {
      queue: down,
      events: new ScanEventRecorder(eventLog),
      mode: 'bullmq',
      waitTimeoutMs: 60_000,
      isDecodableImage,
      close: async () => {},
    };
    const app = await buildScanApp(service);
    const form = scanForm(await tinyPng(20));
    const res = await app.inject({
      method: 'POST',
      url: '/api/camera/scan/product',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      detail: 'The scan queue is unavailable (Redis is not reachable); please try again later.',
      code: 'unavailable',
    });
    const all = await eventLog.readAll({ after: 0 });
    expect(all.map((e) => e.type)).toEqual(['ScanRequested', 'ScanFailed']);
    await app.close();
  });
});
