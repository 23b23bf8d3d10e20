import { randomUUID } from 'node:crypto';
import { InMemoryEventLog } from '@scentinel/platform';
import { ScanQueueUnavailableError } from '@scentinel/platform/scan-queue';
import { describe, expect, it } from 'vitest';
import { ScanProcessor } from '../scan.processor.ts';
import { ScriptedEngine, tinyPng } from '../scan.testing.ts';
import { ScanEventRecorder } from '../scan-events.ts';
import { InProcessScanQueue } from './in-process-scan-queue.adapter.ts';
import { scanQueueContract } from './scan-queue.contract.ts';

scanQueueContract('in-process', async (processor) => {
  const queue = new InProcessScanQueue(processor, { concurrency: 2 });
  return { queue, close: () => queue.close() };
});

describe('InProcessScanQueue', () => {
  it('runs no more jobs at once than its concurrency', async () => {
    const engine = new ScriptedEngine();
    engine.delayMs = 150;
    let running = 0;
    let peak = 0;
    const counting = {
      name: 'counting',
      analyze: async (input: Parameters<ScriptedEngine['analyze']>[0]) => {
        running += 1;
        peak = Math.max(peak, running);
        try {
          return await engine.analyze(input);
        } finally {
          running -= 1;
        }
      },
      close: async () => {},
    };
    const queue = new InProcessScanQueue(
      new ScanProcessor(counting, new ScanEventRecorder(new InMemoryEventLog())),
      {
        concurrency: 2,
      },
    );
    const image = await tinyPng(20);
    const ids = Array.from({ length: 6 }, () => randomUUID());
    for (const scanId of ids) await queue.enqueue({ scanId, analysisType: 'comprehensive', image });
    const done = await Promise.all(ids.map((id) => queue.waitForResult(id, 20_000)));
    expect(done.every((s) => s.state === 'completed')).toBe(true);
    expect(peak).toBe(2);
    await queue.close();
  });

  it('refuses work once closed, as a queue that is down', async () => {
    const queue = new InProcessScanQueue(
      new ScanProcessor(new ScriptedEngine(), new ScanEventRecorder(new InMemoryEventLog())),
    );
    await queue.close();
    await expect(
      queue.enqueue({ scanId: randomUUID(), analysisType: 'comprehensive', image: await tinyPng() }),
    ).rejects.toBeInstanceOf(ScanQueueUnavailableError);
  });
});
