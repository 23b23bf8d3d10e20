/**
 * The in-process index's per-document storage: one column per scalar field, indexed by the dense
 * document id, and a perfume's lists (accords, notes, inferred links, sources, the chemicals
 * filters see) packed into one integer arena over interned strings. Rarely present state
 * (declared or removed links, label and coverage data) is kept in maps beside it.
 */
import {
  type AllergenEstimate,
  filterChemicalIds,
  knowledgeOf,
  labelNamesFragrance,
  type PerfumeGender,
  perfumes,
} from '@scentinel/domain';
import type {
  CataloguePerfume,
  DeclaredChemicalLink,
  PerfumeDocument,
  PerfumeNotes,
} from './catalogue.types.ts';
import type { CataloguePostings } from './catalogue-postings.ts';
import type { SnapshotReader, SnapshotWriter } from './index-snapshot.ts';
import { IntArena } from './int-arena.ts';
import { classifiable, visibleLinks } from './perfume-card.ts';
import { SafetyColumn, type SafetyFields } from './safety-column.ts';
import { joinedWords, searchWords } from './search-text.ts';
import { type StringPool, sameStringRecord, ValuePool } from './string-pool.ts';

export const GENDERS: readonly (PerfumeGender | null)[] = [null, 'masculine', 'feminine', 'unisex'];
export const NO_YEAR = -32768;
export const NOTE_POSITIONS = ['top', 'middle', 'base', 'unspecified'] as const;
/** Per-perfume safety state bits (`safetyBits`). */
export const HAS_COVERAGE = 1;
export const NOTES_RESOLVED = 2;
export const HAS_LABEL = 4;
/** Likely or possible allergens that count: the perfume has no label list that names its fragrance. */
export const HAS_ESTIMATES = 8;
/** A label list that names the fragrance's materials (it speaks for the allergens). */
export const LABEL_NAMES_FRAGRANCE = 16;

export type { SafetyFields } from './safety-column.ts';

/**
 * A document whose perfume is as a version 2 `PerfumeCatalogued` stores it (inferred links and
 * allergen estimates grouped): `store` packs the groups as they are, without link objects.
 */
export interface CompactPerfumeDocument extends Omit<PerfumeDocument, 'perfume'> {
  perfume: perfumes.CompactCataloguePerfume;
}

/** Rarely present per-perfume state, kept beside the packed data. */
export interface Extras {
  declared: DeclaredChemicalLink[];
  removedChemicalIds: string[];
  notesAssigned: boolean;
}

export class DocumentColumns {
  ids: string[] = [];
  names: string[] = [];
  /** The name's `searchWords`, kept once a query needed them. */
  nameWordLists: (string[] | undefined)[] = [];
  descriptions: (string | null)[] = [];
  images: (string | null)[] = [];
  brandStr = new Int32Array(0);
  brandIdOf = new Int32Array(0);
  years = new Int16Array(0);
  genders = new Uint8Array(0);
  perfumers = new Int32Array(0);
  concentrations = new Int32Array(0);
  fieldSources = new Int32Array(0);
  readonly extras = new Map<number, Extras>();
  /** Label, coverage and estimates per document (records built before them have none). */
  readonly safety = new SafetyColumn();
  safetyBits = new Uint8Array(0);
  readonly arena = new IntArena();
  /** Distinct name words, and how many source catalogues list the perfume. */
  nameWordCounts = new Uint8Array(0);
  sourceCounts = new Uint8Array(0);
  private readonly sourceSets = new ValuePool<Record<string, string>>(sameStringRecord);
  private readonly pack: number[] = [];
  private readonly noteStrs: string[] = [];
  private readonly noteIds: number[] = [];
  private readonly idxScratch: number[] = [];
  /** The name links to each chemical usually carry (first seen), by chemical index. */
  readonly linkNames: string[] = [];
  private readonly keyScratch: number[] = [];
  private readonly linkScratch: number[] = [];

  constructor(
    private readonly strings: StringPool,
    private readonly postings: CataloguePostings,
  ) {}

  /** Makes room for documents `0 .. capacity - 1`. */
  grow(capacity: number): void {
    this.safety.grow(capacity);
    this.nameWordCounts = growUint8(this.nameWordCounts, capacity);
    this.sourceCounts = growUint8(this.sourceCounts, capacity);
    this.safetyBits = growUint8(this.safetyBits, capacity);
    this.genders = growUint8(this.genders, capacity);
    this.brandStr = growInt32(this.brandStr, capacity);
    this.brandIdOf = growInt32(this.brandIdOf, capacity);
    this.perfumers = growInt32(this.perfumers, capacity);
    this.concentrations = growInt32(this.concentrations, capacity);
    this.fieldSources = growInt32(this.fieldSources, capacity);
    const years = new Int16Array(capacity);
    years.set(this.years);
    this.years = years;
  }

  /** Forgets what `store` kept of `d` (its id stays: document ids are not reused). */
  clear(d: number): void {
    this.arena.free(d);
    this.extras.delete(d);
    this.safety.delete(d);
    this.safetyBits[d] = 0;
    this.names[d] = '';
    this.nameWordLists[d] = undefined;
    this.descriptions[d] = null;
    this.images[d] = null;
  }

