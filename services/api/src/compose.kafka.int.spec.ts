/**
 * Scale-out wiring: the whole API composed on a Postgres server with `KAFKA_BROKERS` set (the Kafka
 * test broker). Projectors tail Kafka, fed by the outbox relay; a write made through the API shows
 * in the read models, and /api/health reports the relay and the tails.
 */
import { startKafkaTestBroker } from '@scentinel/platform/event-bus/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeAppForTest } from './testing/composed-app.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('compose.kafka.int.spec.ts: skipped because DATABASE_URL is not set');

const TOPIC = 'scentinel.compose-test';
const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };

describe.skipIf(!url)(
  'scale-out: projectors fed through Kafka (needs DATABASE_URL; Kafka test broker)',
  () => {
    let broker: Awaited<ReturnType<typeof startKafkaTestBroker>>;
    let server: FastifyInstance;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      broker = await startKafkaTestBroker(1, [`${TOPIC}:3`]);
      ({ server, close } = await composeAppForTest(url!, 't_compose_kafka', {
        KAFKA_BROKERS: broker.brokers.join(','),
        KAFKA_TOPIC: TOPIC,
        // The mock cluster names no controller, which kafkajs' idempotent producer needs.
        KAFKA_IDEMPOTENT: 'false',
        CATALOGUE_AUTOLOAD: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }));
    });

    afterAll(async () => {
      await close?.();
      await broker?.stop();
    });

    it('shows writes made through the API, delivered to the projectors by Kafka', async () => {
      const login = await server.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      expect(login.statusCode).toBe(200);
      const token = login.json().session_token as string;
      // The tails' consumers join their groups (a few seconds on the test broker).
      await vi.waitFor(
        async () => {
          const health = (await server.inject({ method: 'GET', url: '/api/health' })).json();
          expect(health.event_fan_out.tails.joined).toBe(health.projections.length);
        },
        { timeout: 30_000, interval: 200 },
      );

      const names = ['Kafkaol', 'Relayone', 'Outboxal'];
      for (const name of names) {
        const added = await server.inject({
          method: 'POST',
          url: '/api/add-chemical-manual',
          headers: { authorization: `Bearer ${token}` },
          payload: { name },
        });
        expect(added.statusCode).toBe(201);
      }
      await vi.waitFor(
        async () => {
          const list = (await server.inject({ method: 'GET', url: '/api/chemicals' })).json();
          const shown = (list.chemicals as { name: string }[]).map((c) => c.name);
          expect(shown).toEqual(expect.arrayContaining(names));
        },
        { timeout: 10_000, interval: 50 },
      );

      const health = await server.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const body = health.json();
      expect(body.status).toBe('ok');
      expect(body.event_fan_out.relay).toMatchObject({ state: 'running', lag: 0 });
      expect(body.event_fan_out.relay.position).toBe(body.event_log.position);
      expect(body.event_fan_out.tails.from_kafka).toBeGreaterThan(0);
      expect(body.event_fan_out.tails.undecodable).toBe(0);
      for (const p of body.projections) expect(p).toMatchObject({ status: 'running', lag: 0 });
    });
  },
);
