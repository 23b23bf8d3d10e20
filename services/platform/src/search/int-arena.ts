import type { SnapshotReader, SnapshotWriter } from './index-snapshot.ts';

/**
 * Variable-length integer records in one growable `Int32Array`, addressed by slot (a document
 * id): a write appends a new record and leaves the old one as garbage, which `compact` reclaims
 * once it outweighs the live data. Much smaller than one small array per document.
 */
export class IntArena {
  private heap = new Int32Array(1 << 16);
  private used = 0;
  private garbage = 0;
  private offsets = new Int32Array(1024);
  private lengths = new Int32Array(1024);

  /** Stores `values` (the first `length` of them) as the record of `slot`, replacing any previous one. */
  write(slot: number, values: Int32Array | number[], length = values.length): void {
    this.ensureSlots(slot + 1);
    this.garbage += this.lengths[slot]!;
    if (this.used + length > this.heap.length) this.growHeap(length);
    const at = this.used;
    if (values instanceof Int32Array) this.heap.set(values.subarray(0, length), at);
    else for (let i = 0; i < length; i++) this.heap[at + i] = values[i]!;
    this.offsets[slot] = at;
    this.lengths[slot] = length;
    this.used += length;
  }

  /** Forgets the record of `slot`. */
  free(slot: number): void {
    if (slot >= this.lengths.length) return;
    this.garbage += this.lengths[slot]!;
    this.lengths[slot] = 0;
    this.offsets[slot] = 0;
  }

  /** The record of `slot` (a view: do not keep it across writes). */
  read(slot: number): Int32Array {
    if (slot >= this.lengths.length) return this.heap.subarray(0, 0);
    const at = this.offsets[slot]!;
    return this.heap.subarray(at, at + this.lengths[slot]!);
  }

  /** Live integers stored. */
  get liveSize(): number {
    return this.used - this.garbage;
  }

  get byteSize(): number {
    return this.heap.byteLength + this.offsets.byteLength + this.lengths.byteLength;
  }

  private growHeap(extra: number): void {
    if (this.garbage > this.used / 2) {
      this.compact();
      if (this.used + extra <= this.heap.length) return;
    }
    const next = new Int32Array(Math.max(this.heap.length * 2, this.used + extra));
    next.set(this.heap.subarray(0, this.used));
    this.heap = next;
  }

  writeSnapshot(w: SnapshotWriter, name: string): void {
    w.array(`${name}.heap`, this.heap.subarray(0, this.used));
    w.array(`${name}.offsets`, this.offsets);
    w.array(`${name}.lengths`, this.lengths);
    w.value(`${name}.garbage`, this.garbage);
  }

  /** Takes the state `writeSnapshot` wrote (replacing any records held). */
  restoreSnapshot(r: SnapshotReader, name: string): void {
    const heap = r.int32(`${name}.heap`);
    const offsets = r.int32(`${name}.offsets`);
    const lengths = r.int32(`${name}.lengths`);
    if (offsets.length !== lengths.length) throw new Error(`snapshot arena ${name} is inconsistent`);
    this.heap = heap;
    this.used = heap.length;
    this.offsets = offsets;
    this.lengths = lengths;
    this.garbage = r.value<number>(`${name}.garbage`);
  }

  /** Rewrites the live records contiguously. */
  compact(): void {
    const next = new Int32Array(Math.max(1 << 16, this.liveSize * 2));
    let at = 0;
    for (let slot = 0; slot < this.lengths.length; slot++) {
      const len = this.lengths[slot]!;
      if (len === 0) continue;
      const from = this.offsets[slot]!;
      next.set(this.heap.subarray(from, from + len), at);
      this.offsets[slot] = at;
      at += len;
    }
    this.heap = next;
    this.used = at;
    this.garbage = 0;
  }

  private ensureSlots(n: number): void {
    if (n <= this.offsets.length) return;
    const size = Math.max(n, this.offsets.length * 2);
    const offsets = new Int32Array(size);
    offsets.set(this.offsets);
    const lengths = new Int32Array(size);
    lengths.set(this.lengths);
    this.offsets = offsets;
    this.lengths = lengths;
  }
}
