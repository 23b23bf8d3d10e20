import {
  type AssignmentType,
  DomainError,
  type PerfumeState,
  perfumeChemicals,
  perfumeStreamId,
  perfumes,
} from '@scentinel/domain';
import { type AppendToStream, metadataFor, toNewEvents } from '@scentinel/platform';
import {
  type CommandCaller,
  clock,
  commit,
  handleCommand,
  mapLimit,
  retryOnConflict,
} from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';
import { knownChemicals, loadPerfume } from './known-chemicals.ts';

export const SELECT_BOTH_DETAIL = 'Please select both perfumes and chemicals';

export interface AssignChemicalsInput {
  perfumeId: string;
  chemicalIds: string[];
  /** add, remove or replace (checked by the domain). */
  assignmentType: string;
}

/**
 * An admin assigns chemicals to one perfume as declared links. The same assignment means the
 * same on any state, so a lost race decides again.
 */
export async function assignChemicals(
  deps: ApplicationDeps,
  caller: CommandCaller,
  input: AssignChemicalsInput,
): Promise<{ perfumeName: string; chemicalCount: number; updated: boolean }> {
  const known = await knownChemicals(deps.eventLog, input.chemicalIds);
  const outcome = await handleCommand(deps, caller, {
    streamId: perfumeStreamId(input.perfumeId),
    folder: perfumes,
    retryOnConflict: true,
    decide: ({ state }, now) =>
      perfumes.decide(
        {
          type: 'AssignChemicals',
          data: {
            perfume_id: input.perfumeId,
            assignment_type: input.assignmentType as AssignmentType,
            chemicals: input.chemicalIds.map((chemical_id) => ({ chemical_id })),
          },
        },
        state,
        { now: now.toISOString(), actor: caller.actor, knownChemicals: known },
      ),
  });
  const after: PerfumeState = outcome.after.state;
  return {
    perfumeName: after.status === 'catalogued' ? after.perfume.name : input.perfumeId,
    chemicalCount: perfumeChemicals(after).length,
    updated: outcome.events.length > 0,
  };
}

export interface BulkAssignInput {
  perfumeIds: string[];
  chemicalIds: string[];
  action: string;
}

/**
 * An admin adds, removes or replaces chemicals on many perfumes at once: every changed perfume
 * in one atomic append (all or nothing). A lost race decides every perfume again.
 */
export async function bulkAssignChemicals(
  deps: ApplicationDeps,
  caller: CommandCaller,
  input: BulkAssignInput,
): Promise<{ updatedCount: number; perfumeCount: number }> {
  const perfumeIds = [...new Set(input.perfumeIds)];
  if (perfumeIds.length === 0 || input.chemicalIds.length === 0)
    throw new DomainError('validation', SELECT_BOTH_DETAIL);
  const known = await knownChemicals(deps.eventLog, input.chemicalIds);
  return retryOnConflict(async () => {
    const now = clock(deps);
    const metadata = metadataFor(caller.actor, caller.requestId, now);
    const loaded = await mapLimit(perfumeIds, 8, (id) => loadPerfume(deps.eventLog, id));
    const batches: AppendToStream[] = [];
    for (const [perfumeId, perfume] of loaded) {
      const events = perfumes.decide(
        {
          type: 'AssignChemicals',
          data: {
            perfume_id: perfumeId,
            assignment_type: input.action as AssignmentType,
            chemicals: input.chemicalIds.map((chemical_id) => ({ chemical_id })),
          },
        },
        perfume.state,
        { now: now.toISOString(), actor: caller.actor, knownChemicals: known },
      );
      if (events.length > 0) {
        batches.push({
          streamId: perfumeStreamId(perfumeId),
          events: toNewEvents(events, metadata),
          expectedVersion: perfume.version,
        });
      }
    }
    await commit(deps, batches, caller.log);
    return { updatedCount: batches.length, perfumeCount: perfumeIds.length };
  });
}
