/**
 * The in-process catalogue index (embedded default).
 *
 * Every perfume gets a dense integer document id in the order it was first catalogued; that order
 * is the result order when no text ranks the results. Sets of documents are bitsets over those
 * ids (alive, complete, hypoallergenic, and per query the filters). The parts live beside this
 * class: `DocumentColumns` (per-document columns and packed records), `CataloguePostings` (name
 * words, brands, notes and chemicals to documents) and `TextRanker` (relevance of text matches).
 * Cards are only built for the page returned.
 *
 * Categories are derived lazily: a write marks the documents it touches (a perfume, or every
 * perfume linking an edited chemical) and the next read recomputes them with the domain's rule.
 */
import { dataCategory, isHypoallergenic, type perfumes } from '@scentinel/domain';
import * as B from './bitset.ts';
import type {
  Chemical,
  NoteRecord,
  PerfumeCard,
  PerfumeCardChemical,
  PerfumeDocument,
  RegionRecord,
} from './catalogue.types.ts';
import { CataloguePostings } from './catalogue-postings.ts';
import { effectiveCategory, resolveChemicalRefs, resolveNoteRefs } from './catalogue-query.ts';
import { ChemicalTable } from './chemical-table.ts';
import {
  type CompactPerfumeDocument,
  DocumentColumns,
  HAS_COVERAGE,
  HAS_ESTIMATES,
  HAS_LABEL,
  LABEL_NAMES_FRAGRANCE,
  NOTES_RESOLVED,
} from './document-columns.ts';
import type { SnapshotReader, SnapshotWriter } from './index-snapshot.ts';
import {
  assembleCard,
  cardChemical,
  classify,
  listCard,
  type PerfumeListCard,
  perfumeAllergens,
  toPerfumeCard,
  visibleLinks,
} from './perfume-card.ts';
import type { PostingList } from './posting-list.ts';
import type {
  BrandCount,
  CatalogueListResult,
  CatalogueQuery,
  CatalogueResult,
  CatalogueStats,
  ChemicalUsage,
  NoteCount,
  SearchIndex,
} from './search-index.port.ts';
import { queryWords } from './search-text.ts';
import { StringPool } from './string-pool.ts';
import { isCasNumber } from './text-normalize.ts';
import { TextRanker } from './text-ranker.ts';

export interface InProcessSearchIndexOptions {
  /** Region definitions (`data/chemicals/regions.json`). */
  regions?: readonly RegionRecord[];
  /** The notes taxonomy (`data/notes/notes.json`). */
  notes?: readonly NoteRecord[];
}

/** Per-chemical flags (domain rule on a one-link perfume): a link to it is chemical data / an allergen. */
const COUNTS_AS_DATA = 1;
const ALLERGEN = 2;
/** Cards kept rendered (a few MB: the pages people list over and over stay warm). */
const CARD_CACHE_SIZE = 4096;
/**
 * List cards kept (a few hundred bytes each, ~10 MB): the popular perfumes' cards, which most
 * pages of most searches list, are made once.
 */
const LIST_CARD_CACHE_SIZE = 32_768;

export class InProcessSearchIndex implements SearchIndex {
  readonly chemicals: ChemicalTable;

  private writes = 0;
  private capacity = 0;
  private words = 0;
  private docCount = 0;
  private aliveCount = 0;
  private readonly docById = new Map<string, number>();
  /**
   * Rendered cards of recently listed perfumes (least recently used dropped first): a card depends
   * only on its document and the chemicals, so it is forgotten when either changes.
   */
  private readonly cards = new Map<number, PerfumeCard>();
  /** List cards (`listCard` of the card, no flags or chemicals asked first), kept the same way. */
  private readonly listCards = new Map<number, PerfumeListCard>();
  /** Retired spelling duplicate's id → the record that lists it in `merged_ids`. */
  private readonly mergedInto = new Map<string, string>();
  /** Record id → the ids it lists in `merged_ids` (to forget them when it changes or goes). */
  private readonly mergedIdsOf = new Map<string, readonly string[]>();

  private readonly strings = new StringPool();
  private readonly postings = new CataloguePostings(this.strings);
  /** Per-document columns and packed records. */
  private readonly columns = new DocumentColumns(this.strings, this.postings);

