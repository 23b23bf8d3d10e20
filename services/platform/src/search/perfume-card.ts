/**
 * Pure derivations from a stored perfume document: its visible chemical links, its data category
 * and allergens (the domain's one rule, `classify.ts`), and the card the API answers with.
 * Shared by every search adapter and by the oracle.
 */
import {
  allergenLabelKey,
  type ClassifiablePerfume,
  dataCategory,
  isHypoallergenic,
  type Knowledge,
  knowledgeOf,
  labelCase,
  labelNamesFragrance,
  type PerfumeChemicalLink,
  perfumeChemicals,
} from '@scentinel/domain';
import type {
  CataloguePerfume,
  Chemical,
  DataCategory,
  PerfumeAllergen,
  PerfumeCard,
  PerfumeCardChemical,
  PerfumeDocument,
  PerfumeLabel,
} from './catalogue.types.ts';

/** Declared links first, then inferred links neither removed nor declared (domain `perfumeChemicals`). */
export function visibleLinks(doc: PerfumeDocument): PerfumeChemicalLink[] {
  return perfumeChemicals({ status: 'catalogued', ...doc });
}

export interface Classification {
  category: DataCategory;
  hypoallergenic: boolean;
  knowledge: Knowledge;
}

/** The domain's view of a perfume: visible links (declared marked), label, coverage and estimates. */
export function classifiable(
  perfume: CataloguePerfume,
  links: readonly PerfumeChemicalLink[],
): ClassifiablePerfume {
  return {
    notes: perfume.notes,
    chemicals: links.map((link) =>
      'kind' in link
        ? { chemical_id: link.chemical_id, kind: 'declared' as const }
        : { chemical_id: link.chemical_id },
    ),
    label: perfume.label ?? null,
    coverage: perfume.coverage ?? null,
    allergen_estimates: perfume.allergen_estimates ?? [],
  };
}

export function classify(
  perfume: CataloguePerfume,
  links: readonly PerfumeChemicalLink[],
  known: ReadonlyMap<string, Chemical>,
): Classification {
  const c = classifiable(perfume, links);
  return {
    category: dataCategory(c, known),
    hypoallergenic: isHypoallergenic(c, known),
    knowledge: knowledgeOf(c),
  };
}

/**
 * The perfume's EU label allergens with their evidence: declared links first; then, without a
 * declared list, the estimates not already declared; then, for records without estimates, the
 * allergens inferred from notes as possible. One entry per allergen.
 */
export function perfumeAllergens(
  perfume: CataloguePerfume,
  links: readonly PerfumeChemicalLink[],
  known: ReadonlyMap<string, Chemical>,
): PerfumeAllergen[] {
  const out: PerfumeAllergen[] = [];
  const seen = new Set<string>();
  const isAllergen = (id: string) => known.get(id)?.allergen_flag === true;
  const add = (
    id: string,
    fallbackName: string,
    evidence: Pick<PerfumeAllergen, 'basis' | 'source' | 'probability' | 'from_notes'>,
  ) => {
    seen.add(id);
    const chemical = known.get(id);
    out.push({
      chemical_id: id,
      name: chemical ? labelNameOf(chemical) : fallbackName,
      cas_number: chemical?.cas_number ?? null,
      ...evidence,
    });
  };
  for (const link of links) {
    if (!('kind' in link) || seen.has(link.chemical_id) || !isAllergen(link.chemical_id)) continue;
    add(link.chemical_id, link.name, {
      basis: 'declared',
      source: link.source,
      probability: null,
      from_notes: [],
    });
  }
  if (labelNamesFragrance(perfume.label)) return out;
  const labelKeyOf = (id: string): string | null => labelKeyOfChemical(known.get(id));
  if (perfume.allergen_estimates !== undefined) {
    // The notes whose known constituents include the allergen (any isomer of the same label name),
    // gathered in one pass over the links: by chemical id and by label key, in link order, for the
    // estimates' chemicals and label keys only (a card's links name a few hundred chemicals; its
    // estimates a dozen or two).
    const estimates = perfume.allergen_estimates;
    let notesById: Map<string, string[]> | undefined;
    let notesByKey: Map<string, string[]> | undefined;
    const gather = () => {
      const byId = new Map<string, string[]>();
      const byKey = new Map<string, string[]>();
      for (const e of estimates) {
        const key = labelKeyOf(e.chemical_id);
        if (key === null) byId.set(e.chemical_id, []);
        else byKey.set(key, []);
      }
      const push = (notes: string[] | undefined, note: string) => {
        if (notes !== undefined && !notes.includes(note)) notes.push(note);
      };
      for (const link of links) {
        if ('kind' in link) continue;
        push(byId.get(link.chemical_id), link.from_note);
        if (byKey.size === 0) continue;
        const key = labelKeyOf(link.chemical_id);
        if (key !== null) push(byKey.get(key), link.from_note);
      }
      notesById = byId;
      notesByKey = byKey;
    };
    const notesOf = (id: string): string[] => {
      if (notesById === undefined) gather();
      const key = labelKeyOf(id);
      const notes = key === null ? notesById!.get(id) : notesByKey!.get(key);
      return notes === undefined ? [] : [...notes];
    };
    for (const e of perfume.allergen_estimates) {
      if (seen.has(e.chemical_id) || declaredSameAllergen(e.chemical_id, out, labelKeyOf)) continue;
      add(e.chemical_id, e.chemical_id, {
        basis: e.basis,
        source: null,
        probability: e.probability,
        from_notes: notesOf(e.chemical_id),
      });
    }
    return out;
  }
  for (const link of links) {
    if ('kind' in link || seen.has(link.chemical_id) || !isAllergen(link.chemical_id)) continue;
    add(link.chemical_id, link.name, {
      basis: 'possible',
      source: null,
      probability: null,
      from_notes: [link.from_note],
    });
  }
  return out;
}

