/**
 * The in-process catalogue index (embedded default).
 *
 * Every perfume gets a dense integer document id in the order it was first catalogued; that order
 * is the result order when no text ranks the results. Sets of documents are bitsets over those
 * ids (alive, complete, hypoallergenic, and per query the filters and text tiers); chemicals,
 * notes and brands keep sorted posting lists; name and brand tokens sit in dictionaries with
 * prefix lookup. A perfume's list data (notes, accords, links) is packed into one integer arena,
 * strings are interned, and cards are only built for the page returned.
 *
 * Categories are derived lazily: a write marks the documents it touches (a perfume, or every
 * perfume linking an edited chemical) and the next read recomputes them with the domain's rule.
 */
import {
  dataCategory,
  filterChemicalIds,
  isHypoallergenic,
  knowledgeOf,
  type PerfumeGender,
} from '@scentinel/domain';
import * as B from './bitset.ts';
import type {
  CataloguePerfume,
  Chemical,
  DeclaredChemicalLink,
  NoteRecord,
  PerfumeCard,
  PerfumeCardChemical,
  PerfumeDocument,
  PerfumeNotes,
  RegionRecord,
} from './catalogue.types.ts';
import { CataloguePostings } from './catalogue-postings.ts';
import { effectiveCategory, resolveChemicalRefs, resolveNoteRefs } from './catalogue-query.ts';
import { ChemicalTable } from './chemical-table.ts';
import { IntArena } from './int-arena.ts';
import {
  assembleCard,
  cardChemical,
  classifiable,
  classify,
  perfumeAllergens,
  toPerfumeCard,
  visibleLinks,
} from './perfume-card.ts';
import type { PostingList } from './posting-list.ts';
import type {
  BrandCount,
  CatalogueQuery,
  CatalogueResult,
  CatalogueStats,
  ChemicalUsage,
  NoteCount,
  SearchIndex,
} from './search-index.port.ts';
import { joinedWords, queryWords, searchWords } from './search-text.ts';
import { StringPool, sameStringRecord, ValuePool } from './string-pool.ts';
import { isCasNumber } from './text-normalize.ts';
import { TextRanker } from './text-ranker.ts';

export interface InProcessSearchIndexOptions {
  /** Region definitions (`data/chemicals/regions.json`). */
  regions?: readonly RegionRecord[];
  /** The notes taxonomy (`data/notes/notes.json`). */
  notes?: readonly NoteRecord[];
}

const GENDERS: readonly (PerfumeGender | null)[] = [null, 'masculine', 'feminine', 'unisex'];
const NO_YEAR = -32768;
const NOTE_POSITIONS = ['top', 'middle', 'base', 'unspecified'] as const;
/** Per-chemical flags (domain rule on a one-link perfume): a link to it is chemical data / an allergen. */
const COUNTS_AS_DATA = 1;
const ALLERGEN = 2;

/** Per-perfume safety state bits (`safetyBits`). */
const HAS_COVERAGE = 1;
const NOTES_RESOLVED = 2;
const HAS_LABEL = 4;
const HAS_ESTIMATES = 8;

/** The safety fields of a record (label, coverage, estimates, merged ids), as given. */
type SafetyFields = Pick<CataloguePerfume, 'label' | 'coverage' | 'allergen_estimates' | 'merged_ids'>;

/** Rarely present per-perfume state, kept beside the packed data. */
interface Extras {
  declared: DeclaredChemicalLink[];
  removedChemicalIds: string[];
  notesAssigned: boolean;
}

export class InProcessSearchIndex implements SearchIndex {
  readonly chemicals: ChemicalTable;

  private writes = 0;
  private capacity = 0;
  private words = 0;
  private docCount = 0;
  private aliveCount = 0;
  private readonly docById = new Map<string, number>();

