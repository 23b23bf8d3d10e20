/**
 * The Elasticsearch catalogue index (scale-out mode).
 *
 * Reads (search, counts, facets) go through `index`, the alias of the active projection version;
 * writes go to `writeIndex`, the physical index of this process's projection version (the same
 * name when no alias is used). Writes are `_bulk` requests (`es-bulk.ts`): sent at once, or held
 * until `flush` when `buffered` (the replica writer in `es-catalogue-replica.ts` flushes once per
 * batch of events). When `versioned`, every write carries the log position of the event being
 * applied (`atPosition`) as its external version, so a replay or a late write never replaces a
 * newer document.
 *
 * Chemicals stay in process (`ChemicalTable`, a few thousand records): references are resolved and
 * cards rendered with them, exactly as the in-process adapter does. With `writes` off (a process
 * that is not the writer, or events the index already holds) only that table changes.
 */
import { noteKey } from '@scentinel/domain';
import type { Chemical, NoteRecord, PerfumeDocument, RegionRecord } from '../catalogue.types.ts';
import { prepareText, resolveChemicalRefs, resolveNoteRefs } from '../catalogue-query.ts';
import { ChemicalTable } from '../chemical-table.ts';
import { toPerfumeCard } from '../perfume-card.ts';
import type {
  BrandCount,
  CatalogueQuery,
  CatalogueResult,
  CatalogueStats,
  ChemicalUsage,
  NoteCount,
  SearchIndex,
} from '../search-index.port.ts';
import {
  type BulkClient,
  type BulkLimits,
  type BulkOperation,
  type BulkOutcome,
  DEFAULT_BULK_LIMITS,
  sendBulk,
} from './es-bulk.ts';
import { type EsPerfumeDoc, toEsDoc } from './es-document.ts';
import { esCall, statusOf } from './es-errors.ts';
import { type ResolvedRefs, toEsSearchBody } from './es-query.ts';

interface EsHit<T> {
  _id: string;
  _source?: T;
}

/** The subset of the `@elastic/elasticsearch` v8 client this adapter uses. */
export interface EsClient extends BulkClient {
  get<T>(params: { index: string; id: string }): Promise<{ found: boolean; _source?: T }>;
  mget<T>(params: { index: string; ids: string[]; _source?: string[] }): Promise<{
    docs: { _id: string; found?: boolean; _source?: T }[];
  }>;
  search<T>(params: { index: string } & Record<string, unknown>): Promise<{
    hits: { total?: { value: number } | number; hits: EsHit<T>[] };
    aggregations?: Record<string, { buckets: { key: string; doc_count: number }[] }>;
  }>;
  count(params: { index: string; query?: unknown }): Promise<{ count: number }>;
}

export interface ElasticsearchSearchIndexOptions {
  client: EsClient;
  /** Where reads go: the alias of the active projection version (or an index). */
  index: string;
  /** Where writes (and the writer's own reads) go; default `index`. */
  writeIndex?: string;
  regions?: readonly RegionRecord[];
  notes?: readonly NoteRecord[];
  /**
   * When a write becomes visible to searches (default `true`: each flush ends with a refresh, so a
   * re-classification that searches for linking perfumes sees every earlier write).
   */
  refresh?: boolean | 'wait_for';
  /** Hold writes until `flush` (default false: each write is sent at once). */
  buffered?: boolean;
  /** Give each write the position set by `atPosition` as its external version (default false). */
  versioned?: boolean;
  bulkLimits?: BulkLimits;
}

/** A write held until the next flush: a document to index, or `null` to delete. */
interface PendingWrite {
  id: string;
  version: number | undefined;
  doc: EsPerfumeDoc | null;
  /** Whether `doc.seq` is the perfume's catalogue order already (else it is read at flush). */
  seqKnown: boolean;
}