/**
 * Label keys and label names per chemical record, worked out once: a page of cards asks for the
 * same few dozen allergens thousands of times. Records are replaced, never changed in place, when
 * a chemical is edited, so a record's entry stays right for as long as the record is used.
 */
const labelKeys = new WeakMap<Chemical, string | null>();
const labelNames = new WeakMap<Chemical, string>();

function labelKeyOfChemical(c: Chemical | undefined): string | null {
  if (c === undefined) return null;
  let key = labelKeys.get(c);
  if (key === undefined) {
    key = allergenLabelKey(c);
    labelKeys.set(c, key);
  }
  return key;
}

function labelNameOf(c: Chemical): string {
  let name = labelNames.get(c);
  if (name === undefined) {
    name = labelName(c);
    labelNames.set(c, name);
  }
  return name;
}

/**
 * The name an allergen is printed under on labels (its INCI name, `Alpha-Isomethyl Ionone`), which
 * is what a person with an allergy reads on a box; the chemical's own name otherwise.
 */
export function labelName(c: Chemical): string {
  const inci = c.allergen_flag ? c.inci_name : null;
  return !inci || inci.includes(';') || inci.length > 60 ? c.name : labelCase(inci);
}

/** Whether an allergen of the same label name is already declared (`d-Limonene` vs `Limonene`). */
function declaredSameAllergen(
  id: string,
  declared: readonly PerfumeAllergen[],
  labelKeyOf: (id: string) => string | null,
): boolean {
  const key = labelKeyOf(id);
  return key !== null && declared.some((d) => labelKeyOf(d.chemical_id) === key);
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
    allergens: PerfumeAllergen[];
    category: DataCategory;
    hypoallergenic: boolean;
    knowledge: Knowledge;
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
    knowledge: derived.knowledge,
    coverage: p.coverage ?? null,
    label: p.label
      ? {
          source_name: p.label.source_name,
          source_date: p.label.source_date,
          ingredients: p.label.ingredients,
          names_fragrance: labelNamesFragrance(p.label),
        }
      : null,
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
  const { category, hypoallergenic, knowledge } = classify(doc.perfume, links, known);
  return assembleCard(doc.perfume, {
    chemicals: links.map((link) => cardChemical(link, known.get(link.chemical_id))),
    allergens: perfumeAllergens(doc.perfume, links, known),
    category,
    hypoallergenic,
    knowledge,
  });
}

/**
 * Chips a card in a list draws before it is opened: a list this short whole, a longer one its
 * allergens (at most `LIST_CARD_ALLERGEN_CHIPS`); the rest come with the full card.
 */
export const LIST_CARD_CHEMICALS = 6;
export const LIST_CARD_ALLERGEN_CHIPS = 4;
/** Declared or likely allergens a card in a list names before it is opened. */
export const LIST_CARD_ALLERGENS = 2;

/** A chemical chip as a list card draws it. */
export interface ListCardChemical {
  chemical_id: string;
  name: string;
  allergen_flag: boolean;
  kind: 'declared' | 'inferred';
}

/** An allergen as a list card names it (who declared it and the notes it comes from: full card). */
export interface ListCardAllergen {
  name: string;
  basis: PerfumeAllergen['basis'];
  probability: number | null;
}

