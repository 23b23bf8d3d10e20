/**
 * The catalogue read API: perfume lists, search, filters, categories, brands
 * and notes. Every list is one `CatalogueQuery` against the search index port.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type CatalogueCategory,
  type CatalogueQuery,
  effectiveCategory,
  normalizeText,
  type SearchIndex,
  searchListPage,
} from '@scentinel/platform/search';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Problem } from '../../auth/schemas.ts';
import { answerCacheFor } from '../../http/answer-cache.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import {
  BrandName,
  CategoryParam,
  DEFAULT_LIMIT,
  FlagChemicals,
  IncludeUnspecific,
  Limit,
  Nullable,
  PerfumeListCardSchema,
  PerfumePageSchema,
  SearchText,
  Skip,
} from './catalogue.schemas.ts';
import { cleanBrandRoutes } from './clean-brands.routes.ts';
import { CleanBrandSchema, cleanBrandAnswer } from './clean-brands.ts';
import { pickerRoutes } from './picker.routes.ts';

export interface CatalogueRouteDeps {
  catalogue: SearchIndex;
}

const Paging = { limit: Type.Optional(Limit), skip: Type.Optional(Skip) };
const Flag = { flag_chemicals: Type.Optional(FlagChemicals) };

const EnhancedQuery = Type.Object(
  {
    ...Paging,
    ...Flag,
    category: Type.Optional(CategoryParam),
    search: Type.Optional(SearchText),
    brand: Type.Optional(BrandName),
    include_unspecific: Type.Optional(IncludeUnspecific),
  },
  { additionalProperties: false },
);

const ByCategoryQuery = Type.Object(
  {
    ...Paging,
    ...Flag,
    category: CategoryParam,
    search: Type.Optional(SearchText),
    brand: Type.Optional(BrandName),
    include_unspecific: Type.Optional(IncludeUnspecific),
  },
  { additionalProperties: false },
);

const HypoallergenicQuery = Type.Object(
  {
    ...Paging,
    ...Flag,
    allergen_tolerance: Type.Optional(
      Type.Literal('low', { description: 'Only low is offered: no linked allergen at all' }),
    ),
    include_unspecific: Type.Optional(
      Type.Boolean({
        description: 'Accepted for compatibility; hypoallergenic perfumes always have chemical data',
      }),
    ),
    search: Type.Optional(SearchText),
    brand: Type.Optional(BrandName),
  },
  { additionalProperties: false },
);

const Ref = Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Integer()]);
const RefList = (what: string) => Type.Optional(Type.Array(Ref, { maxItems: 100, description: what }));

const FilterBody = Type.Object(
  {
    include_chemicals: RefList(
      'Chemicals the perfume must all contain: id, name or CAS number (a label name an allergen entry prescribes, `Rose Ketones`, names each substance of the entry)',
    ),
    exclude_chemicals: RefList(
      'Chemicals the perfume must not contain: id, name or CAS number (a label name an allergen entry prescribes, `Rose Ketones`, names each substance of the entry)',
    ),
    include_notes: RefList('Notes the perfume must all have: note id or name'),
    exclude_notes: RefList('Notes the perfume must not have: note id or name'),
    brands: Type.Optional(Type.Array(BrandName, { maxItems: 100, description: 'Any of these brands' })),
    allergen_free: Type.Optional(Nullable(Type.Boolean({ description: 'Hypoallergenic perfumes only' }))),
    category: Type.Optional(Nullable(CategoryParam)),
    search: Type.Optional(Nullable(SearchText)),
    include_unspecific: Type.Optional(Nullable(IncludeUnspecific)),
    limit: Type.Optional(Limit),
    skip: Type.Optional(Skip),
  },
  { additionalProperties: false },
);

const FilterQuery = Type.Object(
  {
    ...Paging,
    ...Flag,
    search: Type.Optional(SearchText),
    include_unspecific: Type.Optional(IncludeUnspecific),
  },
  { additionalProperties: false },
);

const BrandParams = Type.Object(
  { brand: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
const BrandPageQuery = Type.Object({ ...Paging, ...Flag }, { additionalProperties: false });

const Percent = Type.Object({ count: Type.Integer(), percentage: Type.Number() });
const Categorization = Type.Object({
  total_perfumes: Type.Integer(),
  complete_chemical_data: Percent,
  unspecific_chemical_ingredients: Percent,
  hypoallergenic: Percent,
});

const HypoallergenicAnswer = Type.Object(
  {
    ...PerfumePageSchema.properties,
    category: Type.String({ description: 'hypoallergenic, or clean_brands when the database holds none' }),
    allergen_tolerance: Type.Literal('low'),
    pagination: Type.Object({
      limit: Type.Integer(),
      skip: Type.Integer(),
      total: Type.Integer(),
      has_more: Type.Boolean(),
    }),
    ...CleanBrandSchema.properties,
  },
  {
    description:
      'The page of hypoallergenic perfumes, with the clean-brand structure when the database has none',
  },
);

const PageAnswer = PerfumePageSchema;
const BrandPageAnswer = Type.Object({ ...PerfumePageSchema.properties, brand: Type.String() });

/** Blank strings (a cleared search box) mean "not given". */
function given(value: string | null | undefined): string | undefined {
  return value === undefined || value === null || value.trim() === '' ? undefined : value;
}

