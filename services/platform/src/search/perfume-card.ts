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
  CataloguePerfume,
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

/** One visible link as a card shows it, with the chemical's current record when known. */
export function cardChemical(link: PerfumeChemicalLink, chemical: Chemical | undefined): PerfumeCardChemical {
  const inferred = link.source === 'inferred';
  return {
    chemical_id: link.chemical_id,
    name: chemical?.name ?? link.name,
    cas_number: chemical?.cas_number ?? null,
    allergen_flag: chemical?.allergen_flag ?? false,
    verified: chemical?.verified ?? false,
    kind: inferred ? 'inferred' : 'declared',
    source: link.source,
    from_note: inferred ? link.from_note : null,
    concentration_min: inferred ? null : link.concentration_min,
    concentration_max: inferred ? null : link.concentration_max,
  };
}

/** The card of a perfume from its record and what the read side derived (links, allergens, flags). */
export function assembleCard(
  p: CataloguePerfume,
  derived: {
    chemicals: PerfumeCardChemical[];
    allergens: string[];
    category: DataCategory;
    hypoallergenic: boolean;
  },
): PerfumeCard {
  const n = p.notes;
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
    chemicals: derived.chemicals,
    allergens: derived.allergens,
    hypoallergenic: derived.hypoallergenic,
    chemical_count: derived.chemicals.length,
    note_count: n.top.length + n.middle.length + n.base.length + n.unspecified.length,
    data_category: derived.category,
    data_completeness: derived.category,
    field_sources: p.field_sources,
    sources: p.sources,
  };
}

export function toPerfumeCard(doc: PerfumeDocument, known: ReadonlyMap<string, Chemical>): PerfumeCard {
  const links = visibleLinks(doc);
  const { category, hypoallergenic, allergenIds } = classify(links, known);
  return assembleCard(doc.perfume, {
    chemicals: links.map((link) => cardChemical(link, known.get(link.chemical_id))),
    allergens: allergenIds.map((id) => known.get(id)?.name ?? id),
    category,
    hypoallergenic,
  });
}
