/**
 * Pure derivations from a stored perfume document: its visible chemical links, its data category
 * and allergens (the domain's one rule, `classify.ts`), and the card the API answers with.
 * Shared by every search adapter and by the oracle.
 */
import {
  dataCategory,
  isHypoallergenic,
  linkedAllergenIds,
  type PerfumeChemicalLink,
  perfumeChemicals,
} from '@scentinel/domain';
import type {
  Chemical,
  DataCategory,
  PerfumeCard,
  PerfumeCardChemical,
  PerfumeDocument,
} from './catalogue.types.ts';

/** Declared links first, then inferred links neither removed nor declared (domain `perfumeChemicals`). */
export function visibleLinks(doc: PerfumeDocument): PerfumeChemicalLink[] {
  return perfumeChemicals({ status: 'catalogued', ...doc });
}

export interface Classification {
  category: DataCategory;
  hypoallergenic: boolean;
  allergenIds: string[];
}

export function classify(
  links: ReadonlyArray<{ chemical_id: string }>,
  known: ReadonlyMap<string, Chemical>,
): Classification {
  const perfume = { chemicals: links };
  return {
    category: dataCategory(perfume, known),
    hypoallergenic: isHypoallergenic(perfume, known),
    allergenIds: linkedAllergenIds(perfume, known),
  };
}

export function noteCount(doc: PerfumeDocument): number {
  const n = doc.perfume.notes;
  return n.top.length + n.middle.length + n.base.length + n.unspecified.length;
}

export function toPerfumeCard(doc: PerfumeDocument, known: ReadonlyMap<string, Chemical>): PerfumeCard {
  const p = doc.perfume;
  const links = visibleLinks(doc);
  const { category, hypoallergenic, allergenIds } = classify(links, known);
  const chemicals = links.map((link): PerfumeCardChemical => {
    const chemical = known.get(link.chemical_id);
    const declared = link.source !== 'inferred';
    return {
      chemical_id: link.chemical_id,
      name: chemical?.name ?? link.name,
      cas_number: chemical?.cas_number ?? null,
      allergen_flag: chemical?.allergen_flag ?? false,
      verified: chemical?.verified ?? false,
      kind: declared ? 'declared' : 'inferred',
      source: link.source,
      from_note: link.source === 'inferred' ? link.from_note : null,
      concentration_min: link.source === 'inferred' ? null : link.concentration_min,
      concentration_max: link.source === 'inferred' ? null : link.concentration_max,
    };
  });
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    year_released: p.year_released,
    gender: p.gender,
    perfumer: p.perfumer,
    concentration: p.concentration,
    description: p.description,
    image_url: p.image_url,
    accords: p.accords,
    notes: p.notes,
    chemicals,
    allergens: allergenIds.map((id) => known.get(id)?.name ?? id),
    hypoallergenic,
    chemical_count: chemicals.length,
    note_count: noteCount(doc),
    data_category: category,
    data_completeness: category,
    field_sources: p.field_sources,
    sources: p.sources,
  };
}
