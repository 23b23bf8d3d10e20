import { randomUUID } from 'node:crypto';
import { type Actor, chemicals, isDomainError, perfumes, systemActor } from '@scentinel/domain';
import {
  type AppendResult,
  type AppendToStream,
  type EventLog,
  type NewEvent,
  newEventId,
  type StoredEvent,
} from '@scentinel/platform';
import { type CatalogueFiles, readChemicals, readJsonLinesGz } from './catalogue-files.ts';

export interface ImportProgress {
  stage: 'reading-log' | 'chemicals' | 'perfumes' | 'done';
  done: number;
  total: number | null;
  appended: number;
}

export interface ImportSummary {
  chemicals: { records: number; added: number; updated: number; unchanged: number; rejected: number };
  perfumes: { records: number; added: number; updated: number; unchanged: number; rejected: number };
  /** The first rejected records (the domain refused them): `<stream id>: <detail>`. */
  rejections: string[];
  /** Records retired as spelling duplicates of another record (`merged_ids`) by this run. */
  mergedPerfumes: number;
  eventsAppended: number;
  lastPosition: number;
  durationMs: number;
}

export interface ImportOptions {
  files: CatalogueFiles;
  /** ISO time stamped on every event of this run (the domain never reads a clock). */
  now?: string;
  /** Streams per atomic `appendMany` call. */
  batchSize?: number;
  onProgress?: (p: ImportProgress) => void;
  /**
   * Called with the events of each committed batch, as stored (positions included), so an
   * in-process read model can take them without reading them back from the log.
   */
  onAppended?: (events: StoredEvent[]) => Promise<void> | void;
}

interface StreamState<S> {
  version: number;
  state: S;
}

type Counts = ImportSummary['chemicals'];

const MAX_REPORTED_REJECTIONS = 20;

/**
 * Imports the shipped catalogue into an event log, as events produced by the domain's own `decide`
 * (`ImportChemical`, `CataloguePerfume`) against each stream's current state. Running it twice adds
 * nothing; after a data update it appends only the differences (`ChemicalEdited`,
 * `PerfumeCatalogueDataUpdated`, and `PerfumeMerged` + `PerfumeMergeReceived` for a record that
 * the new catalogue lists under another record's `merged_ids`). Chemicals go first so perfumes'
 * links resolve.
 */
