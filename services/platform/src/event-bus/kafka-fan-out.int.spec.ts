import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestPgDatabase } from '../db/test-database.ts';
import { event, eventLogContract } from '../event-log/event-log.contract.ts';
import type { StoredEvent } from '../event-log/event-log.port.ts';
import { PostgresEventLog } from '../event-log/postgres-event-log.adapter.ts';
import { KafkaEventRelay } from './kafka-event-relay.ts';
import { KafkaFanOutEventLog } from './kafka-fan-out-event-log.ts';
import { decodeEventMessage } from './kafka-messages.ts';
import { type KafkaTestBroker, startKafkaTestBroker } from './kafka-test-broker.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('kafka-fan-out.int.spec.ts: skipped because DATABASE_URL is not set');

const PARTITIONS = 3;
const TOPICS = ['events.a', 'events.b', 'events.c', 'events.d', 'events.e'];
let broker: KafkaTestBroker;
let kafka: Kafka;

/** A Postgres log on a fresh schema, a relay publishing it to `topic`, and the Kafka fan-out over it. */
async function stack(topic: string, options: { fallbackPollMs?: number; relays?: number } = {}) {
  const db = (await openTestPgDatabase('t_kafka'))!;
  const log = await PostgresEventLog.create(db.client, { polling: { minPollMs: 5, maxPollMs: 50 } });
  const relays = Array.from(
    { length: options.relays ?? 1 },
    () =>
      new KafkaEventRelay({ sql: db.client, eventLog: log, kafka, topic, idempotent: false, batchSize: 7 }),
  );
  for (const relay of relays) await relay.start();
  const fanOut = new KafkaFanOutEventLog(log, {
    kafka,
    topic,
    groupPrefix: 'test',
    fallbackPollMs: options.fallbackPollMs ?? 500,
    gapMs: 100,
    maxWaitTimeInMs: 50,
  });
  return {
    db,
    log,
    relays,
    fanOut,
    cleanup: async () => {
      for (const relay of relays) await relay.stop();
      await fanOut.close();
      await db.drop();
    },
  };
}

/** The whole log once `count` events are readable (a reader holds back in-flight transactions). */
async function everything(log: PostgresEventLog, count: number): Promise<StoredEvent[]> {
  let all: StoredEvent[] = [];
  await vi.waitFor(
    async () => {
      all = await log.readAll({ after: 0 });
      expect(all).toHaveLength(count);
    },
    { timeout: 10_000 },
  );
  return all;
}