function categoryOf(value: string | null | undefined): CatalogueCategory | undefined {
  return value === undefined || value === null || value === '' ? undefined : (value as CatalogueCategory);
}

function refs(list: readonly (string | number)[] | undefined): string[] {
  return (list ?? []).map((r) => String(r).trim()).filter((r) => r !== '');
}

function overlap(include: string[], exclude: string[]): string | undefined {
  if (include.length === 0 || exclude.length === 0) return undefined;
  const excluded = new Set(exclude.map((r) => normalizeText(r) || r));
  return include.find((r) => excluded.has(normalizeText(r) || r));
}

/** At most this many chemical ids in `flag_chemicals`. */
const MAX_FLAGGED = 100;

/** The chemical ids of `flag_chemicals`, or undefined when not given. */
function flagSet(raw: string | undefined): Set<string> | undefined {
  if (raw === undefined) return undefined;
  const ids = raw
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length > MAX_FLAGGED) {
    throw new HttpError(
      400,
      `flag_chemicals names ${ids.length} chemicals; at most ${MAX_FLAGGED}`,
      'validation',
    );
  }
  return new Set(ids);
}

async function page(index: SearchIndex, q: CatalogueQuery, flag?: ReadonlySet<string>) {
  // Cards show the chemicals a filter asked for among their first chips.
  const asked = new Set((q.include_chemicals ?? []).flatMap((ref) => index.chemicals.resolve(ref)));
  const result = await searchListPage(index, q, flag, asked);
  return {
    perfumes: result.items,
    total: result.total,
    has_more: result.has_more,
    limit: q.limit,
    skip: q.skip,
    category: effectiveCategory(q),
  };
}

/**
 * The JSON of list cards the index keeps (it lists a kept perfume with the same object each time):
 * a page of popular perfumes is assembled from their JSON instead of serialising every card again.
 */
const cardJson = new WeakMap<object, string>();

/**
 * `json` as one flat string. A serializer builds its JSON by appending, which V8 keeps as a tree of
 * the appended pieces (a few hundred heap objects for one card) until the string is first read by
 * index; reading one character joins the tree into one string in place. Kept card JSON that stayed
 * a tree cost ~5x its size in heap, and every full collection walked all those pieces: under a
 * log of distinct searches that was ~40 % of the server's CPU.
 */
function flat(json: string): string {
  json.charCodeAt(0);
  return json;
}

/**
 * Serialises a page (`PerfumePageSchema`) with the route's own serializers: the envelope with no
 * cards, then each card's JSON (kept per card object) written in its place: the same JSON as the
 * page schema's serializer makes of the whole page (the route oracle test compares answers). The
 * page is written straight into its UTF-8 bytes, not joined into a string first (two strings
 * of the page's size less per answer to collect).
 */
