/**
 * A binary image of the in-process index's built state: named sections of raw typed-array bytes
 * and string tables, plus small JSON values, so a process loads a built index by copying buffers
 * and rebuilding a few cheap maps instead of inserting every document again.
 *
 * File layout: 8-byte magic, header length (u32 LE), CRC-32 of the header (u32 LE), the header as
 * UTF-8 JSON, then each section's bytes at an 8-byte aligned offset. The header lists every
 * section with its type, offset, length and CRC-32, and carries the caller's fields (log position,
 * versions) and the structures' small values. Any mismatch makes the file unreadable, never
 * half-read: every checksum is checked before a section is handed out.
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

const MAGIC = Buffer.from('SCNTIDX\n', 'latin1');
const PREAMBLE = MAGIC.length + 8;

const ARRAY_TYPES = {
  i32: Int32Array,
  u32: Uint32Array,
  i16: Int16Array,
  u16: Uint16Array,
  u8: Uint8Array,
  f64: Float64Array,
} as const;
type ArrayType = keyof typeof ARRAY_TYPES;
export type SnapshotArray =
  | Int32Array<ArrayBufferLike>
  | Uint32Array<ArrayBufferLike>
  | Int16Array<ArrayBufferLike>
  | Uint16Array<ArrayBufferLike>
  | Uint8Array<ArrayBufferLike>
  | Float64Array<ArrayBufferLike>;

interface SectionEntry {
  name: string;
  type: ArrayType;
  offset: number;
  /** Elements. */
  length: number;
  crc: number;
}

export interface SnapshotFileHeader {
  sections: SectionEntry[];
  values: Record<string, unknown>;
  [field: string]: unknown;
}

/** Null in a string list. */
const NULL_STRING = -1;
/** A hole (undefined) in a string list. */
const NO_STRING = -2;

function typeOf(a: SnapshotArray): ArrayType {
  if (a instanceof Int32Array) return 'i32';
  if (a instanceof Uint32Array) return 'u32';
  if (a instanceof Int16Array) return 'i16';
  if (a instanceof Uint16Array) return 'u16';
  if (a instanceof Float64Array) return 'f64';
  return 'u8';
}

/** Collects what the structures write (`writeSnapshot` methods), under names they choose. */
export class SnapshotWriter {
  readonly sections: { name: string; type: ArrayType; data: SnapshotArray }[] = [];
  readonly values: Record<string, unknown> = {};
  private readonly names = new Set<string>();

  private claim(name: string): void {
    if (this.names.has(name)) throw new Error(`snapshot section ${name} written twice`);
    this.names.add(name);
  }

  /**
   * A typed array, copied now: the index may change while the file is written, and the file must
   * hold the state of one moment.
   */
  array(name: string, data: SnapshotArray): void {
    this.claim(name);
    this.sections.push({ name, type: typeOf(data), data: data.slice() });
  }

  /** A small JSON value, kept in the header. */
  value(name: string, value: unknown): void {
    this.claim(name);
    this.values[name] = value;
  }

  /** A larger JSON value, as its own UTF-8 section. */
  json(name: string, value: unknown): void {
    this.array(name, Buffer.from(JSON.stringify(value), 'utf8'));
  }

  /**
   * A list of strings (null and holes kept): the characters in one table (Latin-1 when every
   * character fits, else UTF-16, both lossless) and each string's length.
   */
  strings(name: string, list: readonly (string | null | undefined)[]): void {
    const lengths = new Int32Array(list.length);
    const parts: string[] = [];
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      if (s === null) lengths[i] = NULL_STRING;
      else if (s === undefined) lengths[i] = NO_STRING;
      else {
        lengths[i] = s.length;
        parts.push(s);
      }
    }
    const all = parts.join('');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: any character above Latin-1
    const wide = /[^\u0000-\u00ff]/.test(all);
    this.value(`${name}.wide`, wide);
    this.array(`${name}.chars`, Buffer.from(all, wide ? 'utf16le' : 'latin1'));
    this.array(`${name}.lengths`, lengths);
  }

  /** Lists of integers (e.g. posting lists), as lengths (-1: absent) and one array of all values. */
  intLists(name: string, lists: readonly (ArrayLike<number> | undefined)[]): void {
    const lengths = new Int32Array(lists.length);
    let total = 0;
    for (let i = 0; i < lists.length; i++) {
      const l = lists[i];
      lengths[i] = l === undefined ? -1 : l.length;
      total += l?.length ?? 0;
    }
    const values = new Int32Array(total);
    let at = 0;
    for (const l of lists) {
      if (l === undefined) continue;
      if (l instanceof Int32Array) values.set(l, at);
      else for (let k = 0; k < l.length; k++) values[at + k] = l[k]!;
      at += l.length;
    }
    this.array(`${name}.lengths`, lengths);
    this.array(`${name}.values`, values);
  }
}

