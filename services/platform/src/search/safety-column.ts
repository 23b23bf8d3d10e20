/**
 * The safety fields of each perfume (label, coverage, allergen estimates, merged ids), packed into
 * one integer arena instead of kept as objects: nearly every perfume has a coverage and a dozen
 * estimates, which as objects are most of the index's memory. Values of the usual shape are packed
 * (strings interned, probabilities as their 64 bits); any other value (and labels, which are rare)
 * is kept as its JSON text, so what `get` gives back always equals what `set` was given, keys in
 * the same order. Both key orders a record comes in are packed: the data build's, and the one
 * Postgres `jsonb` gives back (shorter keys first), which every record read from the log has.
 */
import type { CataloguePerfume } from './catalogue.types.ts';
import type { SnapshotReader, SnapshotWriter } from './index-snapshot.ts';
import { IntArena } from './int-arena.ts';
import { StringPool } from './string-pool.ts';

/** The safety fields of a record (label, coverage, estimates, merged ids), as given. */
export type SafetyFields = Pick<CataloguePerfume, 'label' | 'coverage' | 'allergen_estimates' | 'merged_ids'>;

const LABEL = 1;
const COVERAGE = 2;
const ESTIMATES = 4;
const MERGED = 8;
/** How a field is stored. */
const IS_NULL = 0;
const PACKED = 1;
const AS_JSON = 2;
/** Packed, the object's keys in `jsonb`'s order (`*_KEYS_JSONB`). */
const PACKED_JSONB = 3;

const f64 = new Float64Array(1);
const f64Words = new Int32Array(f64.buffer);

/** A plain object whose own keys are exactly `keys`, in that order. */
function hasKeys(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return false;
  let i = 0;
  for (const key in value) {
    if (key !== keys[i]) return false;
    i++;
  }
  return i === keys.length;
}

const isInt32 = (x: unknown): x is number => typeof x === 'number' && Object.is(x, x | 0);

function isStringList(x: unknown): x is string[] {
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) if (typeof x[i] !== 'string') return false;
  return true;
}

const COVERAGE_KEYS = ['specific_notes', 'resolved_notes', 'unknown_notes'];
const ESTIMATE_KEYS = ['chemical_id', 'basis', 'probability'];
/** The same keys in the order Postgres `jsonb` keeps them (by length, then by bytes). */
const COVERAGE_KEYS_JSONB = ['unknown_notes', 'resolved_notes', 'specific_notes'];
const ESTIMATE_KEYS_JSONB = ['basis', 'chemical_id', 'probability'];

const isCoverage = (value: unknown, keys: readonly string[]) =>
  hasKeys(value, keys) &&
  isInt32(value.specific_notes) &&
  isInt32(value.resolved_notes) &&
  isStringList(value.unknown_notes);

const isEstimateList = (value: unknown, keys: readonly string[]) =>
  Array.isArray(value) &&
  value.every(
    (e) =>
      hasKeys(e, keys) &&
      typeof e.chemical_id === 'string' &&
      typeof e.basis === 'string' &&
      typeof e.probability === 'number',
  );

export class SafetyColumn {
  private readonly arena = new IntArena();
  private readonly strings = new StringPool();
  private present = new Uint8Array(0);
  private count = 0;
  private readonly pack: number[] = [];

  get size(): number {
    return this.count;
  }

  /** Makes room for documents `0 .. capacity - 1`. */
  grow(capacity: number): void {
    if (capacity <= this.present.length) return;
    const next = new Uint8Array(capacity);
    next.set(this.present);
    this.present = next;
  }

  has(d: number): boolean {
    return this.present[d] === 1;
  }

  delete(d: number): void {
    if (this.present[d] !== 1) return;
    this.present[d] = 0;
    this.count--;
    this.arena.free(d);
  }

  set(d: number, fields: Partial<SafetyFields>): void {
    const pack = this.pack;
    pack.length = 0;
    pack.push(0);
    let mask = 0;
    for (const key in fields) {
      const value = (fields as Record<string, unknown>)[key];
      if (key === 'label' && mask === 0) {
        mask |= LABEL;
        pack.push(this.json(value));
      } else if (key === 'coverage' && mask < COVERAGE) {
        mask |= COVERAGE;
        this.packCoverage(value);
      } else if (key === 'allergen_estimates' && mask < ESTIMATES) {
        mask |= ESTIMATES;
        this.packEstimates(value);
      } else if (key === 'merged_ids' && mask < MERGED) {
        mask |= MERGED;
        if (isStringList(value)) this.packStrings(value);
        else pack.push(AS_JSON, this.json(value));
      } else {
        throw new Error(`safety fields out of order or unknown: ${key}`);
      }
    }
    pack[0] = mask;
    this.grow(d + 1);
    if (this.present[d] !== 1) this.count++;
    this.present[d] = 1;
    this.arena.write(d, pack);
  }

