/**
 * smellthings_catalogue.combined.jsonl.gz (ParisaHavaeji/Perfume, shards merged): Fragrantica rows
 * (with `fid`), Parfumo rows (Parfumo url; decoys stripped) and Luckyscent rows.
 */
import { splitConcentration } from '../../../services/domain/src/catalogue/index.ts';
import { parseJsonLines } from '../io.ts';
import { type PerfumeSourceKey, type SourcePerfume, sourcePerfume } from '../types.ts';
import { cleanText, flat, fragranticaImage, pyramid } from './common.ts';
import { brandSpellings, stripDecoyNotes } from './parfumo.ts';

interface SmellthingsLine {
  name?: string;
  brand?: string;
  fid?: number;
  url?: string;
  notes?: { top?: unknown[]; middle?: unknown[]; base?: unknown[]; flat?: unknown[] };
}

export function smellthingsSource(line: { fid?: unknown; url?: unknown }): PerfumeSourceKey | null {
  if (typeof line.fid === 'number') return 'smellthings:fragrantica';
  const url = typeof line.url === 'string' ? line.url : '';
  if (url.includes('parfumo.')) return 'smellthings:parfumo';
  if (url.includes('luckyscent.')) return 'smellthings:luckyscent';
  return null;
}

export function parseSmellthings(
  text: string,
  decoys: ReadonlySet<string>,
): { perfumes: SourcePerfume[]; decoysStripped: number; unknownOrigin: number } {
  let decoysStripped = 0;
  let unknownOrigin = 0;
  const perfumes = (parseJsonLines(text) as SmellthingsLine[]).flatMap((r, row) => {
    const brand = cleanText(r.brand);
    const rawName = cleanText(r.name);
    if (!brand || !rawName) return [];
    const source = smellthingsSource(r);
    if (source === null) {
      unknownOrigin += 1;
      return [];
    }
    const { name, concentration } = splitConcentration(rawName);
    let notes = r.notes?.flat
      ? flat(r.notes.flat)
      : pyramid(r.notes?.top ?? [], r.notes?.middle ?? [], r.notes?.base ?? []);
    const spellings = source === 'smellthings:parfumo' ? brandSpellings(brand) : [brand];
    if (source === 'smellthings:parfumo') {
      const [kept, dropped] = stripDecoyNotes(notes, decoys);
      notes = kept;
      decoysStripped += dropped;
    }
    return [
      sourcePerfume(source, row, {
        brand: spellings[0] ?? brand,
        brandAlternatives: spellings.slice(1),
        name,
        concentration,
        imageUrl: source === 'smellthings:fragrantica' ? fragranticaImage(r.fid) : null,
        notes,
      }),
    ];
  });
  return { perfumes, decoysStripped, unknownOrigin };
}
