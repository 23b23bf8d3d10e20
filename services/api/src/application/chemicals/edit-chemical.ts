import { type ChemicalInput, chemicalStreamId, chemicals, DomainError } from '@scentinel/domain';
import { withChemicalIdentityLock } from '../chemical-identity-lock.ts';
import { type CommandCaller, handleCommand } from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';
import { chemicalKeyChange, rethrowChemicalKeyTaken } from './chemical-keys.ts';
import { sameNameOrCas } from './same-name-or-cas.ts';

export interface EditChemicalInput {
  chemicalId: string;
  changes: Partial<ChemicalInput>;
  /** The version the client edited; an edit made since then is refused. */
  expectedVersion?: number;
}

/**
 * An admin edits a chemical. With an expected version, a chemical changed since is refused with
 * a conflict (the admin must see the other edit first), so a lost race is not decided again.
 */
export function editChemical(deps: ApplicationDeps, caller: CommandCaller, input: EditChemicalInput) {
  const { chemicalId, changes, expectedVersion } = input;
  return withChemicalIdentityLock(deps, async () => {
    const outcome = await handleCommand(deps, caller, {
      streamId: chemicalStreamId(chemicalId),
      folder: chemicals,
      uniqueKeys: chemicalKeyChange,
      decide: async ({ state, version }, now) => {
        if (expectedVersion !== undefined && state.status !== 'absent' && expectedVersion !== version) {
          throw new DomainError(
            'conflict',
            `This chemical was changed by someone else since you loaded it (version ${expectedVersion}, now ${version}). Reload and try again.`,
          );
        }
        const current = state.status === 'active' ? state.chemical : null;
        return chemicals.decide({ type: 'EditChemical', data: { chemical_id: chemicalId, changes } }, state, {
          now: now.toISOString(),
          actor: caller.actor,
          sameNameOrCas: await sameNameOrCas(
            deps,
            changes.name ?? current?.name,
            changes.cas_number ?? current?.cas_number,
          ),
        });
      },
    }).catch(rethrowChemicalKeyTaken);
    const after = outcome.after.state;
    if (after.status !== 'active') throw new DomainError('not_found', `Chemical ${chemicalId} not found`);
    return { chemical: after.chemical, version: outcome.after.version, changed: outcome.events.length > 0 };
  });
}
