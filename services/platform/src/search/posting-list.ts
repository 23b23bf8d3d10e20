import { type Bits, setBit } from './bitset.ts';

/** Lists with more ids than this many per bitset word keep a bitset copy for `orInto`. */
const DENSE_IDS_PER_WORD = 2;

/**
 * A sorted set of document ids in a growable `Int32Array`: adding the highest id so far (the
 * common case while a catalogue loads) is an append; other adds and removes shift the tail.
 */
export class PostingList {
  private ids: Int32Array;
  private n = 0;
  /** The ids as a bitset, built on demand for large lists; dropped by any write. */
  private dense: Uint32Array | null = null;

  constructor(capacity = 4) {
    this.ids = new Int32Array(capacity);
  }

  /** A list holding `ids` (ascending, distinct), which it takes over (a snapshot's restore). */
  static fromIds(ids: Int32Array): PostingList {
    const list = new PostingList(0);
    list.ids = ids;
    list.n = ids.length;
    return list;
  }

  get size(): number {
    return this.n;
  }

  add(doc: number): void {
    this.dense = null;
    const n = this.n;
    if (n === 0 || this.ids[n - 1]! < doc) {
      this.ensure(n + 1);
      this.ids[n] = doc;
      this.n = n + 1;
      return;
    }
    const at = this.lowerBound(doc);
    if (this.ids[at] === doc) return;
    this.ensure(n + 1);
    this.ids.copyWithin(at + 1, at, n);
    this.ids[at] = doc;
    this.n = n + 1;
  }

  remove(doc: number): void {
    this.dense = null;
    const at = this.lowerBound(doc);
    if (at >= this.n || this.ids[at] !== doc) return;
    this.ids.copyWithin(at, at + 1, this.n);
    this.n--;
  }

  has(doc: number): boolean {
    const at = this.lowerBound(doc);
    return at < this.n && this.ids[at] === doc;
  }

  /** Sets the bit of every id in `bits` (word by word from a cached bitset when the list is large). */
  orInto(bits: Bits): void {
    const ids = this.ids;
    if (this.n <= bits.length * DENSE_IDS_PER_WORD) {
      for (let i = 0; i < this.n; i++) setBit(bits, ids[i]!);
      return;
    }
    let dense = this.dense;
    if (dense === null || dense.length !== bits.length) {
      dense = new Uint32Array(bits.length);
      for (let i = 0; i < this.n; i++) setBit(dense, ids[i]!);
      this.dense = dense;
    }
    for (let w = 0; w < dense.length; w++) bits[w]! |= dense[w]!;
  }

  /** The ids, ascending (a view: do not keep it across writes). */
  view(): Int32Array {
    return this.ids.subarray(0, this.n);
  }

  private lowerBound(doc: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private ensure(size: number): void {
    if (size <= this.ids.length) return;
    const next = new Int32Array(Math.max(size, this.ids.length * 2));
    next.set(this.ids.subarray(0, this.n));
    this.ids = next;
  }
}

/**
 * Small sorted id lists in plain arrays, for dictionaries with many keys and short lists (name
 * tokens), where a typed array's fixed overhead would dominate.
 */
export function addSorted(list: number[], doc: number): void {
  const n = list.length;
  if (n === 0 || list[n - 1]! < doc) {
    list.push(doc);
    return;
  }
  const at = lowerBound(list, doc);
  if (list[at] !== doc) list.splice(at, 0, doc);
}

export function removeSorted(list: number[], doc: number): void {
  const at = lowerBound(list, doc);
  if (list[at] === doc) list.splice(at, 1);
}

function lowerBound(list: number[], doc: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
