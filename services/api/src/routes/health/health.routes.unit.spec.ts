import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps.ts';
import { healthRoutes } from './health.routes.ts';

type Report = Awaited<ReturnType<AppDeps['health']>>;

async function healthApp(health: () => Promise<Report>) {
  const app = Fastify({ logger: false });
  const deps = { health, config: { mode: 'server' } } as unknown as AppDeps;
  await app.register(healthRoutes, { deps });
  return app;
}

const projection = (over: Partial<Report['projections'][number]> = {}) => ({
  name: 'catalogue',
  version: 1,
  active: true,
  position: 10,
  lag: 0,
  status: 'running',
  ...over,
});

describe('/health', () => {
  it('answers 200 ok when every projection is caught up', async () => {
    const app = await healthApp(
      async () => ({ eventLogPosition: 10, projections: [projection()] }) as Report,
    );
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', event_log: { position: 10 } });
    expect(res.json().detail).toBeUndefined();
  });

  it('answers 503 with a detail naming what is degraded', async () => {
    const app = await healthApp(
      async () =>
        ({
          eventLogPosition: 50_000,
          projections: [
            projection({ name: 'catalogue', status: 'failed' }),
            projection({ name: 'usage', lag: 40_000 }),
            projection({ name: 'old', active: false, status: 'failed' }),
          ],
        }) as Report,
    );
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({ status: 'degraded', code: 'degraded' });
    expect(body.detail).toContain('projection catalogue is failed');
    expect(body.detail).toContain('projection usage is 40000 events behind');
    expect(body.detail).not.toContain('old');
    expect(body.projections).toHaveLength(3);
  });

  it('answers 503 unavailable when the event log cannot be read', async () => {
    const app = await healthApp(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', code: 'unavailable', detail: expect.any(String) });
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  describe('with Elasticsearch', () => {
    const es = (over: Partial<NonNullable<Report['elasticsearch']>> = {}) => ({
      writer: true,
      index: 'scentinel-catalogue-v2',
      alias: 'scentinel-catalogue',
      reachable: true,
      aliasTargets: ['scentinel-catalogue-v2'],
      position: 90,
      lag: 10,
      ...over,
    });

    it('shows the writer lock, the index and alias in use and the indexed position against the log head', async () => {
      const app = await healthApp(
        async () =>
          ({
            eventLogPosition: 100,
            projections: [projection({ position: 100 })],
            elasticsearch: es(),
          }) as Report,
      );
      const res = await app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json().elasticsearch).toEqual({
        reachable: true,
        writer: true,
        index: 'scentinel-catalogue-v2',
        alias: 'scentinel-catalogue',
        alias_targets: ['scentinel-catalogue-v2'],
        position: 90,
        lag: 10,
      });
    });

    it('answers 503 degraded when Elasticsearch is unreachable, without its error text', async () => {
      const app = await healthApp(
        async () =>
          ({
            eventLogPosition: 100,
            projections: [projection({ position: 100 })],
            elasticsearch: es({
              writer: false,
              reachable: false,
              aliasTargets: [],
              position: null,
              lag: null,
              error: 'connect ECONNREFUSED 127.0.0.1:9200',
            }),
          }) as Report,
      );
      const res = await app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        code: 'degraded',
        elasticsearch: { reachable: false, writer: false, position: null, lag: null },
      });
      expect(res.json().detail).toContain('Elasticsearch is unreachable');
      expect(res.body).not.toContain('ECONNREFUSED');
    });

    it('answers 503 when the index is far behind the log', async () => {
      const app = await healthApp(
        async () =>
          ({
            eventLogPosition: 50_000,
            projections: [projection({ position: 50_000 })],
            elasticsearch: es({ position: 20_000, lag: 30_000 }),
          }) as Report,
      );
      const res = await app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toContain('the Elasticsearch index is 30000 events behind');
    });
  });
});
