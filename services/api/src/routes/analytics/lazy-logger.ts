import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type ChildLoggerFactory = Parameters<FastifyInstance['setChildLoggerFactory']>[0];
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Log = (...args: unknown[]) => void;

const RANK: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** A request's logger whose real (child) logger is made on the first line it logs. */
class LazyLogger {
  private made: FastifyBaseLogger | undefined;
  private readonly floor: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
    readonly level: string,
  ) {
    this.floor = RANK[level] ?? 0;
  }

  private log(rank: number, name: keyof typeof RANK, args: unknown[]): void {
    if (rank < this.floor) return;
    this.made ??= this.parent.child(this.bindings, this.options);
    (this.made[name as keyof FastifyBaseLogger] as Log)(...args);
  }

  trace(...args: unknown[]) {
    this.log(10, 'trace', args);
  }
  debug(...args: unknown[]) {
    this.log(20, 'debug', args);
  }
  info(...args: unknown[]) {
    this.log(30, 'info', args);
  }
  warn(...args: unknown[]) {
    this.log(40, 'warn', args);
  }
  error(...args: unknown[]) {
    this.log(50, 'error', args);
  }
  fatal(...args: unknown[]) {
    this.log(60, 'fatal', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildOptions) {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made.child(bindings, options);
  }
}

/**
 * A child logger factory for busy routes that log little: the request's logger (with its request
 * id) is made only when a line at or above the route's level is logged, so a call that logs
 * nothing makes none. Making a pino child binds and redacts its fields on every request, which
 * costs more than anything else the call's logging does.
 */
export const lazyChildLogger: ChildLoggerFactory = (logger, bindings, options) =>
  new LazyLogger(logger, bindings, options, options.level ?? logger.level) as unknown as FastifyBaseLogger;