export class ElasticsearchSearchIndex implements SearchIndex {
  readonly chemicals: ChemicalTable;
  /** Other processes write the shared index: answers may change at any time, nothing is reused. */
  readonly generation = null;
  /** Off: writes change only the in-process chemicals table (see the module comment). */
  writes = true;
  /**
   * Set by a writer that found its index empty at start: until the first perfume is written, a
   * chemical event has no perfume to re-classify, so no search is made for it (a first build
   * applies every chemical before the perfumes).
   */
  assumeEmpty = false;
  private readonly client: EsClient;
  private readonly index: string;
  private readonly writeIndex: string;
  private readonly taxonomy: ReadonlyMap<string, NoteRecord>;
  private readonly taxonomyList: readonly NoteRecord[];
  private readonly refresh: boolean | 'wait_for';
  private readonly buffered: boolean;
  private readonly versioned: boolean;
  private readonly bulkLimits: BulkLimits;
  private readonly pending = new Map<string, PendingWrite>();
  private position = 0;
  private flushing: Promise<unknown> = Promise.resolve();
  /** Totals of every flush so far (written, stale, missing, requests). */
  readonly totals: BulkOutcome = { written: 0, stale: 0, missing: 0, requests: 0 };

  constructor(options: ElasticsearchSearchIndexOptions) {
    this.client = options.client;
    this.refresh = options.refresh ?? true;
    this.index = options.index;
    this.writeIndex = options.writeIndex ?? options.index;
    this.buffered = options.buffered ?? false;
    this.versioned = options.versioned ?? false;
    this.bulkLimits = options.bulkLimits ?? DEFAULT_BULK_LIMITS;
    this.chemicals = new ChemicalTable(options.regions ?? []);
    this.taxonomyList = options.notes ?? [];
    this.taxonomy = new Map(this.taxonomyList.map((n) => [String(n.id), n]));
  }

  /** The log position of the event being applied: the external version of the writes it makes. */
  atPosition(position: number): void {
    this.position = position;
  }

  /** Writes held until the next flush. */
  get pendingWrites(): number {
    return this.pending.size;
  }

  async upsertPerfume(doc: PerfumeDocument, position: number): Promise<void> {
    if (!this.writes) return;
    const id = doc.perfume.id;
    const held = this.pending.get(id);
    const knownSeq = held?.doc && held.seqKnown ? held.doc.seq : undefined;
    this.assumeEmpty = false;
    this.hold({
      id,
      version: this.version(position),
      doc: toEsDoc(doc, this.chemicals.known(), knownSeq ?? position),
      seqKnown: knownSeq !== undefined,
    });
    if (!this.buffered) await this.flush();
  }

  async removePerfume(id: string): Promise<void> {
    if (!this.writes) return;
    this.hold({ id, version: this.version(this.position), doc: null, seqKnown: true });
    if (!this.buffered) await this.flush();
  }

  async getPerfume(id: string): Promise<PerfumeDocument | null> {
    const held = this.pending.get(id);
    if (held) return held.doc?.document ?? null;
    const res = await esCall('reading a perfume', () =>
      this.client.get<EsPerfumeDoc>({ index: this.writeIndex, id }),
    ).catch((error: unknown) => {
      if (statusOf(error) === 404) return null;
      throw error;
    });
    if (!res?.found || !res._source) return null;
    return res._source.document;
  }

  async resolvePerfumeId(id: string): Promise<string | null> {
    if ((await this.getPerfume(id)) !== null) return id;
    const res = await this.client.search<EsPerfumeDoc>({
      index: this.index,
      size: 1,
      _source: ['id'],
      query: { term: { merged_ids: id } },
    });
    return res.hits.hits[0]?._source?.id ?? null;
  }

  async upsertChemical(chemical: Chemical): Promise<void> {
    const before = this.chemicals.get(chemical.id);
    const reclassify = before === null || before.allergen_flag !== chemical.allergen_flag;
    // Documents written before this event are sent with the chemicals they were rendered with.
    if (reclassify && this.writes) await this.flush();
    this.chemicals.upsert(chemical);
    if (!reclassify || !this.writes) return;
    await this.reclassify(chemical.id).catch((error: unknown) => {
      // Undone, so that applying the event again re-classifies again.
      if (before === null) this.chemicals.remove(chemical.id);
      else this.chemicals.upsert(before);
      throw error;
    });
  }

