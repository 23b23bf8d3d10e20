/**
 * The in-process index's postings: which documents hold each name word, brand, note and chemical.
 * Brands, notes and chemicals get dense ids in first-seen order, each with a sorted posting list;
 * name and brand words sit in token dictionaries with prefix and typo-candidate lookup.
 */
import { noteKey } from '@scentinel/domain';
import type { NoteRecord } from './catalogue.types.ts';
import { brandKeyOf } from './catalogue-query.ts';
import type { SnapshotReader, SnapshotWriter } from './index-snapshot.ts';
import { PostingList } from './posting-list.ts';
import type { BrandCount, NoteCount } from './search-index.port.ts';
import { joinedWords, searchWords } from './search-text.ts';
import type { StringPool } from './string-pool.ts';
import { compareCodeUnits, TokenDictionary } from './token-dictionary.ts';

export class CataloguePostings {
  /** Name word (`searchWords`, `joinedWords`) → documents. */
  readonly nameWords = new TokenDictionary();
  /** Brand word → brand ids. */
  readonly brandWords = new TokenDictionary();

  private readonly brandIds = new Map<string, number>();
  private readonly brandIdByRaw = new Map<string, number>();
  private readonly brandNames: string[] = [];
  /** Distinct `searchWords` per brand id. */
  private readonly brandWordLists: string[][] = [];
  private readonly brandPostings: PostingList[] = [];
  /** Note key (domain `noteKey`) → dense note id; per note id its postings and first-seen name. */
  private readonly noteIdsByKey = new Map<string, number>();
  private readonly noteKeys: string[] = [];
  private readonly noteNames: string[] = [];
  private readonly notePostings: PostingList[] = [];
  /** Interned string id → note id + 1 (0: not seen as a note yet). */
  private noteIdOfString = new Int32Array(1024);
  private readonly chemIdx = new Map<string, number>();
  private readonly chemIds: string[] = [];
  private readonly chemPostings: (PostingList | undefined)[] = [];

  constructor(private readonly strings: StringPool) {}

  /** Indexes document `d` under its name words, brand, notes and visible chemicals. */
  add(
    d: number,
    nameWords: Iterable<string>,
    brandId: number,
    noteIds: readonly number[],
    chemIdx: ArrayLike<number>,
  ) {
    for (const word of nameWords) this.nameWords.add(word, d);
    this.brandPostings[brandId]!.add(d);
    for (const id of noteIds) this.notePostings[id]!.add(d);
    for (let k = 0; k < chemIdx.length; k++) {
      const idx = chemIdx[k]!;
      let list = this.chemPostings[idx];
      if (!list) {
        list = new PostingList();
        this.chemPostings[idx] = list;
      }
      list.add(d);
    }
  }

  /** Drops document `d` from the postings `add` put it in. */
  remove(
    d: number,
    nameWords: Iterable<string>,
    brandId: number,
    noteIds: readonly number[],
    chemIdx: ArrayLike<number>,
  ) {
    for (const word of nameWords) this.nameWords.remove(word, d);
    this.brandPostings[brandId]?.remove(d);
    for (const id of noteIds) this.notePostings[id]!.remove(d);
    for (let k = 0; k < chemIdx.length; k++) this.chemPostings[chemIdx[k]!]?.remove(d);
  }

  /** Builds lazy lookup tables now rather than on the first query. */
  warm(): void {
    this.nameWords.warm();
    this.brandWords.warm();
  }

  writeSnapshot(w: SnapshotWriter): void {
    this.nameWords.writeSnapshot(w, 'postings.nameWords');
    this.brandWords.writeSnapshot(w, 'postings.brandWords');
    // Brand and note ids are assigned in the order their maps were filled: the lists restore them.
    w.strings('postings.brandKeys', [...this.brandIds.keys()]);
    w.strings('postings.brandRaw', [...this.brandIdByRaw.keys()]);
    w.array('postings.brandRawIds', Int32Array.from(this.brandIdByRaw.values()));
    w.strings('postings.brandNames', this.brandNames);
    w.array(
      'postings.brandWordCounts',
      Int32Array.from(this.brandWordLists, (l) => l.length),
    );
    w.strings('postings.brandWordLists', this.brandWordLists.flat());
    w.intLists(
      'postings.brandPostings',
      this.brandPostings.map((l) => l.view()),
    );
    w.strings('postings.noteKeys', this.noteKeys);
    w.strings('postings.noteNames', this.noteNames);
    w.intLists(
      'postings.notePostings',
      this.notePostings.map((l) => l.view()),
    );
    w.array('postings.noteIdOfString', this.noteIdOfString);
    w.strings('postings.chemIds', this.chemIds);
    w.intLists(
      'postings.chemPostings',
      Array.from({ length: this.chemIds.length }, (_, i) => this.chemPostings[i]?.view()),
    );
  }

