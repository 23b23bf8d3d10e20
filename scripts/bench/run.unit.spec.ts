import { describe, expect, it } from 'vitest';
import { selectBenches } from './run.ts';

describe('bench runner selection', () => {
  const available = ['event-log', 'http', 'search', 'web'];

  it('runs every bench when none is named', () => {
    expect(selectBenches([], available)).toEqual(available);
  });

  it('runs only the named benches, in the order given, by name or file name', () => {
    expect(selectBenches(['search', 'scripts/bench/http.bench.ts', 'search'], available)).toEqual([
      'search',
      'http',
    ]);
  });

  it('rejects an unknown name and lists the available ones', () => {
    expect(() => selectBenches(['serch'], available)).toThrow(
      'unknown bench: serch (available: event-log, http, search, web)',
    );
  });
});
