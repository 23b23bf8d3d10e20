import { describe, expect, it, vi } from 'vitest';
import { event } from './event-log.contract.ts';
import { GroupCommit } from './group-commit.ts';
import { InMemoryEventLog } from './in-memory-event-log.adapter.ts';

describe('group commit', () => {
  it('answers each append once its flush is stored, many appends per log write', async () => {
    const log = new InMemoryEventLog();
    const appendMany = vi.spyOn(log, 'appendMany');
    const group = new GroupCommit(log, { maxEvents: 50, maxWaitMs: 5 });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => group.append(`usage:s${i % 7}`, [event(`E${i}`)], 'any')),
    );
    const all = await log.readAll({ after: 0, limit: 1000 });
    expect(all).toHaveLength(200);
    // Acknowledged = stored: every answer names a position that is in the log.
    for (const r of results) expect(r.lastPosition).toBeLessThanOrEqual(all.at(-1)!.position);
    expect(appendMany.mock.calls.length).toBeLessThanOrEqual(200 / 50 + 2);
    // One stream's appends keep their arrival order and get consecutive versions.
    const s0 = await log.readStream('usage:s0');
    expect(s0.map((e) => e.type)).toEqual(
      Array.from({ length: 200 }, (_, i) => i)
        .filter((i) => i % 7 === 0)
        .map((i) => `E${i}`),
    );
    const s0Versions = results.filter((_, i) => i % 7 === 0).map((r) => r.nextExpectedVersion);
    expect(s0Versions).toEqual(s0.map((e) => e.version));
  });

  it('flushes by time when few appends come', async () => {
    const log = new InMemoryEventLog();
    const group = new GroupCommit(log, { maxEvents: 1000, maxWaitMs: 1 });
    const result = await group.append('usage:one', [event('Only')], 'any');
    expect(result).toEqual({ nextExpectedVersion: 1, lastPosition: 1 });
  });

  it('fails only the bad append of a flush; the others are stored', async () => {
    const log = new InMemoryEventLog();
    const group = new GroupCommit(log, { maxEvents: 1000, maxWaitMs: 5 });
    const taken = event('Taken');
    await log.append('usage:x', [taken], 'any');
    const outcomes = await Promise.allSettled([
      group.append('usage:a', [event('A')], 'any'),
      group.append('usage:b', [{ ...taken }], 'any'),
      group.append('usage:c', [event('C')], 'any'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await log.readAll({ after: 0 })).map((e) => e.type)).toEqual(['Taken', 'A', 'C']);
  });

  it('close flushes what waits, then refuses new appends', async () => {
    const log = new InMemoryEventLog();
    const group = new GroupCommit(log, { maxEvents: 1000, maxWaitMs: 60_000 });
    const pending = Array.from({ length: 10 }, (_, i) => group.append(`usage:${i}`, [event('Late')], 'any'));
    await group.close();
    await Promise.all(pending);
    expect(await log.headPosition()).toBe(10);
    await expect(group.append('usage:z', [event('After')], 'any')).rejects.toThrow(/closed/);
  });

  it('passes appends with a version check straight through', async () => {
    const log = new InMemoryEventLog();
    const group = new GroupCommit(log);
    await group.append('chemical:1', [event('A')], 0);
    await expect(group.append('chemical:1', [event('B')], 0)).rejects.toMatchObject({
      name: 'WrongExpectedVersionError',
    });
  });
});