function pageSerializer(reply: FastifyReply): (payload: { perfumes: object[] }) => Buffer {
  const card = reply.compileSerializationSchema(
    PerfumeListCardSchema as unknown as Record<string, unknown>,
  ) as (c: object) => string;
  const envelope = reply.compileSerializationSchema(
    PerfumePageSchema as unknown as Record<string, unknown>,
  ) as (p: object) => string;
  return (payload) => {
    const parts = payload.perfumes.map((c) => {
      let json = cardJson.get(c);
      if (json === undefined) {
        json = flat(card(c));
        cardJson.set(c, json);
      }
      return json;
    });
    // The cards are the envelope's first property, so the first match is theirs.
    const empty = envelope({ ...payload, perfumes: [] });
    const at = empty.indexOf(EMPTY_CARDS) + EMPTY_CARDS.length - 1;
    const head = empty.slice(0, at);
    const tail = empty.slice(at);
    let size = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, parts.length - 1);
    for (const part of parts) size += Buffer.byteLength(part);
    const out = Buffer.allocUnsafe(size);
    let offset = out.write(head, 0);
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) out[offset++] = 0x2c; // ','
      offset += out.write(parts[i]!, offset);
    }
    out.write(tail, offset);
    return out;
  };
}

const EMPTY_CARDS = '"perfumes":[]';

const TAGS = ['catalogue'];
/** Bytes of encoded perfume-list answers kept for reuse (`http/answer-cache.ts`). */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/** The query of the two GET perfume lists (search, brand, category, paging). */
function listQuery(q: {
  search?: string;
  brand?: string;
  category?: string;
  include_unspecific?: boolean;
  limit?: number;
  skip?: number;
}): CatalogueQuery {
  const brand = given(q.brand);
  return {
    text: given(q.search),
    brands: brand ? [brand] : undefined,
    category: categoryOf(q.category),
    include_unspecific: q.include_unspecific,
    limit: q.limit ?? DEFAULT_LIMIT,
    skip: q.skip ?? 0,
  };
}

