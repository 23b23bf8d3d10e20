/**
 * The shared/data files the build reads, and reading them (gunzip, latin-1, mixed) into texts.
 * `utf8+cp1252` is a file whose rows mix UTF-8 and Windows-1252 (see decodeMixedUtf8Cp1252).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readText } from './io.ts';
import { decodeMixedUtf8Cp1252 } from './text-repair.ts';

type Encoding = 'utf8' | 'latin1' | 'utf8+cp1252';

export const SOURCE_FILES = {
  perfumeDatabase: { path: 'perfumes/perfume_database.csv', encoding: 'utf8' },
  fraCleaned: { path: 'perfumes/fra_cleaned.csv', encoding: 'utf8' },
  allBrandsClean: { path: 'perfumes/all_brands_clean.csv', encoding: 'utf8' },
  finalPerfumeData: { path: 'perfumes/final_perfume_data.csv', encoding: 'utf8+cp1252' },
  thd2011: { path: 'perfumes/2011-2021_converted.csv', encoding: 'utf8' },
  perfumeDataFinal: { path: 'perfumes/perfume_data_final.csv', encoding: 'utf8' },
  parfumo: { path: 'perfumes/parfumo_data_clean.csv.gz', encoding: 'utf8' },
  decoys: { path: 'perfumes/parfumo_decoy_tokens.derived.txt', encoding: 'utf8' },
  smellthings: { path: 'perfumes/smellthings_catalogue.combined.jsonl.gz', encoding: 'utf8' },
  fragranticaNew: { path: 'perfumes/fragrantica_new.jsonl', encoding: 'utf8' },
  luckyscentNotes: { path: 'perfumes/luckyscent_notes.jsonl', encoding: 'utf8' },
  noteTaxonomy: { path: 'perfumes/notes.json', encoding: 'utf8' },
  annexII: { path: 'regulatory/COSING_Annex_II_v2.txt', encoding: 'utf8' },
  annexIII: { path: 'regulatory/COSING_Annex_III_v2.txt', encoding: 'utf8' },
  echaII: { path: 'regulatory/eu-annex-ii.csv', encoding: 'utf8' },
  echaIII: { path: 'regulatory/eu-annex-iii.csv', encoding: 'utf8' },
  ifraTransparency: { path: 'regulatory/ifra.csv', encoding: 'utf8' },
  ifraStandards: { path: 'regulatory/restricted-ifra.csv', encoding: 'utf8' },
  ifraAmendment: { path: 'regulatory/ifra-51st-amendment-ifra-standards-overview.csv', encoding: 'utf8' },
  euAllergens: { path: 'regulatory/DB_EU_Allergens.csv', encoding: 'utf8' },
  prop65: { path: 'regulatory/OEHHA_P65.csv', encoding: 'latin1' },
  prop65List: { path: 'regulatory/p65chemicalslist.csv', encoding: 'utf8' },
  cosing: { path: 'regulatory/cosing.csv', encoding: 'utf8' },
  iarc: { path: 'regulatory/circ.csv', encoding: 'utf8' },
  sccs: { path: 'sccs/allergens.sccs_1459_11.transcribed.csv', encoding: 'utf8' },
  naturals: { path: 'naturals/DB_Naturals.csv', encoding: 'utf8' },
  userMaterials: { path: 'naturals/DB_User_Materials.csv', encoding: 'utf8' },
  ifraGlossary: {
    path: 'odour/ifra_2019/ifra-fragrance-ingredient-glossary---oct-2019.csv',
    encoding: 'utf8',
  },
  goodScentsStimuli: { path: 'odour/goodscents/stimuli.csv', encoding: 'utf8' },
  goodScentsMolecules: { path: 'odour/goodscents/molecules.csv', encoding: 'utf8' },
  goodScentsBehavior: { path: 'odour/goodscents/behavior.csv', encoding: 'utf8' },
  labels: { path: 'labels/sephora_fragrance_ingredients.jsonl', encoding: 'utf8' },
} as const satisfies Record<string, { path: string; encoding: Encoding }>;

export type SourceName = keyof typeof SOURCE_FILES;
export type SourceTexts = Record<SourceName, string>;

function readSource(path: string, encoding: Encoding): string {
  if (encoding !== 'utf8+cp1252') return readText(path, encoding);
  // Latin-1 maps bytes to characters one to one, so the bytes can be taken back and decoded.
  return decodeMixedUtf8Cp1252(Buffer.from(readText(path, 'latin1'), 'latin1')).replace(/^\uFEFF/, '');
}

/** Reads every source file; fails with the list of missing files. */
export function readSourceTexts(dataDir: string): SourceTexts {
  const missing = Object.values(SOURCE_FILES)
    .map((f) => f.path)
    .filter((p) => !existsSync(join(dataDir, p)));
  if (missing.length > 0) {
    throw new Error(`source data missing in ${dataDir} (set SHARED_DATA_DIR?):\n  ${missing.join('\n  ')}`);
  }
  const texts = {} as SourceTexts;
  for (const [name, file] of Object.entries(SOURCE_FILES) as Array<
    [SourceName, (typeof SOURCE_FILES)[SourceName]]
  >) {
    texts[name] = readSource(join(dataDir, file.path), file.encoding);
  }
  return texts;
}
