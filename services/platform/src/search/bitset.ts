/**
 * Fixed-width bitsets over dense document ids (bit `d` of word `d >>> 5`), as plain `Uint32Array`s
 * so the index can keep many of them and combine them with tight loops. Operations write into a
 * destination (which may alias an operand) and never allocate.
 */

export type Bits = Uint32Array;

export function wordsFor(capacity: number): number {
  return (capacity + 31) >>> 5;
}

export function setBit(bits: Bits, doc: number): void {
  bits[doc >>> 5]! |= 1 << (doc & 31);
}

export function clearBit(bits: Bits, doc: number): void {
  bits[doc >>> 5]! &= ~(1 << (doc & 31));
}

export function assignBit(bits: Bits, doc: number, on: boolean): void {
  if (on) setBit(bits, doc);
  else clearBit(bits, doc);
}

export function testBit(bits: Bits, doc: number): boolean {
  return ((bits[doc >>> 5]! >>> (doc & 31)) & 1) === 1;
}

export function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function count(bits: Bits, words = bits.length): number {
  let n = 0;
  for (let i = 0; i < words; i++) {
    const w = bits[i]!;
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

export function copy(dest: Bits, src: Bits, words = dest.length): Bits {
  dest.set(src.subarray(0, words));
  return dest;
}

export function clear(dest: Bits, words = dest.length): Bits {
  dest.fill(0, 0, words);
  return dest;
}

/** dest = a & b */
export function and(dest: Bits, a: Bits, b: Bits, words = dest.length): Bits {
  for (let i = 0; i < words; i++) dest[i] = a[i]! & b[i]!;
  return dest;
}

/** dest = a | b */
export function or(dest: Bits, a: Bits, b: Bits, words = dest.length): Bits {
  for (let i = 0; i < words; i++) dest[i] = a[i]! | b[i]!;
  return dest;
}

/** dest = a & ~b */
export function andNot(dest: Bits, a: Bits, b: Bits, words = dest.length): Bits {
  for (let i = 0; i < words; i++) dest[i] = a[i]! & ~b[i]!;
  return dest;
}

/** True when a & b has no bit set. */
export function disjoint(a: Bits, b: Bits, words = a.length): boolean {
  for (let i = 0; i < words; i++) if ((a[i]! & b[i]!) !== 0) return false;
  return true;
}

/**
 * Appends to `out` the ids of the set bits of rank `skip`, `skip + 1`, … (ascending id order), at
 * most `limit` of them. Whole words below the starting rank are skipped by popcount.
 */
export function select(bits: Bits, skip: number, limit: number, out: number[], words = bits.length): void {
  if (limit <= 0) return;
  let toSkip = skip;
  let wanted = limit;
  for (let i = 0; i < words; i++) {
    let w = bits[i]!;
    if (w === 0) continue;
    if (toSkip > 0) {
      const c = popcount32(w);
      if (c <= toSkip) {
        toSkip -= c;
        continue;
      }
      while (toSkip > 0) {
        w &= w - 1;
        toSkip--;
      }
    }
    while (w !== 0) {
      const low = w & -w;
      out.push((i << 5) | (31 - Math.clz32(low)));
      if (--wanted === 0) return;
      w ^= low;
    }
  }
}

/** Calls `fn` for each set bit in ascending order. */
export function forEach(bits: Bits, fn: (doc: number) => void, words = bits.length): void {
  for (let i = 0; i < words; i++) {
    let w = bits[i]!;
    while (w !== 0) {
      const low = w & -w;
      fn((i << 5) | (31 - Math.clz32(low)));
      w ^= low;
    }
  }
}

/** A copy of `bits` resized to `words` words (extra words zero). */
export function grow(bits: Bits, words: number): Bits {
  if (bits.length >= words) return bits;
  const next = new Uint32Array(words);
  next.set(bits);
  return next;
}

/**
 * A bitset for small sets over a large id space: it remembers which words it touched, so listing
 * the members (ascending) and clearing cost the set's size, not the id space's.
 */
export class SparseBits {
  private bits: Bits;
  private readonly touched: number[] = [];

  constructor(words: number) {
    this.bits = new Uint32Array(words);
  }

  add(doc: number): void {
    const w = doc >>> 5;
    if (this.bits[w] === 0) this.touched.push(w);
    this.bits[w]! |= 1 << (doc & 31);
  }

  /** Appends the members in ascending order to `out` and empties the set. */
  drainInto(out: number[]): void {
    const touched = this.touched.sort((a, b) => a - b);
    for (const w of touched) {
      let bits = this.bits[w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        out.push((w << 5) | (31 - Math.clz32(low)));
        bits ^= low;
      }
      this.bits[w] = 0;
    }
    touched.length = 0;
  }

  /** Makes room for `words` words (only when empty). */
  resize(words: number): void {
    if (this.bits.length < words) this.bits = new Uint32Array(words);
  }
}
