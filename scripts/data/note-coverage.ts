/**
 * Note coverage of a build: how many specific note occurrences (not vague family words) of the
 * catalogue's perfumes the notes → chemicals bridge resolves to at least one chemical, and which
 * specific notes are left unknown most often. `npx tsx scripts/data/note-coverage.ts [dir]` prints
 * it for a build output directory (default data/).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { isVagueNote } from '../../services/domain/src/catalogue/index.ts';
import type { NoteLists } from './types.ts';

export interface NoteCoverage {
  /** Specific note occurrences (each note of each perfume, vague notes not counted). */
  occurrences: number;
  /** Of those, the occurrences whose note the bridge links to at least one chemical. */
  resolved: number;
  /** Vague note occurrences (not counted above). */
  vague: number;
  /** Unresolved specific notes, most frequent first (ties by name). */
  unknownTop: Array<[note: string, count: number]>;
}

type BridgeLike = ReadonlyMap<string, readonly unknown[]> | Readonly<Record<string, readonly unknown[]>>;

function lookup(bridge: BridgeLike, key: string): readonly unknown[] | undefined {
  return bridge instanceof Map
    ? bridge.get(key)
    : Object.hasOwn(bridge, key)
      ? (bridge as Record<string, readonly unknown[]>)[key]
      : undefined;
}

export function noteCoverage(
  perfumes: Iterable<{ notes: NoteLists | null }>,
  bridge: BridgeLike,
  top = 50,
): NoteCoverage {
  let occurrences = 0;
  let resolved = 0;
  let vague = 0;
  const unknown = new Map<string, number>();
  for (const p of perfumes) {
    if (!p.notes) continue;
    const { top: t, middle, base, unspecified } = p.notes;
    for (const note of [...t, ...middle, ...base, ...unspecified]) {
      if (isVagueNote(note)) {
        vague += 1;
        continue;
      }
      occurrences += 1;
      if ((lookup(bridge, note.toLowerCase())?.length ?? 0) > 0) resolved += 1;
      else unknown.set(note, (unknown.get(note) ?? 0) + 1);
    }
  }
  const unknownTop = [...unknown.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, top);
  return { occurrences, resolved, vague, unknownTop };
}

/** Reads `catalogue/perfumes.jsonl.gz` and `chemicals/note-constituents.json` of a build output. */
export function readBuildCoverage(dir: string, top = 50): NoteCoverage {
  // Line by line: the catalogue is longer than the longest string JavaScript can hold.
  const bytes = gunzipSync(readFileSync(join(dir, 'catalogue/perfumes.jsonl.gz')));
  const perfumes: Array<{ notes: NoteLists | null }> = [];
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(10, start);
    if (end === -1) end = bytes.length;
    if (end > start) {
      const p = JSON.parse(bytes.toString('utf8', start, end)) as { notes: NoteLists | null };
      perfumes.push({ notes: p.notes });
    }
    start = end + 1;
  }
  const bridge = JSON.parse(readFileSync(join(dir, 'chemicals/note-constituents.json'), 'utf8')) as Record<
    string,
    unknown[]
  >;
  return noteCoverage(perfumes, bridge, top);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const dir = process.argv[2] ?? join(repoRoot, 'data');
  const c = readBuildCoverage(dir, Number(process.argv[3] ?? 50));
  const share = c.occurrences === 0 ? 0 : (100 * c.resolved) / c.occurrences;
  console.log(
    `specific note occurrences: ${c.occurrences}; resolved ${c.resolved} (${share.toFixed(1)} %); vague occurrences ${c.vague}`,
  );
  console.log('most frequent unresolved notes:');
  for (const [note, count] of c.unknownTop) console.log(`  ${count}\t${note}`);
}
