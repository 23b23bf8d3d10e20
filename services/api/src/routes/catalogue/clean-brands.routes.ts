/**
 * GET /perfumes/clean-brands: the hypoallergenic alert's brand list, derived from the catalogue
 * (clean-brand-ranking.ts), with the numbers that say how it was made.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SearchIndex } from '@scentinel/platform/search';
import { Type } from 'typebox';
import { cleanBrandRanking } from './clean-brand-ranking.ts';

const CleanBrandsAnswer = Type.Object({
  brands: Type.Array(
    Type.Object({
      name: Type.String(),
      allergen_free_perfumes: Type.Integer({
        description: 'Its perfumes with complete data and no tracked allergen',
      }),
      complete_perfumes: Type.Integer({ description: 'Its perfumes with complete ingredient data' }),
      share: Type.Number({ description: 'allergen_free_perfumes / complete_perfumes (0–1)' }),
      avoids: Type.Array(Type.String(), {
        description: 'The most used allergens that none of its complete perfumes contains',
      }),
    }),
  ),
  method: Type.Object({
    min_allergen_free_perfumes: Type.Integer(),
    tracked_allergens: Type.Integer(),
    common_allergens_checked: Type.Integer(),
    hypoallergenic_perfumes: Type.Integer(),
  }),
});

export const cleanBrandRoutes: FastifyPluginAsyncTypebox<{ index: SearchIndex }> = async (app, { index }) => {
  app.get(
    '/perfumes/clean-brands',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Clean brands derived from the catalogue',
        description:
          'Up to five brands whose perfumes with complete ingredient data most often contain no tracked EU allergen (at least three such perfumes), each with the most used allergens none of its complete perfumes contains.',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: CleanBrandsAnswer },
      },
    },
    async () => cleanBrandRanking(index),
  );
};
