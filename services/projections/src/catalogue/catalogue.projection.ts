/**
 * The catalogue read model (in-process kind): applies chemical and perfume events to the search
 * index. A `PerfumeCatalogued` stored compact (schema version 2) goes to an index that can take it
 * as it is (`upsertCatalogued`). Partial perfume events are applied with the domain's own `evolve`
 * on the stored document, so the card shows exactly what the perfume stream says (declared links
 * first, inferred links not removed, one entry per chemical). The index recomputes categories and
 * allergens of perfumes linking a chemical whose allergen flag changed or that was deleted.
 *
 * Idempotent by position: an event at or below the last applied position is skipped, except one
 * that failed before (a dead letter being retried).
 */
import {
  type ChemicalEvent,
  type ChemicalState,
  chemicals,
  type PerfumeEvent,
  type PerfumeState,
  parseStreamId,
  perfumes,
} from '@scentinel/domain';
import type { StoredEvent } from '@scentinel/platform';
import type { MaybePromise, PerfumeDocument, SearchIndex } from '@scentinel/platform/search';
import type { InProcessProjection } from '../runtime/projection.ts';

export const CATALOGUE_PROJECTION = 'catalogue';
/** Bump when the index's meaning changes: snapshots of another version are not restored. */
export const CATALOGUE_PROJECTION_VERSION = 1;

export const CATALOGUE_EVENT_TYPES = [
  ...chemicals.chemicalEventTypes,
  ...perfumes.perfumeEventTypes,
] as const satisfies readonly (ChemicalEvent['type'] | PerfumeEvent['type'])[];

const CHEMICAL_TYPES: ReadonlySet<string> = new Set(chemicals.chemicalEventTypes);
const PERFUME_TYPES: ReadonlySet<string> = new Set(perfumes.perfumeEventTypes);

/**
 * Events per read of the log. A perfume's payload is ~5 kB of JSON; with the next page read while
 * one is applied, pages of 200 keep fewer parsed payloads alive at each young-generation garbage
 * collection than the runtime's 500 (a rebuild from the log spent about 40% less time collecting
 * garbage, for more but cheap reads).
 */
export const CATALOGUE_BATCH_SIZE = 200;

export interface CatalogueProjection extends InProcessProjection {
  /** Applies events in order (the runtime's entry point, and the one to use without a runtime). */
  applyAll(events: readonly StoredEvent[]): Promise<void>;
  /** Highest position applied so far. */
  readonly position: number;
}

/**
 * `initialPosition`: what the index already holds when it was restored from a snapshot
 * (`catalogue-snapshot.ts`); the runtime continues from there.
 */
export function createCatalogueProjection(index: SearchIndex, initialPosition = 0): CatalogueProjection {
  let position = initialPosition;
  const failed = new Set<number>();

  async function applyOne(event: StoredEvent): Promise<void> {
    if (event.position <= position && !failed.has(event.position)) return;
    try {
      // The in-process index applies synchronously: only a real promise is awaited.
      const done = CHEMICAL_TYPES.has(event.type)
        ? applyChemical(index, event)
        : PERFUME_TYPES.has(event.type)
          ? applyPerfume(index, event)
          : undefined;
      if (done) await done;
      failed.delete(event.position);
    } catch (error) {
      failed.add(event.position);
      throw error;
    }
    if (event.position > position) position = event.position;
  }

  async function applyAll(events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) await applyOne(event);
  }

  return {
    name: CATALOGUE_PROJECTION,
    version: CATALOGUE_PROJECTION_VERSION,
    kind: 'in-process',
    description: 'Catalogue search index and chemicals read model (perfume cards, filters, categories)',
    handles: CATALOGUE_EVENT_TYPES,
    batchSize: CATALOGUE_BATCH_SIZE,
    apply: applyAll,
    applyAll,
    load: () => position,
    get position() {
      return position;
    },
  };
}

function applyChemical(index: SearchIndex, stored: StoredEvent): MaybePromise<void> {
  const event = { type: stored.type, data: stored.data } as ChemicalEvent;
  switch (event.type) {
    case 'ChemicalAdded':
      return index.upsertChemical(event.data.chemical);
    case 'ChemicalEdited': {
      const current = index.chemicals.get(event.data.chemical_id);
      // Edits of a chemical the read model does not hold (deleted) change nothing visible.
      if (current === null) return;
      const state: ChemicalState = { status: 'active', chemical: current, adminEditedFields: [] };
      const next = chemicals.evolve(state, event);
      return next.status === 'active' ? index.upsertChemical(next.chemical) : undefined;
    }
    case 'ChemicalDeleted':
      return index.removeChemical(event.data.chemical_id);
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled chemical event ${(unknown as { type: string }).type}`);
    }
  }
}

function applyPerfume(index: SearchIndex, stored: StoredEvent): MaybePromise<void> {
  const event = { type: stored.type, data: stored.data } as PerfumeEvent;
  const id = perfumeIdOf(event, stored.streamId);
  if (event.type === 'PerfumeCatalogued') {
    // A version 2 payload goes to an index that takes it as stored, links and estimates grouped
    // (what `evolve` gives for a new stream, without making an object per link).
    const perfume = event.data.perfume;
    if (
      index.upsertCatalogued &&
      perfumes.isCompactCataloguePerfume(perfume) &&
      typeof perfume.id === 'string'
    )
      return index.upsertCatalogued(perfume, stored.position);
    return evolveInto(index, null, event, stored);
  }
  const doc = index.getPerfume(id);
  return doc instanceof Promise
    ? doc.then((d) => evolveInto(index, d, event, stored))
    : evolveInto(index, doc, event, stored);
}

/** Applies the domain's `evolve` to the stored document and writes the result. */
function evolveInto(
  index: SearchIndex,
  doc: PerfumeDocument | null,
  event: PerfumeEvent,
  stored: StoredEvent,
): MaybePromise<void> {
  const state: PerfumeState = doc ? { status: 'catalogued', ...doc } : perfumes.initialState;
  // Retiring a record the index no longer holds (a replay after its removal) changes nothing.
  if (event.type === 'PerfumeMerged' && state.status === 'absent') return undefined;
  if (event.type !== 'PerfumeCatalogued' && state.status === 'absent') {
    throw new Error(
      `${event.type} at position ${stored.position} for a perfume that is not catalogued (${stored.streamId})`,
    );
  }
  const next = perfumes.evolve(state, event);
  // A retired duplicate leaves the index; its id resolves through the survivor's `merged_ids`.
  if (next.status === 'merged')
    return index.removePerfume(doc?.perfume.id ?? perfumeIdOf(event, stored.streamId));
  if (next.status !== 'catalogued') return undefined;
  const { status: _status, ...document } = next;
  return index.upsertPerfume(document, stored.position);
}

function perfumeIdOf(event: PerfumeEvent, streamId: string): string {
  const fromData = event.type === 'PerfumeCatalogued' ? event.data.perfume?.id : event.data.perfume_id;
  const fromStream = parseStreamId(streamId);
  const id = fromData ?? (fromStream?.category === 'perfume' ? fromStream.id : undefined);
  if (typeof id !== 'string' || id === '')
    throw new Error(`Perfume event on ${streamId} carries no perfume id`);
  return id;
}