export async function importCatalogue(log: EventLog, options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const now = options.now ?? new Date().toISOString();
  const batchSize = options.batchSize ?? 1000;
  const runId = randomUUID();
  const actor: Actor = systemActor('catalogue-import');
  const report = options.onProgress ?? (() => {});

  // Current state of every chemical and perfume stream, folded from the log.
  const chemicalStreams = new Map<string, StreamState<chemicals.ChemicalState>>();
  const perfumeStreams = new Map<string, StreamState<perfumes.PerfumeState>>();
  let after = 0;
  let seen = 0;
  for (;;) {
    const page = await log.readAll({ after, limit: 5000 });
    if (page.length === 0) break;
    for (const e of page) foldInto(e, chemicalStreams, perfumeStreams);
    after = page[page.length - 1]!.position;
    seen += page.length;
    report({ stage: 'reading-log', done: seen, total: null, appended: 0 });
  }

  let appended = 0;
  let lastPosition = after;
  const pending: AppendToStream[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending.splice(0);
    const results = await log.appendMany(batch);
    for (const r of results) lastPosition = Math.max(lastPosition, r.lastPosition);
    if (options.onAppended) await options.onAppended(storedEvents(batch, results));
  };
  const metadata = () => ({
    actorId: actor.id,
    actorRole: 'system',
    requestId: runId,
    occurredAt: now,
  });
  const toNew = (events: { type: string; schemaVersion?: number; data: unknown }[]): NewEvent[] =>
    events.map((ev) => ({
      id: newEventId(),
      type: ev.type,
      ...(ev.schemaVersion !== undefined && { schemaVersion: ev.schemaVersion }),
      data: ev.data,
      metadata: metadata(),
    }));

  /** Perfume events go to the log in their stored form (a `PerfumeCatalogued` compact, at version 2). */
  const queue = async (
    streamId: string,
    version: number,
    events: { type: string; schemaVersion?: number; data: unknown }[],
  ) => {
    pending.push({ streamId, events: toNew(events), expectedVersion: version });
    appended += events.length;
    if (pending.length >= batchSize) await flush();
  };

  // Chemicals.
  const chemicalRecords = await readChemicals(options.files.chemicals);
  const rejections: string[] = [];
  /** A record the domain refuses is reported and skipped; the rest of the catalogue still loads. */
  const attempt = <E>(counts: Counts, streamId: string, fn: () => E[]): E[] | null => {
    try {
      return fn();
    } catch (err) {
      if (!isDomainError(err)) throw err;
      counts.rejected++;
      if (rejections.length < MAX_REPORTED_REJECTIONS) rejections.push(`${streamId}: ${err.detail}`);
      return null;
    }
  };
  const chemCounts: Counts = {
    records: chemicalRecords.length,
    added: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
  };
  let i = 0;
  for (const raw of chemicalRecords) {
    if (++i % 500 === 0) report({ stage: 'chemicals', done: i, total: chemicalRecords.length, appended });
    const id = recordId(raw, 'chemical');
    const streamId = `chemical:${id}`;
    const current = chemicalStreams.get(streamId) ?? { version: 0, state: chemicals.initialState };
    const events = attempt(chemCounts, streamId, () =>
      chemicals.decide(
        { type: 'ImportChemical', data: { chemical: raw as chemicals.Chemical } },
        current.state,
        {
          now,
          actor,
        },
      ),
    );
    if (events === null) continue;
    tally(chemCounts, current.version, events.length);
    if (events.length > 0) await queue(streamId, current.version, events);
  }
  await flush();
  report({ stage: 'chemicals', done: i, total: chemicalRecords.length, appended });

  // Perfumes (streamed: the file is large).
  const perfCounts: Counts = { records: 0, added: 0, updated: 0, unchanged: 0, rejected: 0 };
  /** Retired id → the record it was merged into. */
  const mergedInto = new Map<string, string>();
  for await (const raw of readJsonLinesGz(options.files.perfumes)) {
    const id = recordId(raw, 'perfume');
    for (const merged of mergedIdsOf(raw)) mergedInto.set(merged, id);
    const streamId = `perfume:${id}`;
    const current = perfumeStreams.get(streamId) ?? { version: 0, state: perfumes.initialState };
    perfCounts.records++;
    const events = attempt(perfCounts, streamId, () =>
      perfumes.decide(
        { type: 'CataloguePerfume', data: { perfume: raw as perfumes.CataloguePerfume } },
        current.state,
        { now, actor },
      ),
    );
    if (events === null) continue;
    tally(perfCounts, current.version, events.length);
    if (events.length > 0) {
      await queue(streamId, current.version, events.map(perfumes.storedPerfumeEvent));
      perfumeStreams.set(streamId, advance(current, events));
    }
    if (perfCounts.records % 1000 === 0) {
      report({ stage: 'perfumes', done: perfCounts.records, total: null, appended });
    }
  }
  await flush();

  // Spelling duplicates of a record in this catalogue: retired, their writes carried over.
  let mergedPerfumes = 0;
  const queued = new Set<string>();
  for (const [retiredId, intoId] of mergedInto) {
    const retiredStream = `perfume:${retiredId}`;
    const intoStream = `perfume:${intoId}`;
    const retired = perfumeStreams.get(retiredStream);
    const into = perfumeStreams.get(intoStream);
    if (!retired || !into || retired.state.status !== 'catalogued') continue;
    const decided = attempt(perfCounts, retiredStream, () => {
      const merged = perfumes.decide(
        { type: 'MergePerfume', data: { perfume_id: retiredId, into: intoId } },
        retired.state,
        { now, actor },
      );
      const event = merged[0];
      if (event?.type !== 'PerfumeMerged') return [];
      const received = perfumes.decide(
        { type: 'ReceiveMerge', data: { perfume_id: intoId, merged: event.data } },
        into.state,
        { now, actor },
      );
      return [{ merged, received }];
    });
    if (decided === null || decided.length === 0) continue;
    const { merged, received } = decided[0]!;
    // One entry per stream in a batch: a survivor of two merges waits for the next batch.
    if (queued.has(intoStream) || queued.has(retiredStream)) {
      await flush();
      queued.clear();
    }
    await queue(retiredStream, retired.version, merged.map(perfumes.storedPerfumeEvent));
    perfumeStreams.set(retiredStream, advance(retired, merged));
    queued.add(retiredStream);
    if (received.length > 0) {
      await queue(intoStream, into.version, received.map(perfumes.storedPerfumeEvent));
      perfumeStreams.set(intoStream, advance(into, received));
      queued.add(intoStream);
    }
    mergedPerfumes += 1;
  }
  await flush();
  report({ stage: 'done', done: perfCounts.records, total: perfCounts.records, appended });

  return {
    chemicals: chemCounts,
    perfumes: perfCounts,
    rejections,
    mergedPerfumes,
    eventsAppended: appended,
    lastPosition,
    durationMs: Date.now() - started,
  };
}