  /** Fills empty postings with what `writeSnapshot` wrote. */
  restoreSnapshot(r: SnapshotReader): void {
    if (this.brandNames.length > 0 || this.chemIds.length > 0 || this.noteKeys.length > 0) {
      throw new Error('restoring a snapshot into non-empty postings');
    }
    this.nameWords.restoreSnapshot(r, 'postings.nameWords');
    this.brandWords.restoreSnapshot(r, 'postings.brandWords');
    const brandKeys = r.denseStrings('postings.brandKeys');
    brandKeys.forEach((key, id) => {
      this.brandIds.set(key, id);
    });
    const raw = r.denseStrings('postings.brandRaw');
    const rawIds = r.int32('postings.brandRawIds');
    raw.forEach((brand, i) => {
      this.brandIdByRaw.set(brand, rawIds[i]!);
    });
    this.brandNames.push(...r.denseStrings('postings.brandNames'));
    const counts = r.int32('postings.brandWordCounts');
    const words = r.denseStrings('postings.brandWordLists');
    let at = 0;
    for (const n of counts) {
      this.brandWordLists.push(words.slice(at, at + n));
      at += n;
    }
    for (const ids of r.intLists('postings.brandPostings'))
      this.brandPostings.push(PostingList.fromIds(ids!));
    const noteKeys = r.denseStrings('postings.noteKeys');
    noteKeys.forEach((key, id) => {
      this.noteIdsByKey.set(key, id);
      this.noteKeys.push(key);
    });
    this.noteNames.push(...r.denseStrings('postings.noteNames'));
    for (const ids of r.intLists('postings.notePostings')) this.notePostings.push(PostingList.fromIds(ids!));
    this.noteIdOfString = r.int32('postings.noteIdOfString');
    for (const id of r.denseStrings('postings.chemIds')) this.chemIndex(id);
    r.intLists('postings.chemPostings').forEach((ids, i) => {
      if (ids) this.chemPostings[i] = PostingList.fromIds(ids);
    });
    if (
      brandKeys.length !== this.brandNames.length ||
      this.brandWordLists.length !== this.brandNames.length ||
      this.brandPostings.length !== this.brandNames.length ||
      this.noteNames.length !== noteKeys.length ||
      this.notePostings.length !== noteKeys.length
    ) {
      throw new Error('snapshot postings are inconsistent');
    }
  }

  // ---------------------------------------------------------------- brands

  /** The dense id of a brand (brands equal after normalisation share one). */
  brandId(brand: string): number {
    const cached = this.brandIdByRaw.get(brand);
    if (cached !== undefined) return cached;
    const key = brandKeyOf(brand);
    let id = this.brandIds.get(key);
    if (id === undefined) {
      id = this.brandNames.length;
      this.brandIds.set(key, id);
      this.brandNames.push(brand);
      this.brandWordLists.push([...new Set(searchWords(brand))]);
      this.brandPostings.push(new PostingList());
      for (const word of new Set([...searchWords(brand), ...joinedWords(brand)]))
        this.brandWords.add(word, id);
    }
    this.brandIdByRaw.set(brand, id);
    return id;
  }

  /** The documents of the brand a filter names (case- and accent-insensitive), if any. */
  brandDocsByName(brand: string): PostingList | undefined {
    const id = this.brandIds.get(brandKeyOf(brand));
    return id === undefined ? undefined : this.brandPostings[id];
  }

  brandDocs(brandId: number): PostingList | undefined {
    return this.brandPostings[brandId];
  }

  brandWordList(brandId: number): readonly string[] {
    return this.brandWordLists[brandId]!;
  }

  /** Brands with perfumes, by name. */
  brandCounts(): BrandCount[] {
    const out: BrandCount[] = [];
    this.brandNames.forEach((name, id) => {
      const size = this.brandPostings[id]?.size ?? 0;
      if (size > 0) out.push({ name, perfume_count: size });
    });
    return out.sort((a, b) => compareText(a.name, b.name));
  }

  // ---------------------------------------------------------------- notes

  /** The note id of an interned note name (its domain `noteKey` decides which names are one note). */
  noteIdOf(stringId: number): number {
    const known = stringId < this.noteIdOfString.length ? this.noteIdOfString[stringId]! : 0;
    if (known > 0) return known - 1;
    const name = this.strings.get(stringId);
    const key = noteKey(name);
    let id = this.noteIdsByKey.get(key);
    if (id === undefined) {
      id = this.noteKeys.length;
      this.noteIdsByKey.set(key, id);
      this.noteKeys.push(key);
      this.noteNames.push(name);
      this.notePostings.push(new PostingList());
    }
    if (stringId >= this.noteIdOfString.length) {
      const next = new Int32Array(Math.max(stringId + 1, this.noteIdOfString.length * 2));
      next.set(this.noteIdOfString);
      this.noteIdOfString = next;
    }
    this.noteIdOfString[stringId] = id + 1;
    return id;
  }

  notePosting(key: string): PostingList | undefined {
    const id = this.noteIdsByKey.get(key);
    return id === undefined ? undefined : this.notePostings[id];
  }

  /** The taxonomy's notes plus every other note in use, with perfume counts, by name. */
  noteCounts(taxonomy: readonly NoteRecord[]): NoteCount[] {
    const out: NoteCount[] = [];
    const covered = new Set<string>();
    for (const note of taxonomy) {
      const key = noteKey(note.name);
      covered.add(key);
      out.push({ ...note, perfume_count: this.notePosting(key)?.size ?? 0 });
    }
    for (const [id, key] of this.noteKeys.entries()) {
      const list = this.notePostings[id]!;
      if (covered.has(key) || list.size === 0) continue;
      const name = this.noteNames[id]!;
      out.push({ id: name, name, category: null, description: null, perfume_count: list.size });
    }
    return out.sort((a, b) => compareText(a.name, b.name));
  }

  // ---------------------------------------------------------------- chemicals

  /** The dense index of a chemical id (assigned on first sight). */
  chemIndex(chemicalId: string): number {
    let idx = this.chemIdx.get(chemicalId);
    if (idx === undefined) {
      idx = this.chemIds.length;
      this.chemIdx.set(chemicalId, idx);
      this.chemIds.push(chemicalId);
    }
    return idx;
  }

  chemId(idx: number): string {
    return this.chemIds[idx]!;
  }

  chemPosting(chemicalId: string): PostingList | undefined {
    const idx = this.chemIdx.get(chemicalId);
    return idx === undefined ? undefined : this.chemPostings[idx];
  }
}

function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : compareCodeUnits(a, b);
}
