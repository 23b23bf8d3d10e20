/**
 * Encoded answers of the catalogue's read routes, reused while the search index is unchanged.
 *
 * Every visitor's first page is the same query, and so are most category, brand and popular filter
 * pages: computing the page, serialising ~350 kB of cards and compressing them each time is what
 * bounded the list routes' throughput. An answer is kept under its route and normalised query,
 * labelled with the index `generation` it was computed at, and only reused while the generation is
 * unchanged, so any write (a projection applying an event) makes every kept answer stale at once:
 * writes stay visible as fast as before. An index whose `generation` is null (shared external
 * index) is never cached.
 *
 * An answer is kept in the form its first asker accepted (brotli for browsers), not as JSON beside
 * it: another form (JSON, gzip) is made from the kept one when some client asks for it. A distinct
 * search's answer thus holds ~6 kB instead of ~66 kB until it is dropped; kept bytes are memory
 * outside the JS heap, and every 64 MB of it the engine starts a full collection of the heap (at
 * a few hundred req/s of distinct searches that was every 1-2 s). The total is bounded (least
 * recently used answers go first).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip' | 'identity';
/** What this cache encodes itself; any other encoding a client asks for is left to @fastify/compress. */
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];
/**
 * A first answer is compressed at brotli quality 3 with a window just large enough for it (a
 * larger one compresses no better and costs the encoder's memory): ~0.12 ms of CPU for a 30 kB
 * page of list cards. Most first answers are never asked again; the ones that are get remade at
 * quality 11 (`HOT_HITS`). Gzip level 6.
 */
const brotliOptions = (size: number, quality = 3) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.max(
      zlib.constants.BROTLI_MIN_WINDOW_BITS,
      Math.min(22, Math.ceil(Math.log2(size + 1))),
    ),
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const GZIP_OPTIONS = { level: 6 };
/**
 * Answers up to this size are compressed (and decompressed) on the event loop: a page of list
 * cards takes a tenth of a millisecond, where the thread pool's round trip costs as much CPU again
 * (a stream, its callbacks and buffers). Larger answers (the full chemical list) go to the pool.
 */
const SYNC_MAX_BYTES = 256 * 1024;
/** Hits at one generation after which an answer's brotli is remade at quality 11 (once). */
const HOT_HITS = 20;
/** Quality 11: ~45 ms of a thread-pool thread for a 35 kB page, ~20 % fewer bytes than quality 3. */
const HOT_BROTLI_QUALITY = 11;
/** Distinct accept-encoding headers whose choice is remembered. */
const NEGOTIATED_MAX = 64;

/** What an entry costs beyond its bytes (map slot, records); its key counts too (2 bytes a character). */
const ENTRY_OVERHEAD = 200;

export interface AnswerCacheOptions {
  /** Upper bound of the memory kept: encoded answers and keys together. */
  maxBytes: number;
  /** Answers smaller than this are sent as they are (the app's compression threshold). */
  compressAbove?: number;
}

interface Entry {
  generation: number;
  /** Length of the answer's JSON (it decides whether the answer is compressed at all). */
  size: number;
  /** The forms made so far: first the one its first asker accepted, others made from it on demand. */
  forms: Map<Encoding, Buffer | Promise<Buffer>>;
  bytes: number;
  hits: number;
}

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

/** `json` in `encoding`: on the event loop when small (see `SYNC_MAX_BYTES`), else on the pool. */
function encode(json: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  if (encoding === 'identity') return json;
  const small = json.length <= SYNC_MAX_BYTES;
  if (encoding === 'br') {
    const options = brotliOptions(json.length);
    return small ? zlib.brotliCompressSync(json, options) : brotli(json, options);
  }
  return small ? zlib.gzipSync(json, GZIP_OPTIONS) : gzip(json, GZIP_OPTIONS);
}

