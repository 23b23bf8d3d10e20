import { describe, expect, it } from 'vitest';
import { eventCountsProjection } from '../testing/event-counts.projection.ts';
import { handles, projectionContext, validateProjection, versionedTableName } from './projection.ts';

describe('projection definitions', () => {
  it('names each build its own tables', () => {
    expect(versionedTableName('usage_daily', 3)).toBe('usage_daily_v3');
    const ctx = projectionContext(eventCountsProjection({ version: 2 }), 7);
    expect(ctx).toMatchObject({ name: 'event_counts', version: 7 });
    expect(ctx.tableName('event_counts_by_type')).toBe('event_counts_by_type_v7');
  });

  it('refuses undeclared tables and unsafe names', () => {
    const ctx = projectionContext(eventCountsProjection(), 1);
    expect(() => ctx.tableName('other_table')).toThrow(/does not declare a table "other_table"/);
    expect(() => versionedTableName('x; DROP TABLE events', 1)).toThrow(/Bad table base name/);
    expect(() => versionedTableName('ok', 0)).toThrow(/Bad projection version/);
    expect(() => validateProjection(eventCountsProjection({ name: 'Counts' }))).toThrow(/snake_case/);
    expect(() => validateProjection(eventCountsProjection({ version: 1.5 }))).toThrow(/positive integer/);
    expect(() => validateProjection({ ...eventCountsProjection(), batchSize: 0 })).toThrow(
      /batchSize must be a positive integer/,
    );
    expect(() => validateProjection({ ...eventCountsProjection(), tables: [] })).toThrow(
      /at least one table/,
    );
  });

  it('applies every event type unless it lists the ones it handles', () => {
    expect(handles(eventCountsProjection(), 'Anything')).toBe(true);
    const some = eventCountsProjection({ handles: ['A'] });
    expect(handles(some, 'A')).toBe(true);
    expect(handles(some, 'B')).toBe(false);
  });
});
