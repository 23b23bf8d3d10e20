/**
 * The official client's real calls, replayed against a local stand-in for Elasticsearch 8
 * (`testing/es-stub-server.ts`): it checks each request's method, path and body shape and answers
 * with the response bodies recorded in `fixtures/`. Runs without a server; the contract suite
 * (`elasticsearch-search-index.int.spec.ts`) runs against a real one when ELASTICSEARCH_URL is set.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureChemicals, fixtureNotes, fixtureRegions, generateCatalogue } from '../catalogue.fixtures.ts';
import { type BulkResponse, chunkOperations, sendBulk } from './es-bulk.ts';
import { type OpenedElasticsearchIndex, openElasticsearchSearchIndex } from './es-client.ts';
import { perfumeIndexDefinition } from './es-document.ts';
import { ElasticsearchBulkError, ElasticsearchUnavailableError } from './es-errors.ts';
import { EsStubServer, EsStubState, fixture } from './testing/es-stub-server.ts';

const ALIAS = 'scentinel-catalogue';
let stub: EsStubServer;
const opened: OpenedElasticsearchIndex[] = [];

async function open(
  version: number,
  options: Partial<Parameters<typeof openElasticsearchSearchIndex>[0]> = {},
) {
  const o = await openElasticsearchSearchIndex({
    url: stub.url,
    alias: ALIAS,
    version,
    regions: fixtureRegions,
    notes: fixtureNotes,
    replica: true,
    ...options,
  });
  opened.push(o);
  for (const c of fixtureChemicals()) await o.index.upsertChemical(c);
  return o;
}

/** The NDJSON lines of every `_bulk` request so far. */
function bulkLines() {
  return stub.calls('POST', /^\/_bulk$/).map((r) =>
    r.body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  );
}

beforeEach(async () => {
  stub = await new EsStubServer().start();
});
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
  await stub.stop();
});

