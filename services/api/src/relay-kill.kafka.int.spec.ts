/**
 * Fault test: the Kafka outbox relay runs in a process of its own and dies (SIGKILL) right after
 * the broker acknowledged a batch, before it moved its checkpoint. A new relay publishes that batch
 * again; the projectors, tailing Kafka, must apply every event exactly once (they drop repeats by
 * log position). The projectors are the real projection runtime running the usage rollup (counts:
 * a repeat applied would count twice) and a plain tail recording each position it is handed.
 * Prints its figures for docs/reliability.md.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppendToStream } from '@scentinel/platform';
import { decodeEventMessage, KafkaEventRelay, KafkaFanOutEventLog } from '@scentinel/platform/event-bus';
import { createRuntime, type ProjectionRuntime, usageRollupProjection } from '@scentinel/projections';
import { Kafka, logLevel } from 'kafkajs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useKafkaFaultFixture } from './testing/kafka-fault-fixture.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('relay-kill.kafka.int.spec.ts: skipped because DATABASE_URL is not set');

const RELAY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing', 'relay-process.ts');
const TOPIC = 'scentinel.relay-kill';
const BATCH = 20;
const EVENTS = 3 * BATCH;

function usageEvents(count: number): AppendToStream[] {
  const byStream = new Map<string, AppendToStream>();
  for (let i = 0; i < count; i++) {
    const session = `s${i % 12}`;
    let batch = byStream.get(session);
    if (!batch) {
      batch = { streamId: `usage:${session}`, expectedVersion: 'any', events: [] };
      byStream.set(session, batch);
    }
    batch.events.push({
      id: randomUUID(),
      type: 'SearchTracked',
      data: { session_id: session, query: `term ${i % 5}` },
      metadata: { actorId: null, actorRole: null, requestId: null, occurredAt: '2025-03-01T12:00:00.000Z' },
    });
  }
  return [...byStream.values()];
}

describe.skipIf(!url)('kill the relay between the broker ack and its checkpoint (Kafka test broker)', () => {
  const fixture = useKafkaFaultFixture(url!, TOPIC, 't_relay_kill');
  let kafka: Kafka;
  let fanOut: KafkaFanOutEventLog;
  let runtime: ProjectionRuntime;

  beforeAll(() => {
    kafka = new Kafka({
      clientId: 'relay-kill-test',
      brokers: fixture.broker.brokers,
      logLevel: logLevel.NOTHING,
    });
  });

  it('every event is applied exactly once by the projectors', async () => {
    const { broker, store, schema, closers } = fixture;
    // Projectors tail Kafka only: after the start, the log is never read here (neither for holes,
    // which only come from partitions fetched at different times, nor by the fallback poll).
    fanOut = new KafkaFanOutEventLog(store.eventLog, {
      kafka,
      topic: TOPIC,
      groupPrefix: 'relay-kill',
      fallbackPollMs: 120_000,
      gapMs: 120_000,
      ownsLog: false,
    });
    closers.push(() => fanOut.close());
    const applied = new Map<number, number>();
    const order: number[] = [];
    fanOut.subscribe(
      (events) => {
        for (const e of events) {
          applied.set(e.position, (applied.get(e.position) ?? 0) + 1);
          order.push(e.position);
        }
      },
      { after: 0, name: 'recorder' },
    );
    runtime = createRuntime({ sql: store.sql, eventLog: fanOut, projections: [usageRollupProjection] });
    await runtime.start();
    closers.push(() => runtime.stop());
    await vi.waitFor(() => expect(fanOut.counters.joined).toBe(2), { timeout: 30_000, interval: 20 });

    // The log holds three batches when the relay starts; it dies once the second is acknowledged.
    await store.eventLog.appendMany(usageEvents(EVENTS));
    const head = await store.eventLog.headPosition();
    expect(head).toBe(EVENTS);
    const child = spawn(process.execPath, ['--import', 'tsx', RELAY], {
      env: {
        ...process.env,
        DATABASE_URL: url!,
        DATABASE_SCHEMA: schema,
        KAFKA_BROKERS: broker.brokers.join(','),
        KAFKA_TOPIC: TOPIC,
        RELAY_BATCH_SIZE: String(BATCH),
        CRASH_AFTER_SENDS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (c, s) => resolve([c, s])),
    );
    expect({ code, signal }, out).toEqual({ code: null, signal: 'SIGKILL' });
    const { rows } = await store.sql.query<{ position: number; published: number }>(
      'SELECT position, published FROM event_relay_checkpoints',
    );
    // The first batch's checkpoint is stored; the second batch was acknowledged but not checkpointed.
    expect(rows).toEqual([{ position: BATCH, published: BATCH }]);
    // Both projectors applied the two batches that reached the broker (so the copies that follow
    // meet events already applied, not ones still waiting in a tail).
    await vi.waitFor(() => expect(order).toHaveLength(2 * BATCH), { timeout: 20_000, interval: 20 });
    expect(await runtime.waitForPosition(2 * BATCH, 20_000)).toBe(true);

    // A new relay takes over from the checkpoint: it publishes the second batch again, then the third.
    const relay = new KafkaEventRelay({
      sql: store.sql,
      eventLog: store.eventLog,
      kafka,
      topic: TOPIC,
      idempotent: false,
      batchSize: BATCH,
    });
    await relay.start();
    closers.push(() => relay.stop());
    await vi.waitFor(() => expect(relay.status().position).toBe(head), { timeout: 20_000, interval: 20 });
    await vi.waitFor(() => expect(order).toHaveLength(EVENTS), { timeout: 20_000, interval: 20 });
    expect(await runtime.waitForPosition(head, 20_000)).toBe(true);
    // Both tails saw the repeated batch and dropped it.
    await vi.waitFor(() => expect(fanOut.counters.duplicates).toBe(2 * BATCH), {
      timeout: 20_000,
      interval: 20,
    });

    // The topic holds the second batch twice.
    const consumer = kafka.consumer({ groupId: `raw-${randomUUID()}`, maxWaitTimeInMs: 50 });
    const published = new Map<number, number>();
    let messages = 0;
    await consumer.connect();
    await consumer.subscribe({ topics: [TOPIC], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const decoded = decodeEventMessage(message);
        if (decoded instanceof Error) throw decoded;
        messages++;
        published.set(decoded.event.position, (published.get(decoded.event.position) ?? 0) + 1);
      },
    });
    try {
      await vi.waitFor(() => expect(messages).toBe(EVENTS + BATCH), { timeout: 20_000, interval: 20 });
    } finally {
      await consumer.disconnect();
    }
    const twice = [...published]
      .filter(([, n]) => n === 2)
      .map(([p]) => p)
      .sort((a, b) => a - b);
    expect(twice).toEqual(Array.from({ length: BATCH }, (_, i) => BATCH + 1 + i));

    // Applied exactly once, in log order, by the recorder and by the rollup.
    expect(order).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
    expect([...applied.values()].every((n) => n === 1)).toBe(true);
    const active = await runtime.activeTable('usage_rollup', 'usage_daily');
    const counted = await store.sql.query<{ n: number }>(`SELECT sum(count)::int AS n FROM ${active}`);
    expect(counted.rows[0]!.n).toBe(EVENTS);
    const figures = {
      events: EVENTS,
      publishedMessages: messages,
      publishedTwice: twice.length,
      duplicatesDropped: fanOut.counters.duplicates,
      appliedByRecorder: order.length,
      countedByRollup: counted.rows[0]!.n,
      appliedTwice: [...applied.values()].filter((n) => n > 1).length,
      lost: EVENTS - applied.size,
      fromKafka: fanOut.counters.fromKafka,
      fromLog: fanOut.counters.fromLog,
    };
    console.log(`relay kill figures: ${JSON.stringify(figures)}`);
  }, 90_000);
});