  async removeChemical(id: string): Promise<void> {
    const before = this.chemicals.get(id);
    if (before === null) return;
    if (this.writes) await this.flush();
    this.chemicals.remove(id);
    if (!this.writes) return;
    await this.reclassify(id).catch((error: unknown) => {
      this.chemicals.upsert(before);
      throw error;
    });
  }

  /**
   * Sends every held write in `_bulk` requests (by count and bytes), first reading the catalogue
   * order of perfumes the index may already hold. A failed flush keeps the writes held: the next
   * flush sends them again (harmless with external versions).
   */
  flush(): Promise<BulkOutcome> {
    const run = this.flushing.catch(() => {}).then(() => this.flushNow());
    this.flushing = run;
    return run;
  }

  private async flushNow(): Promise<BulkOutcome> {
    const batch = [...this.pending.values()];
    if (batch.length === 0) return { written: 0, stale: 0, missing: 0, requests: 0 };
    await this.readSeqs(batch.filter((w) => w.doc !== null && !w.seqKnown));
    const ops: BulkOperation[] = batch.map((w) =>
      w.doc === null
        ? { action: 'delete', index: this.writeIndex, id: w.id, version: w.version }
        : { action: 'index', index: this.writeIndex, id: w.id, version: w.version, document: w.doc },
    );
    const outcome = await sendBulk(this.client, ops, { limits: this.bulkLimits, refresh: this.refresh });
    for (const w of batch) if (this.pending.get(w.id) === w) this.pending.delete(w.id);
    this.totals.written += outcome.written;
    this.totals.stale += outcome.stale;
    this.totals.missing += outcome.missing;
    this.totals.requests += outcome.requests;
    return outcome;
  }

  /** A perfume catalogued again keeps its first catalogue order: read it with `_mget`. */
  private async readSeqs(writes: PendingWrite[]): Promise<void> {
    for (let i = 0; i < writes.length; i += this.bulkLimits.maxOperations) {
      const part = writes.slice(i, i + this.bulkLimits.maxOperations);
      const res = await esCall('reading catalogue order', () =>
        this.client.mget<Pick<EsPerfumeDoc, 'seq'>>({
          index: this.writeIndex,
          ids: part.map((w) => w.id),
          _source: ['seq'],
        }),
      );
      const found = new Map(res.docs.flatMap((d) => (d.found && d._source ? [[d._id, d._source.seq]] : [])));
      for (const w of part) {
        const seq = found.get(w.id);
        if (w.doc && seq !== undefined) w.doc.seq = seq;
        w.seqKnown = true;
      }
    }
  }

  /** Whether the write index holds no perfume (and none is held for the next flush). */
  async isEmpty(): Promise<boolean> {
    if (this.pending.size > 0) return false;
    const res = await esCall('counting perfumes', () => this.client.count({ index: this.writeIndex }));
    return res.count === 0;
  }

  private hold(write: PendingWrite): void {
    // Delete then insert keeps the map in write order (the order the bulk request sends).
    this.pending.delete(write.id);
    this.pending.set(write.id, write);
  }

  private version(position: number): number | undefined {
    if (!this.versioned) return undefined;
    return Math.max(this.position, position);
  }

  async search(q: CatalogueQuery): Promise<CatalogueResult> {
    const body = toEsSearchBody(q, this.resolve(q));
    const res = await this.client.search<EsPerfumeDoc>({ index: this.index, ...body });
    const total = typeof res.hits.total === 'number' ? res.hits.total : (res.hits.total?.value ?? 0);
    const known = this.chemicals.known();
    const items = res.hits.hits.flatMap((h) => (h._source ? [toPerfumeCard(h._source.document, known)] : []));
    return { items, total, has_more: q.skip + items.length < total };
  }

