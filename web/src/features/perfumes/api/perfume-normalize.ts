import { isRecord } from '../../../lib/is-record.ts';
import type { Id } from '../../../types/api.ts';

export type LinkKind = 'declared' | 'inferred';

export type PerfumeChemical = {
  id: Id | null;
  name: string;
  cas_number: string | null;
  allergen: boolean;
  verified: boolean;
  kind: LinkKind;
  fromNote: string | null;
  /** A concentration range (%) given with this perfume's link, e.g. from an approved contribution. */
  concentration_min?: number | null;
  concentration_max?: number | null;
};

export type AllergenBasis = 'declared' | 'likely' | 'possible';
export type Knowledge = 'declared_list' | 'notes_resolved' | 'partial' | 'none';

export type PerfumeAllergen = {
  name: string;
  basis: AllergenBasis;
  /** Estimated probability, for likely and possible ones. */
  probability: number | null;
  fromNotes: string[];
};

export type PerfumeNote = { name: string; category: 'top' | 'middle' | 'base' | 'unspecified' };

export type Perfume = {
  id: Id;
  name: string;
  brand: string;
  year_released: number | null;
  gender: 'masculine' | 'feminine' | 'unisex';
  perfumer: string | null;
  /** Eau de Parfum, Eau de Toilette, Extrait… when known. */
  concentration: string | null;
  description: string | null;
  image_url: string | null;
  complete: boolean;
  chemicals: PerfumeChemical[];
  notes: PerfumeNote[];
  allergens: string[];
  /** Each allergen with its evidence (declared on the label or by someone, or estimated). */
  allergenEvidence: PerfumeAllergen[];
  /** What is known of the contents: a label list, every note resolved, some notes, nothing. */
  knowledge: Knowledge;
  coverage: { specific: number; resolved: number; unknown: string[] } | null;
  /** `namesFragrance` false: the list says only "Fragrance", so it says nothing of allergens. */
  label: { sourceName: string; sourceDate: string; namesFragrance: boolean } | null;
  hypoallergenic: boolean;
  chemical_count: number;
  /** Present on synthetic cards of a chemical search. */
  is_chemical_search: boolean;
  /**
   * A list card: `chemicals` and `allergenEvidence` hold only the first few (what the grid draws),
   * with how many allergens there are by basis; the full perfume is fetched when the card is opened.
   * Null for a full perfume.
   */
  allergenCounts: Record<AllergenBasis, number> | null;
  /** The visitor's chemicals (flag_chemicals) this perfume links, when the list was asked for them. */
  flagged: { id: Id; name: string; kind: LinkKind }[] | null;
};

export type CleanBrand = { name: string; price_range?: string | null; specialty?: string | null };

export type CleanBrandResearch = {
  brands: CleanBrand[];
  statistics: {
    total_brands?: number;
    perfumes_found?: number;
    percentage_of_database?: number;
    current_tolerance_level?: string;
  };
  article_info: { title?: string } | null;
  educational_info: {
    total_allergen_types?: number;
    allergen_chemicals_excluded?: string[];
    clean_brand_recommendations?: { name: string; key_features?: string | string[] }[];
    regulatory_note?: string;
  } | null;
};

export type PerfumePage = {
  perfumes: Perfume[];
  /** Total matching perfumes when the server reports it. */
  total: number | null;
  /** The server's has_more when present (else: more pages while a page is full). */
  hasMore: boolean | null;
  cleanBrands: CleanBrandResearch | null;
};

type Raw = Record<string, unknown>;

function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value : null;
  if (typeof value === 'number') return String(value);
  return null;
}

function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function id(value: unknown): Id | null {
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? value : null;
}

function gender(value: unknown): Perfume['gender'] {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  if (['masculine', 'male', 'men', 'man', 'for men'].includes(text)) return 'masculine';
  if (['feminine', 'female', 'women', 'woman', 'for women'].includes(text)) return 'feminine';
  return 'unisex';
}

