import {
  CHEMICAL_CAS_KEY,
  type ChemicalState,
  chemicalIdentityKeyChange,
  DomainError,
} from '@scentinel/domain';

/** The live chemical of a state (null when absent or deleted). */
function live(state: ChemicalState) {
  return state.status === 'active' ? state.chemical : null;
}

/** The unique keys a chemical write takes and gives back (see `chemicalIdentityKeyChange`). */
export function chemicalKeyChange(before: ChemicalState, after: ChemicalState) {
  return chemicalIdentityKeyChange(live(before), live(after));
}

/**
 * The event log refused a name or CAS number another chemical holds: a write in another process
 * got there first (this process's read model had not seen it yet). Answers as the domain's own
 * uniqueness rule does.
 */
export function rethrowChemicalKeyTaken(error: unknown): never {
  if (error instanceof Error && error.name === 'UniqueKeyTakenError') {
    const key = (error as Error & { key: string }).key;
    if (key.startsWith(CHEMICAL_CAS_KEY)) {
      const cas = key.slice(CHEMICAL_CAS_KEY.length);
      throw new DomainError(
        'conflict',
        `CAS number ${cas} already belongs to another chemical`,
        'cas_number',
      );
    }
    throw new DomainError('conflict', 'A chemical with this name already exists', 'name');
  }
  throw error;
}
