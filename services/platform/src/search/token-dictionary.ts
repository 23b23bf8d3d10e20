import { type Bits, setBit } from './bitset.ts';
import type { SnapshotReader, SnapshotWriter } from './index-snapshot.ts';
import { addSorted, removeSorted } from './posting-list.ts';

/**
 * Token → sorted document ids, with prefix lookup through a sorted array of the distinct tokens
 * (binary search for the first token ≥ the prefix, then a scan while tokens start with it). The
 * sorted array is rebuilt lazily, only after a token was added or dropped.
 */
export class TokenDictionary {
  private readonly postings = new Map<string, number[]>();
  private sorted: string[] | null = null;
  /**
   * Tokens by first letter and length ("s7" → every 7-letter token starting with s), with each
   * token's `letterMask`, built lazily.
   */
  private shapes: Map<string, Shape> | null = null;
  /** Bumped whenever a token appears or goes (what a query word expands to may change). */
  private tokenVersion = 0;

  /** Changes whenever the set of tokens changes (not when only their documents do). */
  get version(): number {
    return this.tokenVersion;
  }

  get tokenCount(): number {
    return this.postings.size;
  }

  add(token: string, doc: number): void {
    const list = this.postings.get(token);
    if (list) {
      addSorted(list, doc);
      return;
    }
    this.postings.set(token, [doc]);
    this.sorted = null;
    this.shapes = null;
    this.tokenVersion++;
  }

  remove(token: string, doc: number): void {
    const list = this.postings.get(token);
    if (!list) return;
    removeSorted(list, doc);
    if (list.length === 0) {
      this.postings.delete(token);
      this.sorted = null;
      this.shapes = null;
      this.tokenVersion++;
    }
  }

  get(token: string): readonly number[] | undefined {
    return this.postings.get(token);
  }

  /** Sets in `bits` every document holding a token that starts with `prefix`; returns how many tokens matched. */
  orPrefixInto(prefix: string, bits: Bits): number {
    const tokens = this.sortedTokens();
    let i = lowerBound(tokens, prefix);
    let matched = 0;
    for (; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (!token.startsWith(prefix)) break;
      matched++;
      const list = this.postings.get(token)!;
      for (let j = 0; j < list.length; j++) setBit(bits, list[j]!);
    }
    return matched;
  }

  /** Sets in `bits` every document holding exactly `token`. */
  orExactInto(token: string, bits: Bits): void {
    const list = this.postings.get(token);
    if (!list) return;
    for (let j = 0; j < list.length; j++) setBit(bits, list[j]!);
  }

  /**
   * How many (token, document) entries the tokens starting with `prefix` hold, counting no further
   * than `cap` (returns `cap + 1` once over it).
   */
  prefixCount(prefix: string, cap: number): number {
    const tokens = this.sortedTokens();
    let n = 0;
    for (let i = lowerBound(tokens, prefix); i < tokens.length && tokens[i]!.startsWith(prefix); i++) {
      n += this.postings.get(tokens[i]!)!.length;
      if (n > cap) return cap + 1;
    }
    return n;
  }

  /** Calls `fn` with the ids of every token starting with `prefix`. */
  forEachWithPrefix(prefix: string, fn: (ids: readonly number[]) => void): void {
    const tokens = this.sortedTokens();
    for (let i = lowerBound(tokens, prefix); i < tokens.length && tokens[i]!.startsWith(prefix); i++) {
      fn(this.postings.get(tokens[i]!)!);
    }
  }

  /** Calls `fn` with every token starting with `prefix` and its ids, tokens ascending. */
  forEachTokenWithPrefix(prefix: string, fn: (token: string, ids: readonly number[]) => void): void {
    const tokens = this.sortedTokens();
    for (let i = lowerBound(tokens, prefix); i < tokens.length && tokens[i]!.startsWith(prefix); i++) {
      fn(tokens[i]!, this.postings.get(tokens[i]!)!);
    }
  }

  /** Tokens starting with the letter `first` whose length is `length` (typo candidates). */
  tokensShaped(first: string, length: number): readonly string[] {
    return this.shaped(first, length).tokens;
  }

