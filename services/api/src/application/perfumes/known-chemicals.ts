import {
  chemicalStreamId,
  chemicals,
  isValidEntityId,
  type PerfumeState,
  perfumeStreamId,
  perfumes,
} from '@scentinel/domain';
import type { EventLog } from '@scentinel/platform';
import { type Loaded, loadStream, mapLimit } from '../command-handler.ts';

/** Names of the live chemicals among `ids`, read from their streams (the domain's `knownChemicals`). */
export async function knownChemicals(
  eventLog: EventLog,
  ids: readonly string[],
): Promise<Record<string, { name: string }>> {
  // No prototype: an id such as `constructor` or `toString` must not find Object's members.
  const known: Record<string, { name: string }> = Object.create(null);
  // Ids the domain will refuse anyway are not looked up.
  const loaded = await mapLimit(ids, 8, async (id) =>
    isValidEntityId(id) ? loadStream(eventLog, chemicalStreamId(id), chemicals) : null,
  );
  for (const [id, chemical] of loaded) {
    if (chemical?.state.status === 'active') known[id] = { name: chemical.state.chemical.name };
  }
  return known;
}

/** A perfume's stream; an id the domain would refuse reads as a perfume that does not exist. */
export function loadPerfume(eventLog: EventLog, perfumeId: string): Promise<Loaded<PerfumeState>> {
  if (!isValidEntityId(perfumeId)) return Promise.resolve({ state: perfumes.initialState, version: 0 });
  return loadStream(eventLog, perfumeStreamId(perfumeId), perfumes);
}
