/**
 * Snapshots of the in-process catalogue index: its chemicals and perfume documents at a log
 * position, in one gzipped JSON-lines file. On start the index is restored from the snapshot and
 * the projection catches up from its position, instead of reading the whole log again (on PGlite
 * reading ~100k events back takes over a minute; a snapshot loads in seconds).
 *
 * A snapshot is only used when it belongs to this log: the event at its position must still carry
 * the event id recorded in it (a wiped or different log is detected), and its format and
 * projection version must match. Otherwise it is ignored and the index is rebuilt from the log.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { EventLog } from '@scentinel/platform';
import type { Chemical, InProcessSearchIndex, PerfumeDocument } from '@scentinel/platform/search';

const FORMAT = 'scentinel-catalogue-snapshot';
const FORMAT_VERSION = 1;

interface SnapshotHeader {
  format: typeof FORMAT;
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
  const tmp = `${file}.${process.pid}.tmp`;
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
