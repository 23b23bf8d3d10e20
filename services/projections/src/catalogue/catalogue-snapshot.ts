/**
 * Snapshots of the in-process catalogue index at a log position. On start the index is loaded
 * from the snapshot and the projection catches up from its position, instead of reading the
 * whole log again (on PGlite reading ~100k events back takes over a minute).
 *
 * The snapshot is a binary image of the built index (`index-snapshot.ts` in the search package):
 * loading it copies arrays and refills a few maps, with no document indexed again, so a process
 * serves the whole catalogue within a second or two of starting. It is written atomically into a
 * folder every process of the deployment can read (`DATA_DIR/snapshots`).
 *
 * A snapshot is only used when it belongs to this log: the event at its position must still carry
 * the event id recorded in it (a wiped or different log is detected), its format and projection
 * version must match, and every checksum must be right. Otherwise it is ignored and the index is
 * rebuilt from the log.
 *
 * The previous format (gzipped JSON lines of the documents, restored by inserting each) is still
 * read when no binary snapshot exists, so a data folder from before keeps its fast start once; the
 * next save replaces it.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { EventLog } from '@scentinel/platform';
import {
  type Chemical,
  InProcessSearchIndex,
  type InProcessSearchIndexOptions,
  type PerfumeDocument,
  readSnapshotFile,
  type SnapshotFile,
  SnapshotWriter,
  writeSnapshotFile,
} from '@scentinel/platform/search';

const FORMAT = 'scentinel-catalogue-snapshot';
const FORMAT_VERSION = 1;

const INDEX_FORMAT = 'scentinel-catalogue-index';
/**
 * Bump whenever what an index structure writes in `writeSnapshot` changes (a section added,
 * renamed or laid out differently): older files are then ignored instead of misread.
 * 2: safety fields in `jsonb`'s key order are packed too (a kind version 1 readers do not know).
 */
const INDEX_FORMAT_VERSION = 2;

/** The binary snapshot's file name in the snapshots folder. */
export const INDEX_SNAPSHOT_FILE = 'catalogue.index';
/** The previous format's file name (read when no binary snapshot exists). */
export const JSON_SNAPSHOT_FILE = 'catalogue.jsonl.gz';

/** What both snapshot formats record about themselves (the JSON lines' first line, the binary header's fields). */
interface SnapshotHeader {
  /** `FORMAT` (JSON lines) or `INDEX_FORMAT` (binary). */
  format: string;
  formatVersion: number;
  projectionVersion: number;
  position: number;
  /** Id of the event at `position` (null for an empty log). */
  eventId: string | null;
  chemicals: number;
  perfumes: number;
  createdAt: string;
}

type Line = { c: Chemical } | { p: PerfumeDocument };

async function eventIdAt(log: EventLog, position: number): Promise<string | null> {
  if (position === 0) return null;
  const [event] = await log.readAll({ after: position - 1, limit: 1 });
  return event && event.position === position ? event.id : null;
}

/** Writes the index at `position` to `file` atomically (temp file + rename). */
export async function saveCatalogueSnapshot(
  file: string,
  index: InProcessSearchIndex,
  log: EventLog,
  position: number,
  projectionVersion: number,
): Promise<SnapshotHeader> {
  const chemicals = [...index.chemicals.known().values()];
  const perfumes = [...index.documents()];
  const header: SnapshotHeader = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    projectionVersion,
    position,
    eventId: await eventIdAt(log, position),
    chemicals: chemicals.length,
    perfumes: perfumes.length,
    createdAt: new Date().toISOString(),
  };
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  async function* lines() {
    yield `${JSON.stringify(header)}\n`;
    for (const c of chemicals) yield `${JSON.stringify({ c } satisfies Line)}\n`;
    for (const p of perfumes) yield `${JSON.stringify({ p } satisfies Line)}\n`;
  }
  try {
    await pipeline(lines(), createGzip({ level: 1 }), createWriteStream(tmp));
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return header;
}

export type RestoreOutcome =
  | { restored: true; position: number; chemicals: number; perfumes: number }
  | { restored: false; reason: string };

/**
 * Loads the snapshot into an empty index when it belongs to `log`; returns the position to continue
 * from. On any mismatch nothing is loaded (the caller rebuilds from the log).
 */
