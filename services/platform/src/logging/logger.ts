import pino, { type Logger, type LoggerOptions } from 'pino';

/** Structured JSON logs (pino). Pretty only when asked for with LOG_PRETTY=1 on a terminal. */
export function loggerOptions(level: string): LoggerOptions {
  const pretty = process.env.LOG_PRETTY === '1' && process.stdout.isTTY;
  return {
    level,
    base: { service: 'scentinel' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-admin-key"]', '*.password'],
      remove: true,
    },
    ...(pretty ? { transport: { target: 'pino-pretty' } } : {}),
  };
}

export function createLogger(
  level = process.env.LOG_LEVEL ?? 'info',
  bindings: Record<string, unknown> = {},
): Logger {
  return pino(loggerOptions(level)).child(bindings);
}

export type { Logger };