  async stats(): Promise<CatalogueStats> {
    const [total, complete, hypoallergenic] = await Promise.all([
      this.client.count({ index: this.index }),
      this.client.count({ index: this.index, query: { term: { category: 'complete' } } }),
      this.client.count({ index: this.index, query: { term: { hypoallergenic: true } } }),
    ]);
    return {
      total_perfumes: total.count,
      complete: complete.count,
      unspecific: total.count - complete.count,
      hypoallergenic: hypoallergenic.count,
    };
  }

  async brands(): Promise<BrandCount[]> {
    // Display names: the top hit per brand key would need a sub-aggregation; the key is shown meanwhile.
    const buckets = await this.terms('brand_key');
    return buckets.map((b) => ({ name: b.key, perfume_count: b.doc_count }));
  }

  async notes(): Promise<NoteCount[]> {
    const counts = new Map((await this.terms('note_keys')).map((b) => [b.key, b.doc_count]));
    const out: NoteCount[] = this.taxonomyList.map((n) => ({
      ...n,
      perfume_count: counts.get(noteKey(n.name)) ?? 0,
    }));
    const covered = new Set(this.taxonomyList.map((n) => noteKey(n.name)));
    for (const [key, n] of counts) {
      if (!covered.has(key))
        out.push({ id: key, name: key, category: null, description: null, perfume_count: n });
    }
    return out;
  }

  async chemicalUsage(chemicalId: string, sampleSize: number): Promise<ChemicalUsage> {
    const res = await this.client.search<EsPerfumeDoc>({
      index: this.index,
      query: { term: { chemical_ids: chemicalId } },
      sort: [{ seq: 'asc' }],
      size: sampleSize,
      track_total_hits: true,
      _source: ['document'],
    });
    const total = typeof res.hits.total === 'number' ? res.hits.total : (res.hits.total?.value ?? 0);
    return {
      total_perfumes: total,
      sample_perfumes: res.hits.hits.flatMap((h) =>
        h._source
          ? [
              {
                id: h._source.document.perfume.id,
                name: h._source.document.perfume.name,
                brand: h._source.document.perfume.brand,
              },
            ]
          : [],
      ),
    };
  }

  private resolve(q: CatalogueQuery): ResolvedRefs {
    const text = prepareText(q.text);
    return {
      includeChemicals: resolveChemicalRefs(q.include_chemicals, this.chemicals),
      excludeChemicals: resolveChemicalRefs(q.exclude_chemicals, this.chemicals).flat(),
      includeNotes: resolveNoteRefs(q.include_notes, this.taxonomy),
      excludeNotes: resolveNoteRefs(q.exclude_notes, this.taxonomy),
      // The chemicals the text names (CAS number or name): their perfumes match the text too.
      casChemicalIds: text !== null && q.text !== undefined ? this.chemicals.resolve(q.text) : [],
    };
  }

  /** Re-derives category and allergens of every perfume linking the chemical (search_after pages). */
  private async reclassify(chemicalId: string): Promise<void> {
    if (this.assumeEmpty) return;
    let after: unknown[] | undefined;
    for (;;) {
      const res = await esCall('finding perfumes to re-classify', () =>
        this.client.search<EsPerfumeDoc>({
          index: this.writeIndex,
          query: { term: { chemical_ids: chemicalId } },
          sort: [{ seq: 'asc' }, { id: 'asc' }],
          size: 1000,
          ...(after ? { search_after: after } : {}),
        }),
      );
      const hits = res.hits.hits;
      for (const hit of hits) {
        if (!hit._source) continue;
        this.hold({
          id: hit._id,
          version: this.version(0),
          doc: toEsDoc(hit._source.document, this.chemicals.known(), hit._source.seq),
          seqKnown: true,
        });
      }
      await this.flush();
      if (hits.length < 1000) return;
      const last = hits[hits.length - 1]!._source!;
      after = [last.seq, last.id];
    }
  }

  private async terms(field: string): Promise<{ key: string; doc_count: number }[]> {
    const res = await this.client.search({
      index: this.index,
      size: 0,
      aggs: { values: { terms: { field, size: 100_000, order: { _key: 'asc' } } } },
    });
    return res.aggregations?.values?.buckets ?? [];
  }
}
