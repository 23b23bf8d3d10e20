import { randomUUID } from 'node:crypto';
import {
  type ContributionEntryInput,
  type ContributionState,
  contributionStreamId,
  contributions,
  isValidEntityId,
  perfumeStreamId,
  perfumes,
} from '@scentinel/domain';
import { type CommandCaller, handleCommand, loadStream } from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';

export interface SubmitContributionInput {
  /** Empty when the client named no perfume (the domain refuses it). */
  perfumeId: string;
  chemicalData: ContributionEntryInput[];
  contributorNotes: string | null;
}

/**
 * An approved manufacturer or retailer contributes chemical data for a perfume; the perfume's
 * name is read from its stream (the domain refuses a perfume that is not catalogued).
 */
export async function submitContribution(
  deps: ApplicationDeps,
  caller: CommandCaller,
  input: SubmitContributionInput,
): Promise<{
  contributionId: string;
  state: Exclude<ContributionState, { status: 'absent' }>;
  submittedAt: string;
}> {
  const perfume =
    input.perfumeId !== '' && isValidEntityId(input.perfumeId)
      ? await loadStream(deps.eventLog, perfumeStreamId(input.perfumeId), perfumes)
      : null;
  const contributionId = `con-${randomUUID()}`;
  const outcome = await handleCommand(deps, caller, {
    streamId: contributionStreamId(contributionId),
    folder: contributions,
    decide: ({ state }, now) =>
      contributions.decide(
        {
          type: 'SubmitContribution',
          data: {
            contribution_id: contributionId,
            perfume_id: input.perfumeId,
            chemical_data: input.chemicalData,
            contributor_notes: input.contributorNotes,
          },
        },
        state,
        {
          now: now.toISOString(),
          actor: caller.actor,
          perfume:
            perfume?.state.status === 'catalogued'
              ? { id: perfume.state.perfume.id, name: perfume.state.perfume.name }
              : null,
        },
      ),
  });
  const state = outcome.after.state;
  if (state.status === 'absent') throw new Error('SubmitContribution gave no ContributionSubmitted');
  return { contributionId, state, submittedAt: outcome.now.toISOString() };
}
