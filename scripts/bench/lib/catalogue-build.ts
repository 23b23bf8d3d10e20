import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { cleanCataloguePerfume, cleanImportedChemical } from '@scentinel/domain';
import type { StoredEvent } from '@scentinel/platform';
import {
  type CataloguePerfume,
  type Chemical,
  catalogueFixtures,
  InProcessSearchIndex,
  type loadCatalogueReferenceData,
} from '@scentinel/platform/search';
import { createCatalogueProjection } from '@scentinel/projections';
import { storedEvent } from '../../../services/platform/src/event-log/testing/stored-events.ts';

/** Events per batch, as the projection reads them from the log. */
const BATCH = 1000;

export type Reference = Awaited<ReturnType<typeof loadCatalogueReferenceData>>;

/** Where perfume records come from: each call yields fresh records (nothing is kept between calls). */
export interface Source {
  label: string;
  chemicals: Chemical[];
  perfumes(): Iterable<CataloguePerfume>;
}

function gc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1_048_576;
}

/** Records the domain refuses are left out, as the importer would leave them out. */
function clean<T>(list: Iterable<unknown>, fn: (raw: unknown) => T, what: string): T[] {
  const out: T[] = [];
  let refused = 0;
  for (const raw of list) {
    try {
      out.push(fn(raw));
    } catch {
      refused++;
    }
  }
  if (refused > 0) console.log(`${what}: ${refused} records refused by the domain's validation, left out`);
  return out;
}

/** Parsed lines of a gzipped JSON-lines file (decoded line by line: the file may exceed a JS string). */
export function* jsonLines(file: string): Iterable<unknown> {
  const bytes = gunzipSync(readFileSync(file));
  let at = 0;
  while (at < bytes.length) {
    let end = bytes.indexOf(10, at);
    if (end < 0) end = bytes.length;
    const line = bytes.toString('utf8', at, end);
    at = end + 1;
    if (line.trim() !== '') yield JSON.parse(line);
  }
}

export function fileSource(label: string, perfumesFile: string, chemicals: Chemical[]): Source {
  let warned = false;
  return {
    label,
    chemicals,
    *perfumes() {
      let refused = 0;
      for (const raw of jsonLines(perfumesFile)) {
        try {
          yield cleanCataloguePerfume(raw);
        } catch {
          refused++;
        }
      }
      if (refused > 0 && !warned) {
        warned = true;
        console.log(
          `${path.basename(perfumesFile)}: ${refused} records refused by the domain's validation, left out`,
        );
      }
    },
  };
}

export function realChemicals(file: string): Chemical[] {
  if (!existsSync(file)) return catalogueFixtures.fixtureChemicals();
  return clean(JSON.parse(readFileSync(file, 'utf8')) as unknown[], cleanImportedChemical, 'chemicals.json');
}

export function standIn(count: number): Source {
  return {
    label: `fixture-generated stand-in (${count}; data/catalogue not built)`,
    chemicals: catalogueFixtures.fixtureChemicals(),
    *perfumes() {
      for (const d of catalogueFixtures.generateCatalogue(20_251_122, count)) yield d.perfume;
    },
  };
}

/** The catalogue as the log holds it (ChemicalAdded, then PerfumeCatalogued), in batches. */
function* eventBatches(source: Source): Iterable<StoredEvent[]> {
  let position = 0;
  let batch: StoredEvent[] = [];
  for (const chemical of source.chemicals) {
    batch.push(
      storedEvent(++position, `chemical:${chemical.id}`, 'ChemicalAdded', {
        chemical: structuredClone(chemical),
        source: 'catalogue_import',
        contribution_id: null,
      }),
    );
  }
  for (const perfume of source.perfumes()) {
    batch.push(storedEvent(++position, `perfume:${perfume.id}`, 'PerfumeCatalogued', { perfume }));
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Builds an index through the catalogue projection and measures it. Decoding the events is not
 * timed (the event log bench covers it); the heap is measured before and after with nothing but the
 * index alive, so the growth is what the index keeps.
 */
export async function buildIndex(source: Source, reference: Reference) {
  const before = heapMb();
  const index = new InProcessSearchIndex(reference);
  const projection = createCatalogueProjection(index);
  let ms = 0;
  let cpuMs = 0;
  let events = 0;
  const timed = async (fn: () => unknown) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    ms += performance.now() - t0;
    const c = process.cpuUsage(c0);
    cpuMs += (c.user + c.system) / 1000;
  };
  for (const batch of eventBatches(source)) {
    await timed(() => projection.applyAll(batch));
    events += batch.length;
  }
  await timed(() => index.warm());
  const after = heapMb();
  return { index, events, seconds: ms / 1000, cpuSeconds: cpuMs / 1000, heapDeltaMb: after - before };
}

/**
 * The build's floor, timed over the same events: only the string-keyed `Map` lookups and integer
 * appends a perfume needs (interning brand, perfumer, concentration, accords, notes, link chemical
 * ids and notes, sources; name tokens to lists), none of the index's own work. It shows how much
 * of the build any index of this shape in one Node thread cannot avoid.
 */
export function lookupFloor(source: Source): { events: number; seconds: number } {
  const strings = new Map<string, number>();
  const chemicals = new Map<string, number>();
  const tokens = new Map<string, number[]>();
  const ids = new Map<string, number>();
  // The ints are only written (the cost being timed), so one buffer is reused from its start.
  const out = new Int32Array(1 << 20);
  let o = 0;
  const intern = (value: string) => {
    let id = strings.get(value);
    if (id === undefined) {
      id = strings.size;
      strings.set(value, id);
    }
    return id;
  };
  let ms = 0;
  let events = 0;
  let doc = 0;
  for (const batch of eventBatches(source)) {
    const t0 = performance.now();
    for (const event of batch) {
      if (event.type !== 'PerfumeCatalogued') continue;
      const p = (event.data as { perfume: CataloguePerfume }).perfume;
      if (o > out.length >> 1) o = 0;
      ids.set(p.id, doc);
      out[o++] = intern(p.brand);
      out[o++] = p.perfumer == null ? -1 : intern(p.perfumer);
      out[o++] = p.concentration == null ? -1 : intern(p.concentration);
      for (const accord of p.accords) out[o++] = intern(accord);
      for (const notes of [p.notes.top, p.notes.middle, p.notes.base, p.notes.unspecified]) {
        for (const note of notes) out[o++] = intern(note);
      }
      for (const link of p.chemicals) {
        let c = chemicals.get(link.chemical_id);
        if (c === undefined) {
          c = chemicals.size;
          chemicals.set(link.chemical_id, c);
        }
        out[o++] = c;
        out[o++] = intern(link.from_note);
      }
      for (const s of p.sources) out[o++] = intern(s);
      for (const token of p.name.toLowerCase().split(' ')) {
        const list = tokens.get(token);
        if (list) list.push(doc);
        else tokens.set(token, [doc]);
      }
      doc++;
    }
    ms += performance.now() - t0;
    events += batch.length;
  }
  return { events, seconds: ms / 1000 };
}

export function floorRow(label: string, floor: { events: number; seconds: number }, buildSeconds: number) {
  return {
    measure: `build floor: lookups only (${label})`,
    value:
      `${Math.round(floor.events / floor.seconds).toLocaleString('en')} events/s;` +
      ` the index build takes ${(buildSeconds / floor.seconds).toFixed(2)}x its time`,
    target: '(peer)',
    ok: '',
  };
}
