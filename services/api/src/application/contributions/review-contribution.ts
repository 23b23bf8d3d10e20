import { randomUUID } from 'node:crypto';
import {
  type ChemicalRef,
  type ContributionState,
  chemicalIdentityKeys,
  chemicalStreamId,
  chemicals,
  contributionStreamId,
  contributions,
  perfumeStreamId,
  perfumes,
} from '@scentinel/domain';
import { type AppendToStream, metadataFor, toNewEvents } from '@scentinel/platform';
import { withChemicalIdentityLock } from '../chemical-identity-lock.ts';
import { rethrowChemicalKeyTaken } from '../chemicals/chemical-keys.ts';
import {
  type CommandCaller,
  clock,
  commit,
  handleCommand,
  loadStream,
  retryOnConflict,
} from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';

export interface ApprovedContribution {
  /** The contribution as it was before the approval (its data). */
  contribution: Exclude<ContributionState, { status: 'absent' }>;
  approvedAt: string;
  addedChemicals: { id: string; name: string }[];
  linkedChemicals: number;
}

/**
 * An admin approves a contribution: its chemicals become declared links on the perfume. Entries
 * are matched to existing chemicals by CAS number, else by name; the others are added to the
 * catalogue first. The contribution, the new chemicals and the perfume are written in one atomic
 * append, under the chemical identity lock (a chemical it adds must not take a name or CAS number
 * another write is adding meanwhile). A conflict on the perfume (an assignment got in first)
 * decides again; a conflict on the contribution then ends as "no longer pending".
 */
export function approveContribution(
  deps: ApplicationDeps,
  caller: CommandCaller,
  contributionId: string,
): Promise<ApprovedContribution> {
  return retryOnConflict(async () => {
    const now = clock(deps);
    const context = { now: now.toISOString(), actor: caller.actor };
    const loaded = await loadStream(deps.eventLog, contributionStreamId(contributionId), contributions);
    const approvedEvents = contributions.decide(
      { type: 'ApproveContribution', data: { contribution_id: contributionId } },
      loaded.state,
      context,
    );
    const approved = approvedEvents[0];
    if (approved?.type !== 'ContributionApproved' || loaded.state.status === 'absent')
      throw new Error('ApproveContribution gave no ContributionApproved');
    const contribution = loaded.state;

    return withChemicalIdentityLock(deps, async () => {
      const existing = dedupeRefs(
        (
          await Promise.all(
            approved.data.chemical_data.map((entry) =>
              deps.catalogue.chemicalsNamedOrWithCas(entry.name, entry.cas_number),
            ),
          )
        ).flat(),
      );
      const plan = contributions.planContributionApproval(
        approved.data,
        existing,
        approved.data.chemical_data.map(() => `chem-${randomUUID()}`),
      );
      const metadata = metadataFor(caller.actor, caller.requestId, now);
      const batches: AppendToStream[] = [
        {
          streamId: contributionStreamId(contributionId),
          events: toNewEvents(approvedEvents, metadata),
          expectedVersion: loaded.version,
        },
      ];
      const addedChemicals: { id: string; name: string }[] = [];
      for (const add of plan.addChemicals) {
        const events = chemicals.decide(add, chemicals.initialState, { ...context, sameNameOrCas: existing });
        const claim: string[] = [];
        for (const e of events)
          if (e.type === 'ChemicalAdded') {
            addedChemicals.push({ id: e.data.chemical.id, name: e.data.chemical.name });
            claim.push(...chemicalIdentityKeys(e.data.chemical));
          }
        batches.push({
          streamId: chemicalStreamId(add.data.chemical_id),
          events: toNewEvents(events, metadata),
          expectedVersion: 0,
          uniqueKeys: { claim },
        });
      }
      const perfume = await loadStream(deps.eventLog, perfumeStreamId(approved.data.perfume_id), perfumes);
      const assigned = perfumes.decide(plan.assignment, perfume.state, {
        ...context,
        knownChemicals: plan.knownChemicals,
      });
      batches.push({
        streamId: perfumeStreamId(approved.data.perfume_id),
        events: toNewEvents(assigned, metadata),
        expectedVersion: perfume.version,
      });
      await commit(deps, batches, caller.log).catch(rethrowChemicalKeyTaken);
      return {
        contribution,
        approvedAt: now.toISOString(),
        addedChemicals,
        linkedChemicals: plan.assignment.data.chemicals.length,
      };
    });
  });
}

/** An admin rejects a submitted contribution, with a reason the contributor sees. */
export async function rejectContribution(
  deps: ApplicationDeps,
  caller: CommandCaller,
  contributionId: string,
  reason: string,
): Promise<void> {
  await handleCommand(deps, caller, {
    streamId: contributionStreamId(contributionId),
    folder: contributions,
    retryOnConflict: true,
    decide: ({ state }, now) =>
      contributions.decide(
        { type: 'RejectContribution', data: { contribution_id: contributionId, reason } },
        state,
        { now: now.toISOString(), actor: caller.actor },
      ),
  });
}

function dedupeRefs(refs: readonly ChemicalRef[]): ChemicalRef[] {
  const byId = new Map<string, ChemicalRef>();
  for (const ref of refs) if (!byId.has(ref.id)) byId.set(ref.id, ref);
  return [...byId.values()];
}
