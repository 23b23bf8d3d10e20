/**
 * The clean-brand structure of the hypoallergenic answer.
 *
 * The product has no cited research on clean (allergen-free) fragrance brands, so the brand list
 * and the recommendations are empty; everything else is derived from the database: how many
 * hypoallergenic perfumes it holds and which allergens it tracks.
 */
import type { CatalogueStats, Chemical } from '@scentinel/platform/search';
import { Type } from 'typebox';

const CleanBrand = Type.Object({
  name: Type.String(),
  price_range: Type.Union([Type.String(), Type.Null()]),
  specialty: Type.Union([Type.String(), Type.Null()]),
});

export const CleanBrandSchema = Type.Object({
  brands: Type.Optional(Type.Array(CleanBrand)),
  statistics: Type.Optional(
    Type.Object({
      total_brands: Type.Integer(),
      perfumes_found: Type.Integer(),
      percentage_of_database: Type.Number(),
      current_tolerance_level: Type.String(),
    }),
  ),
  article_info: Type.Optional(
    Type.Object({
      title: Type.String(),
      source: Type.Union([Type.String(), Type.Null()]),
      note: Type.String(),
    }),
  ),
  educational_info: Type.Optional(
    Type.Object({
      total_allergen_types: Type.Integer(),
      allergen_chemicals_excluded: Type.Array(Type.String()),
      clean_brand_recommendations: Type.Array(
        Type.Object({ name: Type.String(), key_features: Type.Array(Type.String()) }),
      ),
      regulatory_note: Type.String(),
    }),
  ),
});

export const NO_CLEAN_BRAND_SOURCE =
  'No cited clean-brand research is available to this product, so no brands are recommended. Search by CAS number to check a product’s ingredients.';

/** EU labelling rule for fragrance allergens (Regulation (EC) 1223/2009 Annex III as amended by 2023/1545). */
export const ALLERGEN_REGULATORY_NOTE =
  'Under the EU Cosmetics Regulation (EC) 1223/2009, Annex III as amended by Regulation (EU) 2023/1545, listed fragrance allergens must be named on the label above 0.001 % in leave-on and 0.01 % in rinse-off products.';

export function cleanBrandAnswer(stats: CatalogueStats, allergens: readonly Chemical[]) {
  const names = [...new Set(allergens.map((c) => c.name))];
  return {
    category: 'clean_brands',
    brands: [],
    statistics: {
      total_brands: 0,
      perfumes_found: stats.hypoallergenic,
      percentage_of_database:
        stats.total_perfumes === 0
          ? 0
          : Math.round((stats.hypoallergenic / stats.total_perfumes) * 1000) / 10,
      current_tolerance_level: 'low',
    },
    article_info: {
      title: 'No hypoallergenic perfumes in the database',
      source: null,
      note: `None of the ${stats.total_perfumes} perfumes has complete chemical data free of the ${names.length} tracked allergens. ${NO_CLEAN_BRAND_SOURCE}`,
    },
    educational_info: {
      total_allergen_types: names.length,
      allergen_chemicals_excluded: names,
      clean_brand_recommendations: [],
      regulatory_note: ALLERGEN_REGULATORY_NOTE,
    },
  };
}
