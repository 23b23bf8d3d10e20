/**
 * `ELASTICSEARCH_URL` wiring: the whole API composed on a Postgres server with the Elasticsearch
 * catalogue read model, pointed at a local stand-in for Elasticsearch (`es-stub-server.ts`; no
 * server runs here). Catalogue events appended to the log reach the index through `_bulk` writes,
 * and the API answers perfume pages from it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgClient, dropSchema, uniqueSchemaName } from '@scentinel/platform';
import { loadConfig } from '@scentinel/platform/config';
import { ElasticsearchSearchIndex } from '@scentinel/platform/search/elasticsearch';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureChemicals, generateCatalogue } from '../../platform/src/search/catalogue.fixtures.ts';
import { EsStubServer } from '../../platform/src/search/elasticsearch/testing/es-stub-server.ts';
import { app } from './app.ts';
import { type Composed, compose } from './compose.ts';
import { API_SERVER_OPTIONS } from './http/errors.ts';

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
    let schema: string;
    let dataDir: string;

    beforeAll(async () => {
      stub = await new EsStubServer().start();
      schema = uniqueSchemaName('t_compose_es');
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-es-'));
      const config = loadConfig({
        DATABASE_URL: url,
        DATABASE_SCHEMA: schema,
        ELASTICSEARCH_URL: stub.url,
        ELASTICSEARCH_ALIAS: ALIAS,
        CATALOGUE_AUTOLOAD: 'false',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      });
      server = Fastify({ ...API_SERVER_OPTIONS, logger: false });
      composed = await compose(config, server.log);
      await server.register(app, { deps: composed.deps });
      await server.ready();
    });

    afterAll(async () => {
      await server?.close();
      await composed?.close();
      await stub?.stop();
      if (url && schema) {
        const sql = await createPgClient(url, { schema });
        await dropSchema(sql);
        await sql.close();
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
