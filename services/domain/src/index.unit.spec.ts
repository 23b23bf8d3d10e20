import { describe, expect, it } from 'vitest';
import {
  accounts,
  chemicals,
  contributions,
  DomainError,
  deciders,
  eventStreamCategory,
  eventTypes,
  httpStatusForDomainError,
  isDomainEventType,
  parseStreamId,
  perfumes,
  sameJson,
  scans,
  streamCategories,
  usage,
} from './index.ts';
import { given } from './shared/testing.ts';

describe('event catalogue', () => {
  it('lists every feature event type exactly once, each with its stream category', () => {
    const byFeature = {
      chemical: chemicals.chemicalEventTypes,
      perfume: perfumes.perfumeEventTypes,
      account: accounts.accountEventTypes,
      contribution: contributions.contributionEventTypes,
      scan: scans.scanEventTypes,
      usage: usage.usageEventTypes,
    };
    const all = Object.values(byFeature).flat();
    expect(new Set(eventTypes)).toEqual(new Set(all));
    expect(eventTypes).toHaveLength(all.length);
    for (const [category, types] of Object.entries(byFeature)) {
      for (const type of types) expect(eventStreamCategory[type], type).toBe(category);
    }
    expect(isDomainEventType('ChemicalAdded')).toBe(true);
    expect(isDomainEventType('toString')).toBe(false);
  });

  it('has a decider per stream category', () => {
    expect(Object.keys(deciders).sort()).toEqual([...streamCategories].sort());
  });
});

describe('shared helpers', () => {
  it('parses stream ids', () => {
    expect(parseStreamId('chemical:chem-78-70-6')).toEqual({ category: 'chemical', id: 'chem-78-70-6' });
    expect(parseStreamId('usage:session_1')).toEqual({ category: 'usage', id: 'session_1' });
    expect(parseStreamId('nope:1')).toBeNull();
    expect(parseStreamId('chemical:')).toBeNull();
  });

  it('maps error codes to HTTP statuses', () => {
    expect(httpStatusForDomainError('validation')).toBe(400);
    expect(httpStatusForDomainError('unauthorized')).toBe(401);
    expect(httpStatusForDomainError('forbidden')).toBe(403);
    expect(httpStatusForDomainError('not_found')).toBe(404);
    expect(httpStatusForDomainError('conflict')).toBe(409);
    expect(httpStatusForDomainError('invalid_state')).toBe(409);
  });

  it('compares JSON regardless of key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });

  it('given/when/then fails when the events or the error differ', () => {
    const evolve = (n: number, e: { type: 'Added'; data: number }) => n + e.data;
    const decide = (n: number) => {
      if (n > 1) throw new DomainError('conflict', 'too big');
      return [{ type: 'Added' as const, data: 1 }];
    };
    expect(() =>
      given(evolve, 0)
        .when(decide)
        .thenEmits([{ type: 'Added', data: 2 }]),
    ).toThrow();
    expect(() => given(evolve, 0).when(decide).thenThrows('conflict')).toThrow(/expected a DomainError/);
    expect(() =>
      given(evolve, 0, [{ type: 'Added', data: 5 }])
        .when(decide)
        .thenThrows('not_found'),
    ).toThrow();
    expect(() =>
      given(evolve, 0, [{ type: 'Added', data: 5 }])
        .when(decide)
        .thenThrows('conflict', 'other'),
    ).toThrow();
    given(evolve, 0, [{ type: 'Added', data: 5 }])
      .when(decide)
      .thenThrows('conflict', 'too big');
  });
});
