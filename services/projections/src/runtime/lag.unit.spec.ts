import { describe, expect, it } from 'vitest';
import { isStalled, lagOf, watchLag } from './lag.ts';

describe('lag and stall detection', () => {
  it('measures lag in positions, never negative', () => {
    expect(lagOf(10, 3)).toBe(7);
    expect(lagOf(10, 10)).toBe(0);
    expect(lagOf(4, 9)).toBe(0);
  });

  it('is stalled only when behind at the same position for the whole window', () => {
    let watch = watchLag(undefined, 5, 3, 1_000);
    expect(watch).toEqual({ position: 5, since: 1_000 });
    watch = watchLag(watch, 5, 4, 20_000);
    expect(isStalled(watch, 20_000, 30_000)).toBe(false);
    watch = watchLag(watch, 5, 4, 31_000);
    expect(isStalled(watch, 31_000, 30_000)).toBe(true);
  });

  it('progress or catching up resets the window', () => {
    const behind = watchLag(undefined, 5, 3, 0);
    const moved = watchLag(behind, 6, 2, 40_000);
    expect(moved).toEqual({ position: 6, since: 40_000 });
    expect(isStalled(moved, 40_000, 30_000)).toBe(false);
    expect(watchLag(moved, 6, 0, 90_000)).toBeUndefined();
    expect(isStalled(undefined, 90_000, 30_000)).toBe(false);
  });

  it('an idle projection that just fell behind is not stalled', () => {
    // Idle for an hour with lag 0, then one event arrives.
    const watch = watchLag(watchLag(undefined, 9, 0, 0), 9, 1, 3_600_000);
    expect(isStalled(watch, 3_600_000, 30_000)).toBe(false);
  });
});
