/** TypeBox schemas of the catalogue read API (requests and answers), also its OpenAPI document. */
import { type TSchema, Type } from 'typebox';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
export const MAX_SKIP = 1_000_000;

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Limit = Type.Integer({
  minimum: 1,
  maximum: MAX_LIMIT,
  default: DEFAULT_LIMIT,
  description: `Page size, 1–${MAX_LIMIT} (default ${DEFAULT_LIMIT})`,
});
export const Skip = Type.Integer({ minimum: 0, maximum: MAX_SKIP, default: 0, description: 'Items to skip' });
export const SearchText = Type.String({
  maxLength: 200,
  description:
    'Perfume name, brand, chemical name or CAS number: every word matched (the last as a prefix, typos allowed by word length, case, accents and number signs folded, brand aliases such as YSL), ranked by relevance then popularity',
});
export const BrandName = Type.String({
  maxLength: 200,
  description: 'Exact brand (case- and accent-insensitive)',
});
export const CategoryParam = Type.Union(
  [
    Type.Literal(''),
    Type.Literal('all'),
    Type.Literal('complete'),
    Type.Literal('unspecific'),
    Type.Literal('hypoallergenic'),
  ],
  {
    description:
      "Data category. Empty/absent = the default view: complete perfumes only unless a search, brand, filter or include_unspecific is active; 'all' = every perfume.",
  },
);
export const IncludeUnspecific = Type.Boolean({
  description: 'Search every perfume, not only those with complete chemical data',
});

const Notes = Type.Object({
  top: Type.Array(Type.String()),
  middle: Type.Array(Type.String()),
  base: Type.Array(Type.String()),
  unspecified: Type.Array(Type.String()),
});

export const PerfumeCardChemicalSchema = Type.Object({
  chemical_id: Type.String(),
  name: Type.String(),
  cas_number: Nullable(Type.String()),
  allergen_flag: Type.Boolean(),
  verified: Type.Boolean(),
  kind: Type.Union([Type.Literal('declared'), Type.Literal('inferred')]),
  source: Type.String({
    description: 'inferred (from a note), or label / admin / contribution / scan (declared)',
  }),
  from_note: Nullable(Type.String()),
  concentration_min: Nullable(Type.Number()),
  concentration_max: Nullable(Type.Number()),
});

export const PerfumeAllergenSchema = Type.Object({
  chemical_id: Type.String(),
  name: Type.String(),
  cas_number: Nullable(Type.String()),
  basis: Type.Union([Type.Literal('declared'), Type.Literal('likely'), Type.Literal('possible')], {
    description:
      'declared: on the label or declared by an admin, contributor or scan; likely / possible: estimated from the declared lists of labelled perfumes',
  }),
  source: Nullable(Type.String({ description: 'who declared it (label, admin, contribution, scan)' })),
  probability: Nullable(Type.Number({ description: 'estimated probability (likely / possible only)' })),
  from_notes: Type.Array(Type.String(), { description: 'notes whose known constituents include it' }),
});

export const NoteCoverageSchema = Type.Object({
  specific_notes: Type.Integer(),
  resolved_notes: Type.Integer(),
  unknown_notes: Type.Array(Type.String()),
});

export const PerfumeCardSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  brand: Type.String(),
  year_released: Nullable(Type.Integer()),
  gender: Nullable(Type.String()),
  perfumer: Nullable(Type.String()),
  concentration: Nullable(Type.String()),
  description: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  accords: Type.Array(Type.String()),
  notes: Notes,
  chemicals: Type.Array(PerfumeCardChemicalSchema),
  allergens: Type.Array(PerfumeAllergenSchema),
  hypoallergenic: Type.Boolean(),
  knowledge: Type.String({
    description: 'declared_list, notes_resolved (every specific note resolved), partial or none',
  }),
  coverage: Nullable(NoteCoverageSchema),
  label: Nullable(
    Type.Object({
      source_name: Type.String(),
      source_date: Type.String(),
      ingredients: Type.Array(Type.String()),
      names_fragrance: Type.Boolean({
        description:
          'false when the list names no fragrance material (only "Fragrance" beside carriers and additives): it says nothing of the allergens, which are then estimated as for a perfume without a label',
      }),
    }),
  ),
  chemical_count: Type.Integer(),
  note_count: Type.Integer(),
  data_category: Type.String({ description: 'complete or unspecific' }),
  data_completeness: Type.String(),
  field_sources: Type.Record(Type.String(), Type.String()),
  sources: Type.Array(Type.String()),
});

/** A perfume in a page of a list: what the grid draws before a card is opened. */
export const PerfumeListCardSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    brand: Type.String(),
    year_released: Nullable(Type.Integer()),
    gender: Nullable(Type.String()),
    perfumer: Nullable(Type.String()),
    concentration: Nullable(Type.String()),
    description: Nullable(Type.String()),
    image_url: Nullable(Type.String()),
    notes: Notes,
    chemicals: Type.Array(
      Type.Object({
        chemical_id: Type.String(),
        name: Type.String(),
        allergen_flag: Type.Boolean(),
        kind: Type.Union([Type.Literal('declared'), Type.Literal('inferred')]),
      }),
      { description: 'The first chemicals (declared first); chemical_count says how many there are' },
    ),
    allergens: Type.Array(
      Type.Object({
        name: Type.String(),
        basis: Type.Union([Type.Literal('declared'), Type.Literal('likely'), Type.Literal('possible')]),
        probability: Nullable(Type.Number()),
      }),
      { description: 'The first declared or likely EU label allergens' },
    ),
    allergen_counts: Type.Object(
      { declared: Type.Integer(), likely: Type.Integer(), possible: Type.Integer() },
      { description: 'How many allergens the full perfume lists, by basis' },
    ),
    flagged: Type.Optional(
      Type.Array(
        Type.Object({
          chemical_id: Type.String(),
          name: Type.String(),
          kind: Type.Union([Type.Literal('declared'), Type.Literal('inferred')]),
        }),
        { description: 'Which of the flag_chemicals the perfume links (only when flag_chemicals was given)' },
      ),
    ),
    hypoallergenic: Type.Boolean(),
    knowledge: Type.String({
      description: 'declared_list, notes_resolved (every specific note resolved), partial or none',
    }),
    coverage: Nullable(NoteCoverageSchema),
    label: Nullable(
      Type.Object({
        source_name: Type.String(),
        source_date: Type.String(),
        names_fragrance: Type.Boolean(),
      }),
    ),
    chemical_count: Type.Integer(),
    data_category: Type.String({ description: 'complete or unspecific' }),
  },
  {
    description:
      'A perfume as a list page carries it; GET /api/perfumes/{id} answers the full perfume (every chemical and allergen with its evidence)',
  },
);

/** Chemical ids whose links each card of the page reports in `flagged` (a visitor's own allergens). */
export const FlagChemicals = Type.String({
  maxLength: 4000,
  pattern: '^[^,]+(,[^,]+)*$',
  description: 'Comma-separated chemical ids (at most 100) to report per perfume in `flagged`',
});

export const PerfumePageSchema = Type.Object({
  perfumes: Type.Array(PerfumeListCardSchema),
  total: Type.Integer(),
  has_more: Type.Boolean(),
  limit: Type.Integer(),
  skip: Type.Integer(),
  category: Type.String({
    description: 'The category that applied (all, complete, unspecific or hypoallergenic)',
  }),
});
