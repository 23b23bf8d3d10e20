import { ScanQueueUnavailableError, type ScanService } from '@scentinel/platform/scan-queue';
import { describe, expect, it, vi } from 'vitest';
import { deferredScanService } from './deferred-scans.ts';

function fakeService(): ScanService & { closed: number } {
  const service = {
    closed: 0,
    mode: 'in-process' as const,
    waitTimeoutMs: 1,
    queue: {
      enqueue: vi.fn(async () => {}),
      status: vi.fn(async (id: string) => ({
        id,
        state: 'queued' as const,
        progress: { stage: 'queued' as const, percent: 0 },
        attempts: 0,
        response: null,
      })),
      waitForResult: vi.fn(),
      watch: vi.fn(async () => () => {}),
      close: vi.fn(async () => {}),
    },
    events: { requested: vi.fn(async () => {}), failed: vi.fn(async () => {}) },
    isDecodableImage: vi.fn(async () => true),
    async close() {
      service.closed++;
    },
  };
  return service;
}

describe('deferredScanService', () => {
  it('makes the service on first use, once, and passes calls through', async () => {
    const real = fakeService();
    const make = vi.fn(async () => real);
    const scans = deferredScanService('in-process', 60_000, make);
    expect(make).not.toHaveBeenCalled();
    expect(scans.mode).toBe('in-process');
    expect(scans.waitTimeoutMs).toBe(60_000);
    const [status, decodable] = await Promise.all([
      scans.queue.status('scan-1'),
      scans.isDecodableImage(new Uint8Array([1])),
    ]);
    expect(status?.id).toBe('scan-1');
    expect(decodable).toBe(true);
    await scans.events.requested(
      { scanId: 's', analysisType: 'label', imageBytes: 1, mimeType: 'image/png' } as never,
      null,
      null,
    );
    expect(real.events.requested).toHaveBeenCalledTimes(1);
    expect(make).toHaveBeenCalledTimes(1);
    await scans.load();
    expect(make).toHaveBeenCalledTimes(1);
    await scans.close();
    expect(real.closed).toBe(1);
  });

  it('answers unavailable with the reason while it cannot be made, and tries again on the next call', async () => {
    const real = fakeService();
    let attempts = 0;
    const scans = deferredScanService('bullmq', 60_000, async () => {
      attempts++;
      if (attempts === 1) throw new Error('redis is down');
      return real;
    });
    const failed = scans.queue.enqueue({
      scanId: 'a',
      analysisType: 'label' as never,
      image: Buffer.alloc(1),
    });
    await expect(failed).rejects.toBeInstanceOf(ScanQueueUnavailableError);
    await expect(failed).rejects.toThrow(/redis is down/);
    await scans.queue.enqueue({ scanId: 'b', analysisType: 'label' as never, image: Buffer.alloc(1) });
    expect(real.queue.enqueue).toHaveBeenCalledTimes(1);
    expect(attempts).toBe(2);
  });

  it('closing before any use makes nothing, and refuses calls after', async () => {
    const make = vi.fn(async () => fakeService());
    const scans = deferredScanService('in-process', 60_000, make);
    await scans.close();
    expect(make).not.toHaveBeenCalled();
    await expect(scans.queue.status('x')).rejects.toBeInstanceOf(ScanQueueUnavailableError);
  });
});