  // Document sets.
  private alive: B.Bits = new Uint32Array(0);
  private complete: B.Bits = new Uint32Array(0);
  private hypo: B.Bits = new Uint32Array(0);
  private dirty: B.Bits = new Uint32Array(0);
  private dirtyAny = false;
  /** Scratch sets for one query: the documents passing its filters, and one filter's documents. */
  private filterBits: B.Bits = new Uint32Array(0);
  private conditionBits: B.Bits = new Uint32Array(0);

  // Dictionaries.
  private readonly ranker: TextRanker;
  private chemFlags = new Uint8Array(256);
  private readonly taxonomy: ReadonlyMap<string, NoteRecord>;
  private readonly taxonomyList: readonly NoteRecord[];
  constructor(options: InProcessSearchIndexOptions = {}) {
    this.chemicals = new ChemicalTable(options.regions ?? []);
    this.taxonomyList = options.notes ?? [];
    this.taxonomy = new Map(this.taxonomyList.map((n) => [String(n.id), n]));
    this.ranker = new TextRanker({
      nameWords: this.postings.nameWords,
      brandWords: this.postings.brandWords,
      brandDocs: (brandId) => this.postings.brandDocs(brandId),
      brandOf: (d) => this.columns.brandIdOf[d]!,
      brandWordList: (brandId) => this.postings.brandWordList(brandId),
      nameOf: (d) => this.columns.names[d]!,
      nameWordList: (d) => this.columns.nameWordList(d),
      nameWordCount: (d) => this.columns.nameWordCounts[d]!,
      sourceCount: (d) => this.columns.sourceCounts[d]!,
      year: (d) => this.columns.year(d),
      chemicalDocs: (text) => this.chemicalDocs(text),
    });
    this.grow(1024);
  }

  // ---------------------------------------------------------------- writes

  /** Counts the writes applied (every public write method bumps it first). */
  get generation(): number {
    return this.writes;
  }

  getPerfume(id: string): PerfumeDocument | null {
    const doc = this.docById.get(id);
    return doc === undefined ? null : this.columns.documentOf(doc);
  }

  resolvePerfumeId(id: string): string | null {
    if (this.docById.has(id)) return id;
    return this.mergedInto.get(id) ?? null;
  }

  private setMergedIds(id: string, mergedIds: readonly string[]): void {
    for (const old of this.mergedIdsOf.get(id) ?? []) {
      if (this.mergedInto.get(old) === id) this.mergedInto.delete(old);
    }
    if (mergedIds.length === 0) this.mergedIdsOf.delete(id);
    else this.mergedIdsOf.set(id, [...mergedIds]);
    for (const merged of mergedIds) this.mergedInto.set(merged, id);
  }

  upsertPerfume(doc: PerfumeDocument, _position = 0): void {
    this.upsert(doc);
  }

  /** Packs the grouped links and estimates as they are (the same index as `upsertPerfume` of the folded record). */
  upsertCatalogued(perfume: perfumes.CompactCataloguePerfume, _position = 0): void {
    this.upsert({ perfume, notesAssigned: false, declared: [], removedChemicalIds: [] });
  }

  private upsert(doc: PerfumeDocument | CompactPerfumeDocument): void {
    this.writes++;
    const previous = this.docById.get(doc.perfume.id);
    if (previous !== undefined) this.forgetCard(previous);
    const p = doc.perfume;
    this.setMergedIds(p.id, p.merged_ids ?? []);
    let d = this.docById.get(p.id);
    if (d === undefined) {
      d = this.docCount++;
      if (d >= this.capacity) this.grow(this.capacity * 2);
      this.docById.set(p.id, d);
      this.columns.ids[d] = p.id;
      B.setBit(this.alive, d);
      this.aliveCount++;
    } else {
      this.unindex(d);
    }
    this.index(d, this.columns.store(d, doc));
    B.setBit(this.dirty, d);
    this.dirtyAny = true;
  }

  removePerfume(id: string): void {
    this.writes++;
    const d = this.docById.get(id);
    if (d === undefined) return;
    this.forgetCard(d);
    this.setMergedIds(id, []);
    this.unindex(d);
    this.docById.delete(id);
    this.columns.clear(d);
    B.clearBit(this.alive, d);
    B.clearBit(this.complete, d);
    B.clearBit(this.hypo, d);
    B.clearBit(this.dirty, d);
    this.aliveCount--;
  }

