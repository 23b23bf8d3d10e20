import { type ChemicalRef, normalizeCas } from '@scentinel/domain';
import type { ApplicationDeps } from '../deps.ts';

/** Live chemicals that already use this name or CAS number (for the domain's uniqueness rule). */
export async function sameNameOrCas(
  deps: Pick<ApplicationDeps, 'catalogue'>,
  name: string | null | undefined,
  cas: string | null | undefined,
): Promise<ChemicalRef[]> {
  const cleanName = typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
  const cleanCas =
    typeof cas === 'string' && cas.trim() !== '' ? (normalizeCas(cas.trim()) ?? cas.trim()) : null;
  if (cleanName === null && cleanCas === null) return [];
  return deps.catalogue.chemicalsNamedOrWithCas(cleanName, cleanCas);
}
