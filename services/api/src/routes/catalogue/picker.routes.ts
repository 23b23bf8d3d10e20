/**
 * The lists the pickers search (notes, brands) and the full perfume behind a list card. Every list
 * takes a typed text (`q`) and paging (`limit`, `skip`) and answers from the whole set, ranked
 * (`picker-ranking.ts`): the exact name first, then names starting with the text, then by how many
 * perfumes use the item. A page (`limit`) without text is the whole set by use; without `q` and
 * `limit` the whole set is answered by name.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type SearchIndex, toPerfumeCard } from '@scentinel/platform/search';
import { Type } from 'typebox';
import { Problem } from '../../auth/schemas.ts';
import type { answerCacheFor } from '../../http/answer-cache.ts';
import { HttpError } from '../../http/errors.ts';
import { MAX_SKIP, Nullable, PerfumeCardSchema } from './catalogue.schemas.ts';
import { pageOf, rankForText } from './picker-ranking.ts';

/** Largest page a picker list answers (the whole note or brand set fits). */
export const MAX_PICKER_LIMIT = 100_000;

export const PickerQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({ maxLength: 200, description: 'Text typed in the picker (case- and accent-insensitive)' }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PICKER_LIMIT,
        description: 'Page size (default: every match)',
      }),
    ),
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SKIP, description: 'Matches to skip' })),
  },
  { additionalProperties: false },
);

const NotesAnswer = Type.Object({
  notes: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      category: Nullable(Type.String()),
      description: Nullable(Type.String()),
      perfume_count: Type.Integer(),
    }),
  ),
  total: Type.Integer({ description: 'Notes matching q in all' }),
  has_more: Type.Boolean(),
});

const BrandsAnswer = Type.Object({
  brands: Type.Array(Type.Object({ name: Type.String(), perfume_count: Type.Integer() })),
  total: Type.Integer({ description: 'Brands matching q in all' }),
  has_more: Type.Boolean(),
});

const TAGS = ['catalogue'];

export interface PickerRouteOptions {
  index: SearchIndex;
  answers: ReturnType<typeof answerCacheFor>;
}

/** Registered by the catalogue routes (their prefix, validator and answer cache). */
export const pickerRoutes: FastifyPluginAsyncTypebox<PickerRouteOptions> = async (
  app,
  { index, answers },
) => {
  app.get(
    '/brands',
    {
      ...answers.routeOptions,
      schema: {
        tags: TAGS,
        summary: 'Brands, with their perfume counts',
        description:
          'Every brand, or those whose name matches q; ranked: the exact name, names starting with q, then by perfume count.',
        querystring: PickerQuery,
        response: { 200: BrandsAnswer, 400: Problem },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, 'brands', request.query, async () => {
        const { q, limit, skip = 0 } = request.query;
        const all = await index.brands();
        const ranked =
          q === undefined && limit === undefined
            ? all
            : rankForText(all, q, { name: (b) => b.name, popularity: (b) => b.perfume_count });
        const { slice, total, has_more } = pageOf(ranked, skip, limit ?? ranked.length);
        return { brands: slice, total, has_more };
      }),
  );

  app.get(
    '/notes',
    {
      ...answers.routeOptions,
      schema: {
        tags: TAGS,
        summary: 'Fragrance notes',
        description:
          'The notes taxonomy and every note used in the catalogue, with perfume counts (ids work as note filters); q narrows them, ranked: the exact name, names starting with q, then by perfume count.',
        querystring: PickerQuery,
        response: { 200: NotesAnswer, 400: Problem },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, 'notes', request.query, async () => {
        const { q, limit, skip = 0 } = request.query;
        const all = await index.notes();
        const ranked =
          q === undefined && limit === undefined
            ? all
            : rankForText(all, q, { name: (n) => n.name, popularity: (n) => n.perfume_count });
        const { slice, total, has_more } = pageOf(ranked, skip, limit ?? ranked.length);
        return {
          notes: slice.map((n) => ({
            id: n.id,
            name: n.name,
            category: n.category,
            description: n.description,
            perfume_count: n.perfume_count,
          })),
          total,
          has_more,
        };
      }),
  );

  app.get(
    '/perfumes/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One perfume, in full',
        description:
          'Every chemical with its source, note and concentrations, every allergen with its evidence, the label and provenance: what a list card leaves out. The id of a record retired as a spelling duplicate answers with the record it was merged into (whose `id` and `merged_ids` say so).',
        params: Type.Object(
          { id: Type.String({ minLength: 1, maxLength: 300 }) },
          { additionalProperties: false },
        ),
        response: { 200: PerfumeCardSchema, 400: Problem, 404: Problem },
      },
    },
    async (request) => {
      // A retired spelling duplicate's id answers with the record it was merged into.
      const id = await index.resolvePerfumeId(request.params.id);
      const doc = id === null ? null : await index.getPerfume(id);
      if (!doc) throw new HttpError(404, `Perfume not found: ${request.params.id}`);
      return toPerfumeCard(doc, index.chemicals.known());
    },
  );
};
