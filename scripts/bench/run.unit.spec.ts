import { describe, expect, it } from 'vitest';
import { firstLine, selectBenches } from './run.ts';

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

describe('bench runner failure summary', () => {
  it('keeps the first line and the underlying error of a child process failure', () => {
    const err = new Error(
      'server exited with 1:\n/x/open-store.ts:79\n  throw new X(\n\nDataDirLockedError: in use by 22777.\n    at lockDataDir',
    );
    expect(firstLine(err)).toBe('server exited with 1: DataDirLockedError: in use by 22777.');
  });

  it('cuts long messages', () => {
    expect(firstLine('x'.repeat(300))).toHaveLength(120);
  });
});