  // Columns, indexed by document id.
  private ids: string[] = [];
  private names: string[] = [];
  /** The name's `searchWords`, kept once a query needed them. */
  private nameWordLists: (string[] | undefined)[] = [];
  private descriptions: (string | null)[] = [];
  private images: (string | null)[] = [];
  private brandStr = new Int32Array(0);
  private brandIdOf = new Int32Array(0);
  private years = new Int16Array(0);
  private genders = new Uint8Array(0);
  private perfumers = new Int32Array(0);
  private concentrations = new Int32Array(0);
  private fieldSources = new Int32Array(0);
  private readonly extras = new Map<number, Extras>();
  /** Label, coverage and estimates per document (records built before them have none). */
  private readonly safety = new Map<number, Partial<SafetyFields>>();
  private safetyBits = new Uint8Array(0);
  private readonly arena = new IntArena();

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
  private readonly strings = new StringPool();
  private readonly sourceSets = new ValuePool<Record<string, string>>(sameStringRecord);
  private readonly postings = new CataloguePostings(this.strings);
  /** Per document: distinct name words, and how many source catalogues list the perfume. */
  private nameWordCounts = new Uint8Array(0);
  private sourceCounts = new Uint8Array(0);
  private readonly ranker: TextRanker;
  private chemFlags = new Uint8Array(256);
  private readonly taxonomy: ReadonlyMap<string, NoteRecord>;
  private readonly taxonomyList: readonly NoteRecord[];
  private readonly pack: number[] = [];
  private readonly noteStrs: string[] = [];
  private readonly noteIds: number[] = [];
  private readonly idxScratch: number[] = [];
  /** The name links to each chemical usually carry (first seen), by chemical index. */
  private readonly linkNames: string[] = [];

  constructor(options: InProcessSearchIndexOptions = {}) {
    this.chemicals = new ChemicalTable(options.regions ?? []);
    this.taxonomyList = options.notes ?? [];
    this.taxonomy = new Map(this.taxonomyList.map((n) => [String(n.id), n]));
    this.ranker = new TextRanker({
      nameWords: this.postings.nameWords,
      brandWords: this.postings.brandWords,
      brandDocs: (brandId) => this.postings.brandDocs(brandId),
      brandOf: (d) => this.brandIdOf[d]!,
      brandWordList: (brandId) => this.postings.brandWordList(brandId),
      nameOf: (d) => this.names[d]!,
      nameWordList: (d) => {
        let list = this.nameWordLists[d];
        if (list === undefined) {
          list = searchWords(this.names[d]!);
          this.nameWordLists[d] = list;
        }
        return list;
      },
      nameWordCount: (d) => this.nameWordCounts[d]!,
      sourceCount: (d) => this.sourceCounts[d]!,
      year: (d) => (this.years[d] === NO_YEAR ? null : this.years[d]!),
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
    return doc === undefined ? null : this.documentOf(doc);
  }

  upsertPerfume(doc: PerfumeDocument, _position = 0): void {
    this.writes++;
    const p = doc.perfume;
    let d = this.docById.get(p.id);
    if (d === undefined) {
      d = this.docCount++;
      if (d >= this.capacity) this.grow(this.capacity * 2);
      this.docById.set(p.id, d);
      this.ids[d] = p.id;
      B.setBit(this.alive, d);
      this.aliveCount++;
    } else {
      this.unindex(d);
    }
    this.store(d, doc);
    this.index(d);
    B.setBit(this.dirty, d);
    this.dirtyAny = true;
  }

  removePerfume(id: string): void {
    this.writes++;
    const d = this.docById.get(id);
    if (d === undefined) return;
    this.unindex(d);
    this.docById.delete(id);
    this.arena.free(d);
    this.extras.delete(d);
    this.safety.delete(d);
    this.safetyBits[d] = 0;
    this.names[d] = '';
    this.nameWordLists[d] = undefined;
    this.descriptions[d] = null;
    this.images[d] = null;
    B.clearBit(this.alive, d);
    B.clearBit(this.complete, d);
    B.clearBit(this.hypo, d);
    B.clearBit(this.dirty, d);
    this.aliveCount--;
  }

  upsertChemical(chemical: Chemical): void {
    this.writes++;
    this.chemicals.upsert(chemical);
    this.chemicalChanged(chemical.id);
  }

  removeChemical(id: string): void {
    this.writes++;
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

  // ---------------------------------------------------------------- reads

  async search(query: CatalogueQuery): Promise<CatalogueResult> {
    return this.searchSync(query);
  }

  searchSync(query: CatalogueQuery): CatalogueResult {
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
    return {
      items: docs.map((d) => this.cardOf(d)),
      total,
      has_more: query.skip + docs.length < total,
    };
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
      id: this.ids[d]!,
      name: this.names[d]!,
      brand: this.strings.get(this.brandStr[d]!),
    }));
    return { total_perfumes: list.size, sample_perfumes: sample };
  }

