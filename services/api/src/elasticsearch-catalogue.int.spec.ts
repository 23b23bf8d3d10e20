/**
 * The Elasticsearch catalogue read model across processes, without an Elasticsearch server: two
 * "processes" (each its own Postgres pool on one schema, its own client and its own stand-in HTTP
 * server, both stand-ins sharing one cluster state: `es-stub-server.ts`) run the catalogue
 * projection over the same events. One holds the writer lease and writes; the other writes nothing,
 * keeps its chemicals table, and answers a batch only once the shared checkpoint covers it; when
 * the writer goes away the other takes over from the checkpoint. A process that starts later
 * resumes from the checkpoint with the saved chemicals table; activating a newer version deletes
 * the older versions' indices once their writers are gone.
 */
import { createPgClient, type EventLog, openTestPgDatabase, type SqlClient } from '@scentinel/platform';
import type { CatalogueReferenceData } from '@scentinel/platform/search';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StoredEventList } from '../../platform/src/event-log/testing/stored-events.ts';
import {
  fixtureChemicals,
  fixtureNotes,
  fixtureRegions,
  generateCatalogue,
} from '../../platform/src/search/catalogue.fixtures.ts';
import { EsStubServer, EsStubState } from '../../platform/src/search/elasticsearch/testing/es-stub-server.ts';
import { type ElasticsearchCatalogue, openElasticsearchCatalogue } from './elasticsearch-catalogue.ts';

const url = process.env.DATABASE_URL;
const ALIAS = 'scentinel-catalogue';
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const reference = { regions: fixtureRegions, notes: fixtureNotes } as unknown as CatalogueReferenceData;