/** Hands the sections of a checked snapshot to the structures' `restore` methods. */
export class SnapshotReader {
  constructor(
    private readonly buffer: Buffer,
    private readonly sections: ReadonlyMap<string, SectionEntry>,
    private readonly values: Readonly<Record<string, unknown>>,
  ) {}

  private entry(name: string, type: ArrayType): SectionEntry {
    const e = this.sections.get(name);
    if (!e) throw new Error(`snapshot section ${name} missing`);
    if (e.type !== type) throw new Error(`snapshot section ${name} is ${e.type}, not ${type}`);
    return e;
  }

  /**
   * A typed-array section, as a view of the file's buffer (no copy: the buffer stays alive while
   * any view of it does; the structures grow by copying into new arrays, as they always do).
   */
  array<T extends ArrayType>(name: string, type: T): InstanceType<(typeof ARRAY_TYPES)[T]> {
    const e = this.entry(name, type);
    const Ctor = ARRAY_TYPES[type];
    return new Ctor(
      this.buffer.buffer as ArrayBuffer,
      this.buffer.byteOffset + e.offset,
      e.length,
    ) as InstanceType<(typeof ARRAY_TYPES)[T]>;
  }

  int32(name: string): Int32Array<ArrayBuffer> {
    return this.array(name, 'i32') as Int32Array<ArrayBuffer>;
  }

  uint32(name: string): Uint32Array<ArrayBuffer> {
    return this.array(name, 'u32') as Uint32Array<ArrayBuffer>;
  }

  uint8(name: string): Uint8Array<ArrayBuffer> {
    return this.array(name, 'u8') as Uint8Array<ArrayBuffer>;
  }

  int16(name: string): Int16Array<ArrayBuffer> {
    return this.array(name, 'i16') as Int16Array<ArrayBuffer>;
  }

  value<T>(name: string): T {
    if (!(name in this.values)) throw new Error(`snapshot value ${name} missing`);
    return this.values[name] as T;
  }

  json<T>(name: string): T {
    const e = this.entry(name, 'u8');
    return JSON.parse(this.buffer.toString('utf8', e.offset, e.offset + e.length)) as T;
  }

  /** The list `SnapshotWriter.strings` wrote (holes come back as holes). */
  strings(name: string): (string | null | undefined)[] {
    const wide = this.value<boolean>(`${name}.wide`);
    const chars = this.entry(`${name}.chars`, 'u8');
    const lengths = this.int32(`${name}.lengths`);
    const all = this.buffer.toString(wide ? 'utf16le' : 'latin1', chars.offset, chars.offset + chars.length);
    const out = new Array<string | null | undefined>(lengths.length);
    let at = 0;
    for (let i = 0; i < lengths.length; i++) {
      const n = lengths[i]!;
      if (n === NULL_STRING) out[i] = null;
      else if (n === NO_STRING) out[i] = undefined;
      else {
        out[i] = all.slice(at, at + n);
        at += n;
      }
    }
    if (at !== all.length) throw new Error(`snapshot strings ${name} do not add up`);
    return out;
  }

  /** A string list without nulls or holes. */
  denseStrings(name: string): string[] {
    const list = this.strings(name);
    for (const s of list) if (typeof s !== 'string') throw new Error(`snapshot strings ${name} have gaps`);
    return list as string[];
  }

  /** The lists `SnapshotWriter.intLists` wrote, as views of one array (undefined where absent). */
  intLists(name: string): (Int32Array<ArrayBuffer> | undefined)[] {
    const lengths = this.int32(`${name}.lengths`);
    const values = this.int32(`${name}.values`);
    const out = new Array<Int32Array<ArrayBuffer> | undefined>(lengths.length);
    let at = 0;
    for (let i = 0; i < lengths.length; i++) {
      const n = lengths[i]!;
      if (n < 0) out[i] = undefined;
      else {
        out[i] = values.subarray(at, at + n);
        at += n;
      }
    }
    if (at !== values.length) throw new Error(`snapshot lists ${name} do not add up`);
    return out;
  }
}

