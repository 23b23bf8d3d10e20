import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppDeps } from '../../deps.ts';

const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  mode: Type.Union([Type.Literal('embedded'), Type.Literal('server')]),
  event_log: Type.Object({ position: Type.Integer() }),
  projections: Type.Array(
    Type.Object({
      name: Type.String(),
      version: Type.Integer(),
      active: Type.Boolean(),
      position: Type.Integer(),
      lag: Type.Integer({ description: 'Events in the log not yet applied by this projection' }),
      status: Type.String(),
    }),
  ),
});

/** A projection more than this many events behind makes the service report `degraded`. */
const MAX_HEALTHY_LAG = 10_000;

export const healthRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness and read-model lag',
        description: "Reports the event log's head position and each projection's checkpoint and lag.",
        response: { 200: HealthResponse },
      },
    },
    async () => {
      const report = await deps.health();
      const degraded = report.projections.some(
        (p) => p.active && (p.lag > MAX_HEALTHY_LAG || p.status === 'failed' || p.status === 'stalled'),
      );
      return {
        status: degraded ? ('degraded' as const) : ('ok' as const),
        mode: deps.config.mode,
        event_log: { position: report.eventLogPosition },
        projections: report.projections,
      };
    },
  );
};
