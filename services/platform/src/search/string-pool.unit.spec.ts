import { describe, expect, it } from 'vitest';
import { sameStringRecord, ValuePool } from './string-pool.ts';

describe('ValuePool with the string-record fast path', () => {
  it('gives equal records one id and different records different ids, as their JSON would', () => {
    const pool = new ValuePool<Record<string, string>>(sameStringRecord);
    const a = pool.intern({ name: 'parfumo', brand: 'parfumo' });
    expect(pool.intern({ name: 'parfumo', brand: 'parfumo' })).toBe(a);
    const b = pool.intern({ name: 'parfumo', brand: 'fragrantica' });
    expect(b).not.toBe(a);
    // Same entries in another key order serialise differently, so they are another value.
    const c = pool.intern({ brand: 'fragrantica', name: 'parfumo' });
    expect(c).not.toBe(b);
    expect(pool.intern({ name: 'parfumo' })).not.toBe(a);
    expect(pool.intern({ name: 'parfumo', brand: 'parfumo' })).toBe(a);
    expect(pool.get(b)).toEqual({ name: 'parfumo', brand: 'fragrantica' });
  });

  it('compares records by keys, order and values', () => {
    expect(sameStringRecord({}, {})).toBe(true);
    expect(sameStringRecord({ a: 'x' }, { a: 'x' })).toBe(true);
    expect(sameStringRecord({ a: 'x' }, { a: 'y' })).toBe(false);
    expect(sameStringRecord({ a: 'x' }, { a: 'x', b: 'y' })).toBe(false);
    expect(sameStringRecord({ a: 'x', b: 'y' }, { b: 'y', a: 'x' })).toBe(false);
  });
});
