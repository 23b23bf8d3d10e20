import pino, { type Logger, type LoggerOptions } from 'pino';

/**
 * What never reaches a log line: credentials in request headers, passwords, password hashes,
 * session tokens and their hashes wherever they sit (an object logged as such, a request or event
 * payload, a command's data), and the parameter values of a failed SQL statement (they hold the
 * same secrets inside whole event payloads).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-admin-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'password_hash',
  'token_hash',
  'session_token',
  '*.password',
  '*.password_hash',
  '*.token_hash',
  '*.session_token',
  '*.*.password',
  '*.*.password_hash',
  '*.*.token_hash',
  '*.*.session_token',
  '*[*].data.password_hash',
  '*[*].data.token_hash',
  '*.*[*].data.password_hash',
  '*.*[*].data.token_hash',
  'err.params',
  'err.parameters',
  'err.values',
  'err.queryOptions',
  '*.err.params',
  '*.err.parameters',
  '*.err.values',
];

/** Structured JSON logs (pino). Pretty only when asked for with LOG_PRETTY=1 on a terminal. */
export function loggerOptions(level: string): LoggerOptions {
  const pretty = process.env.LOG_PRETTY === '1' && process.stdout.isTTY;
  return {
    level,
    base: { service: 'scentinel' },
    redact: { paths: REDACTED_PATHS, remove: true },
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
