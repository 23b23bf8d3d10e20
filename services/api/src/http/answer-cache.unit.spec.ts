import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { catalogueFixtures } from '@scentinel/platform/search';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCatalogueApp, loadIndex, smallCatalogue } from '../routes/catalogue/catalogue.testing.ts';
import { AnswerCache } from './answer-cache.ts';

const { catalogued, makePerfume } = catalogueFixtures;

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A minimal app with one route answering through the cache, counting how often it computes. */
async function countingApp(options: { maxBytes: number; generation: () => number | null }) {
  const cache = new AnswerCache({ maxBytes: options.maxBytes, compressAbove: 64 });
  let builds = 0;
  const server = Fastify({ logger: false });
  server.get<{
    Querystring: { key: string; size?: string; fail?: string; delay?: string; rich?: string };
  }>(
    '/answer',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { key: { type: 'string' }, text: { type: 'string' }, n: { type: 'integer' } },
          },
        },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, request.query.key, options.generation(), async () => {
        builds++;
        if (request.query.delay) await sleep(Number(request.query.delay));
        if (request.query.fail) throw new Error('build failed');
        const size = Number(request.query.size ?? 100);
        const text = request.query.rich ? richText(size) : 'x'.repeat(size);
        // `secret` is not in the response schema: the cached bytes must not carry it either.
        return { key: request.query.key, text, n: builds, secret: 'hidden' };
      }),
  );
  await server.ready();
  closers.push(() => server.close());
  const get = (key: string, headers: Record<string, string> = {}, extra = '') =>
    server.inject({ method: 'GET', url: `/answer?key=${key}${extra}`, headers });
  return { cache, get, builds: () => builds };
}

/** Text that compresses, but better with more effort (like a page of cards). */
function richText(size: number): string {
  const words = ['linalool', 'limonene', 'rose', 'bergamot', 'vanilla', 'musk', 'cedar', 'oud', 'iris'];
  let seed = 7;
  let out = '';
  while (out.length < size) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out += `${words[seed % words.length]}:${seed % 97} `;
  }
  return out.slice(0, size);
}

