import type { SnapshotReader, SnapshotWriter } from './index-snapshot.ts';

/** Interns strings to dense integer ids, so repeated values (notes, accords, perfumers) are stored once. */
export class StringPool {
  private readonly ids = new Map<string, number>();
  private readonly values: string[] = [];

  intern(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }

  /** `-1` for null. */
  internNullable(value: string | null | undefined): number {
    return value === null || value === undefined ? -1 : this.intern(value);
  }

  get(id: number): string {
    const value = this.values[id];
    if (value === undefined) throw new Error(`No interned string ${id}`);
    return value;
  }

  getNullable(id: number): string | null {
    return id < 0 ? null : this.get(id);
  }

  get size(): number {
    return this.values.length;
  }

  writeSnapshot(w: SnapshotWriter, name: string): void {
    w.strings(name, this.values);
  }

  /** Fills an empty pool with what `writeSnapshot` wrote (same ids). */
  restoreSnapshot(r: SnapshotReader, name: string): void {
    if (this.values.length > 0) throw new Error('restoring a snapshot into a non-empty string pool');
    for (const value of r.denseStrings(name)) this.intern(value);
  }
}

/** How many recently interned values `ValuePool` compares a value with before serialising it. */
const RECENT_VALUES = 8;

/**
 * Interns JSON-serialisable values by their serialisation (e.g. a perfume's `field_sources`, which
 * few distinct shapes share), so each distinct value is kept once.
 */
export class ValuePool<T> {
  private readonly ids = new Map<string, number>();
  private readonly values: T[] = [];
  /** The last few distinct values interned (most recent first) and their ids. */
  private readonly recentValues: T[] = [];
  private readonly recentIds: number[] = [];

  /**
   * `same`: a cheap equality for the common case of a value equal to one interned shortly before
   * (records arrive grouped by source, so nearby ones mostly share theirs); it skips the
   * serialisation.
   */
  constructor(private readonly same?: (a: T, b: T) => boolean) {}

  intern(value: T): number {
    const same = this.same;
    if (!same) return this.internSerialised(value);
    const recent = this.recentValues;
    for (let i = 0; i < recent.length; i++) {
      if (same(value, recent[i]!)) return this.recentIds[i]!;
    }
    const id = this.internSerialised(value);
    recent.unshift(value);
    this.recentIds.unshift(id);
    if (recent.length > RECENT_VALUES) {
      recent.pop();
      this.recentIds.pop();
    }
    return id;
  }

  private internSerialised(value: T): number {
    const key = JSON.stringify(value);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(key, id);
      this.values.push(value);
    }
    return id;
  }

  get(id: number): T {
    const value = this.values[id];
    if (value === undefined) throw new Error(`No interned value ${id}`);
    return value;
  }

  writeSnapshot(w: SnapshotWriter, name: string): void {
    w.json(name, this.values);
  }

  /** Fills an empty pool with what `writeSnapshot` wrote (same ids). */
  restoreSnapshot(r: SnapshotReader, name: string): void {
    if (this.values.length > 0) throw new Error('restoring a snapshot into a non-empty value pool');
    for (const value of r.json<T[]>(name)) this.internSerialised(value);
  }
}

/** Equal string records with their keys in the same order (what `JSON.stringify` would tell apart). */
export function sameStringRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (other[i] !== key || a[key] !== b[key]) return false;
  }
  return true;
}
