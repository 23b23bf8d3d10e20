/**
 * `GET /perfumes/compare?ids=a,b,c`: two or three perfumes side by side: each perfume's card (notes by
 * position, allergens with their evidence, coverage) and the regulatory flags of its chemicals
 * (prohibited / restricted where, Proposition 65), so a comparison needs one call.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Chemical, SearchIndex } from '@scentinel/platform/search';
import { toPerfumeCard } from '@scentinel/platform/search';
import { Type } from 'typebox';
import { Problem } from '../../auth/schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import { PerfumeCardSchema } from '../catalogue/catalogue.schemas.ts';

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 3;

const Query = Type.Object(
  {
    ids: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: `${MIN_COMPARED} or ${MAX_COMPARED} perfume ids, separated by commas`,
    }),
  },
  { additionalProperties: false },
);

const Flag = Type.Object({
  chemical_id: Type.String(),
  name: Type.String(),
  prohibited_in: Type.Array(Type.String()),
  restricted_in: Type.Array(Type.String()),
  prop65_listed: Type.Boolean(),
});

const Answer = Type.Object({
  perfumes: Type.Array(
    Type.Object({
      perfume: PerfumeCardSchema,
      regulatory_flags: Type.Array(Flag, {
        description:
          'Its chemicals that are prohibited or restricted somewhere, or listed under Proposition 65',
      }),
    }),
  ),
});

export function regulatoryFlags(chemicalIds: readonly string[], known: ReadonlyMap<string, Chemical>) {
  return [...new Set(chemicalIds)].flatMap((id) => {
    const c = known.get(id);
    const s = c?.safety_information?.regional_summary;
    const prohibited_in = [...(s?.prohibited_in ?? [])];
    const restricted_in = [...(s?.restricted_in ?? [])];
    if (c?.prohibited && !prohibited_in.includes('EU')) prohibited_in.push('EU');
    if (c?.restricted && !restricted_in.includes('EU')) restricted_in.push('EU');
    const prop65_listed = s?.prop65_listed ?? false;
    if (!c || (prohibited_in.length === 0 && restricted_in.length === 0 && !prop65_listed)) return [];
    return [{ chemical_id: id, name: c.name, prohibited_in, restricted_in, prop65_listed }];
  });
}

export const compareRoutes: FastifyPluginAsyncTypebox<{ deps: { catalogue: SearchIndex } }> = async (
  app,
  { deps },
) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);
  app.get(
    '/perfumes/compare',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Compare perfumes side by side',
        description:
          'Two or three perfumes with their notes by position, allergens (declared, likely, possible), coverage and the regulatory flags of their chemicals.',
        querystring: Query,
        response: { 200: Answer, 400: Problem, 404: Problem },
      },
    },
    async (request) => {
      const ids = [
        ...new Set(
          request.query.ids
            .split(',')
            .map((id) => id.trim())
            .filter((id) => id !== ''),
        ),
      ];
      if (ids.length < MIN_COMPARED || ids.length > MAX_COMPARED) {
        throw new HttpError(
          400,
          `Compare ${MIN_COMPARED} or ${MAX_COMPARED} different perfumes (got ${ids.length})`,
          'compare_count',
        );
      }
      const known = deps.catalogue.chemicals.known();
      const perfumes = [];
      for (const id of ids) {
        const doc = await deps.catalogue.getPerfume(id);
        if (!doc) throw new HttpError(404, `No perfume with id '${id}'`, 'perfume_not_found');
        const perfume = toPerfumeCard(doc, known);
        perfumes.push({
          perfume,
          regulatory_flags: regulatoryFlags(
            perfume.chemicals.map((c) => c.chemical_id),
            known,
          ),
        });
      }
      return { perfumes };
    },
  );
};