  upsertChemical(chemical: Chemical): void {
    this.writes++;
    this.forgetCards();
    this.chemicals.upsert(chemical);
    this.chemicalChanged(chemical.id);
  }

  removeChemical(id: string): void {
    this.writes++;
    this.forgetCards();
    if (this.chemicals.remove(id) !== null) this.chemicalChanged(id);
  }

  /** Perfumes linking the chemical need recomputing when what the domain rule reads of it changed. */
  private chemicalChanged(chemicalId: string): void {
    const idx = this.postings.chemIndex(chemicalId);
    const before = this.chemFlags[idx] ?? 0;
    this.updateChemFlags(chemicalId);
    if (this.chemFlags[idx] !== before) this.markLinking(chemicalId);
  }

  /** Recomputes pending categories and builds lazy lookup tables now rather than on the first read. */
  warm(): void {
    this.refresh();
    this.postings.warm();
  }

  // ---------------------------------------------------------------- snapshots

  /**
   * Writes the built state (not the caches) for `fromSnapshot`. Pending categories are computed
   * first, so the restored index has nothing to recompute.
   */
  writeSnapshot(w: SnapshotWriter): void {
    this.refresh();
    w.value('index.writes', this.writes);
    w.value('index.capacity', this.capacity);
    w.value('index.docCount', this.docCount);
    w.value('index.aliveCount', this.aliveCount);
    w.json('index.mergedIdsOf', [...this.mergedIdsOf]);
    w.json('index.mergedInto', [...this.mergedInto]);
    w.array('index.alive', this.alive);
    w.array('index.complete', this.complete);
    w.array('index.hypo', this.hypo);
    w.array('index.dirty', this.dirty);
    w.value('index.dirtyAny', this.dirtyAny);
    w.array('index.chemFlags', this.chemFlags);
    this.strings.writeSnapshot(w, 'strings');
    this.postings.writeSnapshot(w);
    this.columns.writeSnapshot(w);
    this.chemicals.writeSnapshot(w);
  }

  /**
   * An index holding what `writeSnapshot` wrote, made by copying its arrays and refilling a few
   * maps (no document is indexed again). `options` must be those of the index written; the reader
   * must have been checked (a structure that does not add up throws).
   */
  static fromSnapshot(r: SnapshotReader, options: InProcessSearchIndexOptions = {}): InProcessSearchIndex {
    const index = new InProcessSearchIndex(options);
    index.restoreSnapshot(r);
    return index;
  }

  private restoreSnapshot(r: SnapshotReader): void {
    const capacity = r.value<number>('index.capacity');
    const words = B.wordsFor(capacity);
    this.writes = r.value<number>('index.writes');
    this.capacity = capacity;
    this.words = words;
    this.docCount = r.value<number>('index.docCount');
    this.aliveCount = r.value<number>('index.aliveCount');
    for (const [id, merged] of r.json<[string, string[]][]>('index.mergedIdsOf'))
      this.mergedIdsOf.set(id, merged);
    for (const [merged, id] of r.json<[string, string][]>('index.mergedInto'))
      this.mergedInto.set(merged, id);
    this.alive = r.uint32('index.alive');
    this.complete = r.uint32('index.complete');
    this.hypo = r.uint32('index.hypo');
    this.dirty = r.uint32('index.dirty');
    this.dirtyAny = r.value<boolean>('index.dirtyAny');
    this.chemFlags = r.uint8('index.chemFlags');
    this.strings.restoreSnapshot(r, 'strings');
    this.postings.restoreSnapshot(r);
    this.columns.restoreSnapshot(r);
    this.chemicals.restoreSnapshot(r);
    for (const bits of [this.alive, this.complete, this.hypo, this.dirty]) {
      if (bits.length !== words) throw new Error('snapshot document sets do not match its capacity');
    }
    if (this.columns.brandIdOf.length !== capacity || this.columns.ids.length !== this.docCount) {
      throw new Error('snapshot columns do not match its capacity');
    }
    this.filterBits = new Uint32Array(words);
    this.conditionBits = new Uint32Array(words);
    this.ranker.resize(capacity);
    for (let d = 0; d < this.docCount; d++) {
      if (B.testBit(this.alive, d)) this.docById.set(this.columns.ids[d]!, d);
    }
    if (this.docById.size !== this.aliveCount) throw new Error('snapshot documents do not add up');
  }

