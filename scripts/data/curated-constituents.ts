/**
 * Curated note → chemical links, flattened from the reviewed note table (note-materials.ts): one
 * row per note entry and chemical, with the reference that gives it (`basis`) and the source
 * materials whose typical % belong to the note. The build adds every chemical named here to the
 * chemical database when no other source has it (scope rule 7 of data/SOURCES.md).
 */
import { NOTE_MATERIALS } from './note-materials.ts';

export interface CuratedLink {
  /** Note forms (folded: lower case, no accents); the first is the entry's canonical note. */
  notes: readonly string[];
  cas: string;
  chemical: string;
  basis: string;
  /** Exact DB_Naturals / DB_User_Materials material names whose typical % apply to the note. */
  materials?: readonly string[];
}

export const CURATED_LINKS: readonly CuratedLink[] = NOTE_MATERIALS.flatMap((m) =>
  m.links.map((l) => ({
    notes: m.notes,
    cas: l.cas,
    chemical: l.chemical,
    basis: l.basis,
    ...(m.materials ? { materials: m.materials } : {}),
  })),
);
