import {
  type ChemicalState,
  chemicalStreamId,
  chemicals,
  DomainError,
  isValidEntityId,
} from '@scentinel/domain';
import type { StoredEvent } from '@scentinel/platform';
import type { ApplicationDeps } from '../deps.ts';

export interface ChemicalHistory {
  state: ChemicalState;
  version: number;
  events: StoredEvent[];
}

/** A chemical's stream: every change with its metadata, and the state they fold to. */
export async function chemicalHistory(
  deps: Pick<ApplicationDeps, 'eventLog'>,
  chemicalId: string,
): Promise<ChemicalHistory> {
  const events = isValidEntityId(chemicalId)
    ? await deps.eventLog.readStream(chemicalStreamId(chemicalId))
    : [];
  if (events.length === 0) throw new DomainError('not_found', `Chemical ${chemicalId} not found`);
  const state = events
    .map((e) => ({ type: e.type, data: e.data }) as chemicals.ChemicalEvent)
    .reduce(chemicals.evolve, chemicals.initialState);
  return { state, version: events.at(-1)!.version, events };
}