export async function restoreCatalogueSnapshot(
  file: string,
  index: InProcessSearchIndex,
  log: EventLog,
  projectionVersion: number,
): Promise<RestoreOutcome> {
  if (!existsSync(file)) return { restored: false, reason: 'no snapshot' };
  const input = readline.createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const lines = input[Symbol.asyncIterator]();
  try {
    const first = await lines.next();
    if (first.done) return { restored: false, reason: 'empty snapshot' };
    const header = JSON.parse(first.value) as SnapshotHeader;
    if (header.format !== FORMAT || header.formatVersion !== FORMAT_VERSION) {
      return { restored: false, reason: 'unknown snapshot format' };
    }
    if (header.projectionVersion !== projectionVersion) {
      return { restored: false, reason: `snapshot of projection v${header.projectionVersion}` };
    }
    if ((await eventIdAt(log, header.position)) !== header.eventId) {
      return { restored: false, reason: `the log at position ${header.position} is not the one snapshotted` };
    }
    // Read everything before touching the index, so a truncated file leaves it empty.
    const chemicals: Chemical[] = [];
    const perfumes: PerfumeDocument[] = [];
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const line = JSON.parse(next.value) as Line;
      if ('c' in line) chemicals.push(line.c);
      else perfumes.push(line.p);
    }
    if (chemicals.length !== header.chemicals || perfumes.length !== header.perfumes) {
      return { restored: false, reason: 'truncated snapshot' };
    }
    for (const c of chemicals) index.upsertChemical(c);
    for (const p of perfumes) index.upsertPerfume(p);
    return {
      restored: true,
      position: header.position,
      chemicals: chemicals.length,
      perfumes: perfumes.length,
    };
  } catch (err) {
    return { restored: false, reason: `unreadable snapshot (${(err as Error).message})` };
  } finally {
    input.close();
  }
}

/** Writes the index at `position` as a binary snapshot to `file` atomically (temp file + rename). */
export async function saveCatalogueIndexSnapshot(
  file: string,
  index: InProcessSearchIndex,
  log: EventLog,
  position: number,
  projectionVersion: number,
): Promise<SnapshotHeader & { bytes: number }> {
  // The index's state at `position` is taken before anything is awaited (events may apply meanwhile).
  const w = new SnapshotWriter();
  index.writeSnapshot(w);
  const chemicals = index.chemicals.size;
  const perfumes = w.values['index.aliveCount'] as number;
  const eventId = await eventIdAt(log, position);
  const fields: SnapshotHeader = {
    format: INDEX_FORMAT,
    formatVersion: INDEX_FORMAT_VERSION,
    projectionVersion,
    position,
    eventId,
    chemicals,
    perfumes,
    createdAt: new Date().toISOString(),
  };
  await mkdir(path.dirname(file), { recursive: true });
  const { bytes } = await writeSnapshotFile(file, { ...fields }, w);
  return { ...fields, bytes };
}

export type IndexLoadOutcome =
  | {
      restored: true;
      index: InProcessSearchIndex;
      position: number;
      chemicals: number;
      perfumes: number;
      bytes: number;
      /** Milliseconds reading the file, checking it belongs to the log, checking sums, building. */
      ms: { read: number; log: number; checksums: number; build: number };
    }
  | { restored: false; reason: string };

/**
 * A new index loaded from the binary snapshot in `file` when it belongs to `log`, with the
 * position to continue from; on any mismatch or damage, the reason (the caller builds the index
 * from the log). `options` are those the running process gives its index.
 */