  /**
   * Calls `fn` with each token starting with `word`'s first letter, of a length within `budget` of
   * its length, that may be within `budget` edits of it: tokens holding more than `budget` letters
   * `word` lacks, or lacking more than `budget` of its letters, are left out (`letterMask`).
   */
  forEachTypoCandidate(word: string, budget: number, fn: (token: string) => void): void {
    const mask = letterMask(word);
    for (let length = word.length - budget; length <= word.length + budget; length++) {
      const { tokens, masks } = this.shaped(word[0]!, length);
      for (let k = 0; k < tokens.length; k++) {
        const m = masks[k]!;
        if (popcount(m & ~mask) > budget || popcount(mask & ~m) > budget) continue;
        fn(tokens[k]!);
      }
    }
  }

  private shaped(first: string, length: number): Shape {
    if (this.shapes === null) {
      const lists = new Map<string, string[]>();
      for (const token of this.postings.keys()) {
        const key = token[0]! + token.length;
        const list = lists.get(key);
        if (list) list.push(token);
        else lists.set(key, [token]);
      }
      const shapes = new Map<string, Shape>();
      for (const [key, tokens] of lists)
        shapes.set(key, { tokens, masks: Int32Array.from(tokens, letterMask) });
      this.shapes = shapes;
    }
    return this.shapes.get(first + length) ?? NO_SHAPE;
  }

  /** Distinct tokens starting with `prefix`, ascending. */
  tokensWithPrefix(prefix: string): string[] {
    const tokens = this.sortedTokens();
    const out: string[] = [];
    for (let i = lowerBound(tokens, prefix); i < tokens.length && tokens[i]!.startsWith(prefix); i++) {
      out.push(tokens[i]!);
    }
    return out;
  }

  /** Builds the sorted token array now instead of on the next prefix lookup. */
  warm(): void {
    this.sortedTokens();
    this.tokensShaped('', 0);
  }

  /** Tokens (in insertion order), their documents, and the sorted order, so a restore sorts nothing. */
  writeSnapshot(w: SnapshotWriter, name: string): void {
    const tokens = [...this.postings.keys()];
    const at = new Map(tokens.map((t, i) => [t, i]));
    w.strings(`${name}.tokens`, tokens);
    w.intLists(`${name}.docs`, [...this.postings.values()]);
    w.array(
      `${name}.sorted`,
      Int32Array.from(this.sortedTokens(), (t) => at.get(t)!),
    );
    w.value(`${name}.version`, this.tokenVersion);
  }

  /** Fills an empty dictionary with what `writeSnapshot` wrote. */
  restoreSnapshot(r: SnapshotReader, name: string): void {
    if (this.postings.size > 0) throw new Error('restoring a snapshot into a non-empty dictionary');
    const tokens = r.denseStrings(`${name}.tokens`);
    const docs = r.intLists(`${name}.docs`);
    const sorted = r.int32(`${name}.sorted`);
    if (docs.length !== tokens.length || sorted.length !== tokens.length) {
      throw new Error(`snapshot dictionary ${name} is inconsistent`);
    }
    for (let i = 0; i < tokens.length; i++) {
      const ids = docs[i]!;
      const list: number[] = [];
      for (let k = 0; k < ids.length; k++) list.push(ids[k]!);
      this.postings.set(tokens[i]!, list);
    }
    this.sorted = Array.from(sorted, (i) => tokens[i]!);
    this.shapes = null;
    this.tokenVersion = r.value<number>(`${name}.version`);
  }

  private sortedTokens(): string[] {
    if (this.sorted === null) this.sorted = [...this.postings.keys()].sort(compareCodeUnits);
    return this.sorted;
  }
}

interface Shape {
  tokens: string[];
  masks: Int32Array;
}

const NO_SHAPE: Shape = { tokens: [], masks: new Int32Array(0) };

/**
 * The set of a word's characters folded onto 32 bits (code unit modulo 32). An edit adds at most
 * one character to a word and takes at most one away, so two words within `n` edits differ by at
 * most `n` characters each way, and so do their masks (folding only merges characters).
 */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lowerBound(tokens: readonly string[], key: string): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