/** The JSON of an answer from one of its forms. */
function decode(body: Buffer, encoding: Encoding, size: number): Buffer | Promise<Buffer> {
  if (encoding === 'identity') return body;
  const small = size <= SYNC_MAX_BYTES;
  if (encoding === 'br') return small ? zlib.brotliDecompressSync(body) : unbrotli(body);
  return small ? zlib.gunzipSync(body) : gunzip(body);
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** Answers being computed, by key and generation: concurrent askers share one computation. */
  private readonly inFlight = new Map<string, Promise<Entry>>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private readonly maxBytes: number;
  private readonly compressAbove: number;
  private readonly negotiated = new Map<string, Encoding>();

  constructor(options: AnswerCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.compressAbove = options.compressAbove ?? 1024;
  }

  stats(): AnswerCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }

  /**
   * Sends the answer of `key`: the kept bytes when they were computed at `generation`, otherwise
   * `build()`'s answer, serialised with the route's response schema and kept. `generation` is read
   * by the caller before `build` runs, so an answer is never labelled newer than its data. Errors
   * thrown by `build` propagate and nothing is kept.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    generation: number | null,
    build: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    if (generation === null) return reply.send(await build());
    const header = request.headers['accept-encoding'];
    let entry = this.entries.get(key);
    if (entry !== undefined && entry.generation === generation) {
      this.hits++;
      // Least recently used first in the map's order: a hit moves the entry to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (++entry.hits === HOT_HITS) this.recompress(key, entry);
    } else {
      this.misses++;
      const flightKey = `${generation} ${key}`;
      let flight = this.inFlight.get(flightKey);
      if (flight === undefined) {
        flight = build().then(async (answer) => {
          // A route's serializer may give the JSON's bytes (a Buffer) instead of a string.
          const serialized = reply.serialize(answer) as string | Buffer;
          const json = typeof serialized === 'string' ? Buffer.from(serialized) : serialized;
          const encoding = this.encodingFor(header, json.length);
          const body = await encode(json, encoding);
          const made: Entry = {
            generation,
            size: json.length,
            forms: new Map([[encoding, body]]),
            bytes: body.length + key.length * 2 + ENTRY_OVERHEAD,
            hits: 0,
          };
          this.keep(key, made);
          return made;
        });
        this.inFlight.set(flightKey, flight);
        const forget = () => this.inFlight.delete(flightKey);
        flight.then(forget, forget);
      }
      entry = await flight;
    }
    const encoding = this.encodingFor(header, entry.size);
    const kept = entry.forms.get(encoding);
    const body = kept === undefined ? this.form(key, entry, encoding) : kept;
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body instanceof Buffer ? body : await body);
  }

  private encodingFor(header: string | undefined, size: number): Encoding {
    return header === undefined || size < this.compressAbove ? 'identity' : this.negotiate(header);
  }

  private negotiate(header: string): Encoding {
    let encoding = this.negotiated.get(header);
    if (encoding === undefined) {
      encoding = negotiate(header.toLowerCase(), ENCODINGS) ?? 'identity';
      if (this.negotiated.size >= NEGOTIATED_MAX) this.negotiated.clear();
      this.negotiated.set(header, encoding);
    }
    return encoding;
  }

  /** The answer's JSON, from whichever form is kept. */
  private async json(entry: Entry): Promise<Buffer> {
    const [encoding, body] = entry.forms.entries().next().value as [Encoding, Buffer | Promise<Buffer>];
    return decode(await body, encoding, entry.size);
  }

  /** Makes (and keeps, counted in the budget) a form of an answer that is not kept yet. */
  private form(key: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    const made = this.json(entry).then((json) => encode(json, encoding));
    entry.forms.set(encoding, made);
    made.then(
      (bytes) => {
        // Counted only while the entry is still the one kept under its key.
        if (this.entries.get(key) !== entry || entry.forms.get(encoding) !== made) return;
        entry.forms.set(encoding, bytes);
        entry.bytes += bytes.length;
        this.bytes += bytes.length;
        this.evict();
      },
      () => entry.forms.delete(encoding),
    );
    return made;
  }

  /**
   * A hot answer's brotli is remade at the highest quality in the background; the quick one is
   * sent until then. Fewer bytes for every later client of the same answer.
   */
  private recompress(key: string, entry: Entry): void {
    const quick = entry.forms.get('br');
    if (!(quick instanceof Buffer)) return;
    this.json(entry)
      .then((json) => brotli(json, brotliOptions(json.length, HOT_BROTLI_QUALITY)))
      .then(
        (best) => {
          const before = quick;
          if (best.length >= before.length || entry.forms.get('br') !== quick) return;
          entry.forms.set('br', best);
          if (this.entries.get(key) !== entry) return;
          entry.bytes += best.length - before.length;
          this.bytes += best.length - before.length;
        },
        () => {},
      );
  }

  private keep(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    // An answer larger than a quarter of the budget would push out too much to be worth keeping.
    if (entry.bytes > this.maxBytes / 4) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}

/**
 * A route plugin's use of one cache over a read model with a `generation` (the search index):
 * `send` keys an answer by a name and its normalised parameters; `routeOptions` leaves
 * @fastify/compress off the routes whose answers the cache encodes itself.
 */
export function answerCacheFor(readModel: { readonly generation: number | null }, maxBytes: number) {
  const cache = new AnswerCache({ maxBytes });
  return {
    routeOptions: readModel.generation === null ? {} : { compress: false as const },
    send: (
      request: FastifyRequest,
      reply: FastifyReply,
      name: string,
      params: unknown,
      build: () => Promise<unknown>,
    ) => cache.send(request, reply, `${name} ${JSON.stringify(params)}`, readModel.generation, build),
  };
}