  /** Every perfume document in catalogue order (snapshots, benchmarks); with `every` > 1, one in `every`. */
  *documents(every = 1): IterableIterator<PerfumeDocument> {
    let seen = 0;
    for (let d = 0; d < this.docCount; d++) {
      if (B.testBit(this.alive, d) && seen++ % every === 0) yield this.documentOf(d);
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

  private store(d: number, doc: PerfumeDocument): void {
    const p = doc.perfume;
    this.names[d] = p.name;
    this.nameWordLists[d] = undefined;
    this.nameWordCounts[d] = Math.min(255, new Set(searchWords(p.name)).size);
    this.sourceCounts[d] = Math.min(255, p.sources.length);
    this.descriptions[d] = p.description;
    this.images[d] = p.image_url;
    this.brandStr[d] = this.strings.intern(p.brand);
    this.brandIdOf[d] = this.postings.brandId(p.brand);
    this.years[d] = p.year_released ?? NO_YEAR;
    this.genders[d] = Math.max(0, GENDERS.indexOf(p.gender));
    this.perfumers[d] = this.strings.internNullable(p.perfumer);
    this.concentrations[d] = this.strings.internNullable(p.concentration);
    this.fieldSources[d] = this.sourceSets.intern(p.field_sources);
    if (doc.declared.length > 0 || doc.removedChemicalIds.length > 0 || doc.notesAssigned) {
      this.extras.set(d, {
        declared: doc.declared,
        removedChemicalIds: doc.removedChemicalIds,
        notesAssigned: doc.notesAssigned,
      });
    } else {
      this.extras.delete(d);
    }
    this.storeSafety(d, p);

    const pack = this.pack;
    pack.length = 0;
    pack.push(p.accords.length);
    for (const accord of p.accords) pack.push(this.strings.intern(accord));
    const noteStrs = this.noteStrs;
    const noteIds = this.noteIds;
    noteStrs.length = 0;
    noteIds.length = 0;
    for (const position of NOTE_POSITIONS) {
      const notes = p.notes[position];
      pack.push(notes.length);
      for (const note of notes) {
        const id = this.strings.intern(note);
        pack.push(id);
        noteStrs.push(note);
        noteIds.push(id);
      }
    }
    pack.push(p.chemicals.length);
    const linked = this.idxScratch;
    linked.length = 0;
    for (const link of p.chemicals) {
      const idx = this.postings.chemIndex(link.chemical_id);
      linked.push(idx);
      // from_note is nearly always one of the notes just interned; the link name nearly always the
      // name this chemical's links carry elsewhere (-1 stands for that).
      const noteAt = noteStrs.indexOf(link.from_note);
      const usualName = this.linkNames[idx];
      if (usualName === undefined) this.linkNames[idx] = link.name;
      pack.push(
        idx,
        noteAt >= 0 ? noteIds[noteAt]! : this.strings.intern(link.from_note),
        usualName === undefined || usualName === link.name ? -1 : this.strings.intern(link.name),
      );
    }
    pack.push(p.sources.length);
    for (const source of p.sources) pack.push(this.strings.intern(source));
    const visibleAt = pack.length;
    pack.push(0);
    const bits = this.safetyBits[d]!;
    if (
      doc.declared.length === 0 &&
      doc.removedChemicalIds.length === 0 &&
      (bits & (HAS_LABEL | HAS_ESTIMATES)) === 0
    ) {
      // No declared or removed links: the visible links are the inferred ones, one per chemical.
      for (const idx of linked) if (pack.indexOf(idx, visibleAt + 1) < 0) pack.push(idx);
    } else {
      // What filters on chemicals see: visible links and, without a label, likely/possible allergens.
      for (const id of filterChemicalIds(classifiable(p, visibleLinks(doc))))
        pack.push(this.postings.chemIndex(id));
    }
    pack[visibleAt] = pack.length - visibleAt - 1;
    this.arena.write(d, pack);
  }

  private storeSafety(d: number, p: CataloguePerfume): void {
    const fields: Partial<SafetyFields> = {};
    if (p.label !== undefined) fields.label = p.label;
    if (p.coverage !== undefined) fields.coverage = p.coverage;
    if (p.allergen_estimates !== undefined) fields.allergen_estimates = p.allergen_estimates;
    if (p.merged_ids !== undefined) fields.merged_ids = p.merged_ids;
    if (Object.keys(fields).length === 0) {
      this.safety.delete(d);
      this.safetyBits[d] = 0;
      return;
    }
    this.safety.set(d, fields);
    const knowledge = knowledgeOf({ chemicals: [], label: p.label, coverage: p.coverage });
    this.safetyBits[d] =
      (p.coverage ? HAS_COVERAGE : 0) |
      (knowledge === 'notes_resolved' ? NOTES_RESOLVED : 0) |
      (p.label ? HAS_LABEL : 0) |
      ((p.allergen_estimates?.length ?? 0) > 0 && !p.label ? HAS_ESTIMATES : 0);
  }

  /** Rebuilds the stored document of `d`. */
  private documentOf(d: number): PerfumeDocument {
    const s = this.strings;
    const r = this.arena.read(d);
    let i = 0;
    const list = (): string[] => {
      const n = r[i++]!;
      const out = new Array<string>(n);
      for (let k = 0; k < n; k++) out[k] = s.get(r[i++]!);
      return out;
    };
    const accords = list();
    const notes: PerfumeNotes = { top: list(), middle: list(), base: list(), unspecified: list() };
    const nLinks = r[i++]!;
    const chemicals: PerfumeDocument['perfume']['chemicals'] = [];
    for (let k = 0; k < nLinks; k++) {
      const idx = r[i++]!;
      const chemical_id = this.postings.chemId(idx);
      const from_note = s.get(r[i++]!);
      const nameId = r[i++]!;
      const name = nameId < 0 ? this.linkNames[idx]! : s.get(nameId);
      chemicals.push({ chemical_id, name, source: 'inferred', from_note });
    }
    const sources = list();
    const year = this.years[d]!;
    const extras = this.extras.get(d);
    return {
      perfume: {
        id: this.ids[d]!,
        name: this.names[d]!,
        brand: s.get(this.brandStr[d]!),
        year_released: year === NO_YEAR ? null : year,
        gender: GENDERS[this.genders[d]!] ?? null,
        perfumer: s.getNullable(this.perfumers[d]!),
        concentration: s.getNullable(this.concentrations[d]!),
        description: this.descriptions[d] ?? null,
        image_url: this.images[d] ?? null,
        accords,
        notes,
        chemicals,
        field_sources: { ...this.sourceSets.get(this.fieldSources[d]!) },
        sources,
        ...structuredClone(this.safety.get(d) ?? {}),
      },
      notesAssigned: extras?.notesAssigned ?? false,
      declared: extras ? [...extras.declared] : [],
      removedChemicalIds: extras ? [...extras.removedChemicalIds] : [],
    };
  }

  /**
   * The card of `d` (what `toPerfumeCard` makes of its document). Perfumes with only inferred
   * links, the bulk of the catalogue, are rendered straight from the packed record and the derived
   * bits; others go through the document and `toPerfumeCard`. The oracle tests compare both ways.
   */
  private cardOf(d: number): PerfumeCard {
    if (this.extras.has(d) || this.safety.has(d))
      return toPerfumeCard(this.documentOf(d), this.chemicals.known());
    const doc = this.documentOf(d);
    const p = doc.perfume;
    const chemicals: PerfumeCardChemical[] = [];
    const seen = this.idxScratch;
    seen.length = 0;
    const r = this.arena.read(d);
    // Walk the inferred links in the record: the first link to each chemical is the visible one.
    let i = 1 + r[0]!;
    for (let k = 0; k < NOTE_POSITIONS.length; k++) i += 1 + r[i]!;
    const nLinks = r[i++]!;
    for (let k = 0; k < nLinks; k++, i += 3) {
      const idx = r[i]!;
      if (seen.includes(idx)) continue;
      seen.push(idx);
      const link = p.chemicals[k]!;
      const chemical = cardChemical(link, this.chemicals.get(link.chemical_id) ?? undefined);
      chemicals.push(chemical);
    }
    return assembleCard(p, {
      chemicals,
      allergens: perfumeAllergens(p, p.chemicals, this.chemicals.known()),
      category: B.testBit(this.complete, d) ? 'complete' : 'unspecific',
      hypoallergenic: B.testBit(this.hypo, d),
      knowledge: 'none',
    });
  }

  /** The packed record's visible chemical indexes (last section of the record). */
  private visibleChemIdx(d: number): Int32Array {
    const r = this.arena.read(d);
    let i = 0;
    i += 1 + r[i]!; // accords
    for (let k = 0; k < NOTE_POSITIONS.length; k++) i += 1 + r[i]!;
    i += 1 + 3 * r[i]!; // inferred links
    i += 1 + r[i]!; // sources
    const n = r[i]!;
    return r.subarray(i + 1, i + 1 + n);
  }

  /** Note ids of `d`'s notes (any position), deduplicated (a scratch array: use it at once). */
  private noteIdsOf(d: number): number[] {
    const r = this.arena.read(d);
    let i = 1 + r[0]!;
    const ids = this.keyScratch;
    ids.length = 0;
    for (let k = 0; k < NOTE_POSITIONS.length; k++) {
      const n = r[i++]!;
      for (let j = 0; j < n; j++) {
        const id = this.postings.noteIdOf(r[i++]!);
        if (!ids.includes(id)) ids.push(id);
      }
    }
    return ids;
  }

  private readonly keyScratch: number[] = [];

  /** The words a name is found by (`searchWords` and `joinedWords`), distinct. */
  private nameWordsOf(d: number): Set<string> {
    const name = this.names[d]!;
    return new Set([...searchWords(name), ...joinedWords(name)]);
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

  private index(d: number): void {
    this.postings.add(d, this.nameWordsOf(d), this.brandIdOf[d]!, this.noteIdsOf(d), this.visibleChemIdx(d));
  }

  private unindex(d: number): void {
    this.postings.remove(
      d,
      this.nameWordsOf(d),
      this.brandIdOf[d]!,
      this.noteIdsOf(d),
      this.visibleChemIdx(d),
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
        if (this.extras.has(d)) {
          // Declared or removed links: the domain rule on the whole document.
          const doc = this.documentOf(d);
          const c = classify(doc.perfume, visibleLinks(doc), this.chemicals.known());
          B.assignBit(this.complete, d, c.category === 'complete');
          B.assignBit(this.hypo, d, c.hypoallergenic);
          return;
        }
        const visible = this.visibleChemIdx(d);
        let any = 0;
        for (let k = 0; k < visible.length; k++) any |= flags[visible[k]!] ?? 0;
        const bits = this.safetyBits[d]!;
        if ((bits & (HAS_COVERAGE | HAS_LABEL)) === 0) {
          // Records without coverage: complete when a link names a known chemical.
          const complete = (any & COUNTS_AS_DATA) !== 0;
          B.assignBit(this.complete, d, complete);
          B.assignBit(this.hypo, d, complete && (any & ALLERGEN) === 0);
          return;
        }
        const complete = (bits & (HAS_LABEL | NOTES_RESOLVED)) !== 0;
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
    const nameWordCounts = new Uint8Array(capacity);
    nameWordCounts.set(this.nameWordCounts);
    this.nameWordCounts = nameWordCounts;
    const sourceCounts = new Uint8Array(capacity);
    sourceCounts.set(this.sourceCounts);
    this.sourceCounts = sourceCounts;
    this.brandStr = growInt32(this.brandStr, capacity);
    const safetyBits = new Uint8Array(capacity);
    safetyBits.set(this.safetyBits);
    this.safetyBits = safetyBits;
    this.brandIdOf = growInt32(this.brandIdOf, capacity);
    this.perfumers = growInt32(this.perfumers, capacity);
    this.concentrations = growInt32(this.concentrations, capacity);
    this.fieldSources = growInt32(this.fieldSources, capacity);
    const years = new Int16Array(capacity);
    years.set(this.years);
    this.years = years;
    const genders = new Uint8Array(capacity);
    genders.set(this.genders);
    this.genders = genders;
  }
}

function growInt32(a: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(capacity);
  next.set(a);
  return next;
}
