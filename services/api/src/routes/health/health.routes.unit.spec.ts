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
});