  // ---------------------------------------------------------------- reads

  async search(query: CatalogueQuery): Promise<CatalogueResult> {
    return this.searchSync(query);
  }

  searchSync(query: CatalogueQuery): CatalogueResult {
    const { docs, total } = this.pageOf(query);
    return {
      items: docs.map((d) => this.cardOf(d)),
      total,
      has_more: query.skip + docs.length < total,
    };
  }

  async searchList(
    query: CatalogueQuery,
    flag?: ReadonlySet<string>,
    first?: ReadonlySet<string>,
  ): Promise<CatalogueListResult> {
    return this.searchListSync(query, flag, first);
  }

  /** `searchSync` with list cards; the plain ones (nothing flagged or asked first) come from a cache. */
  searchListSync(
    query: CatalogueQuery,
    flag?: ReadonlySet<string>,
    first?: ReadonlySet<string>,
  ): CatalogueListResult {
    const { docs, total } = this.pageOf(query);
    const plain = flag === undefined && (first === undefined || first.size === 0);
    return {
      items: docs.map((d) => (plain ? this.listCardOf(d) : listCard(this.cardOf(d), flag, first))),
      total,
      has_more: query.skip + docs.length < total,
    };
  }

  /** The documents of the page `query` asks for, and how many match. */
  private pageOf(query: CatalogueQuery): { docs: number[]; total: number } {
    this.refresh();
    const filter = this.filterSet(query, this.filterBits);
    const text = query.text ?? '';
    const words = text === '' ? [] : queryWords(text);
    const docs: number[] = [];
    let total: number;
    if (words.length === 0 && !isCasNumber(text)) {
      total = B.count(filter, this.words);
      B.select(filter, query.skip, query.limit, docs, this.words);
    } else {
      total = this.ranker.rank(words, text, filter, query.skip, query.limit, docs);
    }
    return { docs, total };
  }

  async stats(): Promise<CatalogueStats> {
    this.refresh();
    const complete = B.count(this.complete, this.words);
    return {
      total_perfumes: this.aliveCount,
      complete,
      unspecific: this.aliveCount - complete,
      hypoallergenic: B.count(this.hypo, this.words),
    };
  }

  async brands(): Promise<BrandCount[]> {
    return this.postings.brandCounts();
  }

  async notes(): Promise<NoteCount[]> {
    return this.postings.noteCounts(this.taxonomyList);
  }

  async chemicalUsage(chemicalId: string, sampleSize: number): Promise<ChemicalUsage> {
    const list = this.postings.chemPosting(chemicalId);
    if (!list) return { total_perfumes: 0, sample_perfumes: [] };
    const sample = [...list.view().subarray(0, sampleSize)].map((d) => ({
      id: this.columns.ids[d]!,
      name: this.columns.names[d]!,
      brand: this.strings.get(this.columns.brandStr[d]!),
    }));
    return { total_perfumes: list.size, sample_perfumes: sample };
  }

  /** Every perfume document in catalogue order (snapshots, benchmarks); with `every` > 1, one in `every`. */
  *documents(every = 1): IterableIterator<PerfumeDocument> {
    let seen = 0;
    for (let d = 0; d < this.docCount; d++) {
      if (B.testBit(this.alive, d) && seen++ % every === 0) yield this.columns.documentOf(d);
    }
  }

  // ---------------------------------------------------------------- query evaluation

