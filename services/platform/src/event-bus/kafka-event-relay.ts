import type { Kafka, Producer } from 'kafkajs';
import { migrate } from '../db/migrate.ts';
import type { SqlClient } from '../db/sql-client.ts';
import type { EventLog, StoredEvent, Subscription } from '../event-log/event-log.port.ts';
import { eventBusMigrations } from './event-bus.migrations.ts';
import { encodeEventMessage } from './kafka-messages.ts';

export interface RelayLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface KafkaEventRelayOptions {
  sql: SqlClient;
  /** The log of record (Postgres): the relay tails it from its checkpoint. */
  eventLog: EventLog;
  kafka: Kafka;
  topic: string;
  /** Checkpoint row; relays sharing a name share the work (one publishes at a time). */
  name?: string;
  /** Events per read and per `send` (default 500). */
  batchSize?: number;
  /**
   * Idempotent producer (default true). librdkafka's mock cluster (the test broker) names no
   * controller, which kafkajs needs to get a producer id, so the tests turn it off; consumers drop
   * repeats by position either way.
   */
  idempotent?: boolean;
  logger?: RelayLogger;
}

export interface RelayStatus {
  state: 'stopped' | 'running' | 'failed';
  /** Last position published (the stored checkpoint). */
  position: number;
  /** Events this relay instance published since it started. */
  published: number;
  lastError?: string;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * The transactional outbox relay (Kafka): the event log is the outbox, so
 * an event is in the outbox exactly when its append committed. The relay tails the log in position
 * order and publishes each event keyed by stream id with `acks=all`, awaiting the broker before it
 * moves its checkpoint. Publishing and the checkpoint update share one transaction that holds the
 * relay's advisory lock, so relays started in several processes take turns and none skips or reorders
 * an event; a crash between the broker's ack and the commit publishes that batch again, which the
 * consumers drop by position (`ChainAssembler`).
 */
export class KafkaEventRelay {
  private readonly name: string;
  private readonly batchSize: number;
  private readonly producer: Producer;
  private subscription: Subscription | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private current: RelayStatus = { state: 'stopped', position: 0, published: 0 };

  constructor(private readonly options: KafkaEventRelayOptions) {
    this.name = options.name ?? 'default';
    this.batchSize = options.batchSize ?? 500;
    this.producer = options.kafka.producer({
      idempotent: options.idempotent ?? true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: true,
    });
  }

  status(): RelayStatus {
    return { ...this.current };
  }

  async start(): Promise<void> {
    await migrate(this.options.sql, eventBusMigrations);
    await this.options.sql.query(
      'INSERT INTO event_relay_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING',
      [this.name],
    );
    this.current.state = 'running';
    // A broker that cannot be reached yet is retried with backoff: the log keeps the events.
    await this.follow().catch((error: unknown) => this.failed(error));
  }

  async stop(): Promise<void> {
    this.current.state = 'stopped';
    clearTimeout(this.retryTimer);
    await this.subscription?.close();
    this.subscription = undefined;
    await this.producer.disconnect();
  }

  private async follow(): Promise<void> {
    await this.producer.connect();
    const position = await this.storedPosition();
    if (this.current.state === 'stopped') return;
    this.current.position = position;
    this.subscription = this.options.eventLog.subscribe((events) => this.publish(events), {
      after: position,
      batchSize: this.batchSize,
      onError: (error) => this.failed(error),
    });
  }

  private failed(error: unknown): void {
    this.subscription = undefined;
    if (this.current.state === 'stopped') return;
    this.current.state = 'failed';
    this.current.lastError = error instanceof Error ? error.message : String(error);
    this.failures += 1;
    const retryInMs = Math.min(MAX_BACKOFF_MS, 250 * 2 ** (this.failures - 1));
    this.options.logger?.error({ err: error, relay: this.name, retryInMs }, 'event relay failed');
    this.retryTimer = setTimeout(() => {
      if (this.current.state === 'stopped') return;
      this.follow().then(
        () => {
          this.current.state = 'running';
        },
        (e) => this.failed(e),
      );
    }, retryInMs);
    this.retryTimer.unref();
  }

  private async storedPosition(): Promise<number> {
    const { rows } = await this.options.sql.query<{ position: string }>(
      'SELECT position FROM event_relay_checkpoints WHERE name = $1',
      [this.name],
    );
    return Number(rows[0]?.position ?? 0);
  }

  /** Publishes the events after the stored checkpoint, then moves it, under the relay's advisory lock. */
  private async publish(events: StoredEvent[]): Promise<void> {
    const sent = await this.options.sql.transaction(async (tx) => {
      // An advisory lock, not a row lock: it takes no transaction id until the UPDATE, so the open
      // transaction does not hold back other readers of the log (see event-store.migrations.ts).
      await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':event-relay:' || $1))", [
        this.name,
      ]);
      const { rows } = await tx.query<{ position: string }>(
        'SELECT position FROM event_relay_checkpoints WHERE name = $1',
        [this.name],
      );
      let prev = Number(rows[0]?.position ?? 0);
      const todo = events.filter((e) => e.position > prev);
      if (todo.length === 0) return { count: 0, position: prev };
      const messages = todo.map((event) => {
        const message = encodeEventMessage(event, prev);
        prev = event.position;
        return message;
      });
      await this.producer.send({ topic: this.options.topic, acks: -1, messages });
      await tx.query(
        `UPDATE event_relay_checkpoints SET position = $2, published = published + $3, updated_at = now()
         WHERE name = $1`,
        [this.name, prev, todo.length],
      );
      return { count: todo.length, position: prev };
    });
    this.current.position = sent.position;
    this.current.published += sent.count;
    if (this.current.state === 'failed') this.current.state = 'running';
    this.failures = 0;
  }
}
