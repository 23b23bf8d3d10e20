import { randomUUID } from 'node:crypto';
import type { Consumer, Kafka } from 'kafkajs';
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
} from '../event-log/event-log.port.ts';
import { checkSubscribe } from '../event-log/event-log.validation.ts';
import { ChainAssembler } from './chain-assembler.ts';
import { decodeEventMessage } from './kafka-messages.ts';

export interface KafkaFanOutOptions {
  kafka: Kafka;
  topic: string;
  /** Consumer group ids are `<groupPrefix>.<subscription name or a fresh id>`. */
  groupPrefix?: string;
  /**
   * A chain hole (an event's predecessor has not arrived) older than this is filled from the log
   * (default 250 ms): events published before the consumer joined, or lost to a broker failure.
   */
  gapMs?: number;
  /**
   * With nothing from Kafka for this long, the log is read anyway (default 2 s), so a stopped relay
   * or broker delays projections by at most this much and never loses an event for them.
   */
  fallbackPollMs?: number;
  /**
   * Fetch long-poll wait (default 50 ms). A Kafka broker answers a waiting fetch as soon as data
   * arrives; librdkafka's mock cluster (the test broker) only when the wait ends, so there this is
   * the delivery latency (write → visible bench: p99 ≈ this + a few ms).
   */
  maxWaitTimeInMs?: number;
  /**
   * Consumer group session timeout (default kafkajs' 30 s). After the broker was away, a tail
   * rejoins its group only once its previous membership expired (the log is polled meanwhile), and
   * closing waits for a rejoin under way: a shorter session shortens both.
   */
  sessionTimeoutMs?: number;
  /** `close()` also closes the log of record (default true). */
  ownsLog?: boolean;
}

/** Where a subscription's events came from (tests and health). */
export interface FanOutCounters {
  /** Subscriptions whose consumer has joined its group. */
  joined: number;
  /** Failed attempts to join (retried with backoff; the log is polled meanwhile). */
  consumerFailures: number;
  fromKafka: number;
  fromLog: number;
  duplicates: number;
  /** Messages not buffered because the tail was far behind (read from the log instead). */
  overflow: number;
  undecodable: number;
  /** Offset commits that failed (the consumer was reconnecting): the tail went on regardless. */
  commitFailures: number;
}

interface Tag {
  partition: number;
  offset: string;
}

/**
 * The scale-out event log: writes and reads go to the log of record
 * (Postgres); live tails (`subscribe`) come from Kafka, fed by `KafkaEventRelay`. Each
 * subscription is its own consumer group, so every projector sees every event. It catches up from
 * the log, then delivers what Kafka brings in the log's order (`ChainAssembler`), reading the log
 * only for holes, and commits each partition's offset after the handler took its events. The
 * contract is the port's: every event after `after`, once, in position order.
 */
export class KafkaFanOutEventLog implements EventLog {
  private readonly subscriptions = new Set<KafkaSubscription>();
  readonly counters: FanOutCounters = {
    joined: 0,
    consumerFailures: 0,
    fromKafka: 0,
    fromLog: 0,
    duplicates: 0,
    overflow: 0,
    undecodable: 0,
    commitFailures: 0,
  };
  private closed = false;

  constructor(
    private readonly log: EventLog,
    private readonly options: KafkaFanOutOptions,
  ) {}

  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    return this.log.append(streamId, events, expectedVersion);
  }

  appendMany(batches: AppendToStream[]): Promise<AppendResult[]> {
    return this.log.appendMany(batches);
  }

  readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]> {
    return this.log.readStream(streamId, fromVersion);
  }

  streamVersion(streamId: string): Promise<number> {
    return this.log.streamVersion(streamId);
  }

  readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.log.readAll(options);
  }

  headPosition(): Promise<number> {
    return this.log.headPosition();
  }

  subscribe(
    handler: (events: StoredEvent[]) => Promise<void> | void,
    options: SubscribeOptions,
  ): Subscription & { readonly groupId: string } {
    if (this.closed) throw new Error('The event log is closed');
    const limit = checkSubscribe(options);
    const subscription = new KafkaSubscription(
      this.log,
      this.options,
      handler,
      options,
      limit,
      this.counters,
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Ends the subscriptions, then closes the log of record when it owns it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    if (this.options.ownsLog !== false) await this.log.close();
  }
}

class KafkaSubscription implements Subscription {
  readonly groupId: string;
  private stopped = false;
  private readonly chain: ChainAssembler<Tag>;
  private consumer: Consumer | undefined;
  private wake: (() => void) | undefined;
  private cancelBackoff: (() => void) | undefined;
  private readonly running: Promise<void>;
  private lastKafkaAt = Date.now();
  private stuckSince: number | undefined;

