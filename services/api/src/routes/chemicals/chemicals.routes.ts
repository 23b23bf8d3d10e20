/**
 * The chemicals read API (the GET calls): the chemical list, CAS and id
 * lookups with usage statistics, regions and the regulatory status lists.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CAS_PATTERN,
  type Chemical,
  chemicalStatuses,
  normalizeText,
  regionalStatuses,
  type SearchIndex,
} from '@scentinel/platform/search';
import { Type } from 'typebox';
import { Problem } from '../../auth/schemas.ts';
import { answerCacheFor } from '../../http/answer-cache.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import { DEFAULT_LIMIT, Limit, MAX_SKIP, Nullable, Skip } from '../catalogue/catalogue.schemas.ts';
import { bestNameMatch, MatchTier, rankForText } from '../catalogue/picker-ranking.ts';

export interface ChemicalRouteDeps {
  catalogue: SearchIndex;
}

/** Perfumes named in a chemical's usage statistics. */
export const USAGE_SAMPLE_SIZE = 10;

const RegulatorySummary = Type.Object({
  prohibited_in: Type.Array(Type.String()),
  restricted_in: Type.Array(Type.String()),
  prop65_listed: Type.Boolean(),
});

const chemicalFields = {
  id: Type.String(),
  name: Type.String(),
  type: Nullable(Type.String()),
  cas_number: Nullable(Type.String()),
  ec_number: Nullable(Type.String()),
  inci_name: Nullable(Type.String()),
  synonyms: Type.Array(Type.String()),
  description: Nullable(Type.String()),
  allergen_flag: Type.Boolean(),
  prohibited: Type.Boolean(),
  restricted: Type.Boolean(),
  restrictions: Nullable(Type.String()),
  regulatory_status: Nullable(Type.String()),
  verified: Type.Boolean(),
  regulatory_summary: RegulatorySummary,
};

const RegionalRegulation = Type.Object(
  {
    region: Type.String(),
    status: Type.String(),
    regulation: Nullable(Type.String()),
    details: Nullable(Type.String()),
    source: Nullable(Type.String()),
    source_date: Nullable(Type.String()),
  },
  { additionalProperties: true },
);

/** A chemical in lists: everything but the bulky safety information. */
const ChemicalSummary = Type.Object(chemicalFields);

/** A chemical of the picker list: with `q`, the other name the text matched when not its own. */
const ChemicalListItem = Type.Object({
  ...chemicalFields,
  matched_name: Type.Optional(
    Type.String({
      description:
        "With q: the INCI name or synonym the text matched (a trade name such as Lilial), when the chemical's own name does not match it as well",
    }),
  ),
});

/** The full chemical, as the CAS modal and detail view show it. */
const ChemicalDetail = Type.Object({
  ...chemicalFields,
  odour: Type.Optional(Nullable(Type.Array(Type.String()))),
  safety_information: Type.Object(
    { regional_regulations: Type.Array(RegionalRegulation) },
    {
      additionalProperties: true,
      description:
        'Flags; regional regulations and summary; `regulatory_history`: former listings, each with `current: false`, `until` and `change` (what ended it: `{ kind: prop65_endpoint_removed | prop65_delisted, toxicity, date_listed }` or `{ kind: eu_labelling_ended, annex_ii_entry, regulation }`); EU prohibition scope and labelling list; `prop65`: `{ status: listed | delisted, toxicity_types, date_listed (the earliest), listings: [{ toxicity_types, date_listed }] (each current listing with its own date), scope (what the listing is limited to, such as "ingested", or null), date_delisted, safe_harbor_levels: [{ level: NSRL | MADL, amount, unit, route, subject, note, toxicity_types }], removed_endpoints }`; IFRA standard, IARC group, SCCS data; `sources`. Every regulatory datum carries source_name and source_date. On a natural material, `constituents`; on a molecule, `occurs_in` (the natural materials it occurs in): `[{ chemical_id (null for a material the database has no record of), name, allergen, typical_percent (null unless a composition table gives it), principal, sources: [text], as (the allergen form the material holds, when not this chemical) }]`.',
    },
  ),
  usage_statistics: Type.Object({
    total_perfumes: Type.Integer(),
    sample_perfumes: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), brand: Type.String() }),
    ),
  }),
});

const Lookup = Type.Object({
  found: Type.Boolean(),
  chemical: Nullable(ChemicalDetail),
  search_cas: Nullable(Type.String()),
  /** Other chemicals with the same CAS number (rare: isomers or duplicates in the sources). */
  other_matches: Type.Optional(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))),
});

const ListQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Name, INCI name, other name (synonym) or CAS substring' }),
    ),
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Picker text: like search, but ranked (exact name or CAS, then an exact other name such as the trade name Lilial, names starting with it, then by how many perfumes use the chemical); a chemical found by another name carries it as matched_name. A page (limit) without q or search is every chemical by use.',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'Default: all' })),
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SKIP })),
  },
  { additionalProperties: false },
);

