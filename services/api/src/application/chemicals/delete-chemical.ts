import {
  chemicalIdentityKeys,
  chemicalStreamId,
  chemicals,
  perfumeStreamId,
  perfumes,
} from '@scentinel/domain';
import { type AppendToStream, metadataFor, toNewEvents } from '@scentinel/platform';
import {
  type CommandCaller,
  clock,
  commit,
  loadStream,
  mapLimit,
  retryOnConflict,
} from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';

/**
 * An admin deletes a chemical; every perfume that lists it loses the link, in the same atomic
 * append. The catalogue read model says which perfumes link it, once it has applied every write
 * so far. A conflict (an assignment got in first) decides again on the fresh streams.
 */
export function deleteChemical(
  deps: ApplicationDeps,
  caller: CommandCaller,
  chemicalId: string,
): Promise<{ name: string; perfumesAffected: number }> {
  return retryOnConflict(async () => {
    const now = clock(deps);
    const context = { now: now.toISOString(), actor: caller.actor };
    const metadata = metadataFor(caller.actor, caller.requestId, now);
    const loaded = await loadStream(deps.eventLog, chemicalStreamId(chemicalId), chemicals);
    const deleted = chemicals.decide(
      { type: 'DeleteChemical', data: { chemical_id: chemicalId } },
      loaded.state,
      context,
    );
    const first = deleted[0];
    if (first?.type !== 'ChemicalDeleted') throw new Error('DeleteChemical gave no ChemicalDeleted');
    await deps.waitForPosition(await deps.eventLog.headPosition());
    const perfumeIds = await deps.catalogue.perfumesLinkingChemical(chemicalId);
    const batches: AppendToStream[] = [
      {
        streamId: chemicalStreamId(chemicalId),
        events: toNewEvents(deleted, metadata),
        expectedVersion: loaded.version,
        // Its name and CAS number are free again.
        uniqueKeys: {
          release: chemicalIdentityKeys(loaded.state.status === 'active' ? loaded.state.chemical : null),
        },
      },
    ];
    const linked = await mapLimit(perfumeIds, 8, (id) =>
      loadStream(deps.eventLog, perfumeStreamId(id), perfumes),
    );
    let perfumesAffected = 0;
    for (const [perfumeId, perfume] of linked) {
      const removed = perfumes.decide(
        { type: 'RemoveChemicalLinks', data: { perfume_id: perfumeId, chemical_ids: [chemicalId] } },
        perfume.state,
        context,
      );
      if (removed.length === 0) continue;
      perfumesAffected += 1;
      batches.push({
        streamId: perfumeStreamId(perfumeId),
        events: toNewEvents(removed, metadata),
        expectedVersion: perfume.version,
      });
    }
    await commit(deps, batches, caller.log);
    return { name: first.data.name, perfumesAffected };
  });
}