export async function loadCatalogueIndexSnapshot(
  file: string,
  log: EventLog,
  projectionVersion: number,
  options: InProcessSearchIndexOptions,
  /** The file's read already under way (`prefetchCatalogueIndex`), if any. */
  prefetched?: Promise<SnapshotFile>,
): Promise<IndexLoadOutcome> {
  if (!prefetched && !existsSync(file)) return { restored: false, reason: 'no snapshot' };
  try {
    let at = performance.now();
    const lap = () => {
      const now = performance.now();
      const ms = Math.round(now - at);
      at = now;
      return ms;
    };
    const snapshot = await (prefetched ?? readSnapshotFile(file));
    // With a prefetched file, only what was left of its read.
    const read = lap();
    const header = snapshot.header as unknown as SnapshotHeader;
    if (header.format !== INDEX_FORMAT || header.formatVersion !== INDEX_FORMAT_VERSION) {
      return { restored: false, reason: 'unknown snapshot format' };
    }
    if (header.projectionVersion !== projectionVersion) {
      return { restored: false, reason: `snapshot of projection v${header.projectionVersion}` };
    }
    if ((await eventIdAt(log, header.position)) !== header.eventId) {
      return { restored: false, reason: `the log at position ${header.position} is not the one snapshotted` };
    }
    const checkedLog = lap();
    const reader = snapshot.open();
    const checksums = lap();
    const index = InProcessSearchIndex.fromSnapshot(reader, options);
    const build = lap();
    return {
      restored: true,
      index,
      position: header.position,
      chemicals: header.chemicals,
      perfumes: header.perfumes,
      bytes: snapshot.bytes,
      ms: { read, log: checkedLog, checksums, build },
    };
  } catch (err) {
    return { restored: false, reason: `unreadable snapshot (${(err as Error).message})` };
  }
}

export type CatalogueIndexOutcome =
  | {
      restored: true;
      from: 'index' | 'json';
      position: number;
      chemicals: number;
      perfumes: number;
      /** Binary snapshots: where the time went. */
      steps?: { read: number; log: number; checksums: number; build: number };
    }
  | { restored: false; reason: string };

/**
 * Starts reading the binary snapshot in `dir` (the largest file a start reads), so it can go on
 * while the process does other things, such as opening its event log; undefined when there is
 * none. Give the result to `openCatalogueIndex`; a failed read is reported there.
 */
export function prefetchCatalogueIndex(dir: string): Promise<SnapshotFile> | undefined {
  const file = path.join(dir, INDEX_SNAPSHOT_FILE);
  if (!existsSync(file)) return undefined;
  const read = readSnapshotFile(file);
  read.catch(() => {}); // handled where it is awaited
  return read;
}

/**
 * The catalogue index to start from: loaded from the binary snapshot in `dir` when usable, else
 * restored from a snapshot in the previous format when there is one, else empty (position 0).
 */
export async function openCatalogueIndex(
  dir: string,
  log: EventLog,
  projectionVersion: number,
  options: InProcessSearchIndexOptions,
  /** `prefetchCatalogueIndex(dir)`, called earlier. */
  prefetched?: Promise<SnapshotFile>,
): Promise<{ index: InProcessSearchIndex; position: number; outcome: CatalogueIndexOutcome }> {
  const loaded = await loadCatalogueIndexSnapshot(
    path.join(dir, INDEX_SNAPSHOT_FILE),
    log,
    projectionVersion,
    options,
    prefetched,
  );
  if (loaded.restored) {
    const { index, position, chemicals, perfumes, ms } = loaded;
    return {
      index,
      position,
      outcome: { restored: true, from: 'index', position, chemicals, perfumes, steps: ms },
    };
  }
  const index = new InProcessSearchIndex(options);
  const jsonFile = path.join(dir, JSON_SNAPSHOT_FILE);
  if (existsSync(jsonFile)) {
    const restored = await restoreCatalogueSnapshot(jsonFile, index, log, projectionVersion);
    if (restored.restored) {
      return { index, position: restored.position, outcome: { ...restored, from: 'json' } };
    }
    // A failed restore may have left documents in the index: start again from an empty one.
    return {
      index: new InProcessSearchIndex(options),
      position: 0,
      outcome: { restored: false, reason: `${loaded.reason}; previous format: ${restored.reason}` },
    };
  }
  return { index, position: 0, outcome: { restored: false, reason: loaded.reason } };
}

/** Saves the binary snapshot into `dir` and drops a snapshot in the previous format, if any. */
export async function saveCatalogueIndex(
  dir: string,
  index: InProcessSearchIndex,
  log: EventLog,
  position: number,
  projectionVersion: number,
): Promise<SnapshotHeader & { bytes: number }> {
  const saved = await saveCatalogueIndexSnapshot(
    path.join(dir, INDEX_SNAPSHOT_FILE),
    index,
    log,
    position,
    projectionVersion,
  );
  await rm(path.join(dir, JSON_SNAPSHOT_FILE), { force: true });
  return saved;
}