  /** Writes the documents passing every non-text condition into `out`. */
  private filterSet(q: CatalogueQuery, out: B.Bits): B.Bits {
    const words = this.words;
    B.copy(out, this.alive, words);
    switch (effectiveCategory(q)) {
      case 'complete':
        B.and(out, out, this.complete, words);
        break;
      case 'unspecific':
        B.andNot(out, out, this.complete, words);
        break;
      case 'hypoallergenic':
        B.and(out, out, this.hypo, words);
        break;
      case 'all':
        break;
    }
    if (q.allergen_free) B.and(out, out, this.hypo, words);
    const tmp = this.conditionBits;
    if (q.brands && q.brands.length > 0) {
      B.clear(tmp, words);
      for (const brand of q.brands) {
        this.postings.brandDocsByName(brand)?.orInto(tmp);
      }
      B.and(out, out, tmp, words);
    }
    for (const ids of resolveChemicalRefs(q.include_chemicals, this.chemicals)) {
      B.clear(tmp, words);
      for (const id of ids) this.postings.chemPosting(id)?.orInto(tmp);
      B.and(out, out, tmp, words);
    }
    const excluded = resolveChemicalRefs(q.exclude_chemicals, this.chemicals).flat();
    if (excluded.length > 0) {
      B.clear(tmp, words);
      for (const id of excluded) this.postings.chemPosting(id)?.orInto(tmp);
      B.andNot(out, out, tmp, words);
    }
    for (const key of resolveNoteRefs(q.include_notes, this.taxonomy)) {
      B.clear(tmp, words);
      this.postings.notePosting(key)?.orInto(tmp);
      B.and(out, out, tmp, words);
    }
    const excludedNotes = resolveNoteRefs(q.exclude_notes, this.taxonomy);
    if (excludedNotes.length > 0) {
      B.clear(tmp, words);
      for (const key of excludedNotes) this.postings.notePosting(key)?.orInto(tmp);
      B.andNot(out, out, tmp, words);
    }
    return out;
  }

  // ---------------------------------------------------------------- storage

  /**
   * The card of `d` (what `toPerfumeCard` makes of its document). Perfumes with only inferred
   * links, the bulk of the catalogue, are rendered straight from the packed record and the derived
   * bits; others go through the document and `toPerfumeCard`. The oracle tests compare both ways.
   */
  private cardOf(d: number): PerfumeCard {
    const cached = this.cards.get(d);
    if (cached !== undefined) {
      // Most recently used last.
      this.cards.delete(d);
      this.cards.set(d, cached);
      return cached;
    }
    const card = this.renderCard(d);
    this.cards.set(d, card);
    if (this.cards.size > CARD_CACHE_SIZE) this.cards.delete(this.cards.keys().next().value!);
    return card;
  }

  /** The plain list card of `d`, kept like cards are (a kept full card is reused to make it). */
  private listCardOf(d: number): PerfumeListCard {
    const kept = this.listCards.get(d);
    if (kept !== undefined) {
      this.listCards.delete(d);
      this.listCards.set(d, kept);
      return kept;
    }
    const card = listCard(this.cards.get(d) ?? this.renderCard(d));
    this.listCards.set(d, card);
    if (this.listCards.size > LIST_CARD_CACHE_SIZE)
      this.listCards.delete(this.listCards.keys().next().value!);
    return card;
  }

  private forgetCard(d: number): void {
    this.cards.delete(d);
    this.listCards.delete(d);
  }

  private forgetCards(): void {
    this.cards.clear();
    this.listCards.clear();
  }

  private renderCard(d: number): PerfumeCard {
    if (this.columns.extras.has(d) || this.columns.safety.has(d))
      return toPerfumeCard(this.columns.documentOf(d), this.chemicals.known());
    const doc = this.columns.documentOf(d);
    const p = doc.perfume;
    // The first inferred link to each chemical is the visible one.
    const chemicals: PerfumeCardChemical[] = this.columns.firstInferredLinks(d).map((k) => {
      const link = p.chemicals[k]!;
      return cardChemical(link, this.chemicals.get(link.chemical_id) ?? undefined);
    });
    return assembleCard(p, {
      chemicals,
      allergens: perfumeAllergens(p, p.chemicals, this.chemicals.known()),
      category: B.testBit(this.complete, d) ? 'complete' : 'unspecific',
      hypoallergenic: B.testBit(this.hypo, d),
      knowledge: 'none',
    });
  }

  /** Posting lists of the chemicals a query text names (an id, a CAS number or a name). */
  private chemicalDocs(text: string): PostingList[] {
    const out: PostingList[] = [];
    for (const id of this.chemicals.resolve(text)) {
      const list = this.postings.chemPosting(id);
      if (list && list.size > 0) out.push(list);
    }
    return out;
  }