export function normalizeChemicalLink(raw: unknown): PerfumeChemical | null {
  if (typeof raw === 'string') {
    return raw.trim()
      ? {
          id: null,
          name: raw,
          cas_number: null,
          allergen: false,
          verified: false,
          kind: 'declared',
          fromNote: null,
        }
      : null;
  }
  if (!isRecord(raw)) return null;
  const name = str(raw.name) ?? str(raw.chemical_name);
  if (!name) return null;
  const kindField = str(raw.kind) ?? str(raw.link) ?? str(raw.link_kind) ?? str(raw.source);
  const kind: LinkKind = kindField === 'inferred' || raw.inferred === true ? 'inferred' : 'declared';
  const safety = isRecord(raw.safety_information) ? raw.safety_information : {};
  return {
    id: id(raw.chemical_id) ?? id(raw.id),
    name,
    cas_number: str(raw.cas_number),
    allergen: raw.allergen_flag === true || raw.is_allergen === true || safety.is_allergen === true,
    verified: raw.verified === true,
    kind,
    fromNote: str(raw.from_note),
    ...(num(raw.concentration_min) !== null && { concentration_min: num(raw.concentration_min) }),
    ...(num(raw.concentration_max) !== null && { concentration_max: num(raw.concentration_max) }),
  };
}

const NOTE_CATEGORIES = ['top', 'middle', 'base', 'unspecified'] as const;

function noteCategory(value: unknown): PerfumeNote['category'] {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  if (text === 'top' || text === 'middle') return text;
  if (text === 'heart') return 'middle';
  if (text === 'unspecified' || text === '') return 'unspecified';
  return 'base';
}

export function normalizeNotes(raw: unknown): PerfumeNote[] {
  if (typeof raw === 'string') {
    return raw
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => ({ name, category: 'unspecified' as const }));
  }
  if (Array.isArray(raw)) {
    return raw.flatMap((item): PerfumeNote[] => {
      if (typeof item === 'string') return item.trim() ? [{ name: item, category: 'unspecified' }] : [];
      if (isRecord(item)) {
        const name = str(item.name);
        return name ? [{ name, category: noteCategory(item.category ?? item.layer) }] : [];
      }
      return [];
    });
  }
  if (isRecord(raw)) {
    return NOTE_CATEGORIES.flatMap((category) => {
      const list = raw[category];
      return Array.isArray(list)
        ? list.flatMap((name): PerfumeNote[] =>
            typeof name === 'string' && name.trim() ? [{ name, category }] : [],
          )
        : [];
    });
  }
  return [];
}

function allergenNames(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    if (typeof item === 'string') return item.trim() ? [item] : [];
    if (isRecord(item)) {
      const name = str(item.name);
      return name ? [name] : [];
    }
    return [];
  });
}

const BASES: readonly AllergenBasis[] = ['declared', 'likely', 'possible'];
const KNOWLEDGE: readonly Knowledge[] = ['declared_list', 'notes_resolved', 'partial', 'none'];

function allergenEvidence(raw: unknown): PerfumeAllergen[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): PerfumeAllergen[] => {
    if (!isRecord(item)) return [];
    const name = str(item.name);
    const basis = BASES.find((b) => b === item.basis);
    if (!name || !basis) return [];
    return [
      {
        name,
        basis,
        probability: num(item.probability),
        fromNotes: Array.isArray(item.from_notes)
          ? item.from_notes.filter((n): n is string => typeof n === 'string')
          : [],
      },
    ];
  });
}

function allergenCounts(raw: unknown): Perfume['allergenCounts'] {
  if (!isRecord(raw)) return null;
  return { declared: num(raw.declared) ?? 0, likely: num(raw.likely) ?? 0, possible: num(raw.possible) ?? 0 };
}

function flaggedOf(raw: unknown): Perfume['flagged'] {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((item): NonNullable<Perfume['flagged']> => {
    if (!isRecord(item)) return [];
    const chemicalId = id(item.chemical_id);
    const name = str(item.name);
    if (chemicalId === null || !name) return [];
    return [{ id: chemicalId, name, kind: item.kind === 'declared' ? 'declared' : 'inferred' }];
  });
}

function coverageOf(raw: unknown): Perfume['coverage'] {
  if (!isRecord(raw)) return null;
  const specific = num(raw.specific_notes);
  const resolved = num(raw.resolved_notes);
  if (specific === null || resolved === null) return null;
  const unknown = Array.isArray(raw.unknown_notes)
    ? raw.unknown_notes.filter((n): n is string => typeof n === 'string')
    : [];
  return { specific, resolved, unknown };
}

function labelOf(raw: unknown): Perfume['label'] {
  if (!isRecord(raw)) return null;
  const sourceName = str(raw.source_name);
  const sourceDate = str(raw.source_date);
  return sourceName && sourceDate
    ? { sourceName, sourceDate, namesFragrance: raw.names_fragrance !== false }
    : null;
}