export const catalogueRoutes: FastifyPluginAsyncTypebox<{ deps: CatalogueRouteDeps }> = async (
  app,
  { deps },
) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);
  const index = deps.catalogue;
  const answers = answerCacheFor(index, ANSWER_CACHE_BYTES);
  /** One perfume-list answer, reused while the index is unchanged (keyed by route and normalised query). */
  const cachedPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    query: CatalogueQuery,
    flag: Set<string> | undefined,
    build: () => Promise<unknown> = async () => {
      const answer = await page(index, query, flag);
      // A plain page: serialised from its cards' kept JSON (see `pageSerializer`).
      // Fastify sends a serializer's Buffer as it is (the answer cache keeps it as the JSON bytes).
      reply.serializer(pageSerializer(reply) as unknown as (payload: unknown) => string);
      return answer;
    },
  ) =>
    answers.send(
      request,
      reply,
      route,
      flag === undefined ? query : { ...query, flag: [...flag].sort() },
      build,
    );
  const cached = answers.routeOptions;

  app.get(
    '/categorize-perfumes',
    {
      schema: {
        tags: TAGS,
        summary: 'Data-completeness summary',
        description:
          'How many perfumes have complete chemical data, how many are unspecific, and how many are hypoallergenic.',
        response: { 200: Categorization },
      },
    },
    async () => {
      const s = await index.stats();
      const pct = (n: number) =>
        s.total_perfumes === 0 ? 0 : Math.round((n / s.total_perfumes) * 1000) / 10;
      return {
        total_perfumes: s.total_perfumes,
        complete_chemical_data: { count: s.complete, percentage: pct(s.complete) },
        unspecific_chemical_ingredients: { count: s.unspecific, percentage: pct(s.unspecific) },
        hypoallergenic: { count: s.hypoallergenic, percentage: pct(s.hypoallergenic) },
      };
    },
  );

  app.get(
    '/perfumes/enhanced',
    {
      ...cached,
      schema: {
        tags: TAGS,
        summary: 'Browse and search perfumes',
        description:
          'The main perfume list. Without search, brand or include_unspecific it shows complete perfumes only (fast mode).',
        querystring: EnhancedQuery,
        response: { 200: PageAnswer, 400: Problem },
      },
    },
    async (request, reply) =>
      cachedPage(request, reply, 'enhanced', listQuery(request.query), flagSet(request.query.flag_chemicals)),
  );

  app.get(
    '/perfumes-by-category',
    {
      ...cached,
      schema: {
        tags: TAGS,
        summary: 'Perfumes of one data category',
        querystring: ByCategoryQuery,
        response: { 200: PageAnswer, 400: Problem },
      },
    },
    async (request, reply) =>
      cachedPage(
        request,
        reply,
        'by-category',
        listQuery(request.query),
        flagSet(request.query.flag_chemicals),
      ),
  );

  app.post(
    '/perfumes/filter',
    {
      ...cached,
      bodyLimit: 64 * 1024,
      schema: {
        tags: TAGS,
        summary: 'Filter perfumes by chemicals, notes, brands and allergens',
        description:
          'Paging, search and include_unspecific may come in the query string or the body (the body wins). Include lists are AND, exclude lists are NOT ANY.',
        querystring: FilterQuery,
        body: FilterBody,
        response: { 200: PageAnswer, 400: Problem },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const q = request.query;
      const include_chemicals = refs(b.include_chemicals);
      const exclude_chemicals = refs(b.exclude_chemicals);
      const include_notes = refs(b.include_notes);
      const exclude_notes = refs(b.exclude_notes);
      const both = overlap(include_chemicals, exclude_chemicals) ?? overlap(include_notes, exclude_notes);
      if (both !== undefined) {
        throw new HttpError(400, `'${both}' cannot be both included and excluded`, 'validation');
      }
      return cachedPage(
        request,
        reply,
        'filter',
        {
          text: given(b.search ?? q.search),
          brands: (b.brands ?? []).filter((x) => given(x) !== undefined),
          category: categoryOf(b.category),
          include_chemicals,
          exclude_chemicals,
          include_notes,
          exclude_notes,
          allergen_free: b.allergen_free ?? false,
          include_unspecific: b.include_unspecific ?? q.include_unspecific,
          limit: b.limit ?? q.limit ?? DEFAULT_LIMIT,
          skip: b.skip ?? q.skip ?? 0,
        },
        flagSet(q.flag_chemicals),
      );
    },
  );

  app.get(
    '/perfumes/hypoallergenic',
    {
      ...cached,
      schema: {
        tags: TAGS,
        summary: 'Hypoallergenic perfumes',
        description:
          'Perfumes with complete chemical data and no linked allergen. When the database holds none, the answer is the clean-brand structure (category clean_brands) with database-derived statistics; its brand list is empty because no cited clean-brand research is available.',
        querystring: HypoallergenicQuery,
        response: { 200: HypoallergenicAnswer, 400: Problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const brand = given(q.brand);
      const query: CatalogueQuery = {
        text: given(q.search),
        brands: brand ? [brand] : undefined,
        category: 'hypoallergenic',
        limit: q.limit ?? DEFAULT_LIMIT,
        skip: q.skip ?? 0,
      };
      const flag = flagSet(q.flag_chemicals);
      return cachedPage(request, reply, 'hypoallergenic', query, flag, async () => {
        const stats = await index.stats();
        const result = await page(index, query, flag);
        const pagination = {
          limit: query.limit,
          skip: query.skip,
          total: result.total,
          has_more: result.has_more,
        };
        if (stats.hypoallergenic > 0) {
          return { ...result, allergen_tolerance: 'low' as const, pagination };
        }
        return {
          ...result,
          allergen_tolerance: 'low' as const,
          pagination,
          ...cleanBrandAnswer(stats, index.chemicals.byStatus('allergen')),
        };
      });
    },
  );

  app.get(
    '/get-perfumes-by-brand/:brand',
    {
      ...cached,
      schema: {
        tags: TAGS,
        summary: "A brand's perfumes",
        params: BrandParams,
        querystring: BrandPageQuery,
        response: { 200: BrandPageAnswer, 400: Problem, 404: Problem },
      },
    },
    async (request, reply) => {
      const { brand } = request.params;
      const query: CatalogueQuery = {
        brands: [brand],
        category: 'all',
        limit: request.query.limit ?? DEFAULT_LIMIT,
        skip: request.query.skip ?? 0,
      };
      const flag = flagSet(request.query.flag_chemicals);
      return cachedPage(request, reply, 'brand', query, flag, async () => {
        const result = await page(index, query, flag);
        if (result.total === 0) throw new HttpError(404, `Brand not found: ${brand}`);
        return { ...result, brand };
      });
    },
  );

  await app.register(pickerRoutes, { index, answers });
  await app.register(cleanBrandRoutes, { index });
};