/**
 * The import appends one event per stream (decide never returns more for an import), so each
 * result's `lastPosition` is that event's position and its version is the stream's new version.
 */
function storedEvents(batch: AppendToStream[], results: AppendResult[]): StoredEvent[] {
  const recordedAt = new Date().toISOString();
  const out = batch.map((b, i) => {
    const r = results[i]!;
    if (b.events.length !== 1) throw new Error(`import appended ${b.events.length} events to ${b.streamId}`);
    const e = b.events[0]!;
    return {
      ...e,
      schemaVersion: e.schemaVersion ?? 1,
      streamId: b.streamId,
      version: r.nextExpectedVersion,
      position: r.lastPosition,
      recordedAt,
    };
  });
  return out.sort((a, b) => a.position - b.position);
}

function advance(
  current: StreamState<perfumes.PerfumeState>,
  events: perfumes.PerfumeEvent[],
): StreamState<perfumes.PerfumeState> {
  return { version: current.version + events.length, state: events.reduce(perfumes.evolve, current.state) };
}

function mergedIdsOf(raw: unknown): string[] {
  const ids = (raw as { merged_ids?: unknown } | null)?.merged_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string' && id !== '') : [];
}

function tally(counts: Counts, version: number, eventCount: number): void {
  if (eventCount === 0) counts.unchanged++;
  else if (version === 0) counts.added++;
  else counts.updated++;
}

function recordId(raw: unknown, kind: string): string {
  const id = (raw as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || id.length === 0) {
    throw new Error(`A ${kind} record has no id: ${JSON.stringify(raw).slice(0, 200)}`);
  }
  return id;
}

function foldInto(
  e: StoredEvent,
  chemicalStreams: Map<string, StreamState<chemicals.ChemicalState>>,
  perfumeStreams: Map<string, StreamState<perfumes.PerfumeState>>,
): void {
  if (e.streamId.startsWith('chemical:')) {
    const cur = chemicalStreams.get(e.streamId) ?? { version: 0, state: chemicals.initialState };
    chemicalStreams.set(e.streamId, {
      version: e.version,
      state: chemicals.evolve(cur.state, { type: e.type, data: e.data } as chemicals.ChemicalEvent),
    });
  } else if (e.streamId.startsWith('perfume:')) {
    const cur = perfumeStreams.get(e.streamId) ?? { version: 0, state: perfumes.initialState };
    perfumeStreams.set(e.streamId, {
      version: e.version,
      state: perfumes.evolve(cur.state, { type: e.type, data: e.data } as perfumes.PerfumeEvent),
    });
  }
}
