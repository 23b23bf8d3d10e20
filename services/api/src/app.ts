import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { accountsApi } from './auth/accounts-api.ts';
import type { AppDeps } from './deps.ts';
import { registerErrorHandling } from './http/errors.ts';
import { inputGuard } from './http/input-guard.ts';
import { lazySerializers, lazyValidators } from './http/lazy-compilers.ts';
import { SECURITY_HEADER_OPTIONS, securityHeaders } from './http/security-headers.ts';
import { alternativesRoutes } from './routes/alternatives/alternatives.routes.ts';
import { analyticsRoutes } from './routes/analytics/analytics.routes.ts';
import { catalogueRoutes } from './routes/catalogue/catalogue.routes.ts';
import { chemicalReadRoutes } from './routes/chemicals/chemicals.routes.ts';
import { healthRoutes } from './routes/health/health.routes.ts';
import { scanRoutes } from './routes/scans/scans.routes.ts';

export interface AppOptions {
  deps: AppDeps;
}

export const PRODUCT_NAME = 'Scentinel';

/**
 * The whole HTTP application as a Fastify plugin (fastify/demo style): `server.ts` only listens,
 * and tests `build()` it and call `inject`.
 */
const appPlugin: FastifyPluginAsync<AppOptions> = async (fastify, { deps }) => {
  // Schemas are compiled on each route's first request or answer, not all at start.
  fastify.setSchemaController({
    compilersFactory: {
      buildSerializer: lazySerializers,
      buildValidator: lazyValidators as NonNullable<
        NonNullable<Parameters<typeof fastify.setSchemaController>[0]['compilersFactory']>['buildValidator']
      >,
    },
  });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const webDist = deps.config.webDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  registerErrorHandling(app, { spaIndex: hasWeb });
  // NUL, lone surrogates, invalid UTF-8 and other charsets are refused before any route runs.
  await app.register(inputGuard);
  // Standard security headers on the page (the policy the built page passes) and the API.
  await app.register(securityHeaders, SECURITY_HEADER_OPTIONS);
  // API JSON is compressed (catalogue pages are large); the web build ships its own .br/.gz files.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        description:
          'Fragrance chemical analysis and allergen detection. Every error answers `{ detail, code }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          adminKey: { type: 'apiKey', in: 'header', name: 'X-Admin-Key' },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The docs page's bundle adds its own <style> element; only these pages allow that.
    transformStaticCSP: (header) =>
      header.replace("style-src-elem 'self'", "style-src-elem 'self' 'unsafe-inline'"),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { deps });
      // Sessions (`request.authenticate()`), accounts, admin review, curation and contributions.
      if (deps.accounts) await api.register(accountsApi, { deps: deps.accounts });
      else api.log.warn('no accounts deps: sign-in, curation and contribution routes are not served');
      if (deps.analytics) await api.register(analyticsRoutes, { deps: deps.analytics });
      else api.log.warn('no analytics deps: the tracking and admin analytics routes are not served');
      if (deps.scans) {
        const rateLimits = deps.scanRateLimits;
        await api.register(scanRoutes, {
          deps: { scans: deps.scans, ...(rateLimits ? { rateLimits } : {}) },
        });
      } else api.log.warn('no scans deps: the scanner routes are not served');
      if (deps.catalogue) {
        await api.register(catalogueRoutes, { deps: { catalogue: deps.catalogue } });
        await api.register(chemicalReadRoutes, { deps: { catalogue: deps.catalogue } });
        await api.register(alternativesRoutes, { deps: { catalogue: deps.catalogue } });
      }
    },
    { prefix: '/api' },
  );

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true, // the .br/.gz files the web build writes
      cacheControl: false,
      setHeaders(reply, file) {
        // Hashed assets never change; the page itself is revalidated.
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web client not built: only the API is served');
  }
};

export const app = fp(appPlugin, { name: 'scentinel-app' });
