/**
 * Luckyscent-derived sources: final_perfume_data.csv (nandinib1999/perfume-recommender-system, the
 * only source of descriptions; latin-1) and luckyscent_notes.jsonl (ParisaHavaeji/Perfume).
 */
import { splitConcentration } from '../../../services/domain/src/catalogue/index.ts';
import { parseCsvRecords, parseJsonLines } from '../io.ts';
import { type SourcePerfume, sourcePerfume } from '../types.ts';
import { cleanText, flat, splitList } from './common.ts';

export function parseFinalPerfumeData(text: string): SourcePerfume[] {
  return parseCsvRecords(text).flatMap((r, row) => {
    const brand = cleanText(r.Brand);
    const rawName = cleanText(r.Name);
    if (!brand || !rawName) return [];
    const { name, concentration } = splitConcentration(rawName);
    const image = cleanText(r['Image URL']);
    return [
      sourcePerfume('final_perfume_data', row, {
        brand,
        name,
        concentration,
        description: cleanText(r.Description),
        imageUrl: image && /^https?:\/\//.test(image) ? image : null,
        notes: flat(splitList(r.Notes)),
      }),
    ];
  });
}

interface LuckyscentLine {
  name?: string;
  brand?: string;
  notes?: unknown[];
}

export function parseLuckyscentNotes(text: string): SourcePerfume[] {
  return (parseJsonLines(text) as LuckyscentLine[]).flatMap((r, row) => {
    const brand = cleanText(r.brand);
    const rawName = cleanText(r.name);
    if (!brand || !rawName) return [];
    const { name, concentration } = splitConcentration(rawName);
    return [
      sourcePerfume('luckyscent_notes', row, {
        brand,
        name,
        concentration,
        notes: flat(Array.isArray(r.notes) ? r.notes : []),
      }),
    ];
  });
}
