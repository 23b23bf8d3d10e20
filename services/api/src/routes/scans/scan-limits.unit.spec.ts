/**
 * The scanner's bounds and framework refusals: a per-address upload limit (429), a cap on waiting
 * jobs and on waiting image bytes (503 with Retry-After), and `{detail, code}` for multipart bodies
 * without or with a wrong boundary and for too many file parts. Nothing is recorded for a refusal.
 */
import { InMemoryEventLog } from '@scentinel/platform';
import type { ScanService } from '@scentinel/platform/scan-queue';
import {
  InProcessScanQueue,
  isDecodableImage,
  ScanEventRecorder,
  ScanProcessor,
  scanTesting,
} from '@scentinel/worker';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { TOO_MANY_PARTS_DETAIL } from './scans.routes.ts';
import { buildScanApp, multipart, scanForm } from './scans.testing.ts';

const { ScriptedEngine, tinyPng } = scanTesting;

describe('scanner bounds', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function setup(
    queueOptions: { maxWaiting?: number; maxQueuedBytes?: number },
    uploads = { max: 10_000, timeWindowMs: 60_000 },
  ) {
    const eventLog = new InMemoryEventLog();
    const engine = new ScriptedEngine();
    engine.delayMs = 400; // jobs wait behind the one running
    const events = new ScanEventRecorder(eventLog);
    const queue = new InProcessScanQueue(new ScanProcessor(engine, events), {
      concurrency: 1,
      ...queueOptions,
    });
    const service: ScanService = {
      queue,
      events,
      mode: 'in-process',
      waitTimeoutMs: 20_000,
      isDecodableImage,
      close: () => queue.close(),
    };
    const app: FastifyInstance = await buildScanApp(service, {
      uploads,
      reads: { max: 10_000, timeWindowMs: 60_000 },
    });
    closers.push(async () => {
      await app.close();
      await service.close();
    });
    const upload = async (image: Buffer, remoteAddress = '127.0.0.1') => {
      const form = scanForm(image);
      return app.inject({
        method: 'POST',
        url: '/api/camera/scan/jobs',
        payload: form.payload,
        headers: form.headers,
        remoteAddress,
      });
    };
    return { app, eventLog, queue, upload };
  }

  it('limits uploads per address (429 with detail), other addresses unaffected', async () => {
    const { upload } = await setup({}, { max: 3, timeWindowMs: 60_000 });
    const png = await tinyPng(64);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await upload(png, '10.1.1.1')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const refused = await upload(png, '10.1.1.1');
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((refused.json() as { detail: string }).detail).toMatch(/Too many scans/);
    expect((await upload(png, '10.1.1.2')).statusCode).toBe(202);
  });

  it('caps waiting jobs: 503 with detail and Retry-After, nothing recorded', async () => {
    const { upload, eventLog, queue } = await setup({ maxWaiting: 2 });
    const png = await tinyPng(64);
    // One runs, two wait; the fourth finds the queue full.
    const accepted = [];
    for (let i = 0; i < 3; i += 1) accepted.push((await upload(png)).statusCode);
    expect(accepted).toEqual([202, 202, 202]);
    const before = await eventLog.headPosition();
    const full = await upload(png);
    expect(full.statusCode).toBe(503);
    expect(full.json()).toMatchObject({ code: 'busy' });
    expect((full.json() as { detail: string }).detail).toMatch(/busy/);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    expect(await eventLog.headPosition()).toBe(before);
    expect(queue.load().waiting).toBe(2);
  });

  it('caps the image bytes held by unfinished jobs', async () => {
    const png = await tinyPng(64);
    const { upload, queue } = await setup({ maxQueuedBytes: png.length * 2 + 10 });
    expect((await upload(png)).statusCode).toBe(202);
    expect((await upload(png)).statusCode).toBe(202);
    const full = await upload(png);
    expect(full.statusCode).toBe(503);
    expect(full.headers['retry-after']).toBeDefined();
    expect(queue.load().heldBytes).toBe(png.length * 2);
    // Bytes are released as jobs finish.
    for (let i = 0; i < 40 && queue.load().heldBytes > 0; i += 1)
      await new Promise((r) => setTimeout(r, 100));
    expect(queue.load().heldBytes).toBe(0);
    expect((await upload(png)).statusCode).toBe(202);
  });

  it('answers {detail, code} 400 for multipart bodies without or with a wrong boundary, and for three files', async () => {
    const { app, eventLog } = await setup({});
    const png = await tinyPng(64);
    const form = scanForm(png);
    const cases = [
      { 'content-type': 'multipart/form-data' },
      { 'content-type': 'multipart/form-data; boundary=not-the-one-used' },
    ];
    for (const headers of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/camera/scan/jobs',
        payload: form.payload,
        headers,
      });
      expect(res.statusCode, headers['content-type']).toBe(400);
      const body = res.json() as { detail: string; code: string };
      expect(typeof body.detail).toBe('string');
      expect(body.code).not.toBe('internal_error');
    }
    const three = multipart(
      [1, 2, 3].map((i) => ({ name: 'file', filename: `f${i}.png`, contentType: 'image/png', data: png })),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/camera/scan/jobs',
      payload: three.payload,
      headers: three.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: TOO_MANY_PARTS_DETAIL, code: 'validation' });
    expect(await eventLog.headPosition()).toBe(0);
  });
});
