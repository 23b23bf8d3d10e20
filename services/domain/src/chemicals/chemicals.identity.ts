import { uniqueNameKey } from '../shared/validation.ts';

/** Prefixes of the unique keys a chemical holds in the event log (one name, one CAS number). */
export const CHEMICAL_NAME_KEY = 'chemical-name:';
export const CHEMICAL_CAS_KEY = 'chemical-cas:';

/**
 * The keys that keep chemical names and CAS numbers unique across every process writing the log:
 * the name as the uniqueness rule compares it (case, accents and spacing ignored) and the CAS number.
 */
export function chemicalIdentityKeys(chemical: { name: string; cas_number: string | null } | null): string[] {
  if (chemical === null) return [];
  const keys = [`${CHEMICAL_NAME_KEY}${uniqueNameKey(chemical.name)}`];
  if (chemical.cas_number !== null && chemical.cas_number !== '')
    keys.push(`${CHEMICAL_CAS_KEY}${chemical.cas_number}`);
  return keys;
}

/**
 * What a write from `before` to `after` (null: no live chemical) claims and gives back: every key of
 * `after` (claiming a key the chemical holds already changes nothing) and the keys only `before` had.
 */
export function chemicalIdentityKeyChange(
  before: { name: string; cas_number: string | null } | null,
  after: { name: string; cas_number: string | null } | null,
): { claim: string[]; release: string[] } {
  const claim = chemicalIdentityKeys(after);
  return { claim, release: chemicalIdentityKeys(before).filter((key) => !claim.includes(key)) };
}
