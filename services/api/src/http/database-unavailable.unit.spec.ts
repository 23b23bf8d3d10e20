import { describe, expect, it } from 'vitest';
import { toProblem } from './errors.ts';

/** Errors the `pg` driver and Node raise when the database server is away, as seen in the fault tests. */
describe('an unreachable database answers 503 with a detail, never a bare 500', () => {
  const cases: [string, unknown][] = [
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'every address refused',
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ]),
    ],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
    [
      'server shutting down',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['server starting', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
  ];
  it.each(cases)('%s', (_name, error) => {
    expect(toProblem(error)).toEqual({
      status: 503,
      body: {
        detail: 'The database cannot be reached right now; please try again in a few seconds.',
        code: 'unavailable',
      },
    });
  });

  it('other database errors stay what they were', () => {
    expect(toProblem(Object.assign(new Error('syntax error'), { code: '42601' })).status).toBe(500);
    expect(toProblem(Object.assign(new Error('bad value'), { code: '22P02' })).status).toBe(400);
  });
});
