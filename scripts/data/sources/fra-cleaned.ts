/**
 * fra_cleaned.csv (Jalalk123/Recomendadordeperfumes): brand and perfume as Fragrantica URL slugs,
 * flat comma-separated notes. Display text is rebuilt from the slug (capitalised words) and is only
 * used when no other source names the perfume.
 */
import { splitConcentration } from '../../../services/domain/src/catalogue/index.ts';
import { parseCsvRecords } from '../io.ts';
import { type SourcePerfume, sourcePerfume } from '../types.ts';
import { cleanText, flat, splitList, titleFromSlug } from './common.ts';

export function parseFraCleaned(text: string): SourcePerfume[] {
  return parseCsvRecords(text).flatMap((r, row) => {
    const brandSlug = cleanText(r.brand);
    const nameSlug = cleanText(r.perfume);
    if (!brandSlug || !nameSlug) return [];
    const { name, concentration } = splitConcentration(titleFromSlug(nameSlug));
    return [
      sourcePerfume('fra_cleaned', row, {
        brand: titleFromSlug(brandSlug),
        name,
        concentration,
        notes: flat(splitList(r.notes)),
      }),
    ];
  });
}
