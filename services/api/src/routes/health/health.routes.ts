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
  event_fan_out: Type.Optional(
    Type.Object(
      {
        relay: Type.Object({
          state: Type.String(),
          position: Type.Integer({ description: 'Last log position published to Kafka' }),
          lag: Type.Integer({ description: 'Events in the log not yet published' }),
          published: Type.Integer({ description: 'Events this process published since it started' }),
          last_error: Type.Optional(Type.String()),
        }),
        tails: Type.Object({
          joined: Type.Integer({ description: 'Projector tails whose consumer joined its group' }),
          consumer_failures: Type.Integer({
            description: 'Failed attempts to join (retried; the log is read meanwhile)',
          }),
          from_kafka: Type.Integer({ description: 'Events the tails took from Kafka' }),
          from_log: Type.Integer({ description: 'Events the tails read from the log (catch-up, holes)' }),
          duplicates: Type.Integer({ description: 'Repeats dropped (a relay published a batch again)' }),
          overflow: Type.Integer({ description: 'Messages left to the log because the tail was far behind' }),
          undecodable: Type.Integer(),
        }),
      },
      { description: 'Kafka fan-out (only when KAFKA_BROKERS is set)' },
    ),
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
      const fanOut = report.eventFanOut;
      const relay = fanOut?.relay;
      const relayLag = relay ? Math.max(0, report.eventLogPosition - relay.position) : 0;
      const degraded =
        report.projections.some(
          (p) => p.active && (p.lag > MAX_HEALTHY_LAG || p.status === 'failed' || p.status === 'stalled'),
        ) ||
        relay?.state === 'failed' ||
        relayLag > MAX_HEALTHY_LAG;
      return {
        status: degraded ? ('degraded' as const) : ('ok' as const),
        mode: deps.config.mode,
        event_log: { position: report.eventLogPosition },
        projections: report.projections,
        ...(fanOut && relay
          ? {
              event_fan_out: {
                relay: {
                  state: relay.state,
                  position: relay.position,
                  lag: relayLag,
                  published: relay.published,
                  ...(relay.lastError ? { last_error: relay.lastError } : {}),
                },
                tails: {
                  joined: fanOut.tails.joined,
                  consumer_failures: fanOut.tails.consumerFailures,
                  from_kafka: fanOut.tails.fromKafka,
                  from_log: fanOut.tails.fromLog,
                  duplicates: fanOut.tails.duplicates,
                  overflow: fanOut.tails.overflow,
                  undecodable: fanOut.tails.undecodable,
                },
              },
            }
          : {}),
      };
    },
  );
};
