/**
 * `ELASTICSEARCH_URL` wiring: the whole API composed on a Postgres server with the Elasticsearch
 * catalogue read model, pointed at a local stand-in for Elasticsearch (`es-stub-server.ts`; no
 * server runs here). Catalogue events appended to the log reach the index through `_bulk` writes,
 * and the API answers perfume pages from it.
 */
import { randomUUID } from 'node:crypto';
import { ElasticsearchSearchIndex } from '@scentinel/platform/search/elasticsearch';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureChemicals, generateCatalogue } from '../../platform/src/search/catalogue.fixtures.ts';
import { EsStubServer } from '../../platform/src/search/elasticsearch/testing/es-stub-server.ts';
import type { Composed } from './compose.ts';
import { composeAppForTest } from './testing/composed-app.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('compose.elasticsearch.int.spec.ts: skipped because DATABASE_URL is not set');

const ALIAS = 'scentinel-compose-test';
const metadata = { actorId: null, actorRole: null, requestId: null, occurredAt: new Date().toISOString() };

describe.skipIf(!url)(
  'ELASTICSEARCH_URL: the API reads the catalogue from Elasticsearch (stand-in server)',
  () => {
    let stub: EsStubServer;
    let server: FastifyInstance;
    let composed: Composed;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      stub = await new EsStubServer().start();
      ({ server, composed, close } = await composeAppForTest(url!, 't_compose_es', {
        ELASTICSEARCH_URL: stub.url,
        ELASTICSEARCH_ALIAS: ALIAS,
        CATALOGUE_AUTOLOAD: 'false',
      }));
    });

    afterAll(async () => {
      await close?.();
      await stub?.stop();
    });

    it('creates the version index, points the alias at it on an empty log, and serves perfumes written through _bulk', async () => {
      expect(composed.deps.catalogue).toBeInstanceOf(ElasticsearchSearchIndex);
      expect([...stub.state.aliases.get(ALIAS)!]).toEqual([`${ALIAS}-v1`]);

      const log = composed.store.eventLog;
      for (const chemical of fixtureChemicals()) {
        await log.append(
          `chemical:${chemical.id}`,
          [
            {
              id: randomUUID(),
              type: 'ChemicalAdded',
              data: { chemical, source: 'catalogue_import', contribution_id: null },
              metadata,
            },
          ],
          0,
        );
      }
      const docs = generateCatalogue(31, 5);
      let last = 0;
      for (const doc of docs) {
        const res = await log.append(
          `perfume:${doc.perfume.id}`,
          [{ id: randomUUID(), type: 'PerfumeCatalogued', data: { perfume: doc.perfume }, metadata }],
          0,
        );
        last = res.lastPosition;
      }
      expect(await composed.runtime.waitForPosition(last, 30_000)).toBe(true);
      expect(stub.calls('POST', /^\/_bulk$/).length).toBeGreaterThan(0);
      expect(stub.state.indices.get(`${ALIAS}-v1`)!.docs.size).toBe(5);

      const res = await server.inject({ method: 'GET', url: `/api/perfumes/${docs[2]!.perfume.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: docs[2]!.perfume.id, name: docs[2]!.perfume.name });
      const missing = await server.inject({ method: 'GET', url: '/api/perfumes/no-such-perfume' });
      expect(missing.statusCode).toBe(404);
    });
  },
);
