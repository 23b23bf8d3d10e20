import { describe, expect, it } from 'vitest';
import { TrackingLimit, waitText } from './tracking-limit.ts';

describe('tracking limit', () => {
  it('refuses calls past the limit until the address window ends, with the time left', () => {
    let now = 1_000;
    const limit = new TrackingLimit({ max: 2, windowMs: 60_000, now: () => now });
    expect([limit.hit('a'), limit.hit('a')]).toEqual([null, null]);
    now += 10_000;
    expect(limit.hit('a')).toBe(50_000);
    // Other addresses count on their own.
    expect(limit.hit('b')).toBeNull();
    now = 61_000;
    expect(limit.hit('a')).toBeNull();
  });

  it('keeps counting an address across the table turning over, and forgets it after its window', () => {
    let now = 0;
    const limit = new TrackingLimit({ max: 3, windowMs: 100, now: () => now });
    limit.hit('a'); // window 0..100; table turns at 100
    now = 90;
    limit.hit('b'); // window 90..190
    now = 120; // the table turns: 'b' now lives in the previous generation
    limit.hit('b');
    limit.hit('b');
    expect(limit.hit('b')).toBe(70);
    now = 190;
    expect(limit.hit('b')).toBeNull();
  });

  it('refuses a bad configuration', () => {
    expect(() => new TrackingLimit({ max: 0, windowMs: 1000 })).toThrow(/positive/);
    expect(() => new TrackingLimit({ max: 1, windowMs: Number.NaN })).toThrow(/positive/);
  });

  it('says how long to wait in whole seconds or minutes', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(42_100)).toBe('43 seconds');
    expect(waitText(60_000)).toBe('60 seconds');
    expect(waitText(600_000)).toBe('10 minutes');
  });
});
