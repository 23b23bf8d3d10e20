import { type Bits, setBit } from './bitset.ts';
import { addSorted, removeSorted } from './posting-list.ts';

/**
 * Token → sorted document ids, with prefix lookup through a sorted array of the distinct tokens
 * (binary search for the first token ≥ the prefix, then a scan while tokens start with it). The
 * sorted array is rebuilt lazily, only after a token was added or dropped.
 */
export class TokenDictionary {
  private readonly postings = new Map<string, number[]>();
  private sorted: string[] | null = null;
  /** Tokens by first letter and length ("s7" → every 7-letter token starting with s), built lazily. */
  private shapes: Map<string, string[]> | null = null;

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
  }

  remove(token: string, doc: number): void {
    const list = this.postings.get(token);
    if (!list) return;
    removeSorted(list, doc);
    if (list.length === 0) {
      this.postings.delete(token);
      this.sorted = null;
      this.shapes = null;
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
    if (this.shapes === null) {
      const shapes = new Map<string, string[]>();
      for (const token of this.postings.keys()) {
        const key = token[0]! + token.length;
        const list = shapes.get(key);
        if (list) list.push(token);
        else shapes.set(key, [token]);
      }
      this.shapes = shapes;
    }
    return this.shapes.get(first + length) ?? [];
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

  private sortedTokens(): string[] {
    if (this.sorted === null) this.sorted = [...this.postings.keys()].sort(compareCodeUnits);
    return this.sorted;
  }
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