const pad8 = (n: number) => (8 - (n % 8)) % 8;

function bytesOf(a: SnapshotArray): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/**
 * Writes `fields` and the writer's sections to `file` atomically: a temporary file beside it,
 * flushed to disk, then renamed over it (readers see the old file or the new one, never a part).
 */
export async function writeSnapshotFile(
  file: string,
  fields: Record<string, unknown>,
  w: SnapshotWriter,
): Promise<{ bytes: number }> {
  const bodies = w.sections.map((s) => bytesOf(s.data));
  const entries: SectionEntry[] = [];
  let offset = 0;
  w.sections.forEach((s, i) => {
    entries.push({ name: s.name, type: s.type, offset, length: s.data.length, crc: crc32(bodies[i]!) });
    offset += bodies[i]!.byteLength + pad8(bodies[i]!.byteLength);
  });
  const header: SnapshotFileHeader = { ...fields, sections: entries, values: w.values };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const base = PREAMBLE + headerBytes.length + pad8(PREAMBLE + headerBytes.length);
  // Section offsets are stored relative to the end of the header, so the header does not depend on its own size.
  const preamble = Buffer.alloc(PREAMBLE);
  MAGIC.copy(preamble, 0);
  preamble.writeUInt32LE(headerBytes.length, MAGIC.length);
  preamble.writeUInt32LE(crc32(headerBytes), MAGIC.length + 4);
  const zeros = new Uint8Array(8);
  const chunks: Uint8Array[] = [
    preamble,
    headerBytes,
    zeros.subarray(0, base - PREAMBLE - headerBytes.length),
  ];
  for (const body of bodies) {
    chunks.push(body, zeros.subarray(0, pad8(body.byteLength)));
  }
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await open(tmp, 'w');
  try {
    try {
      // writev takes a bounded number of buffers per call.
      for (let i = 0; i < chunks.length; i += 512) await handle.writev(chunks.slice(i, i + 512));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return { bytes: base + offset };
}

export class SnapshotFileError extends Error {}

/** A snapshot file whose header was read and checked; `open` checks the sections. */
export interface SnapshotFile {
  header: SnapshotFileHeader;
  bytes: number;
  /** Checks every section's checksum and returns a reader; throws `SnapshotFileError` on a mismatch. */
  open(): SnapshotReader;
}

/** Reads a snapshot file and checks its header; throws `SnapshotFileError` when it is not one or is damaged. */
export async function readSnapshotFile(file: string): Promise<SnapshotFile> {
  let buffer = await readFile(file);
  // Sections are 8-byte aligned in the file: typed arrays view them in place when the buffer is.
  if (buffer.byteOffset % 8 !== 0) buffer = Buffer.from(new Uint8Array(buffer));
  if (buffer.length < PREAMBLE || !buffer.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new SnapshotFileError('not an index snapshot');
  }
  const headerLength = buffer.readUInt32LE(MAGIC.length);
  const headerCrc = buffer.readUInt32LE(MAGIC.length + 4);
  if (PREAMBLE + headerLength > buffer.length) throw new SnapshotFileError('truncated header');
  const headerBytes = buffer.subarray(PREAMBLE, PREAMBLE + headerLength);
  if (crc32(headerBytes) !== headerCrc) throw new SnapshotFileError('header checksum mismatch');
  const header = JSON.parse(headerBytes.toString('utf8')) as SnapshotFileHeader;
  const base = PREAMBLE + headerLength + pad8(PREAMBLE + headerLength);
  return {
    header,
    bytes: buffer.length,
    open() {
      const sections = new Map<string, SectionEntry>();
      for (const s of header.sections) {
        const Ctor = ARRAY_TYPES[s.type];
        if (!Ctor) throw new SnapshotFileError(`section ${s.name} has unknown type ${s.type}`);
        const start = base + s.offset;
        const end = start + s.length * Ctor.BYTES_PER_ELEMENT;
        if (end > buffer.length) throw new SnapshotFileError(`section ${s.name} truncated`);
        if (crc32(buffer.subarray(start, end)) !== s.crc) {
          throw new SnapshotFileError(`section ${s.name} checksum mismatch`);
        }
        sections.set(s.name, { ...s, offset: start });
      }
      return new SnapshotReader(buffer, sections, header.values);
    },
  };
}
