/**
 * Fault test: the Kafka broker goes off the network (connections closed, new ones refused) while
 * events keep being appended, then comes back. The relay must report the failure meanwhile and
 * catch up by itself; the projectors must apply every event exactly once, and the lags (relay and
 * projections) must return to 0. Prints its figures for docs/reliability.md.
 */
import { randomUUID } from 'node:crypto';
import { KafkaEventRelay, KafkaFanOutEventLog } from '@scentinel/platform/event-bus';
import { createRuntime, type ProjectionRuntime, usageRollupProjection } from '@scentinel/projections';
import { Kafka, logLevel } from 'kafkajs';
import { describe, expect, it, vi } from 'vitest';
import { useKafkaFaultFixture } from './testing/kafka-fault-fixture.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('broker-down.kafka.int.spec.ts: skipped because DATABASE_URL is not set');

const TOPIC = 'scentinel.broker-down';
type Phase = 'before' | 'down' | 'after' | 'done';

describe.skipIf(!url)('the Kafka broker goes down and up mid-stream (Kafka test broker)', () => {
  const fixture = useKafkaFaultFixture(url!, TOPIC, 't_broker_down');

  it('the relay and the projectors catch up by themselves: lag 0, every event applied once', async () => {
    const { broker, store, closers } = fixture;
    const kafka = new Kafka({
      clientId: 'broker-down-test',
      brokers: broker.brokers,
      logLevel: logLevel.NOTHING,
      // Fail fast while the broker is away (the relay and the tails retry by themselves).
      retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 500 },
      connectionTimeout: 500,
    });
    const relay = new KafkaEventRelay({
      sql: store.sql,
      eventLog: store.eventLog,
      kafka,
      topic: TOPIC,
      idempotent: false,
    });
    await relay.start();
    closers.push(() => relay.stop());
    const fanOut = new KafkaFanOutEventLog(store.eventLog, {
      kafka,
      topic: TOPIC,
      groupPrefix: 'broker-down',
      // A tail rejoins its group once its old membership expired: 6 s instead of kafkajs' 30 s.
      sessionTimeoutMs: 6_000,
      ownsLog: false,
    });
    closers.push(() => fanOut.close());
    const applied = new Map<number, number>();
    const arrivedIn: Record<Phase, number> = { before: 0, down: 0, after: 0, done: 0 };
    let phase = 'before' as Phase;
    fanOut.subscribe(
      (events) => {
        for (const e of events) applied.set(e.position, (applied.get(e.position) ?? 0) + 1);
        arrivedIn[phase] += events.length;
      },
      { after: 0, name: 'recorder' },
    );
    const runtime: ProjectionRuntime = createRuntime({
      sql: store.sql,
      eventLog: fanOut,
      projections: [usageRollupProjection],
    });
    await runtime.start();
    closers.push(() => runtime.stop());
    await vi.waitFor(() => expect(fanOut.counters.joined).toBe(2), { timeout: 30_000, interval: 20 });

    // One writer appends usage events one at a time, all along.
    const appendedIn: Record<Phase, number> = { before: 0, down: 0, after: 0, done: 0 };
    let sent = 0;
    const writer = (async () => {
      for (let i = 0; phase !== 'done'; i++) {
        sent++;
        await store.eventLog.append(
          `usage:s${i % 10}`,
          [
            {
              id: randomUUID(),
              type: 'SearchTracked',
              data: { session_id: `s${i % 10}`, query: `term ${i % 7}` },
              metadata: {
                actorId: null,
                actorRole: null,
                requestId: null,
                occurredAt: new Date().toISOString(),
              },
            },
          ],
          'any',
        );
        appendedIn[phase]++;
      }
    })();
    const waitFor = (check: () => void | Promise<void>, timeout = 30_000) =>
      vi.waitFor(check, { timeout, interval: 20 });

    try {
      await waitFor(() => expect(relay.status().published).toBeGreaterThanOrEqual(100));
      const fromKafkaBefore = fanOut.counters.fromKafka;
      expect(fromKafkaBefore).toBeGreaterThan(0);

      await broker.setNetwork('down');
      phase = 'down';
      const downAt = Date.now();
      // Meanwhile the relay reports the failure and falls behind; the log keeps every event.
      await waitFor(() => expect(relay.status().state).toBe('failed'));
      await waitFor(() => expect(appendedIn.down).toBeGreaterThanOrEqual(100));
      const head = await store.eventLog.headPosition();
      const relayLagWhileDown = head - relay.status().position;
      expect(relayLagWhileDown).toBeGreaterThan(0);
      const lastError = relay.status().lastError;

      await broker.setNetwork('up');
      const downMs = Date.now() - downAt;
      phase = 'after';
      const upAt = Date.now();
      // Back: the relay publishes what it missed by itself.
      await waitFor(() => expect(relay.status().state).toBe('running'));
      await waitFor(() => expect(appendedIn.after).toBeGreaterThanOrEqual(100));
      // The tails rejoin Kafka: new events come through it again.
      const fromKafkaAtUp = fanOut.counters.fromKafka;
      await waitFor(() => expect(fanOut.counters.fromKafka).toBeGreaterThan(fromKafkaAtUp + 50));
      const kafkaAgainMs = Date.now() - upAt;
      phase = 'done';
      await writer;

      const finalHead = await store.eventLog.headPosition();
      await waitFor(async () => {
        expect(relay.status().position).toBe(finalHead);
        const usage = (await runtime.status()).find((s) => s.name === 'usage_rollup')!;
        expect(usage.lag).toBe(0);
        expect(applied.size).toBe(finalHead);
      });
      const caughtUpMs = Date.now() - upAt;
      const active = await runtime.activeTable('usage_rollup', 'usage_daily');
      const counted = await store.sql.query<{ n: number }>(`SELECT sum(count)::int AS n FROM ${active}`);
      const appliedTwice = [...applied.values()].filter((n) => n > 1).length;
      const figures = {
        sent,
        appended: finalHead,
        appendedWhileDown: appendedIn.down,
        relayLagWhileDown,
        relayLagAfter: finalHead - relay.status().position,
        projectionLagAfter: 0,
        appliedByRecorder: applied.size,
        countedByRollup: counted.rows[0]!.n,
        appliedTwice,
        lost: finalHead - applied.size,
        downMs,
        caughtUpMs,
        kafkaAgainMs,
        fromKafka: fanOut.counters.fromKafka,
        fromLog: fanOut.counters.fromLog,
        duplicatesDropped: fanOut.counters.duplicates,
        commitFailures: fanOut.counters.commitFailures,
        relayError: lastError,
      };
      console.log(`broker down/up figures: ${JSON.stringify(figures)}`);
      expect(counted.rows[0]!.n).toBe(finalHead);
      expect(appliedTwice).toBe(0);
      expect([...applied.keys()].sort((a, b) => a - b)).toEqual(
        Array.from({ length: finalHead }, (_, i) => i + 1),
      );
    } finally {
      phase = 'done';
      await writer;
    }
  }, 90_000);
});