  /** Adds `d` to the postings; `nameWords`: what `nameWordsOf(d)` gives. */
  private index(d: number, nameWords: Set<string>): void {
    this.postings.add(
      d,
      nameWords,
      this.columns.brandIdOf[d]!,
      this.columns.noteIdsOf(d),
      this.columns.visibleChemIdx(d),
    );
  }

  private unindex(d: number): void {
    this.postings.remove(
      d,
      this.columns.nameWordsOf(d),
      this.columns.brandIdOf[d]!,
      this.columns.noteIdsOf(d),
      this.columns.visibleChemIdx(d),
    );
  }

  /** Marks every perfume linking the chemical for recomputation. */
  private markLinking(chemicalId: string): void {
    const list = this.postings.chemPosting(chemicalId);
    if (!list || list.size === 0) return;
    list.orInto(this.dirty);
    this.dirtyAny = true;
  }

  /**
   * Recomputes category and hypoallergenic flags of marked documents. The domain rule (`classify.ts`)
   * is evaluated once per chemical (`chemFlags`) and combined per perfume: complete when a link
   * counts as chemical data, hypoallergenic when complete and no link is an allergen. The oracle
   * tests pin this to the domain functions applied to whole perfumes.
   */
  private refresh(): void {
    if (!this.dirtyAny) return;
    const flags = this.chemFlags;
    B.forEach(
      this.dirty,
      (d) => {
        if (!B.testBit(this.alive, d)) return;
        if (this.columns.extras.has(d)) {
          // Declared or removed links: the domain rule on the whole document.
          const doc = this.columns.documentOf(d);
          const c = classify(doc.perfume, visibleLinks(doc), this.chemicals.known());
          B.assignBit(this.complete, d, c.category === 'complete');
          B.assignBit(this.hypo, d, c.hypoallergenic);
          return;
        }
        const visible = this.columns.visibleChemIdx(d);
        let any = 0;
        for (let k = 0; k < visible.length; k++) any |= flags[visible[k]!] ?? 0;
        const bits = this.columns.safetyBits[d]!;
        if ((bits & (HAS_COVERAGE | HAS_LABEL)) === 0) {
          // Records without coverage: complete when a link names a known chemical.
          const complete = (any & COUNTS_AS_DATA) !== 0;
          B.assignBit(this.complete, d, complete);
          B.assignBit(this.hypo, d, complete && (any & ALLERGEN) === 0);
          return;
        }
        const complete = (bits & (LABEL_NAMES_FRAGRANCE | NOTES_RESOLVED)) !== 0;
        B.assignBit(this.complete, d, complete);
        B.assignBit(this.hypo, d, complete && (any & ALLERGEN) === 0 && (bits & HAS_ESTIMATES) === 0);
      },
      this.words,
    );
    B.clear(this.dirty, this.words);
    this.dirtyAny = false;
  }

  /** Re-derives a chemical's flags with the domain rule applied to a one-link perfume. */
  private updateChemFlags(chemicalId: string): void {
    const idx = this.postings.chemIndex(chemicalId);
    const known = this.chemicals.known();
    const one = { chemicals: [{ chemical_id: chemicalId }] };
    const data = dataCategory(one, known) === 'complete';
    const allergen = data && !isHypoallergenic(one, known);
    if (idx >= this.chemFlags.length) {
      const next = new Uint8Array(Math.max(idx + 1, this.chemFlags.length * 2));
      next.set(this.chemFlags);
      this.chemFlags = next;
    }
    this.chemFlags[idx] = (data ? COUNTS_AS_DATA : 0) | (allergen ? ALLERGEN : 0);
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.words = B.wordsFor(capacity);
    this.alive = B.grow(this.alive, this.words);
    this.complete = B.grow(this.complete, this.words);
    this.hypo = B.grow(this.hypo, this.words);
    this.dirty = B.grow(this.dirty, this.words);
    this.filterBits = new Uint32Array(this.words);
    this.conditionBits = new Uint32Array(this.words);
    this.ranker.resize(capacity);
    this.columns.grow(capacity);
  }
}