  /** A fresh copy of the fields `set` was given for `d`. */
  get(d: number): Partial<SafetyFields> | undefined {
    if (this.present[d] !== 1) return undefined;
    const r = this.arena.read(d);
    const s = this.strings;
    let i = 1;
    const mask = r[0]!;
    const out: Partial<SafetyFields> = {};
    const strings = (): string[] => {
      const n = r[i++]!;
      const list = new Array<string>(n);
      for (let k = 0; k < n; k++) list[k] = s.get(r[i++]!);
      return list;
    };
    if (mask & LABEL) out.label = JSON.parse(s.get(r[i++]!));
    if (mask & COVERAGE) {
      const kind = r[i++]!;
      if (kind === IS_NULL) out.coverage = null;
      else if (kind === AS_JSON) out.coverage = JSON.parse(s.get(r[i++]!));
      else {
        const specific_notes = r[i++]!;
        const resolved_notes = r[i++]!;
        const unknown_notes = strings();
        out.coverage =
          kind === PACKED_JSONB
            ? { unknown_notes, resolved_notes, specific_notes }
            : { specific_notes, resolved_notes, unknown_notes };
      }
    }
    if (mask & ESTIMATES) {
      const kind = r[i++]!;
      if (kind === AS_JSON) out.allergen_estimates = JSON.parse(s.get(r[i++]!));
      else {
        const n = r[i++]!;
        const list: NonNullable<SafetyFields['allergen_estimates']> = new Array(n);
        for (let k = 0; k < n; k++) {
          const chemical_id = s.get(r[i++]!);
          const basis = s.get(r[i++]!) as 'likely' | 'possible';
          f64Words[0] = r[i++]!;
          f64Words[1] = r[i++]!;
          const probability = f64[0]!;
          list[k] =
            kind === PACKED_JSONB ? { basis, chemical_id, probability } : { chemical_id, basis, probability };
        }
        out.allergen_estimates = list;
      }
    }
    if (mask & MERGED) {
      const kind = r[i++]!;
      out.merged_ids = kind === AS_JSON ? JSON.parse(s.get(r[i++]!)) : strings();
    }
    return out;
  }

  private json(value: unknown): number {
    return this.strings.intern(JSON.stringify(value) ?? 'null');
  }

  private packStrings(list: readonly string[]): void {
    const pack = this.pack;
    pack.push(PACKED, list.length);
    for (const s of list) pack.push(this.strings.intern(s));
  }

  private packCoverage(value: unknown): void {
    const pack = this.pack;
    if (value === null) pack.push(IS_NULL);
    else if (isCoverage(value, COVERAGE_KEYS) || isCoverage(value, COVERAGE_KEYS_JSONB)) {
      const coverage = value as { specific_notes: number; resolved_notes: number; unknown_notes: string[] };
      const kind = hasKeys(value, COVERAGE_KEYS) ? PACKED : PACKED_JSONB;
      pack.push(kind, coverage.specific_notes, coverage.resolved_notes, coverage.unknown_notes.length);
      for (const note of coverage.unknown_notes) pack.push(this.strings.intern(note));
    } else pack.push(AS_JSON, this.json(value));
  }

  private packEstimates(value: unknown): void {
    const pack = this.pack;
    const kind = isEstimateList(value, ESTIMATE_KEYS)
      ? PACKED
      : isEstimateList(value, ESTIMATE_KEYS_JSONB)
        ? PACKED_JSONB
        : AS_JSON;
    if (kind === AS_JSON || !Array.isArray(value)) {
      pack.push(AS_JSON, this.json(value));
      return;
    }
    pack.push(kind, value.length);
    for (const e of value as { chemical_id: string; basis: string; probability: number }[]) {
      f64[0] = e.probability;
      pack.push(this.strings.intern(e.chemical_id), this.strings.intern(e.basis), f64Words[0]!, f64Words[1]!);
    }
  }

  writeSnapshot(w: SnapshotWriter, name: string): void {
    this.arena.writeSnapshot(w, `${name}.arena`);
    this.strings.writeSnapshot(w, `${name}.strings`);
    w.array(`${name}.present`, this.present);
    w.value(`${name}.count`, this.count);
  }

  /** Fills an empty column with what `writeSnapshot` wrote. */
  restoreSnapshot(r: SnapshotReader, name: string): void {
    if (this.count > 0) throw new Error('restoring a snapshot into a non-empty safety column');
    this.arena.restoreSnapshot(r, `${name}.arena`);
    this.strings.restoreSnapshot(r, `${name}.strings`);
    this.present = r.uint8(`${name}.present`);
    this.count = r.value<number>(`${name}.count`);
  }
}