const PagingQuery = Type.Object(
  { limit: Type.Optional(Limit), skip: Type.Optional(Skip) },
  { additionalProperties: false },
);

const RegionQuery = Type.Object(
  {
    limit: Type.Optional(Limit),
    skip: Type.Optional(Skip),
    status: Type.Optional(
      Type.Union(
        regionalStatuses.map((s) => Type.Literal(s)),
        { description: 'Only regulations with this status' },
      ),
    ),
  },
  { additionalProperties: false },
);

const Region = Type.Object({
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  chemical_count: Type.Integer(),
});

const StatusParam = Type.Object(
  {
    status: Type.Union(
      chemicalStatuses.map((s) => Type.Literal(s)),
      {
        description: 'prohibited (EU Annex II), restricted (EU Annex III), allergen (EU labelling) or prop65',
      },
    ),
  },
  { additionalProperties: false },
);

const STATUS_DESCRIPTION: Record<(typeof chemicalStatuses)[number], string> = {
  prohibited: 'Prohibited in cosmetics (EU Cosmetics Regulation Annex II)',
  restricted: 'Restricted in cosmetics (EU Cosmetics Regulation Annex III)',
  allergen: 'Fragrance allergens that must be labelled in the EU (Regulation (EU) 2023/1545)',
  prop65: 'Listed under California Proposition 65',
};

function regulatorySummary(c: Chemical) {
  const s = c.safety_information?.regional_summary;
  return {
    prohibited_in: s?.prohibited_in ?? [],
    restricted_in: s?.restricted_in ?? [],
    prop65_listed: s?.prop65_listed ?? false,
  };
}

function summary(c: Chemical) {
  return {
    id: c.id,
    name: c.name,
    type: c.type ?? null,
    cas_number: c.cas_number ?? null,
    ec_number: c.ec_number ?? null,
    inci_name: c.inci_name ?? null,
    synonyms: c.synonyms ?? [],
    description: c.description ?? null,
    allergen_flag: c.allergen_flag,
    prohibited: c.prohibited,
    restricted: c.restricted,
    restrictions: c.restrictions ?? null,
    regulatory_status: c.regulatory_status ?? null,
    verified: c.verified,
    regulatory_summary: regulatorySummary(c),
  };
}

function pageOf<T>(items: readonly T[], skip: number, limit: number) {
  const slice = items.slice(skip, skip + limit);
  return { slice, total: items.length, has_more: skip + slice.length < items.length };
}

const TAGS = ['chemicals'];

