import { Kafka, logLevel } from 'kafkajs';
import type { SqlClient } from '../db/sql-client.ts';
import type { EventLog } from '../event-log/event-log.port.ts';
import { KafkaEventRelay, type RelayLogger, type RelayStatus } from './kafka-event-relay.ts';
import { type FanOutCounters, KafkaFanOutEventLog } from './kafka-fan-out-event-log.ts';

export { ChainAssembler } from './chain-assembler.ts';
export { eventBusMigrations } from './event-bus.migrations.ts';
export { KafkaEventRelay, type KafkaEventRelayOptions, type RelayStatus } from './kafka-event-relay.ts';
export {
  type FanOutCounters,
  KafkaFanOutEventLog,
  type KafkaFanOutOptions,
} from './kafka-fan-out-event-log.ts';
export { decodeEventMessage, encodeEventMessage } from './kafka-messages.ts';

/** The relay's state and the Kafka tails' counters (for `/api/health`). */
export interface FanOutHealth {
  relay: RelayStatus;
  tails: FanOutCounters;
}

export interface KafkaFanOut {
  /** The log to give projectors: reads and writes go to `eventLog`, live tails come from Kafka. */
  eventLog: EventLog;
  health(): FanOutHealth;
  /** Stops the relay and the Kafka tails (the log of record stays open: its owner closes it). */
  close(): Promise<void>;
}

/**
 * Scale-out event fan-out: starts the outbox relay publishing `eventLog`
 * to `topic` and returns the log whose subscriptions read Kafka. Every API process may run it: the
 * relays take turns on one checkpoint.
 */
export async function startKafkaFanOut(options: {
  brokers: string[];
  topic: string;
  idempotent: boolean;
  sql: SqlClient;
  eventLog: EventLog;
  logger?: RelayLogger;
  clientId?: string;
}): Promise<KafkaFanOut> {
  const kafka = new Kafka({
    clientId: options.clientId ?? 'scentinel',
    brokers: options.brokers,
    logLevel: logLevel.ERROR,
  });
  const relay = new KafkaEventRelay({
    sql: options.sql,
    eventLog: options.eventLog,
    kafka,
    topic: options.topic,
    idempotent: options.idempotent,
    logger: options.logger,
  });
  await relay.start();
  // The log of record belongs to the caller (the store closes it).
  const fanOut = new KafkaFanOutEventLog(options.eventLog, { kafka, topic: options.topic, ownsLog: false });
  return {
    eventLog: fanOut,
    health: () => ({ relay: relay.status(), tails: { ...fanOut.counters } }),
    close: async () => {
      await fanOut.close();
      await relay.stop();
    },
  };
}