describe('AnswerCache', () => {
  it('computes an answer once per generation and serialises it with the response schema', async () => {
    let generation = 1;
    const { cache, get, builds } = await countingApp({ maxBytes: 1 << 20, generation: () => generation });
    const first = await get('a');
    const second = await get('a');
    expect(first.json()).toEqual({ key: 'a', text: 'x'.repeat(100), n: 1 });
    expect(second.body).toBe(first.body);
    expect(builds()).toBe(1);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    generation = 2; // a write: every kept answer is stale
    const third = await get('a');
    expect(third.json().n).toBe(2);
    expect(builds()).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, entries: 1 });
  });

  it('sends brotli or gzip as the client accepts, and identity otherwise', async () => {
    const { get, builds } = await countingApp({ maxBytes: 1 << 20, generation: () => 7 });
    const plain = await get('b', {}, '&size=5000');
    const br = await get('b', { 'accept-encoding': 'gzip, deflate, br' }, '&size=5000');
    const gz = await get('b', { 'accept-encoding': 'gzip' }, '&size=5000');
    const none = await get('b', { 'accept-encoding': 'identity' }, '&size=5000');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(none.body).toBe(plain.body);
    expect(builds()).toBe(1);
  });

  it('keeps an answer only in the form its first asker accepted and makes the others from it', async () => {
    const { cache, get, builds } = await countingApp({ maxBytes: 1 << 22, generation: () => 4 });
    const extra = '&size=100000&rich=1';
    const br = await get('f', { 'accept-encoding': 'br' }, extra);
    expect(br.headers['content-encoding']).toBe('br');
    // The JSON (~100 kB) is not kept beside its brotli.
    expect(cache.stats().bytes).toBeLessThan(br.rawPayload.length + 1000);
    const plain = await get('f', {}, extra);
    const gz = await get('f', { 'accept-encoding': 'gzip' }, extra);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ key: 'f', n: 1 });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(builds()).toBe(1);
    // The forms made later are kept too, counted in the budget.
    expect(cache.stats().bytes).toBeGreaterThan(plain.rawPayload.length + br.rawPayload.length);
    expect((await get('f', {}, extra)).body).toBe(plain.body);
    expect(builds()).toBe(1);
  });

  it('computes once for concurrent askers of the same answer', async () => {
    const { get, builds } = await countingApp({ maxBytes: 1 << 20, generation: () => 3 });
    const slow = '&delay=30&size=5000';
    const started = [get('e', {}, slow), get('e', {}, slow), get('e', { 'accept-encoding': 'br' }, slow)];
    const answers = await Promise.all(started);
    expect(builds()).toBe(1);
    expect(answers[2]!.headers['content-encoding']).toBe('br');
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]!.body).toBe(answers[1]!.body);
  });

  it('remakes a hot answer at the highest brotli quality, fewer bytes for later clients', async () => {
    const { get, builds } = await countingApp({ maxBytes: 1 << 22, generation: () => 1 });
    const ask = () => get('hot', { 'accept-encoding': 'br' }, '&size=200000&rich=1');
    const first = await ask();
    for (let i = 0; i < 20; i++) await ask();
    let later = await ask();
    for (let waited = 0; later.rawPayload.length >= first.rawPayload.length && waited < 8000; waited += 50) {
      await sleep(50);
      later = await ask();
    }
    expect(later.rawPayload.length).toBeLessThan(first.rawPayload.length);
    expect(brotliDecompressSync(later.rawPayload).toString()).toBe(
      brotliDecompressSync(first.rawPayload).toString(),
    );
    expect(builds()).toBe(1);
  }, 20_000);

  it('sends small answers uncompressed', async () => {
    const { get } = await countingApp({ maxBytes: 1 << 20, generation: () => 1 });
    const res = await get('tiny', { 'accept-encoding': 'br' }, '&size=1');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().text).toBe('x');
  });

  it('keeps within its byte budget, dropping the least recently used answers first', async () => {
    // Each answer costs ~1,150 bytes with its key and overhead: four fit in 4800.
    const { cache, get, builds } = await countingApp({ maxBytes: 4800, generation: () => 1 });
    for (const key of ['k1', 'k2', 'k3', 'k4']) await get(key, {}, '&size=900');
    await get('k1', {}, '&size=900'); // k1 is now the most recently used
    expect(builds()).toBe(4);
    await get('k5', {}, '&size=900'); // over budget: k2 goes
    expect(cache.stats()).toMatchObject({ entries: 4 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(4800);
    await get('k1', {}, '&size=900');
    expect(builds()).toBe(5);
    await get('k2', {}, '&size=900');
    expect(builds()).toBe(6);
  });

  it('counts keys against the budget: many small answers under long keys stay bounded', async () => {
    const { cache, get } = await countingApp({ maxBytes: 50_000, generation: () => 1 });
    for (let i = 0; i < 60; i++) await get(`${'k'.repeat(2000)}${i}`, {}, '&size=1');
    expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
    expect(cache.stats().entries).toBeLessThan(60);
  });

  it('does not keep an answer larger than a quarter of its budget', async () => {
    const { cache, get, builds } = await countingApp({ maxBytes: 1000, generation: () => 1 });
    await get('big', {}, '&size=600');
    await get('big', {}, '&size=600');
    expect(builds()).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('never reuses answers when the index has no generation (a shared external index)', async () => {
    const { get, builds } = await countingApp({ maxBytes: 1 << 20, generation: () => null });
    await get('c');
    const again = await get('c');
    expect(again.json().n).toBe(2);
    expect(builds()).toBe(2);
  });

  it('keeps nothing when building the answer fails', async () => {
    const { cache, get } = await countingApp({ maxBytes: 1 << 20, generation: () => 1 });
    const res = await get('d', {}, '&fail=1');
    expect(res.statusCode).toBe(500);
    expect(cache.stats().entries).toBe(0);
  });
});

describe('catalogue list answers through the cache', () => {
  it('show a write at once: a catalogued perfume appears in the next identical query', async () => {
    const index = loadIndex(smallCatalogue());
    const app = await buildCatalogueApp(index);
    closers.push(() => app.close());
    const filter = () =>
      app.inject({
        method: 'POST',
        url: '/api/perfumes/filter?limit=50',
        payload: { include_notes: ['Rose'] },
        headers: { 'accept-encoding': 'br' },
      });
    const read = async () =>
      JSON.parse(brotliDecompressSync((await filter()).rawPayload).toString()) as {
        perfumes: { id: string }[];
        total: number;
      };
    const before = await read();
    expect(before.perfumes.map((p) => p.id)).toEqual(['p1', 'p3']);
    expect((await read()).total).toBe(before.total);

    const perfume = makePerfume({
      id: 'p8',
      name: 'Rose Nouvelle',
      brand: 'Dior',
      notes: { top: [], middle: ['Rose'], base: [], unspecified: [] },
    });
    index.upsertPerfume(catalogued({ ...perfume, chemicals: catalogueFixtures.inferLinks(perfume.notes) }));
    const after = await read();
    expect(after.perfumes.map((p) => p.id)).toEqual(['p1', 'p3', 'p8']);

    index.removePerfume('p1');
    expect((await read()).perfumes.map((p) => p.id)).toEqual(['p3', 'p8']);
  });

  it('show chemical writes at once in the chemical lists, brands and notes', async () => {
    const index = loadIndex(smallCatalogue());
    const app = await buildCatalogueApp(index);
    closers.push(() => app.close());
    const json = async (url: string) => (await app.inject({ method: 'GET', url })).json();
    const names = async () =>
      ((await json('/api/chemicals')).chemicals as { name: string }[]).map((c) => c.name);
    const allergens = async () => (await json('/api/chemicals/by-status/allergen')).total as number;
    const before = await names();
    const allergensBefore = await allergens();
    expect(await names()).toEqual(before);
    const added = catalogueFixtures.makeChemical({
      id: 'chem-new',
      name: 'Zzz New Musk',
      cas: null,
      allergen: true,
    });
    index.upsertChemical(added);
    expect(await names()).toEqual([...before, 'Zzz New Musk']);
    expect(await allergens()).toBe(allergensBefore + 1);
    index.removeChemical('chem-new');
    expect(await names()).toEqual(before);

    const brandCount = async () => (await json('/api/brands')).total as number;
    const brandsBefore = await brandCount();
    index.upsertPerfume(catalogued(makePerfume({ id: 'b1', name: 'Brand New', brand: 'Zz Brand' })));
    expect(await brandCount()).toBe(brandsBefore + 1);
  });

  it('do not keep a 404: an unknown brand stays unknown, then appears once catalogued', async () => {
    const index = loadIndex(smallCatalogue());
    const app = await buildCatalogueApp(index);
    closers.push(() => app.close());
    const get = () => app.inject({ method: 'GET', url: '/api/get-perfumes-by-brand/Nouveau' });
    expect((await get()).statusCode).toBe(404);
    expect((await get()).json().detail).toMatch(/Brand not found/);
    index.upsertPerfume(catalogued(makePerfume({ id: 'n1', name: 'First', brand: 'Nouveau' })));
    const found = await get();
    expect(found.statusCode).toBe(200);
    expect(found.json().perfumes.map((p: { id: string }) => p.id)).toEqual(['n1']);
  });
});
