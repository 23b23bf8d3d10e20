import { usageStreamId } from '@scentinel/domain';
import { InMemoryEventLog } from '@scentinel/platform';
import { describe, expect, it } from 'vitest';
import { recordUsage } from './record-usage.ts';

const client = { session_id: 'session-123', visitor_id: null, user_agent: null, country: 'SE' };
const now = new Date('2026-01-10T12:00:00.000Z');

describe('recordUsage', () => {
  it("appends the tracked event to the session's stream with the caller in its metadata", async () => {
    const log = new InMemoryEventLog();
    await recordUsage(
      log,
      { actor: null, requestId: 'req-1' },
      { type: 'TrackPageView', data: { client, page: '/' } } as never,
      now,
    );
    await recordUsage(
      log,
      { actor: null, requestId: 'req-2' },
      { type: 'TrackPageView', data: { client, page: '/' } } as never,
      now,
    );
    const stored = await log.readStream(usageStreamId('session-123'));
    expect(stored.map((e) => e.type)).toEqual(['PageViewed', 'PageViewed']);
    expect(stored[1]?.metadata).toMatchObject({ requestId: 'req-2', occurredAt: now.toISOString() });
  });

  it('writes nothing for a malformed session id', async () => {
    const log = new InMemoryEventLog();
    const bad = { ...client, session_id: 'x' };
    await expect(
      recordUsage(
        log,
        { actor: null, requestId: null },
        { type: 'TrackPageView', data: { client: bad, page: '/' } } as never,
        now,
      ),
    ).rejects.toMatchObject({ code: 'validation' });
    expect(await log.headPosition()).toBe(0);
  });
});