/**
 * A perfume as a page of a list carries it: what the grid draws before a card is opened. The full
 * card (every chemical with its source and concentration, every allergen with its evidence, the
 * label's ingredients, provenance) is one request away (`GET /api/perfumes/{id}`).
 */
export interface PerfumeListCard {
  id: string;
  name: string;
  brand: string;
  year_released: number | null;
  gender: PerfumeCard['gender'];
  perfumer: string | null;
  concentration: string | null;
  description: string | null;
  image_url: string | null;
  notes: PerfumeCard['notes'];
  /** The chips drawn before the card is opened (see `LIST_CARD_CHEMICALS`), declared first. */
  chemicals: ListCardChemical[];
  /** The first declared or likely allergens (at most `LIST_CARD_ALLERGENS`), and any a filter asked for. */
  allergens: ListCardAllergen[];
  /** How many allergens the full card lists, by basis. */
  allergen_counts: { declared: number; likely: number; possible: number };
  /**
   * Which of the chemicals a visitor asked about (`flag_chemicals`, their own allergens) the
   * perfume links, declared or inferred; absent when none were asked about.
   */
  flagged?: { chemical_id: string; name: string; kind: 'declared' | 'inferred' }[];
  hypoallergenic: boolean;
  knowledge: PerfumeCard['knowledge'];
  coverage: PerfumeCard['coverage'];
  label: Pick<PerfumeLabel, 'source_name' | 'source_date' | 'names_fragrance'> | null;
  chemical_count: number;
  data_category: DataCategory;
}

/**
 * The chips a list card draws (see `LIST_CARD_CHEMICALS`); the chemicals a filter asked for
 * (`first`) come first, so a card shows why it matched.
 */
function listChips(
  chemicals: readonly PerfumeCardChemical[],
  first?: ReadonlySet<string>,
): readonly PerfumeCardChemical[] {
  const asked = first && first.size > 0 ? chemicals.filter((c) => first.has(c.chemical_id)) : [];
  if (chemicals.length <= LIST_CARD_CHEMICALS)
    return asked.length === 0 ? chemicals : [...new Set([...asked, ...chemicals])];
  const rest = chemicals.filter((c) => c.allergen_flag && !asked.includes(c));
  return [...asked, ...rest].slice(0, Math.max(LIST_CARD_ALLERGEN_CHIPS, asked.length));
}

/**
 * The list form of a card (see `PerfumeListCard`); `flag` are chemical ids to look for among its
 * links (a declared link wins over an inferred one); `first` are chemical ids whose chips come
 * first (the ones a filter asked for).
 */
export function listCard(
  card: PerfumeCard,
  flag?: ReadonlySet<string>,
  first?: ReadonlySet<string>,
): PerfumeListCard {
  const counts = { declared: 0, likely: 0, possible: 0 };
  const allergens: ListCardAllergen[] = [];
  let strong = 0;
  for (const a of card.allergens) {
    counts[a.basis]++;
    // The allergens a filter asked for are named whatever their basis (the card shows why it matched).
    const wanted = first?.has(a.chemical_id) === true;
    if (wanted || (a.basis !== 'possible' && strong < LIST_CARD_ALLERGENS)) {
      if (!wanted) strong++;
      allergens.push({ name: a.name, basis: a.basis, probability: a.probability });
    }
  }
  let flagged: PerfumeListCard['flagged'];
  if (flag !== undefined) {
    // Declared links come first, so the first link to a chemical is the one shown.
    const seen = new Set<string>();
    flagged = [];
    for (const c of card.chemicals) {
      if (!flag.has(c.chemical_id) || seen.has(c.chemical_id)) continue;
      seen.add(c.chemical_id);
      flagged.push({ chemical_id: c.chemical_id, name: c.name, kind: c.kind });
    }
  }
  return {
    id: card.id,
    name: card.name,
    brand: card.brand,
    year_released: card.year_released,
    gender: card.gender,
    perfumer: card.perfumer,
    concentration: card.concentration,
    description: card.description,
    image_url: card.image_url,
    notes: card.notes,
    chemicals: listChips(card.chemicals, first).map((c) => ({
      chemical_id: c.chemical_id,
      name: c.name,
      allergen_flag: c.allergen_flag,
      kind: c.kind,
    })),
    allergens,
    allergen_counts: counts,
    hypoallergenic: card.hypoallergenic,
    knowledge: card.knowledge,
    coverage: card.coverage,
    label: card.label
      ? {
          source_name: card.label.source_name,
          source_date: card.label.source_date,
          names_fragrance: card.label.names_fragrance,
        }
      : null,
    chemical_count: card.chemical_count,
    data_category: card.data_category,
    ...(flagged !== undefined && { flagged }),
  };
}
