/**
 * `ELASTICSEARCH_URL` wiring: the whole API composed on a Postgres server with the Elasticsearch
 * catalogue read model, pointed at a local stand-in for Elasticsearch (`es-stub-server.ts`; no
 * server runs here). Catalogue events appended to the log reach the index through `_bulk` writes,
 * and the API answers perfume pages from it; `/api/health` shows the read model; a restarted
 * process continues from the index's checkpoint instead of reading the log from its start.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPgClient,
  dropSchema,
  type EventLog,
  PostgresEventLog,
  type ReadAllOptions,
  uniqueSchemaName,
} from '@scentinel/platform';
import { loadConfig } from '@scentinel/platform/config';
import { ElasticsearchSearchIndex } from '@scentinel/platform/search/elasticsearch';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureChemicals, generateCatalogue } from '../../platform/src/search/catalogue.fixtures.ts';
import { EsStubServer } from '../../platform/src/search/elasticsearch/testing/es-stub-server.ts';
import { app } from './app.ts';
import { type Composed, compose } from './compose.ts';
import { API_SERVER_OPTIONS } from './http/errors.ts';
import { composeAppForTest } from './testing/composed-app.ts';

const url = process.env.DATABASE_URL;
if (!url) console.warn('compose.elasticsearch.int.spec.ts: skipped because DATABASE_URL is not set');

const ALIAS = 'scentinel-compose-test';
const metadata = { actorId: null, actorRole: null, requestId: null, occurredAt: new Date().toISOString() };

/** Appends the fixture chemicals and `perfumes`, one stream each; returns the last position. */
async function appendCatalogue(
  log: EventLog,
  perfumes: ReturnType<typeof generateCatalogue>,
  chemicals = true,
) {
  let last = 0;
  if (chemicals)
    for (const chemical of fixtureChemicals()) {
      const res = await log.append(
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
      last = res.lastPosition;
    }
  for (const doc of perfumes) {
    const res = await log.append(
      `perfume:${doc.perfume.id}`,
      [{ id: randomUUID(), type: 'PerfumeCatalogued', data: { perfume: doc.perfume }, metadata }],
      0,
    );
    last = res.lastPosition;
  }
  return last;
}

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

      const docs = generateCatalogue(31, 5);
      const last = await appendCatalogue(composed.store.eventLog, docs);
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

describe.skipIf(!url)('ELASTICSEARCH_URL: health and restart of an API process (stand-in server)', () => {
  const schema = uniqueSchemaName('t_compose_es_restart');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scentinel-es-restart-'));
  let stub: EsStubServer;
  const running: { server: FastifyInstance; composed: Composed }[] = [];

  async function start(): Promise<{ server: FastifyInstance; composed: Composed }> {
    const config = loadConfig({
      ELASTICSEARCH_URL: stub.url,
      ELASTICSEARCH_ALIAS: `${ALIAS}-restart`,
      CATALOGUE_AUTOLOAD: 'false',
      DATABASE_URL: url!,
      DATABASE_SCHEMA: schema,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    const server = Fastify({ ...API_SERVER_OPTIONS, logger: false });
    const composed = await compose(config, server.log);
    await server.register(app, { deps: composed.deps });
    await server.ready();
    running.push({ server, composed });
    return { server, composed };
  }

  async function stop(p: { server: FastifyInstance; composed: Composed }) {
    running.splice(running.indexOf(p), 1);
    await p.server.close();
    await p.composed.close();
  }

  beforeAll(async () => {
    stub = await new EsStubServer().start();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    for (const p of [...running]) await stop(p);
    await stub?.stop();
    const sql = await createPgClient(url!, { schema });
    await dropSchema(sql);
    await sql.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('health shows the writer and the index lag; 503 while Elasticsearch is unreachable', async () => {
    const first = await start();
    const last = await appendCatalogue(first.composed.store.eventLog, generateCatalogue(41, 6));
    expect(await first.composed.runtime.waitForPosition(last, 30_000)).toBe(true);
    const res = await first.server.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      event_log: { position: last },
      elasticsearch: {
        reachable: true,
        writer: true,
        index: `${ALIAS}-restart-v1`,
        alias: `${ALIAS}-restart`,
        alias_targets: [`${ALIAS}-restart-v1`],
        position: last,
        lag: 0,
      },
    });
    // The stand-in goes away: the health check says so quickly, and recovers with it.
    const port = new URL(stub.url).port;
    await stub.stop();
    const down = await first.server.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      status: 'degraded',
      code: 'degraded',
      elasticsearch: { reachable: false, position: null, lag: null },
    });
    expect(down.json().detail).toContain('Elasticsearch is unreachable');
    await stub.start(Number(port));
    const back = await first.server.inject({ method: 'GET', url: '/api/health' });
    expect(back.statusCode).toBe(200);
    expect(back.json().elasticsearch).toMatchObject({ reachable: true, lag: 0 });
  });

  it('a restarted process reads only the events after its checkpoint, with every chemical', async () => {
    const first = running[0]!;
    const head = await first.composed.store.eventLog.headPosition();
    await stop(first);
    const reads: ReadAllOptions[] = [];
    const readAll = PostgresEventLog.prototype.readAll;
    vi.spyOn(PostgresEventLog.prototype, 'readAll').mockImplementation(function (
      this: PostgresEventLog,
      options: ReadAllOptions,
    ) {
      reads.push(options);
      return readAll.call(this, options);
    });
    const second = await start();
    const catalogue = second.composed.deps.catalogue as ElasticsearchSearchIndex;
    expect(catalogue.chemicals.size).toBe(fixtureChemicals().length);
    const [extra] = generateCatalogue(42, 1);
    const last = await appendCatalogue(second.composed.store.eventLog, [extra!], false);
    expect(await second.composed.runtime.waitForPosition(last, 30_000)).toBe(true);
    // Every read of the log since the restart starts at or after the head it had when stopped.
    expect(reads.length).toBeGreaterThan(0);
    expect(Math.min(...reads.map((r) => r.after ?? 0))).toBeGreaterThanOrEqual(head);
    const res = await second.server.inject({ method: 'GET', url: `/api/perfumes/${extra!.perfume.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: extra!.perfume.id, name: extra!.perfume.name });
  });
});