  /** The name's `searchWords` (computed once, when a query first needs them). */
  nameWordList(d: number): string[] {
    let list = this.nameWordLists[d];
    if (list === undefined) {
      list = searchWords(this.names[d]!);
      this.nameWordLists[d] = list;
    }
    return list;
  }

  year(d: number): number | null {
    const year = this.years[d]!;
    return year === NO_YEAR ? null : year;
  }

  /** The index of each chemical's first inferred link in `d`'s record (the visible one). */
  firstInferredLinks(d: number): number[] {
    const out: number[] = [];
    const seen = this.linkScratch;
    seen.length = 0;
    const r = this.arena.read(d);
    let i = 1 + r[0]!;
    for (let k = 0; k < NOTE_POSITIONS.length; k++) i += 1 + r[i]!;
    const nLinks = r[i++]!;
    for (let k = 0; k < nLinks; k++, i += 3) {
      const idx = r[i]!;
      if (seen.includes(idx)) continue;
      seen.push(idx);
      out.push(k);
    }
    return out;
  }

  /**
   * Writes the columns and the packed record of `d` from its document; returns the words its name
   * is found by (what `nameWordsOf` gives for it).
   */
  store(d: number, doc: PerfumeDocument | CompactPerfumeDocument): Set<string> {
    const p = doc.perfume;
    const compact = perfumes.isCompactCataloguePerfume(p) ? p : null;
    const estimates =
      compact?.estimates !== undefined
        ? perfumes.allergenEstimatesOf(compact.estimates)
        : p.allergen_estimates;
    this.names[d] = p.name;
    this.nameWordLists[d] = undefined;
    const words = searchWords(p.name);
    const nameWords = new Set(words);
    this.nameWordCounts[d] = Math.min(255, nameWords.size);
    for (const word of joinedWords(p.name, words)) nameWords.add(word);
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
    this.storeSafety(d, p, estimates);

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
    const linked = this.idxScratch;
    linked.length = 0;
    const linkCountAt = pack.length;
    pack.push(0);
    // from_note is nearly always one of the notes just interned (the note id is looked up once per
    // group of links from one note in a compact record, the same strings interned in the same order).
    const noteIdOf = (note: string) => {
      const noteAt = noteStrs.indexOf(note);
      return noteAt >= 0 ? noteIds[noteAt]! : this.strings.intern(note);
    };
    if (compact) {
      for (const group of compact.inferred) {
        const noteId = noteIdOf(group[0]);
        for (let k = 1; k + 1 < group.length; k += 2) this.packLink(linked, group[k]!, noteId, group[k + 1]!);
      }
    } else {
      for (const link of (p as CataloguePerfume).chemicals)
        this.packLink(linked, link.chemical_id, noteIdOf(link.from_note), link.name);
    }
    pack[linkCountAt] = linked.length;
    pack.push(p.sources.length);
    for (const source of p.sources) pack.push(this.strings.intern(source));
    const visibleAt = pack.length;
    pack.push(0);
    const bits = this.safetyBits[d]!;
    if (doc.declared.length === 0 && doc.removedChemicalIds.length === 0 && (bits & HAS_LABEL) === 0) {
      // No declared or removed links and no label: the visible links are the inferred ones, one per
      // chemical, then the chemicals of the likely and possible allergens (`filterChemicalIds` of
      // the domain's view, without building it).
      for (const idx of linked) if (pack.indexOf(idx, visibleAt + 1) < 0) pack.push(idx);
      if ((bits & HAS_ESTIMATES) !== 0) {
        for (const e of estimates!) {
          const idx = this.postings.chemIndex(e.chemical_id);
          if (pack.indexOf(idx, visibleAt + 1) < 0) pack.push(idx);
          for (const id of (e as { member_ids?: readonly string[] }).member_ids ?? []) {
            const member = this.postings.chemIndex(id);
            if (pack.indexOf(member, visibleAt + 1) < 0) pack.push(member);
          }
        }
      }
    } else {
      // What filters on chemicals see: visible links and, without a label, likely/possible allergens.
      const full: PerfumeDocument = compact
        ? { ...doc, perfume: perfumes.expandCataloguePerfume(compact) }
        : (doc as PerfumeDocument);
      for (const id of filterChemicalIds(classifiable(full.perfume, visibleLinks(full))))
        pack.push(this.postings.chemIndex(id));
    }
    pack[visibleAt] = pack.length - visibleAt - 1;
    this.arena.write(d, pack);
    return nameWords;
  }

  /** One inferred link into the packed record (`pack`): chemical index, note id, name (-1: the usual one). */
  private packLink(linked: number[], chemicalId: string, noteId: number, name: string): void {
    const idx = this.postings.chemIndex(chemicalId);
    linked.push(idx);
    // The link name is nearly always the name this chemical's links carry elsewhere (-1 stands for that).
    const usualName = this.linkNames[idx];
    if (usualName === undefined) this.linkNames[idx] = name;
    this.pack.push(
      idx,
      noteId,
      usualName === undefined || usualName === name ? -1 : this.strings.intern(name),
    );
  }