describe('Elasticsearch calls replayed against recorded shapes', () => {
  it('creates the versioned index with the perfume mapping, the checkpoint and chemicals indices, once', async () => {
    await open(1);
    const created = stub.calls('PUT', /^\/[^/]+$/);
    expect(created.map((r) => r.path)).toEqual([
      `/${ALIAS}-v1`,
      `/${ALIAS}-checkpoints`,
      `/${ALIAS}-chemicals`,
    ]);
    const body = JSON.parse(created[0]!.body);
    expect(Object.keys(body).sort()).toEqual(
      fixture<{ request: { bodyKeys: string[] } }>('index-create').request.bodyKeys,
    );
    expect(body).toEqual(JSON.parse(JSON.stringify(perfumeIndexDefinition)));
    // A second process finds both and creates nothing; the alias is left to activation.
    await open(1);
    expect(stub.calls('PUT', /^\/[^/]+$/)).toHaveLength(3);
    expect(stub.calls('HEAD', /./)).toHaveLength(6);
    expect(stub.state.aliases.size).toBe(0);
  });

  it('writes perfumes with _bulk, cut by count, each operation versioned by its log position', async () => {
    const o = await open(1, { bulkLimits: { maxOperations: 3, maxBytes: 5_000_000 } });
    const docs = generateCatalogue(7, 7);
    for (const [i, doc] of docs.entries()) {
      o.index.atPosition(100 + i);
      await o.index.upsertPerfume(doc, 100 + i);
    }
    expect(stub.calls('POST', /^\/_bulk$/)).toHaveLength(0); // held until the flush
    const outcome = await o.index.flush();
    expect(outcome).toEqual({ written: 7, stale: 0, missing: 0, requests: 3 });
    const requests = stub.calls('POST', /^\/_bulk$/);
    expect(requests.map((r) => r.body.split('\n').filter(Boolean).length)).toEqual([6, 6, 2]);
    // Refresh is asked of the last request only (one shard per index).
    expect(requests.map((r) => r.query.refresh)).toEqual([undefined, undefined, 'true']);
    const recorded = fixture<{
      request: { lines: Record<string, Record<string, unknown>>[]; contentType: string };
    }>('bulk').request;
    expect(requests[0]!.contentType).toBe(recorded.contentType);
    const first = bulkLines()[0]!;
    expect(Object.keys(first[0].index).sort()).toEqual(Object.keys(recorded.lines[0]!.index!).sort());
    expect(first[0]).toEqual({
      index: { _index: `${ALIAS}-v1`, _id: docs[0]!.perfume.id, version: 100, version_type: 'external' },
    });
    // The strict mapping accepted every document (the stand-in refuses undeclared fields).
    expect(stub.state.indices.get(`${ALIAS}-v1`)!.docs.get(docs[6]!.perfume.id)!.version).toBe(106);
    // Catalogue order is read once per flush for perfumes the index may hold (one _mget per chunk).
    expect(stub.calls('POST', /\/_mget$/).length).toBeGreaterThan(0);
  });

  it('cuts _bulk requests by bytes too, an oversized operation going alone', () => {
    const ops = [{ bytes: 400 }, { bytes: 400 }, { bytes: 300 }, { bytes: 2_000 }, { bytes: 10 }];
    expect(chunkOperations(ops, { maxOperations: 100, maxBytes: 1_000 }).map((c) => c.length)).toEqual([
      2, 1, 1, 1,
    ]);
    expect(chunkOperations(ops, { maxOperations: 2, maxBytes: 10_000 }).map((c) => c.length)).toEqual([
      2, 2, 1,
    ]);
  });

  it('ignores a write older than the stored document (409 version conflict) and keeps the newer one', async () => {
    const o = await open(1);
    const [doc] = generateCatalogue(3, 1);
    const renamed = { ...doc!, perfume: { ...doc!.perfume, name: 'Newer Name' } };
    o.index.atPosition(20);
    await o.index.upsertPerfume(renamed, 20);
    await o.index.flush();
    // A replay of an earlier position (or a late writer) arrives after it.
    o.index.atPosition(10);
    await o.index.upsertPerfume(doc!, 10);
    const outcome = await o.index.flush();
    expect(outcome).toMatchObject({ written: 0, stale: 1 });
    const items = (JSON.parse(JSON.stringify(bulkLines().at(-1))) as unknown[]).length;
    expect(items).toBe(2);
    const stored = stub.state.indices.get(`${ALIAS}-v1`)!.docs.get(doc!.perfume.id)!;
    expect(stored.version).toBe(20);
    expect((stored.source.document as typeof doc)!.perfume.name).toBe('Newer Name');
    // A delete at an older position is refused the same way; at a later one it applies.
    o.index.atPosition(15);
    await o.index.removePerfume(doc!.perfume.id);
    expect(await o.index.flush()).toMatchObject({ stale: 1 });
    o.index.atPosition(30);
    await o.index.removePerfume(doc!.perfume.id);
    expect(await o.index.flush()).toMatchObject({ written: 1 });
    o.index.atPosition(31);
    await o.index.removePerfume('never-indexed');
    expect(await o.index.flush()).toMatchObject({ missing: 1 });
  });

  it('reads every item of a bulk answer: a rejected document fails the call, a busy one asks for a retry', async () => {
    const client = { bulk: async () => fixture<{ response: BulkResponse }>('bulk').response };
    const ops = Array.from({ length: 7 }, (_, i) => ({
      action: 'index' as const,
      index: `${ALIAS}-v1`,
      id: `p-${i}`,
      version: i + 1,
      document: {},
    }));
    const error = await sendBulk(client, ops).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ElasticsearchBulkError);
    expect((error as ElasticsearchBulkError).failures).toEqual([
      expect.objectContaining({ id: 'p-5', status: 400, type: 'document_parsing_exception' }),
    ]);
    const busyOnly = fixture<{ response: BulkResponse }>('bulk').response;
    busyOnly.items = busyOnly.items.filter((item) => item.index?.status !== 400);
    const busy = await sendBulk({ bulk: async () => busyOnly }, ops.slice(0, 6)).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(ElasticsearchUnavailableError);
    // The projection runtime reads this code as "retry later", never as a bad event.
    expect((busy as ElasticsearchUnavailableError).code).toBe('ECONNRESET');
  });

  it('reports an unreachable server as unavailable (retried, not dead-lettered)', async () => {
    const o = await open(1, { maxRetries: 0 });
    await stub.stop();
    o.index.atPosition(1);
    await o.index.upsertPerfume(generateCatalogue(1, 1)[0]!, 1);
    const error = await o.index.flush().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ElasticsearchUnavailableError);
    // The write stays held for the next flush.
    expect(o.index.pendingWrites).toBe(1);
    stub = await new EsStubServer(stub.state).start();
  });

  it('moves the alias atomically with one _aliases call, never back to an older version', async () => {
    const v1 = await open(1);
    expect(await v1.activate()).toEqual({ swapped: true, previous: [] });
    expect(JSON.parse(stub.calls('POST', /^\/_aliases$/)[0]!.body)).toEqual({
      actions: [{ add: { index: `${ALIAS}-v1`, alias: ALIAS } }],
    });
    const v2 = await open(2);
    expect(await v2.activate()).toEqual({ swapped: true, previous: [`${ALIAS}-v1`] });
    const swaps = stub.calls('POST', /^\/_aliases$/);
    expect(swaps).toHaveLength(2);
    expect(JSON.parse(swaps[1]!.body)).toEqual(
      fixture<{ request: { body: unknown } }>('aliases').request.body,
    );
    expect([...stub.state.aliases.get(ALIAS)!]).toEqual([`${ALIAS}-v2`]);
    // An older process starting again leaves the newer version active.
    expect(await v1.activate()).toMatchObject({ swapped: false, reason: 'newer-version-active' });
    expect(await v2.activate()).toMatchObject({ swapped: false, reason: 'already-active' });
    expect(stub.calls('POST', /^\/_aliases$/)).toHaveLength(2);
  });

  it('reads the alias again when another process moved it between the read and the swap', async () => {
    const v1 = await open(1);
    await v1.activate();
    const v2 = await open(2);
    const missing = fixture<{ removeMissing: { status: number } }>('aliases').removeMissing;
    stub.inject('POST', /^\/_aliases$/, { status: 404, body: missing });
    // Newer servers may give the same exception another status: its type decides.
    stub.inject('POST', /^\/_aliases$/, { status: 400, body: { ...missing, status: 400 } });
    expect(await v2.activate()).toMatchObject({ swapped: true });
    expect(stub.calls('POST', /^\/_aliases$/)).toHaveLength(4);
    expect(stub.calls('GET', /^\/_alias\//).length).toBeGreaterThanOrEqual(4);
    expect([...stub.state.aliases.get(ALIAS)!]).toEqual([`${ALIAS}-v2`]);
  });

  it('deletes older versions after the swap: never the active one, never a newer one, never one a writer claims', async () => {
    const v1 = await open(1);
    const v2 = await open(2);
    const v3 = await open(3);
    const v4 = await open(4);
    await v1.writeCheckpoint(10);
    await v2.writeCheckpoint(20);
    await v2.writeChemicals(20, fixtureChemicals());
    // Not active yet: nothing is deleted.
    expect(await v3.retireOlderVersions()).toEqual([]);
    await v1.activate();
    await v3.activate();
    const claimed: string[] = [];
    const released: string[] = [];
    const deleted = await v3.retireOlderVersions(async (index) => {
      claimed.push(index);
      return async () => {
        released.push(index);
      };
    });
    expect(deleted).toEqual([`${ALIAS}-v1`, `${ALIAS}-v2`]);
    expect(claimed).toEqual(deleted);
    expect(released).toEqual(deleted);
    // One wildcard listing (none before the alias named v3), then a DELETE per older index.
    expect(stub.calls('GET', new RegExp(`^/${ALIAS}-v\\*$`))).toHaveLength(1);
    expect(stub.calls('DELETE', /^\/[^/]+$/).map((r) => r.path)).toEqual([`/${ALIAS}-v1`, `/${ALIAS}-v2`]);
    expect([...stub.state.indices.keys()].filter((i) => /-v\d+$/.test(i)).sort()).toEqual([
      `${ALIAS}-v3`,
      `${ALIAS}-v4`,
    ]);
    expect(await v2.readCheckpoint()).toBe(0);
    expect(await v2.readChemicals()).toBeNull();
    expect(await v1.readCheckpoint()).toBe(0);
    expect([...stub.state.aliases.get(ALIAS)!]).toEqual([`${ALIAS}-v3`]);

    // An older index the alias still names (another process put it back meanwhile) stays, and so
    // does one whose writer is running (the claim is refused).
    await open(1);
    await open(2);
    stub.state.aliases.get(ALIAS)!.add(`${ALIAS}-v1`);
    expect(await v3.retireOlderVersions(async () => null)).toEqual([]);
    expect(stub.state.indices.has(`${ALIAS}-v2`)).toBe(true);
    expect(await v3.retireOlderVersions()).toEqual([`${ALIAS}-v2`]);
    expect(stub.state.indices.has(`${ALIAS}-v1`)).toBe(true);
    // The newest version, once active, deletes v3 but never touches v1 while the alias names it.
    stub.state.aliases.get(ALIAS)!.delete(`${ALIAS}-v1`);
    await v4.activate();
    expect(await v4.retireOlderVersions()).toEqual([`${ALIAS}-v1`, `${ALIAS}-v3`]);
  });

  it('answers the index listing with the recorded shape: name, aliases, mappings, settings', async () => {
    const o = await open(1);
    await o.activate();
    const res = await fetch(`${stub.url}/${ALIAS}-v*`);
    const body = (await res.json()) as Record<string, Record<string, unknown>>;
    const recorded = fixture<{ get: Record<string, Record<string, unknown>> }>('index-create').get;
    expect(Object.keys(body)).toEqual([`${ALIAS}-v1`]);
    expect(Object.keys(body[`${ALIAS}-v1`]!).sort()).toEqual(Object.keys(Object.values(recorded)[0]!).sort());
    expect(body[`${ALIAS}-v1`]!.aliases).toEqual({ [ALIAS]: {} });
    expect(await (await fetch(`${stub.url}/nothing-v*`)).json()).toEqual({});
  });

  it('saves the chemicals snapshot as an external version: a later one is never replaced', async () => {
    const o = await open(1);
    expect(await o.readChemicals()).toBeNull();
    const chemicals = fixtureChemicals();
    await o.writeChemicals(50, chemicals);
    await o.writeChemicals(45, chemicals.slice(0, 1)); // answered 409, ignored
    expect(await o.readChemicals()).toEqual({ position: 50, chemicals });
    expect(stub.calls('PUT', new RegExp(`^/${ALIAS}-chemicals/_doc/v1$`)).map((w) => w.query)).toEqual([
      { version: '50', version_type: 'external' },
      { version: '45', version_type: 'external' },
    ]);
  });

  it('keeps the checkpoint as an external version: it never goes back', async () => {
    const o = await open(1);
    expect(await o.readCheckpoint()).toBe(0);
    await o.writeCheckpoint(40);
    await o.writeCheckpoint(30); // answered 409, ignored
    expect(await o.readCheckpoint()).toBe(40);
    const writes = stub.calls('PUT', /\/_doc\/v1$/);
    expect(writes.map((w) => w.query)).toEqual([
      { version: '40', version_type: 'external' },
      { version: '30', version_type: 'external' },
    ]);
  });

  it('answers searches, counts and facets through the alias from the hits, totals and buckets of the answers', async () => {
    const o = await open(1);
    await o.activate();
    const docs = generateCatalogue(11, 12);
    for (const [i, doc] of docs.entries()) {
      o.index.atPosition(i + 1);
      await o.index.upsertPerfume(doc, i + 1);
    }
    await o.index.flush();
    const all = await o.index.search({ category: 'all', limit: 5, skip: 0 });
    expect(all.total).toBe(12);
    expect(all.items.map((c) => c.id)).toEqual(docs.slice(0, 5).map((d) => d.perfume.id));
    expect(all.has_more).toBe(true);
    const search = stub.calls('POST', new RegExp(`^/${ALIAS}/_search$`)).at(-1)!;
    expect(JSON.parse(search.body)).toMatchObject({ from: 0, size: 5, track_total_hits: true });
    const stats = await o.index.stats();
    expect(stats.total_perfumes).toBe(12);
    expect(stats.complete + stats.unspecific).toBe(12);
    const brands = await o.index.brands();
    expect(brands.reduce((n, b) => n + b.perfume_count, 0)).toBe(12);
    expect(await o.index.getPerfume(docs[3]!.perfume.id)).toEqual(docs[3]);
  });

  it('re-classifies the perfumes linking a chemical whose allergen flag changed, at the event position', async () => {
    const o = await open(1);
    const docs = generateCatalogue(5, 20);
    for (const [i, doc] of docs.entries()) {
      o.index.atPosition(i + 1);
      await o.index.upsertPerfume(doc, i + 1);
    }
    await o.index.flush();
    const chemical = fixtureChemicals().find((c) =>
      docs.some((d) => d.perfume.chemicals.some((l) => l.chemical_id === c.id)),
    )!;
    const linking = docs.filter((d) => d.perfume.chemicals.some((l) => l.chemical_id === chemical.id));
    o.index.atPosition(500);
    await o.index.upsertChemical({ ...chemical, allergen_flag: !chemical.allergen_flag });
    const stored = stub.state.indices.get(`${ALIAS}-v1`)!.docs;
    for (const d of linking) expect(stored.get(d.perfume.id)!.version).toBe(500);
    expect(stub.calls('POST', new RegExp(`^/${ALIAS}-v1/_search$`)).length).toBeGreaterThan(0);
  });
});

describe('shared stand-in state', () => {
  it('lets two servers answer for one cluster', async () => {
    const state = new EsStubState();
    const a = await new EsStubServer(state).start();
    const b = await new EsStubServer(state).start();
    try {
      const oa = await openElasticsearchSearchIndex({ url: a.url, alias: ALIAS, version: 1, replica: true });
      const ob = await openElasticsearchSearchIndex({ url: b.url, alias: ALIAS, version: 1, replica: true });
      await oa.writeCheckpoint(7);
      expect(await ob.readCheckpoint()).toBe(7);
      await oa.close();
      await ob.close();
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
