import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  const logger = pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger;
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<FastifyBaseLogger['child']>) => {
    children++;
    return child(...args);
  }) as FastifyBaseLogger['child'];
  return { logger, lines, children: () => children };
}

describe('lazy request logger', () => {
  it('makes no child logger for a call that logs nothing at or above its level', () => {
    const { logger, lines, children } = capture();
    const log = lazyChildLogger.call(
      undefined as never,
      logger,
      { reqId: 'r1' },
      { level: 'warn' },
      {} as never,
    );
    log.info('incoming request');
    log.debug('details');
    expect(lines).toEqual([]);
    expect(children()).toBe(0);
    expect(log.level).toBe('warn');
  });

  it('logs warnings and errors with the request id, making the child once', () => {
    const { logger, lines, children } = capture();
    const log = lazyChildLogger.call(
      undefined as never,
      logger,
      { reqId: 'r2' },
      { level: 'warn' },
      {} as never,
    );
    log.warn('slow');
    log.error({ err: new Error('boom') }, 'failed');
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['r2', 'slow'],
      ['r2', 'failed'],
    ]);
    expect(children()).toBe(1);
  });
});