  private storeSafety(
    d: number,
    p: CataloguePerfume | perfumes.CompactCataloguePerfume,
    estimates: AllergenEstimate[] | undefined,
  ): void {
    const fields: Partial<SafetyFields> = {};
    if (p.label !== undefined) fields.label = p.label;
    if (p.coverage !== undefined) fields.coverage = p.coverage;
    if (estimates !== undefined) fields.allergen_estimates = estimates;
    if (p.merged_ids !== undefined) fields.merged_ids = p.merged_ids;
    if (Object.keys(fields).length === 0) {
      this.safety.delete(d);
      this.safetyBits[d] = 0;
      return;
    }
    this.safety.set(d, fields);
    const knowledge = knowledgeOf({ chemicals: [], label: p.label, coverage: p.coverage });
    const labelSpeaks = labelNamesFragrance(p.label);
    this.safetyBits[d] =
      (p.coverage ? HAS_COVERAGE : 0) |
      (knowledge === 'notes_resolved' ? NOTES_RESOLVED : 0) |
      (p.label ? HAS_LABEL : 0) |
      (labelSpeaks ? LABEL_NAMES_FRAGRANCE : 0) |
      ((estimates?.length ?? 0) > 0 && !labelSpeaks ? HAS_ESTIMATES : 0);
  }

  /** Rebuilds the stored document of `d`. */
  documentOf(d: number): PerfumeDocument {
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
        // A fresh copy (the column decodes it).
        ...this.safety.get(d),
      },
      notesAssigned: extras?.notesAssigned ?? false,
      declared: extras ? [...extras.declared] : [],
      removedChemicalIds: extras ? [...extras.removedChemicalIds] : [],
    };
  }

  writeSnapshot(w: SnapshotWriter): void {
    w.strings('columns.ids', this.ids);
    w.strings('columns.names', this.names);
    w.strings('columns.descriptions', this.descriptions);
    w.strings('columns.images', this.images);
    w.array('columns.brandStr', this.brandStr);
    w.array('columns.brandIdOf', this.brandIdOf);
    w.array('columns.years', this.years);
    w.array('columns.genders', this.genders);
    w.array('columns.perfumers', this.perfumers);
    w.array('columns.concentrations', this.concentrations);
    w.array('columns.fieldSources', this.fieldSources);
    w.json('columns.extras', [...this.extras]);
    this.safety.writeSnapshot(w, 'columns.safety');
    w.array('columns.safetyBits', this.safetyBits);
    this.arena.writeSnapshot(w, 'columns.arena');
    w.array('columns.nameWordCounts', this.nameWordCounts);
    w.array('columns.sourceCounts', this.sourceCounts);
    this.sourceSets.writeSnapshot(w, 'columns.sourceSets');
    w.strings('columns.linkNames', this.linkNames);
  }

  /** Fills empty columns with what `writeSnapshot` wrote (sized for the capacity it had). */
  restoreSnapshot(r: SnapshotReader): void {
    if (this.ids.length > 0) throw new Error('restoring a snapshot into non-empty columns');
    this.ids = r.denseStrings('columns.ids');
    this.names = r.denseStrings('columns.names');
    this.nameWordLists = [];
    this.descriptions = r.strings('columns.descriptions') as (string | null)[];
    this.images = r.strings('columns.images') as (string | null)[];
    this.brandStr = r.int32('columns.brandStr');
    this.brandIdOf = r.int32('columns.brandIdOf');
    this.years = r.int16('columns.years');
    this.genders = r.uint8('columns.genders');
    this.perfumers = r.int32('columns.perfumers');
    this.concentrations = r.int32('columns.concentrations');
    this.fieldSources = r.int32('columns.fieldSources');
    for (const [d, extras] of r.json<[number, Extras][]>('columns.extras')) this.extras.set(d, extras);
    this.safety.restoreSnapshot(r, 'columns.safety');
    this.safetyBits = r.uint8('columns.safetyBits');
    this.arena.restoreSnapshot(r, 'columns.arena');
    this.nameWordCounts = r.uint8('columns.nameWordCounts');
    this.sourceCounts = r.uint8('columns.sourceCounts');
    this.sourceSets.restoreSnapshot(r, 'columns.sourceSets');
    const linkNames = r.strings('columns.linkNames');
    linkNames.forEach((name, idx) => {
      if (name != null) this.linkNames[idx] = name;
    });
    this.linkNames.length = linkNames.length;
  }

  /** The packed record's visible chemical indexes (last section of the record). */
  visibleChemIdx(d: number): Int32Array {
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
  noteIdsOf(d: number): number[] {
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

  /** The words a name is found by (`searchWords` and `joinedWords`), distinct. */
  nameWordsOf(d: number): Set<string> {
    const name = this.names[d]!;
    const words = searchWords(name);
    return new Set([...words, ...joinedWords(name, words)]);
  }
}

function growInt32(a: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(capacity);
  next.set(a);
  return next;
}

function growUint8(a: Uint8Array, capacity: number): Uint8Array<ArrayBuffer> {
  const next = new Uint8Array(capacity);
  next.set(a);
  return next;
}
