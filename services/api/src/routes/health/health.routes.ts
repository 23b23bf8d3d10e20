import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppDeps } from '../../deps.ts';

const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  detail: Type.Optional(Type.String({ description: 'What is degraded (503 only)' })),
  code: Type.Optional(Type.String({ description: '`degraded` or `unavailable` (503 only)' })),
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
  elasticsearch: Type.Optional(
    Type.Object(
      {
        reachable: Type.Boolean({ description: 'Whether Elasticsearch answered this check' }),
        writer: Type.Boolean({
          description: "Whether this process holds the writer lock of its projection version's index",
        }),
        index: Type.String({ description: 'The versioned index this process writes or follows' }),
        alias: Type.String({ description: 'The alias searches go through' }),
        alias_targets: Type.Array(Type.String(), { description: 'The indices the alias names now' }),
        position: Type.Union([Type.Integer(), Type.Null()], {
          description: 'Log position the index holds every event up to (null when unreachable)',
        }),
        lag: Type.Union([Type.Integer(), Type.Null()], {
          description: 'Events in the log the index does not hold yet (null when unreachable)',
        }),
      },
      { description: 'Elasticsearch catalogue read model (only when ELASTICSEARCH_URL is set)' },
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
        description:
          "Reports the event log's head position and each projection's checkpoint and lag (and, with " +
          'Elasticsearch, whether this process holds the index writer lock, the index and alias, and ' +
          "the index's lag). Answers 503 with `detail` when degraded (a projection failed, stalled or " +
          'far behind, the relay failed, Elasticsearch is unreachable or its index far behind) ' +
          'or when the event log cannot be read, so a load balancer takes the process out meanwhile.',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      let report: Awaited<ReturnType<AppDeps['health']>>;
      try {
        report = await deps.health();
      } catch (error) {
        app.log.warn({ err: error }, 'health: the event log cannot be read');
        return reply.code(503).send({
          status: 'degraded' as const,
          detail: 'The event log cannot be read (the database is unreachable or failing).',
          code: 'unavailable',
          mode: deps.config.mode,
          event_log: { position: 0 },
          projections: [],
        });
      }
      const fanOut = report.eventFanOut;
      const es = report.elasticsearch;
      if (es && !es.reachable) app.log.warn({ error: es.error }, 'health: Elasticsearch is unreachable');
      const relay = fanOut?.relay;
      const relayLag = relay ? Math.max(0, report.eventLogPosition - relay.position) : 0;
      const problems = [
        ...report.projections
          .filter((p) => p.active && (p.status === 'failed' || p.status === 'stalled'))
          .map((p) => `projection ${p.name} is ${p.status}`),
        ...report.projections
          .filter((p) => p.active && p.lag > MAX_HEALTHY_LAG)
          .map((p) => `projection ${p.name} is ${p.lag} events behind`),
        ...(relay?.state === 'failed'
          ? [`the Kafka relay failed: ${relay.lastError ?? 'unknown error'}`]
          : []),
        ...(relayLag > MAX_HEALTHY_LAG ? [`the Kafka relay is ${relayLag} events behind`] : []),
        ...(es && !es.reachable ? ['Elasticsearch is unreachable'] : []),
        ...(es?.lag != null && es.lag > MAX_HEALTHY_LAG
          ? [`the Elasticsearch index is ${es.lag} events behind`]
          : []),
      ];
      const degraded = problems.length > 0;
      if (degraded) reply.code(503);
      return {
        status: degraded ? ('degraded' as const) : ('ok' as const),
        ...(degraded && { detail: `Degraded: ${problems.join('; ')}.`, code: 'degraded' }),
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
        ...(es && {
          elasticsearch: {
            reachable: es.reachable,
            writer: es.writer,
            index: es.index,
            alias: es.alias,
            alias_targets: es.aliasTargets,
            position: es.position,
            lag: es.lag,
          },
        }),
      };
    },
  );
};
