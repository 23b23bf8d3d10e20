/** Parses every perfume source text into cleaned rows. */
import { brandKey } from '../../services/domain/src/catalogue/index.ts';
import type { SourceTexts } from './source-files.ts';
import { parseFraCleaned } from './sources/fra-cleaned.ts';
import {
  parseAllBrandsClean,
  parseFragranticaNew,
  parsePerfumeDatabase,
  parsePerfumeDataFinal,
  parseThd2011,
} from './sources/fragrantica.ts';
import { parseFinalPerfumeData, parseLuckyscentNotes } from './sources/luckyscent.ts';
import { parseDecoyTokens, parseParfumo } from './sources/parfumo.ts';
import { parseSmellthings } from './sources/smellthings.ts';
import type { SourcePerfume } from './types.ts';

export interface PerfumeSourceStats {
  rowsPerSource: Record<string, number>;
  decoysStripped: { parfumo_data_clean: number; 'smellthings:parfumo': number };
  /** 2011-2021_converted.csv names whose brand could not be told apart from the name. */
  thdUnsplit: string[];
  smellthingsUnknownOrigin: number;
}

export function parsePerfumeSources(
  texts: Pick<
    SourceTexts,
    | 'perfumeDatabase'
    | 'fraCleaned'
    | 'allBrandsClean'
    | 'finalPerfumeData'
    | 'thd2011'
    | 'perfumeDataFinal'
    | 'parfumo'
    | 'decoys'
    | 'smellthings'
    | 'fragranticaNew'
    | 'luckyscentNotes'
  >,
  log: (line: string) => void,
): { rows: SourcePerfume[]; stats: PerfumeSourceStats } {
  const decoys = parseDecoyTokens(texts.decoys);
  const rowsPerSource: Record<string, number> = {};
  const rows: SourcePerfume[] = [];
  const add = (label: string, list: SourcePerfume[]) => {
    for (const row of list) {
      rows.push(row);
      rowsPerSource[row.source] = (rowsPerSource[row.source] ?? 0) + 1;
    }
    log(`perfumes: ${label}: ${list.length} rows`);
  };
  add('perfume_database.csv', parsePerfumeDatabase(texts.perfumeDatabase));
  add('fra_cleaned.csv', parseFraCleaned(texts.fraCleaned));
  add('all_brands_clean.csv', parseAllBrandsClean(texts.allBrandsClean));
  add('final_perfume_data.csv', parseFinalPerfumeData(texts.finalPerfumeData));
  add('perfume_data_final.csv', parsePerfumeDataFinal(texts.perfumeDataFinal));
  add('fragrantica_new.jsonl', parseFragranticaNew(texts.fragranticaNew));
  add('luckyscent_notes.jsonl', parseLuckyscentNotes(texts.luckyscentNotes));
  const parfumo = parseParfumo(texts.parfumo, decoys);
  add('parfumo_data_clean.csv.gz', parfumo.perfumes);
  const smell = parseSmellthings(texts.smellthings, decoys);
  add('smellthings_catalogue.combined.jsonl.gz', smell.perfumes);

  // 2011-2021_converted.csv names end with the brand: split them with the brands seen elsewhere.
  const knownBrands = new Set(rows.flatMap((r) => [r.brand, ...r.brandAlternatives]).map(brandKey));
  const thd = parseThd2011(texts.thd2011, (b) => knownBrands.has(brandKey(b)));
  add('2011-2021_converted.csv', thd.perfumes);
  return {
    rows,
    stats: {
      rowsPerSource,
      decoysStripped: {
        parfumo_data_clean: parfumo.decoysStripped,
        'smellthings:parfumo': smell.decoysStripped,
      },
      thdUnsplit: [...new Set(thd.unsplit)].sort(),
      smellthingsUnknownOrigin: smell.unknownOrigin,
    },
  };
}
