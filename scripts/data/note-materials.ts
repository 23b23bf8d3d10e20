/**
 * The reviewed note table: for the notes perfumes use most, what each one is made of.
 *
 * - A note naming a natural material links to the material itself (its IFRA / CosIng entry, when
 *   the chemical database has one) and to its principal constituents, from the standard that
 *   defines the oil (ISO), a peer-reviewed GC-MS study or a standard reference; the `materials`
 *   rows name the DB_Naturals / DB_User_Materials materials whose typical % belong to exactly this
 *   material (no other species, part or fraction).
 * - A note that is not one natural material (musk, amber, leather, aquatic, fruit and gourmand
 *   accords, …) links to the aroma chemicals that render it. Each such link names the molecule's
 *   odour descriptors in the IFRA Fragrance Ingredient Glossary (2019); a unit test checks them
 *   against shared/data/odour.
 * - A note naming one aroma molecule links to that molecule.
 *
 * `notes` are folded note forms (see note-canonical.ts): lower case, no accents, one space
 * between words. The first is the canonical name.
 */
import { ACCORDS } from './note-materials/accords.ts';
import { ANIMALICS, MOLECULES } from './note-materials/animalics-molecules.ts';
import { CITRUS } from './note-materials/citrus.ts';
import { FLORALS } from './note-materials/florals.ts';
import { GLOSSARY } from './note-materials/shared.ts';
import { SPICES_HERBS } from './note-materials/spices-herbs.ts';
import { WOODS_RESINS } from './note-materials/woods-resins.ts';

export interface NoteMaterial {
  notes: readonly string[];
  links: ReadonlyArray<{ cas: string; chemical: string; basis: string }>;
  /** Material names in naturals/DB_Naturals.csv and naturals/DB_User_Materials.csv (exact). */
  materials?: readonly string[];
  /** CAS numbers of linked molecules that render the note but are not said to occur in the material. */
  rendered?: readonly string[];
}

/**
 * Notes whose material is a natural: principal constituents with the reference that gives them, and
 * the source materials whose typical % apply.
 */
const NATURALS = [...CITRUS, ...FLORALS, ...WOODS_RESINS, ...SPICES_HERBS, ...ANIMALICS];

function accordEntries(): NoteMaterial[] {
  return ACCORDS.map((a) => ({
    notes: a.notes,
    links: a.molecules.map((m) => ({
      cas: m.cas,
      chemical: m.chemical,
      basis: `${a.why}; ${GLOSSARY} describes ${m.chemical} as "${m.descriptors}"`,
    })),
  }));
}

const tableEntry = (e: (typeof NATURALS)[number]): NoteMaterial => ({
  notes: e.notes,
  links: e.chems.map(([cas, chemical]) => ({ cas, chemical, basis: e.basis })),
  ...(e.materials ? { materials: e.materials } : {}),
  ...(e.rendered ? { rendered: e.rendered } : {}),
});

/** The reviewed notes that name one natural material (no accord, no single molecule). */
export const NATURAL_NOTE_MATERIALS: readonly NoteMaterial[] = NATURALS.map(tableEntry);

export const NOTE_MATERIALS: readonly NoteMaterial[] = [
  ...NATURAL_NOTE_MATERIALS,
  ...MOLECULES.map(tableEntry),
  ...accordEntries(),
];

/** The accord molecules with the glossary descriptors claimed for them (for the unit test). */
export const ACCORD_DESCRIPTORS: ReadonlyArray<{ cas: string; descriptors: string }> = ACCORDS.flatMap((a) =>
  a.molecules.map((m) => ({ cas: m.cas, descriptors: m.descriptors })),
);