describe.skipIf(!url)('Elasticsearch catalogue across processes (stand-in server, real Postgres)', () => {
  let db: Awaited<ReturnType<typeof openTestPgDatabase>>;
  const state = new EsStubState();
  const servers: EsStubServer[] = [];
  const clients: SqlClient[] = [];
  const opened: ElasticsearchCatalogue[] = [];
  const events = new StoredEventList();
  const eventLog = { headPosition: async () => events.head } as unknown as EventLog;

  async function process_(version = 1): Promise<{ catalogue: ElasticsearchCatalogue; server: EsStubServer }> {
    const server = await new EsStubServer(state).start();
    servers.push(server);
    const sql = await createPgClient(url!, { schema: db!.client.schema });
    clients.push(sql);
    const catalogue = await openElasticsearchCatalogue({
      url: server.url,
      alias: ALIAS,
      sql,
      eventLog,
      reference,
      log,
      version,
      pollMs: 5,
      leaseRetryMs: 0,
    });
    opened.push(catalogue);
    return { catalogue, server };
  }

  beforeAll(async () => {
    db = await openTestPgDatabase('es_catalogue');
    for (const chemical of fixtureChemicals())
      events.add(`chemical:${chemical.id}`, 'ChemicalAdded', {
        chemical,
        source: 'catalogue_import',
        contribution_id: null,
      });
    for (const doc of generateCatalogue(21, 40))
      events.add(`perfume:${doc.perfume.id}`, 'PerfumeCatalogued', { perfume: doc.perfume });
  });
  afterAll(async () => {
    for (const c of opened) await c.close().catch(() => {});
    for (const s of servers) await s.stop();
    for (const c of clients) await c.close();
    await db?.drop();
  });

  it('one process writes with _bulk and moves the alias; the other writes nothing and follows the checkpoint', async () => {
    const a = await process_();
    const b = await process_();
    expect(a.catalogue.replica.role).toBe('writer');
    expect(b.catalogue.replica.role).toBe('reader');
    const perfumes = events.events.filter((e) => e.type === 'PerfumeCatalogued').length;

    // Both processes' runtimes deliver the same batches; the reader waits for the writer's checkpoint.
    for (let i = 0; i < events.head; i += 20) {
      const batch = events.events.slice(i, i + 20);
      await Promise.all([a.catalogue.projection.applyAll(batch), b.catalogue.projection.applyAll(batch)]);
    }
    expect(a.server.calls('POST', /^\/_bulk$/).length).toBeGreaterThan(0);
    expect(b.server.calls('POST', /^\/_bulk$/)).toHaveLength(0);
    expect(b.server.calls('PUT', /\/_doc\//)).toHaveLength(0);
    // A first build applies every chemical before any perfume: nothing to re-classify, no search made.
    expect(a.server.calls('POST', /-v1\/_search$/)).toHaveLength(0);
    expect(state.indices.get(`${ALIAS}-v1`)!.docs.size).toBe(perfumes);
    expect(state.indices.get(`${ALIAS}-checkpoints`)!.docs.get('v1')!.source.position).toBe(events.head);
    // Caught up with the head it saw when it took the lease: the alias names this version.
    expect([...state.aliases.get(ALIAS)!]).toEqual([`${ALIAS}-v1`]);
    // The reader renders cards with its own chemicals table, filled from the same events.
    const fromB = await b.catalogue.index.search({ category: 'all', limit: 100, skip: 0 });
    const fromA = await a.catalogue.index.search({ category: 'all', limit: 100, skip: 0 });
    expect(fromB.total).toBe(perfumes);
    expect(fromB).toEqual(fromA);
    expect(b.catalogue.projection.position).toBe(events.head);
  });

  it('the reader answers a new event only after the writer made it searchable', async () => {
    const [a, b] = [opened[0]!, opened[1]!];
    const [extra] = generateCatalogue(22, 1);
    const event = events.add(`perfume:${extra!.perfume.id}`, 'PerfumeCatalogued', {
      perfume: extra!.perfume,
    });
    let readerDone = false;
    const reader = b.projection.applyAll([event]).then(() => {
      readerDone = true;
    });
    const server = servers[1]!;
    const polls = () => server.calls('GET', /checkpoints\/_doc\/v1$/).length;
    const before = polls();
    await vi.waitFor(() => expect(polls()).toBeGreaterThan(before + 2), { timeout: 10_000, interval: 5 });
    expect(readerDone).toBe(false);
    await a.projection.applyAll([event]);
    await reader;
    expect(await b.index.getPerfume(extra!.perfume.id)).toEqual(
      expect.objectContaining({ perfume: expect.objectContaining({ id: extra!.perfume.id }) }),
    );
    const page = await b.index.search({ category: 'all', limit: 200, skip: 0 });
    expect(page.items.map((c) => c.id)).toContain(extra!.perfume.id);
  });

  it('when the writer goes away, another process takes the lease and continues from the checkpoint', async () => {
    const [a, b] = [opened[0]!, opened[1]!];
    await a.close();
    const [next] = generateCatalogue(23, 1);
    const event = events.add(`perfume:${next!.perfume.id}`, 'PerfumeCatalogued', { perfume: next!.perfume });
    const bulksBefore = servers[1]!.calls('POST', /^\/_bulk$/).length;
    await b.projection.applyAll([event]);
    expect(b.replica.role).toBe('writer');
    expect(servers[1]!.calls('POST', /^\/_bulk$/).length).toBeGreaterThan(bulksBefore);
    expect(state.indices.get(`${ALIAS}-checkpoints`)!.docs.get('v1')!.source.position).toBe(event.position);
    expect(state.indices.get(`${ALIAS}-v1`)!.docs.get(next!.perfume.id)!.version).toBe(event.position);
  });

  it('a process that starts resumes after the checkpoint with the saved chemicals table, not from the start of the log', async () => {
    // The writer saved the chemicals table with the batch that added them, before its checkpoint.
    const saved = state.indices.get(`${ALIAS}-chemicals`)!.docs.get('v1')!;
    expect(saved.source.position).toBeGreaterThanOrEqual(fixtureChemicals().length);
    expect(saved.source.position).toBeLessThanOrEqual(events.head);
    const c = await process_();
    expect(c.catalogue.replica.role).toBe('reader');
    // Before any event is delivered: the position to continue after, and every chemical.
    expect(await c.catalogue.projection.load!()).toBe(events.head);
    expect(c.catalogue.projection.position).toBe(events.head);
    expect(c.catalogue.index.chemicals.size).toBe(fixtureChemicals().length);
    expect(c.catalogue.index.chemicals.get(fixtureChemicals()[0]!.id)).toEqual(fixtureChemicals()[0]);
    // The runtime delivers only later events; the reader renders them with the loaded chemicals.
    const [later] = generateCatalogue(25, 1);
    const event = events.add(`perfume:${later!.perfume.id}`, 'PerfumeCatalogued', {
      perfume: later!.perfume,
    });
    const b = opened[1]!;
    await Promise.all([b.projection.applyAll([event]), c.catalogue.projection.applyAll([event])]);
    expect(c.server.calls('POST', /^\/_bulk$/)).toHaveLength(0);
    expect(c.catalogue.projection.position).toBe(event.position);
    const fromC = await c.catalogue.index.search({ category: 'all', limit: 200, skip: 0 });
    const fromB = await b.index.search({ category: 'all', limit: 200, skip: 0 });
    expect(fromC.items.map((i) => i.id)).toContain(later!.perfume.id);
    expect(fromC).toEqual(fromB);
  });

  it('health shows the writer lock, the index and alias, and the lag; an unreachable server is reported, not thrown', async () => {
    const [b, c] = [opened[1]!, opened[2]!];
    const checkpoint = state.indices.get(`${ALIAS}-checkpoints`)!.docs.get('v1')!.source.position as number;
    expect(await b.health(checkpoint + 3)).toEqual({
      writer: true,
      index: `${ALIAS}-v1`,
      alias: ALIAS,
      reachable: true,
      aliasTargets: [`${ALIAS}-v1`],
      position: checkpoint,
      lag: 3,
    });
    expect(await c.health(checkpoint)).toMatchObject({ writer: false, reachable: true, lag: 0 });
    // A process whose Elasticsearch went away: reported as unreachable, never thrown.
    const e = await process_();
    await e.server.stop();
    const down = await e.catalogue.health(checkpoint);
    expect(down).toMatchObject({
      writer: false,
      reachable: false,
      position: null,
      lag: null,
      aliasTargets: [],
    });
    expect(down.error).toEqual(expect.any(String));
  });

  it('a writer replaying events the index already holds leaves every document as it is', async () => {
    const b = opened[1]!;
    const docs = state.indices.get(`${ALIAS}-v1`)!.docs;
    const versions = new Map([...docs].map(([id, d]) => [id, d.version]));
    // Writes at old positions, as a writer that lost its lease unnoticed would send them.
    const index = b.index;
    const first = events.events.find((e) => e.type === 'PerfumeCatalogued')!;
    const perfume = (first.data as { perfume: { id: string; name: string } }).perfume;
    const stored = (await index.getPerfume(perfume.id))!;
    index.atPosition(first.position);
    await index.upsertPerfume({ ...stored, perfume: { ...stored.perfume, name: 'Stale' } }, first.position);
    expect(await index.flush()).toMatchObject({ written: 0, stale: 1 });
    expect(new Map([...docs].map(([id, d]) => [id, d.version]))).toEqual(versions);
    expect((docs.get(perfume.id)!.source.document as { perfume: { name: string } }).perfume.name).toBe(
      perfume.name,
    );
  });

  it('a batch waiting for the writer gives up when the process stops', async () => {
    const d = await process_();
    expect(d.catalogue.replica.role).toBe('reader');
    const [late] = generateCatalogue(24, 1);
    const event = events.add(`perfume:${late!.perfume.id}`, 'PerfumeCatalogued', { perfume: late!.perfume });
    const waiting = d.catalogue.projection.applyAll([event]).then(
      () => 'applied',
      (error: Error) => error.name,
    );
    const polls = () => d.server.calls('GET', /checkpoints\/_doc\/v1$/).length;
    const before = polls();
    await vi.waitFor(() => expect(polls()).toBeGreaterThan(before + 1), { timeout: 10_000, interval: 5 });
    d.catalogue.interrupt();
    expect(await waiting).toBe('ElasticsearchUnavailableError');
  });

  it('activating a version deletes older version indices whose writer is gone, never a newer one being built', async () => {
    const checkpoints = state.indices.get(`${ALIAS}-checkpoints`)!.docs;
    const versionIndices = () => [...state.indices.keys()].filter((i) => /-v\d+$/.test(i)).sort();
    // Version 2 is built from the log while version 1's writer still runs: v1 is kept.
    const v2 = await process_(2);
    expect(v2.catalogue.replica.role).toBe('writer');
    expect(await v2.catalogue.projection.load!()).toBe(0);
    await v2.catalogue.projection.applyAll(events.events);
    expect([...state.aliases.get(ALIAS)!]).toEqual([`${ALIAS}-v2`]);
    expect(versionIndices()).toEqual([`${ALIAS}-v1`, `${ALIAS}-v2`]);
    expect(v2.server.calls('DELETE', /./)).toHaveLength(0);
    // Version 4 is opened (its index exists, being built) but not caught up: never activated.
    const v4 = await process_(4);
    expect(v4.catalogue.replica.role).toBe('writer');
    // Every process of versions 1 and 2 stops; version 3 is built and activated.
    for (const catalogue of opened.filter((o) => o !== v4.catalogue)) await catalogue.close();
    const v3 = await process_(3);
    await v3.catalogue.projection.applyAll(events.events);
    expect([...state.aliases.get(ALIAS)!]).toEqual([`${ALIAS}-v3`]);
    expect(versionIndices()).toEqual([`${ALIAS}-v3`, `${ALIAS}-v4`]);
    expect(v3.server.calls('DELETE', /^\/[^/]+$/).map((r) => r.path)).toEqual([
      `/${ALIAS}-v1`,
      `/${ALIAS}-v2`,
    ]);
    expect(checkpoints.has('v1')).toBe(false);
    expect(checkpoints.has('v2')).toBe(false);
    expect(checkpoints.get('v3')!.source.position).toBe(events.head);
    // Searches through the alias still answer the whole catalogue.
    const page = await v3.catalogue.index.search({ category: 'all', limit: 1, skip: 0 });
    expect(page.total).toBe(events.events.filter((e) => e.type === 'PerfumeCatalogued').length);
  });
});
