/** Reads every perfume source file of shared/data/perfumes into cleaned rows (the I/O side). */
import { join } from 'node:path';
import { brandKey } from '../../services/domain/src/catalogue/index.ts';
import { readText } from './io.ts';
import { parseAllBrandsClean, parseFragranticaNew, parsePerfumeDatabase, parsePerfumeDataFinal, parseThd2011 } from './sources/fragrantica.ts';
import { parseFraCleaned } from './sources/fra-cleaned.ts';
import { parseFinalPerfumeData, parseLuckyscentNotes } from './sources/luckyscent.ts';
import { parseDecoyTokens, parseParfumo } from './sources/parfumo.ts';
import { parseSmellthings } from './sources/smellthings.ts';
import type { SourcePerfume } from './types.ts';

export interface PerfumeSourceStats {
  rowsPerSource: Record<string, number>;
  decoysStripped: { parfumo_data_clean: number; 'smellthings:parfumo': number };
  /** 2011-2021_converted.csv names whose brand could not be told apart from the name. */
  thdUnsplit: string[];
}

export function readPerfumeSources(dataDir: string, log: (line: string) => void): { rows: SourcePerfume[]; stats: PerfumeSourceStats } {
  const dir = join(dataDir, 'perfumes');
  const decoys = parseDecoyTokens(readText(join(dir, 'parfumo_decoy_tokens.derived.txt')));
  const rowsPerSource: Record<string, number> = {};
  const rows: SourcePerfume[] = [];
  const add = (label: string, list: SourcePerfume[]) => {
    for (const row of list) {
      rows.push(row);
      rowsPerSource[row.source] = (rowsPerSource[row.source] ?? 0) + 1;
    }
    log(`perfumes: ${label}: ${list.length} rows`);
  };
  add('perfume_database.csv', parsePerfumeDatabase(readText(join(dir, 'perfume_database.csv'))));
  add('fra_cleaned.csv', parseFraCleaned(readText(join(dir, 'fra_cleaned.csv'))));
  add('all_brands_clean.csv', parseAllBrandsClean(readText(join(dir, 'all_brands_clean.csv'))));
  add('final_perfume_data.csv', parseFinalPerfumeData(readText(join(dir, 'final_perfume_data.csv'), 'latin1')));
  add('perfume_data_final.csv', parsePerfumeDataFinal(readText(join(dir, 'perfume_data_final.csv'))));
  add('fragrantica_new.jsonl', parseFragranticaNew(readText(join(dir, 'fragrantica_new.jsonl'))));
  add('luckyscent_notes.jsonl', parseLuckyscentNotes(readText(join(dir, 'luckyscent_notes.jsonl'))));
  const parfumo = parseParfumo(readText(join(dir, 'parfumo_data_clean.csv.gz')), decoys);
  add('parfumo_data_clean.csv.gz', parfumo.perfumes);
  const smell = parseSmellthings(readText(join(dir, 'smellthings_catalogue.combined.jsonl.gz')), decoys);
  add('smellthings_catalogue.combined.jsonl.gz', smell.perfumes);
  if (smell.unknownOrigin > 0) log(`perfumes: smellthings rows of unknown origin skipped: ${smell.unknownOrigin}`);

  // 2011-2021_converted.csv names end with the brand: split them with the brands seen elsewhere.
  const knownBrands = new Set(rows.flatMap((r) => [r.brand, ...r.brandAlternatives]).map(brandKey));
  const thd = parseThd2011(readText(join(dir, '2011-2021_converted.csv')), (b) => knownBrands.has(brandKey(b)));
  add('2011-2021_converted.csv', thd.perfumes);
  if (thd.unsplit.length > 0) log(`perfumes: 2011-2021_converted.csv names without a known brand (skipped): ${thd.unsplit.length}`);
  return {
    rows,
    stats: {
      rowsPerSource,
      decoysStripped: { parfumo_data_clean: parfumo.decoysStripped, 'smellthings:parfumo': smell.decoysStripped },
      thdUnsplit: thd.unsplit,
    },
  };
}
