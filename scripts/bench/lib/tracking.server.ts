/**
 * The API for the tracking bench: composed as `server.ts` does (from the environment), with the
 * per-address tracking limit lifted (the bench's load comes from one address) and, with
 * `BENCH_TRACKING_ONE_WRITE_PER_CALL=1`, one log write per tracking call (the peer).
 */
import { loadConfig } from '@scentinel/platform/config';
import { loggerOptions } from '@scentinel/platform/logging';
import Fastify from 'fastify';
import { app } from '../../../services/api/src/app.ts';
import { compose } from '../../../services/api/src/compose.ts';
import { API_SERVER_OPTIONS } from '../../../services/api/src/http/errors.ts';

const config = loadConfig();
// The logger `server.ts` uses, at the level the bench gives (info, as in production).
const server = Fastify({ ...API_SERVER_OPTIONS, logger: loggerOptions(config.logLevel) });
const composed = await compose(config, server.log);
const analytics = composed.deps.analytics;
if (!analytics) throw new Error('the composed app serves no analytics');
const deps = {
  ...composed.deps,
  analytics: {
    ...analytics,
    trackingRateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 },
    ...(process.env.BENCH_TRACKING_ONE_WRITE_PER_CALL === '1' && {
      trackingGroupCommit: { maxEvents: 1, maxInFlight: 1_000_000 },
    }),
  },
};
await server.register(app, { deps });
process.on('SIGTERM', () => {
  void server
    .close()
    .then(() => composed.close())
    .then(() => process.exit(0));
});
await server.listen({ host: '127.0.0.1', port: config.port });
