import type {
  AppendResult,
  AppendToStream,
  EventLog,
  ExpectedVersion,
  NewEvent,
  ReadAllOptions,
  StoredEvent,
  SubscribeOptions,
  Subscription,
} from './event-log.port.ts';
import {
  AppendNotifier,
  DEFAULT_POLLING,
  type PollingOptions,
  startPollingSubscription,
} from './polling-subscription.ts';

/**
 * What every event log adapter shares: single appends as one-batch `appendMany`, the live tails
 * (`subscribe`, woken by this process's appends and polling for others'), and closing, after which
 * every call is refused. Adapters write, read and call `appended()` after each committed append.
 */
export abstract class EventLogBase implements EventLog {
  private readonly notifier = new AppendNotifier();
  private readonly tails = new Set<Subscription>();
  private closed = false;

  protected constructor(private readonly polling: PollingOptions = DEFAULT_POLLING) {}

  abstract appendMany(batches: AppendToStream[]): Promise<AppendResult[]>;
  abstract readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]>;
  abstract streamVersion(streamId: string): Promise<number>;
  abstract readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  abstract headPosition(): Promise<number>;

  async append(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    const [result] = await this.appendMany([{ streamId, events, expectedVersion }]);
    return result!;
  }

  subscribe(
    handler: (events: StoredEvent[]) => Promise<void> | void,
    options: SubscribeOptions,
  ): Subscription {
    this.assertOpen();
    const subscription = startPollingSubscription(
      (o) => this.readAll(o),
      this.notifier,
      handler,
      options,
      this.polling,
      (s) => this.tails.delete(s),
    );
    this.tails.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.tails].map((s) => s.close()));
    this.closed = true;
    await this.onClosed();
  }

  /** What the adapter releases once its tails have stopped. */
  protected onClosed(): Promise<void> | void {}

  /** An append committed in this process: wake the waiting tails. */
  protected appended(): void {
    this.notifier.notify();
  }

  protected assertOpen(): void {
    if (this.closed) throw new Error('The event log is closed');
  }
}
