/**
 * The Elasticsearch catalogue index (scale-out mode).
 *
 * Status: the query translation (`es-query.ts`) and the document shape (`es-document.ts`) are
 * unit-tested; `openElasticsearchSearchIndex` (`es-client.ts`) builds this adapter on the official
 * `@elastic/elasticsearch` client, and the search-index contract suite runs against it when
 * `ELASTICSEARCH_URL` is set (`elasticsearch-search-index.int.spec.ts`). No server runs on the
 * development machine, so that suite has not run here, and the composition root does not pick this
 * adapter yet (the catalogue projection would need a shared checkpoint first).
 *
 * Chemicals stay in process (`ChemicalTable`, a few thousand records): references are resolved and
 * cards rendered with them, exactly as the in-process adapter does.
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
import { type EsPerfumeDoc, toEsDoc } from './es-document.ts';
import { type ResolvedRefs, toEsSearchBody } from './es-query.ts';

interface EsHit<T> {
  _id: string;
  _source?: T;
}

/** The subset of the `@elastic/elasticsearch` v8 client this adapter uses. */
export interface EsClient {
  index(params: {
    index: string;
    id: string;
    document: unknown;
    refresh?: boolean | 'wait_for';
  }): Promise<unknown>;
  delete(params: { index: string; id: string; refresh?: boolean | 'wait_for' }): Promise<unknown>;
  get<T>(params: { index: string; id: string }): Promise<{ found: boolean; _source?: T }>;
  search<T>(params: { index: string } & Record<string, unknown>): Promise<{
    hits: { total?: { value: number } | number; hits: EsHit<T>[] };
    aggregations?: Record<string, { buckets: { key: string; doc_count: number }[] }>;
  }>;
  count(params: { index: string; query?: unknown }): Promise<{ count: number }>;
}

export interface ElasticsearchSearchIndexOptions {
  client: EsClient;
  /** The alias reads and writes go through (the active projection version's index). */
  index: string;
  regions?: readonly RegionRecord[];
  notes?: readonly NoteRecord[];
  /**
   * When a write becomes visible to searches (default `wait_for`: the write returns once a refresh
   * shows it, so a re-classification that searches for linking perfumes sees every earlier write).
   */
  refresh?: boolean | 'wait_for';
}

export class ElasticsearchSearchIndex implements SearchIndex {
  readonly chemicals: ChemicalTable;
  /** Other processes write the shared index: answers may change at any time, nothing is reused. */
  readonly generation = null;
  private readonly client: EsClient;
  private readonly index: string;
  private readonly taxonomy: ReadonlyMap<string, NoteRecord>;
  private readonly taxonomyList: readonly NoteRecord[];
  private readonly refresh: boolean | 'wait_for';

  constructor(options: ElasticsearchSearchIndexOptions) {
    this.client = options.client;
    this.refresh = options.refresh ?? 'wait_for';
    this.index = options.index;
    this.chemicals = new ChemicalTable(options.regions ?? []);
    this.taxonomyList = options.notes ?? [];
    this.taxonomy = new Map(this.taxonomyList.map((n) => [String(n.id), n]));
  }

  async upsertPerfume(doc: PerfumeDocument, position: number): Promise<void> {
    const existing = await this.client
      .get<EsPerfumeDoc>({ index: this.index, id: doc.perfume.id })
      .catch(() => null);
    const seq = existing?.found && existing._source ? existing._source.seq : position;
    await this.client.index({
      index: this.index,
      id: doc.perfume.id,
      document: toEsDoc(doc, this.chemicals.known(), seq),
      refresh: this.refresh,
    });
  }

  async removePerfume(id: string): Promise<void> {
    await this.client.delete({ index: this.index, id, refresh: this.refresh }).catch((error: unknown) => {
      // Removing a perfume the index does not hold changes nothing.
      if ((error as { meta?: { statusCode?: number } }).meta?.statusCode !== 404) throw error;
    });
  }

  async getPerfume(id: string): Promise<PerfumeDocument | null> {
    const res = await this.client.get<EsPerfumeDoc>({ index: this.index, id }).catch(() => null);
    return res?.found && res._source ? res._source.document : null;
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
    const previous = this.chemicals.upsert(chemical);
    if (previous === null || previous.allergen_flag !== chemical.allergen_flag)
      await this.reclassify(chemical.id);
  }

  async removeChemical(id: string): Promise<void> {
    if (this.chemicals.remove(id) !== null) await this.reclassify(id);
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
    let after: unknown[] | undefined;
    for (;;) {
      const res = await this.client.search<EsPerfumeDoc>({
        index: this.index,
        query: { term: { chemical_ids: chemicalId } },
        sort: [{ seq: 'asc' }, { id: 'asc' }],
        size: 1000,
        ...(after ? { search_after: after } : {}),
      });
      const hits = res.hits.hits;
      for (const hit of hits) {
        if (!hit._source) continue;
        await this.client.index({
          index: this.index,
          id: hit._id,
          document: toEsDoc(hit._source.document, this.chemicals.known(), hit._source.seq),
          refresh: this.refresh,
        });
      }
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
