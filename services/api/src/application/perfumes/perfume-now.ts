import { perfumeChemicals } from '@scentinel/domain';
import type { ApplicationDeps } from '../deps.ts';
import { loadPerfume } from './known-chemicals.ts';

export interface PerfumeNow {
  id: string;
  name: string;
  brand: string;
  chemicals: { chemical_id: string; name: string; kind: string; source: string }[];
}

/** The perfume as it is now (name, brand, chemicals), from its stream; null when it does not exist. */
export async function perfumeNow(
  deps: Pick<ApplicationDeps, 'eventLog'>,
  perfumeId: string,
): Promise<PerfumeNow | null> {
  const { state } = await loadPerfume(deps.eventLog, perfumeId);
  if (state.status !== 'catalogued') return null;
  return {
    id: state.perfume.id,
    name: state.perfume.name,
    brand: state.perfume.brand,
    chemicals: perfumeChemicals(state).map((link) => ({
      chemical_id: link.chemical_id,
      name: link.name,
      kind: 'kind' in link ? link.kind : 'inferred',
      source: link.source,
    })),
  };
}