  constructor(
    private readonly log: EventLog,
    private readonly options: KafkaFanOutOptions,
    private readonly handler: (events: StoredEvent[]) => Promise<void> | void,
    private readonly subscribeOptions: SubscribeOptions,
    private readonly limit: number,
    private readonly counters: FanOutCounters,
    onStop: () => void,
  ) {
    this.chain = new ChainAssembler<Tag>(subscribeOptions.after);
    this.groupId = `${options.groupPrefix ?? 'scentinel'}.${subscribeOptions.name ?? 'tail'}.${randomUUID()}`;
    this.running = this.loop().finally(() => {
      this.stopped = true;
      onStop();
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.cancelBackoff?.();
    await this.running;
  }

  private onError(error: unknown): void {
    if (this.stopped) return;
    (this.subscribeOptions.onError ?? ((e) => console.error('Kafka subscription stopped after an error', e)))(
      error,
    );
  }

  /** Joins the group; on failure retries with backoff while the log is polled meanwhile. */
  private async startConsumer(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      const consumer = this.options.kafka.consumer({
        groupId: this.groupId,
        maxWaitTimeInMs: this.options.maxWaitTimeInMs ?? 50,
        ...(this.options.sessionTimeoutMs !== undefined && { sessionTimeout: this.options.sessionTimeoutMs }),
        allowAutoTopicCreation: true,
      });
      this.consumer = consumer;
      try {
        await this.runConsumer(consumer);
        return;
      } catch {
        this.counters.consumerFailures++;
        await consumer.disconnect().catch(() => {});
        await delay(Math.min(30_000, 500 * 2 ** attempt), (cancel) => {
          this.cancelBackoff = cancel;
        });
        this.cancelBackoff = undefined;
      }
    }
  }

  private async runConsumer(consumer: Consumer): Promise<void> {
    await consumer.connect();
    await consumer.subscribe({ topics: [this.options.topic], fromBeginning: false });
    await consumer.run({
      autoCommit: false,
      eachBatch: async ({ batch }) => {
        for (const message of batch.messages) {
          const decoded = decodeEventMessage(message);
          if (decoded instanceof Error) {
            this.counters.undecodable++;
            continue;
          }
          const tag = { partition: batch.partition, offset: message.offset };
          const kept = this.chain.offer(decoded.event, decoded.prevPosition, tag);
          if (kept === 'old') this.counters.duplicates++;
          else if (kept === 'full') this.counters.overflow++;
        }
        this.lastKafkaAt = Date.now();
        this.wake?.();
      },
    });
  }

  private async loop(): Promise<void> {
    // The consumer joins its group (seconds, on a new group) while the log is read: until it has,
    // the log is polled; after, Kafka brings what the relay publishes and the log fills holes.
    let joined = false;
    const joining = this.startConsumer().then(() => {
      if (this.stopped) return;
      joined = true;
      this.counters.joined++;
      this.lastKafkaAt = Date.now();
    });
    const gapMs = this.options.gapMs ?? 250;
    const fallbackMs = this.options.fallbackPollMs ?? 2_000;
    try {
      let readLog = true;
      while (!this.stopped) {
        const ready = this.chain.peek(this.limit);
        if (ready.length > 0) {
          await this.handler(ready.map((r) => r.event));
          this.chain.advance(ready.at(-1)!.event.position);
          this.counters.fromKafka += ready.length;
          this.stuckSince = undefined;
          await this.commit(ready.map((r) => r.tag));
          continue;
        }
        const now = Date.now();
        if (this.chain.pending > 0) this.stuckSince ??= now;
        if (
          readLog ||
          !joined ||
          (this.stuckSince !== undefined && now - this.stuckSince >= gapMs) ||
          now - this.lastKafkaAt >= fallbackMs
        ) {
          const events = await this.log.readAll({
            after: this.chain.position,
            limit: this.limit,
            // Events from Kafka carry their data; the log's own reads may skip what is not handled.
            ...(this.subscribeOptions.dataTypes !== undefined && {
              dataTypes: this.subscribeOptions.dataTypes,
            }),
          });
          if (this.stopped) return;
          this.stuckSince = undefined;
          if (events.length > 0) {
            await this.handler(events);
            this.chain.advance(events.at(-1)!.position);
            this.counters.fromLog += events.length;
            readLog = events.length === this.limit; // more may follow at once
            continue;
          }
          readLog = false;
          if (joined) this.lastKafkaAt = Date.now();
        }
        await this.sleep(!joined || this.chain.pending > 0 ? gapMs : fallbackMs);
      }
    } catch (error) {
      this.onError(error);
    } finally {
      // Disconnecting also ends a join still under way.
      await this.consumer?.disconnect().catch(() => {});
      await joining;
      await this.consumer?.disconnect().catch(() => {});
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return delay(ms, (cancel) => {
      this.wake = () => {
        this.wake = undefined;
        cancel();
      };
    });
  }

  /**
   * Commits, per partition, the offset after the last message the handler has taken. The offset is
   * only where a restarted consumer resumes (what it brings again is dropped as already seen; the
   * log fills holes), so a commit that fails, e.g. while the consumer reconnects after the broker
   * was away, is counted and the tail goes on: it must not stop delivering.
   */
  private async commit(tags: Tag[]): Promise<void> {
    const next = new Map<number, bigint>();
    for (const { partition, offset } of tags) {
      const after = BigInt(offset) + 1n;
      if ((next.get(partition) ?? -1n) < after) next.set(partition, after);
    }
    try {
      await this.consumer?.commitOffsets(
        [...next].map(([partition, offset]) => ({
          topic: this.options.topic,
          partition,
          offset: String(offset),
        })),
      );
    } catch {
      this.counters.commitFailures++;
    }
  }
}

/** Resolves after `ms`, or at once when the `cancel` handed to `onCancel` is called. */
function delay(ms: number, onCancel: (cancel: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      resolve();
    }
    onCancel(done);
  });
}
