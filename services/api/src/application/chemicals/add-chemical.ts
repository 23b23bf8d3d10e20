import { randomUUID } from 'node:crypto';
import { type Chemical, type ChemicalInput, chemicalStreamId, chemicals } from '@scentinel/domain';
import { withChemicalIdentityLock } from '../chemical-identity-lock.ts';
import { type CommandCaller, handleCommand } from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';
import { chemicalKeyChange, rethrowChemicalKeyTaken } from './chemical-keys.ts';
import { sameNameOrCas } from './same-name-or-cas.ts';

/**
 * An admin adds a chemical. Its name and CAS number must be new: checked against the catalogue
 * read model and written under the chemical identity lock; the append claims them in the event log,
 * which refuses a name or CAS number another process took meanwhile.
 */
export function addChemical(
  deps: ApplicationDeps,
  caller: CommandCaller,
  input: Omit<ChemicalInput, 'chemical_id'>,
): Promise<{ chemical: Chemical; version: number }> {
  const chemicalId = `chem-${randomUUID()}`;
  return withChemicalIdentityLock(deps, async () => {
    const existing = await sameNameOrCas(deps, input.name, input.cas_number);
    const outcome = await handleCommand(deps, caller, {
      streamId: chemicalStreamId(chemicalId),
      folder: chemicals,
      uniqueKeys: chemicalKeyChange,
      decide: ({ state }, now) =>
        chemicals.decide({ type: 'AddChemical', data: { ...input, chemical_id: chemicalId } }, state, {
          now: now.toISOString(),
          actor: caller.actor,
          sameNameOrCas: existing,
        }),
    }).catch(rethrowChemicalKeyTaken);
    const added = outcome.events[0];
    if (added?.type !== 'ChemicalAdded') throw new Error('AddChemical gave no ChemicalAdded');
    return { chemical: added.data.chemical, version: outcome.after.version };
  });
}
