import type { EventLog, SqlClient, StoredEvent } from '@scentinel/platform';
import { type BatchApplier, dataTypesOf } from './batch-applier.ts';
import { errorMessage } from './errors.ts';
import type { Projection } from './projection.ts';
import { readCheckpoint } from './projection-store.ts';
import type { LiveRunner, Logger } from './runtime-types.ts';

const MAX_BACKOFF_MS = 30_000;

export interface LiveRunnersOptions {
  sql: SqlClient;
  eventLog: EventLog;
  applier: BatchApplier;
  batchSize: number;
  log: Logger | undefined;
  /** A runner's build was retired by an activation elsewhere: align with the new active build. */
  onRetired: () => void;
}

/**
 * The live build of each projection run in this process: subscribed to the log from its
 * checkpoint, restarted with backoff after a failure, and waited on by `waitForPosition`.
 */
export class LiveRunners {
  /** The live build per projection name (the active one). */
  private readonly byName = new Map<string, LiveRunner>();
  private readonly waiters = new Set<() => void>();

  constructor(private readonly options: LiveRunnersOptions) {}

  get(name: string): LiveRunner | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Wakes `waitForPosition` callers to re-check (a position moved). */
  notify(): void {
    for (const check of this.waiters) check();
  }

  start(projection: Projection, version: number, position: number): void {
    const runner: LiveRunner = {
      ...this.options.applier.target(projection, version, position),
      state: 'running',
      failures: 0,
    };
    this.byName.set(projection.name, runner);
    this.subscribe(runner);
  }

  /** Stops and forgets the runner of `name`. */
  async remove(name: string): Promise<void> {
    const runner = this.byName.get(name);
    if (!runner) return;
    this.byName.delete(name);
    await this.stopRunner(runner);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.byName.values()].map((r) => this.stopRunner(r)));
    this.byName.clear();
  }

  /**
   * Resolves true once every projection running here has applied `position` (at once when none
   * runs here), false after `timeoutMs`.
   */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    const caughtUp = () => [...this.byName.values()].every((r) => r.position >= position);
    if (caughtUp()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (caughtUp()) finish(true);
      };
      const finish = (value: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.waiters.add(check);
    });
  }

  private subscribe(runner: LiveRunner): void {
    runner.subscription = this.options.eventLog.subscribe((events) => this.deliverLive(runner, events), {
      after: runner.position,
      batchSize: runner.projection.batchSize ?? this.options.batchSize,
      name: `${runner.projection.name}.v${runner.version}`,
      ...dataTypesOf(runner.projection),
      onError: (error) => this.onRunnerError(runner, error),
    });
  }

  private async deliverLive(runner: LiveRunner, events: StoredEvent[]): Promise<void> {
    if (runner.state === 'stopped') return;
    const outcome = await this.options.applier.deliverTo(runner, events, 'tail');
    if (runner.state === 'failed') {
      runner.state = 'running';
      runner.lastError = undefined;
    }
    runner.failures = 0;
    // Retired by an activation elsewhere: let sync switch to the new active build.
    if (outcome === 'retired') setTimeout(() => this.options.onRetired(), 0).unref();
  }

  private onRunnerError(runner: LiveRunner, error: unknown): void {
    runner.subscription = undefined;
    if (runner.state === 'stopped') return;
    runner.state = 'failed';
    runner.lastError = errorMessage(error);
    runner.failures += 1;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** (runner.failures - 1));
    this.options.log?.error(
      { err: error, projection: runner.projection.name, retryInMs: delay },
      'projection failed',
    );
    runner.retryTimer = setTimeout(() => void this.restartRunner(runner), delay);
    runner.retryTimer.unref();
  }

  private async restartRunner(runner: LiveRunner): Promise<void> {
    if (runner.state === 'stopped' || this.byName.get(runner.projection.name) !== runner) return;
    try {
      if (runner.projection.kind === 'postgres') {
        runner.position = await readCheckpoint(this.options.sql, runner.projection.name, runner.version);
      }
      this.subscribe(runner);
    } catch (error) {
      this.onRunnerError(runner, error);
    }
  }

  private async stopRunner(runner: LiveRunner): Promise<void> {
    runner.state = 'stopped';
    clearTimeout(runner.retryTimer);
    await runner.subscription?.close();
    runner.subscription = undefined;
    await runner.queue.catch(() => {});
    await this.options.applier.settleIdle(runner);
  }
}