export const chemicalReadRoutes: FastifyPluginAsyncTypebox<{ deps: ChemicalRouteDeps }> = async (
  app,
  { deps },
) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);
  const index = deps.catalogue;
  const chemicals = index.chemicals;
  // The lists (1.7 MB for every chemical) are reused while the index is unchanged.
  const answers = answerCacheFor(index, 16 * 1024 * 1024);

  /**
   * The chemicals matching a picker's text, ranked (`picker-ranking.ts`), and for those found by
   * another name than their own (`Lilial` finds Butylphenyl Methylpropional), that name.
   */
  async function rankedChemicals(
    q: string,
  ): Promise<{ list: Chemical[]; matchedNames: Map<string, string> }> {
    const matches = chemicals.list(q);
    const uses = new Map<string, number>();
    for (const c of matches) uses.set(c.id, (await index.chemicalUsage(c.id, 0)).total_perfumes);
    const cas = q.trim().toLowerCase();
    const needle = normalizeText(q);
    const matchedNames = new Map<string, string>();
    const list = rankForText(matches, q, {
      name: (c) => c.name,
      popularity: (c) => uses.get(c.id) ?? 0,
      // Found by list(): by CAS number, INCI name or a synonym when not by its own name.
      otherTier: (c, _raw, own) => {
        if (c.cas_number?.toLowerCase() === cas) return MatchTier.exact;
        const other = needle === '' ? null : bestNameMatch(chemicals.otherNames(c), needle);
        if (other !== null && (own === null || (other.tier === MatchTier.exact && own > MatchTier.alias))) {
          matchedNames.set(c.id, other.name);
        }
        return other?.tier === MatchTier.exact ? MatchTier.alias : MatchTier.other;
      },
    });
    return { list, matchedNames };
  }

  async function detail(c: Chemical) {
    const usage = await index.chemicalUsage(c.id, USAGE_SAMPLE_SIZE);
    return {
      ...summary(c),
      odour: c.odour ?? null,
      safety_information: c.safety_information,
      usage_statistics: usage,
    };
  }

  app.get(
    '/chemicals',
    {
      ...answers.routeOptions,
      schema: {
        tags: TAGS,
        summary: 'The chemical list',
        description:
          'Every chemical by name (without safety details); `search` narrows it to name, INCI or CAS substrings.',
        querystring: ListQuery,
        response: {
          200: Type.Object({
            chemicals: Type.Array(ChemicalListItem),
            total: Type.Integer(),
            has_more: Type.Boolean(),
          }),
          400: Problem,
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, 'chemicals', request.query, async () => {
        const { search, q, limit, skip = 0 } = request.query;
        const ranked =
          q === undefined && (search !== undefined || limit === undefined)
            ? { list: chemicals.list(search), matchedNames: new Map<string, string>() }
            : await rankedChemicals(q ?? '');
        const { slice, total, has_more } = pageOf(ranked.list, skip, limit ?? ranked.list.length);
        return {
          chemicals: slice.map((c) => {
            const matched = ranked.matchedNames.get(c.id);
            return matched === undefined ? summary(c) : { ...summary(c), matched_name: matched };
          }),
          total,
          has_more,
        };
      }),
  );

  app.get(
    '/chemicals/search/:cas',
    {
      schema: {
        tags: TAGS,
        summary: 'Look a chemical up by CAS number',
        params: Type.Object({ cas: Type.String({ maxLength: 40 }) }, { additionalProperties: false }),
        response: { 200: Lookup, 400: Problem },
      },
    },
    async (request) => {
      const cas = request.params.cas.trim();
      if (!CAS_PATTERN.test(cas)) throw new HttpError(400, `Invalid CAS number format: ${cas}`, 'validation');
      const [first, ...others] = chemicals.findByCas(cas);
      if (!first) return { found: false, chemical: null, search_cas: cas };
      return {
        found: true,
        chemical: await detail(first),
        search_cas: cas,
        ...(others.length > 0 && { other_matches: others.map((c) => ({ id: c.id, name: c.name })) }),
      };
    },
  );

  app.get(
    '/chemicals/search-by-id/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Look a chemical up by id',
        params: Type.Object(
          { id: Type.String({ minLength: 1, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: { 200: Lookup, 400: Problem, 404: Problem },
      },
    },
    async (request) => {
      const chemical = chemicals.get(request.params.id);
      if (!chemical) throw new HttpError(404, `Chemical not found: ${request.params.id}`);
      return { found: true, chemical: await detail(chemical), search_cas: chemical.cas_number ?? null };
    },
  );

  app.get(
    '/chemicals/regions',
    {
      schema: {
        tags: TAGS,
        summary: 'Regulatory regions with their chemical counts',
        response: { 200: Type.Object({ regions: Type.Array(Region), total: Type.Integer() }) },
      },
    },
    async () => {
      const regions = chemicals.regions();
      return { regions, total: regions.length };
    },
  );

  app.get(
    '/chemicals/by-region/:code',
    {
      ...answers.routeOptions,
      schema: {
        tags: TAGS,
        summary: "A region's regulated chemicals",
        params: Type.Object(
          { code: Type.String({ minLength: 1, maxLength: 40 }) },
          { additionalProperties: false },
        ),
        querystring: RegionQuery,
        response: {
          200: Type.Object({
            region: Region,
            status: Nullable(Type.String()),
            chemicals: Type.Array(
              Type.Object({ ...chemicalFields, regional_regulations: Type.Array(RegionalRegulation) }),
            ),
            total: Type.Integer(),
            has_more: Type.Boolean(),
          }),
          400: Problem,
          404: Problem,
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, 'by-region', [request.params, request.query], async () => {
        const region = chemicals.region(request.params.code);
        if (!region) throw new HttpError(404, `Region not found: ${request.params.code}`);
        const { limit = DEFAULT_LIMIT, skip = 0, status } = request.query;
        const entries = chemicals.byRegion(region.code, status);
        const { slice, total, has_more } = pageOf(entries, skip, limit);
        return {
          region,
          status: status ?? null,
          chemicals: slice.map((e) => ({ ...summary(e.chemical), regional_regulations: e.regulations })),
          total,
          has_more,
        };
      }),
  );

  app.get(
    '/chemicals/by-status/:status',
    {
      ...answers.routeOptions,
      schema: {
        tags: TAGS,
        summary: 'Chemicals in a regulatory status',
        params: StatusParam,
        querystring: PagingQuery,
        response: {
          200: Type.Object({
            status: Type.String(),
            chemicals: Type.Array(ChemicalSummary),
            summary: Type.Object({
              status: Type.String(),
              description: Type.String(),
              results_found: Type.Integer(),
              showing: Type.Integer(),
            }),
            total: Type.Integer(),
            has_more: Type.Boolean(),
          }),
          400: Problem,
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, 'by-status', [request.params, request.query], async () => {
        const { status } = request.params;
        const { limit = DEFAULT_LIMIT, skip = 0 } = request.query;
        const { slice, total, has_more } = pageOf(chemicals.byStatus(status), skip, limit);
        return {
          status,
          chemicals: slice.map(summary),
          summary: {
            status,
            description: STATUS_DESCRIPTION[status],
            results_found: total,
            showing: slice.length,
          },
          total,
          has_more,
        };
      }),
  );
};