describe.skipIf(!url)('Kafka fan-out over the Postgres log (needs DATABASE_URL; Kafka test broker)', () => {
  beforeAll(async () => {
    broker = await startKafkaTestBroker(
      1,
      TOPICS.map((t) => `${t}:${PARTITIONS}`),
    );
    kafka = new Kafka({ clientId: 'scentinel-test', brokers: broker.brokers, logLevel: logLevel.NOTHING });
  });
  afterAll(async () => {
    await broker?.stop();
  });

  // A fresh topic per log: each test's positions start again at 1.
  eventLogContract('Kafka fan-out (Postgres server + Kafka test broker)', async () => {
    const s = await stack(`contract-${randomUUID()}`);
    return { log: s.fanOut, cleanup: s.cleanup };
  });

  describe('delivery through Kafka', () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('brings live events through Kafka in log order across partitions, and commits offsets', async () => {
      const s = await stack(TOPICS[0]!, { fallbackPollMs: 60_000 });
      cleanups.push(s.cleanup);
      const received: StoredEvent[] = [];
      const subscription = s.fanOut.subscribe((events) => void received.push(...events), {
        after: 0,
        batchSize: 10,
        name: 'live',
      });
      await vi.waitFor(() => expect(s.fanOut.counters.joined).toBe(1), { timeout: 20_000 });
      // Many streams (so several partitions), appended concurrently and in batches.
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          s.log.appendMany([
            { streamId: `perfume:${i}`, events: [event('A'), event('B')], expectedVersion: 0 },
            { streamId: `chemical:${i}`, events: [event('C')], expectedVersion: 0 },
          ]),
        ),
      );
      const all = await everything(s.log, 36);
      await vi.waitFor(() => expect(received).toHaveLength(36), { timeout: 20_000 });
      expect(received.map((e) => e.position)).toEqual(all.map((e) => e.position));
      expect(received).toEqual(all);
      // With the fallback poll out of the way, what the log did not hand over came from Kafka.
      expect(s.fanOut.counters.fromKafka).toBeGreaterThanOrEqual(18);
      expect(s.fanOut.counters.fromKafka + s.fanOut.counters.fromLog).toBe(36);

      await subscription.close();
      const admin = kafka.admin();
      await admin.connect();
      try {
        expect(subscription.groupId).toMatch(/^test\.live\./);
        const [offsets] = await admin.fetchOffsets({ groupId: subscription.groupId, topics: [TOPICS[0]!] });
        const committed = offsets!.partitions.reduce((n, p) => n + Math.max(0, Number(p.offset)), 0);
        // Every message delivered from Kafka is committed (offsets start at 0 on a fresh topic).
        expect(committed).toBe(s.fanOut.counters.fromKafka);
      } finally {
        await admin.disconnect();
      }
    });

    it('never loses an event when the relay stops: the log fills in, and the late copies are dropped', async () => {
      const s = await stack(TOPICS[1]!, { fallbackPollMs: 300 });
      cleanups.push(s.cleanup);
      const received: StoredEvent[] = [];
      s.fanOut.subscribe((events) => void received.push(...events), { after: 0, name: 'gap' });
      await vi.waitFor(() => expect(s.fanOut.counters.joined).toBe(1), { timeout: 20_000 });
      await s.log.append('perfume:1', [event('A')], 0);
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });

      await s.relays[0]!.stop();
      for (let i = 2; i <= 6; i++) await s.log.append(`perfume:${i}`, [event('B')], 0);
      await vi.waitFor(() => expect(received).toHaveLength(6), { timeout: 10_000 });
      const fromLog = s.fanOut.counters.fromLog;

      // A new relay publishes what the stopped one left; the subscriber has it already.
      const relay = new KafkaEventRelay({
        sql: s.db.client,
        eventLog: s.log,
        kafka,
        topic: TOPICS[1]!,
        idempotent: false,
      });
      await relay.start();
      cleanups.push(() => relay.stop());
      await vi.waitFor(() => expect(relay.status().published).toBe(5), { timeout: 10_000 });
      await s.log.append('perfume:7', [event('C')], 0);
      await vi.waitFor(() => expect(received).toHaveLength(7), { timeout: 10_000 });
      await vi.waitFor(() => expect(s.fanOut.counters.duplicates).toBe(5), { timeout: 10_000 });
      expect(received.map((e) => e.position)).toEqual(
        (await s.log.readAll({ after: 0 })).map((e) => e.position),
      );
      expect(fromLog).toBeGreaterThanOrEqual(5);
    });

    it('keeps delivering from the log while Kafka cannot be reached, retrying the consumer', async () => {
      const db = (await openTestPgDatabase('t_kafka_down'))!;
      const log = await PostgresEventLog.create(db.client);
      // Nothing listens on port 9 (discard): every connection attempt fails at once.
      const unreachable = new Kafka({
        brokers: ['127.0.0.1:9'],
        logLevel: logLevel.NOTHING,
        retry: { retries: 0 },
        connectionTimeout: 200,
      });
      const fanOut = new KafkaFanOutEventLog(log, { kafka: unreachable, topic: 'nowhere', gapMs: 50 });
      cleanups.push(async () => {
        await fanOut.close();
        await db.drop();
      });
      const received: StoredEvent[] = [];
      const errors: unknown[] = [];
      fanOut.subscribe((events) => void received.push(...events), {
        after: 0,
        onError: (e) => errors.push(e),
      });
      // The relay starts anyway, and keeps retrying; the log keeps every event meanwhile.
      const relay = new KafkaEventRelay({
        sql: db.client,
        eventLog: log,
        kafka: unreachable,
        topic: 'nowhere',
        idempotent: false,
      });
      await relay.start();
      cleanups.push(() => relay.stop());
      for (let i = 1; i <= 5; i++) await log.append(`perfume:${i}`, [event('A')], 0);
      await vi.waitFor(() => expect(received).toHaveLength(5), { timeout: 10_000 });
      await vi.waitFor(() => expect(fanOut.counters.consumerFailures).toBeGreaterThanOrEqual(2), {
        timeout: 10_000,
      });
      expect(fanOut.counters).toMatchObject({ joined: 0, fromKafka: 0, fromLog: 5 });
      expect(errors).toEqual([]);
      expect(relay.status()).toMatchObject({ state: 'failed', position: 0, published: 0 });
      expect(relay.status().lastError).toEqual(expect.any(String));
      // Closing does not wait out the retry backoff.
      const t0 = Date.now();
      await fanOut.close();
      expect(Date.now() - t0).toBeLessThan(2_000);
    });

    it('relays in several processes take turns: each event published once, chained in log order', async () => {
      const s = await stack(TOPICS[2]!, { relays: 3 });
      cleanups.push(s.cleanup);
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => s.log.append(`perfume:${i % 9}`, [event(`E${i}`)], 'any')),
      );
      const all = await everything(s.log, 40);
      await vi.waitFor(
        () => expect(s.relays.reduce((n, r) => n + r.status().published, 0)).toBe(all.length),
        { timeout: 20_000 },
      );
      // Read the topic raw from the beginning.
      const consumer = kafka.consumer({ groupId: `raw-${randomUUID()}`, maxWaitTimeInMs: 50 });
      const seen: { position: number; prev: number; streamId: string; partition: number }[] = [];
      await consumer.connect();
      await consumer.subscribe({ topics: [TOPICS[2]!], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message, partition }) => {
          const decoded = decodeEventMessage(message);
          if (decoded instanceof Error) throw decoded;
          seen.push({
            position: decoded.event.position,
            prev: decoded.prevPosition,
            streamId: decoded.event.streamId,
            partition,
          });
        },
      });
      try {
        await vi.waitFor(() => expect(seen).toHaveLength(all.length), { timeout: 20_000 });
      } finally {
        await consumer.disconnect();
      }
      const byPosition = [...seen].sort((a, b) => a.position - b.position);
      expect(byPosition.map((m) => m.position)).toEqual(all.map((e) => e.position));
      expect(byPosition.map((m) => m.prev)).toEqual([0, ...all.slice(0, -1).map((e) => e.position)]);
      // Keyed by stream: one stream's events share a partition.
      const partitionOf = new Map<string, number>();
      for (const m of seen) {
        expect(partitionOf.get(m.streamId) ?? m.partition).toBe(m.partition);
        partitionOf.set(m.streamId, m.partition);
      }
      expect(new Set(partitionOf.values()).size).toBeGreaterThan(1);
    });
  });
});
