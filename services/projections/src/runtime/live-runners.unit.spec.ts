import type { EventLog, SqlClient, SubscribeOptions } from '@scentinel/platform';
import { describe, expect, it } from 'vitest';
import { BatchApplier } from './batch-applier.ts';
import { LiveRunners } from './live-runners.ts';
import type { InProcessProjection } from './projection.ts';

describe('live runners', () => {
  it("read each projection's tail in its own batch size, else the runtime's", async () => {
    const subscribed: SubscribeOptions[] = [];
    const eventLog = {
      subscribe: (_handler: unknown, options: SubscribeOptions) => {
        subscribed.push(options);
        return { close: async () => {} };
      },
    } as unknown as EventLog;
    const sql = {} as SqlClient;
    const runners = new LiveRunners({
      sql,
      eventLog,
      applier: new BatchApplier(sql, undefined, () => {}),
      batchSize: 500,
      log: undefined,
      onRetired: () => {},
    });
    const projection = (name: string, batchSize?: number): InProcessProjection => ({
      name,
      version: 1,
      kind: 'in-process',
      apply: () => {},
      ...(batchSize !== undefined && { batchSize }),
    });
    runners.start(projection('small_pages', 200), 1, 0);
    runners.start(projection('default_pages'), 1, 0);
    expect(subscribed.map((o) => [o.name, o.batchSize])).toEqual([
      ['small_pages.v1', 200],
      ['default_pages.v1', 500],
    ]);
    await runners.stopAll();
  });
});