export function normalizePerfume(raw: unknown): Perfume | null {
  if (!isRecord(raw)) return null;
  const perfumeId = id(raw.id);
  const name = str(raw.name);
  if (perfumeId === null || !name) return null;
  const chemicals = Array.isArray(raw.chemicals)
    ? raw.chemicals.map(normalizeChemicalLink).filter((c): c is PerfumeChemical => c !== null)
    : [];
  const category = str(raw.data_category) ?? str(raw.data_completeness) ?? '';
  const explicitAllergens = allergenNames(raw.allergens);
  const allergens =
    explicitAllergens.length > 0 ? explicitAllergens : chemicals.filter((c) => c.allergen).map((c) => c.name);
  return {
    id: perfumeId,
    name,
    brand: str(raw.brand) ?? '',
    year_released: num(raw.year_released),
    gender: gender(raw.gender),
    perfumer: str(raw.perfumer),
    concentration: str(raw.concentration),
    description: str(raw.description),
    image_url: str(raw.image_url),
    complete: category === 'complete',
    chemicals,
    notes: normalizeNotes(raw.notes),
    allergens,
    allergenEvidence: allergenEvidence(raw.allergens),
    knowledge: KNOWLEDGE.find((k) => k === raw.knowledge) ?? 'none',
    coverage: coverageOf(raw.coverage),
    label: labelOf(raw.label),
    hypoallergenic: raw.hypoallergenic === true || raw.is_hypoallergenic === true,
    chemical_count: num(raw.chemical_count) ?? chemicals.length,
    is_chemical_search: raw.is_chemical_search === true,
    allergenCounts: allergenCounts(raw.allergen_counts),
    flagged: flaggedOf(raw.flagged),
  };
}

/** How many allergens a perfume has in all (a list card counts them; a full perfume lists them). */
export function allergenTotal(perfume: Perfume): number {
  const c = perfume.allergenCounts;
  return c ? c.declared + c.likely + c.possible : perfume.allergenEvidence.length;
}

function cleanBrandResearch(raw: Raw): CleanBrandResearch | null {
  const category = str(raw.category) ?? '';
  if (!Array.isArray(raw.brands) || !(category.includes('clean') || isRecord(raw.statistics))) return null;
  const brands = raw.brands.flatMap((brand): CleanBrand[] => {
    if (typeof brand === 'string') return [{ name: brand }];
    if (isRecord(brand) && str(brand.name)) {
      return [
        { name: str(brand.name) ?? '', price_range: str(brand.price_range), specialty: str(brand.specialty) },
      ];
    }
    return [];
  });
  return {
    brands,
    statistics: isRecord(raw.statistics) ? (raw.statistics as CleanBrandResearch['statistics']) : {},
    article_info: isRecord(raw.article_info)
      ? (raw.article_info as CleanBrandResearch['article_info'])
      : null,
    educational_info: isRecord(raw.educational_info)
      ? (raw.educational_info as CleanBrandResearch['educational_info'])
      : null,
  };
}

/**
 * Reads any perfume list answer: a bare array, `{ perfumes, total, has_more }`, `{ results }`,
 * `pagination.has_more`, or the hypoallergenic clean-brand structure. Anything else is an empty list.
 */
export function normalizePerfumePage(raw: unknown): PerfumePage {
  if (Array.isArray(raw)) {
    return {
      perfumes: raw.map(normalizePerfume).filter(isPerfume),
      total: null,
      hasMore: null,
      cleanBrands: null,
    };
  }
  if (!isRecord(raw)) return { perfumes: [], total: null, hasMore: null, cleanBrands: null };
  const list = Array.isArray(raw.perfumes) ? raw.perfumes : Array.isArray(raw.results) ? raw.results : [];
  const pagination = isRecord(raw.pagination) ? raw.pagination : {};
  const hasMore =
    typeof raw.has_more === 'boolean'
      ? raw.has_more
      : typeof pagination.has_more === 'boolean'
        ? pagination.has_more
        : null;
  return {
    perfumes: list.map(normalizePerfume).filter(isPerfume),
    total: num(raw.total) ?? num(pagination.total),
    hasMore,
    cleanBrands: cleanBrandResearch(raw),
  };
}

function isPerfume(value: Perfume | null): value is Perfume {
  return value !== null;
}
