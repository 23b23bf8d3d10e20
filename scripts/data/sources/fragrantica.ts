/**
 * Fragrantica-derived perfume sources: perfume_database.csv, all_brands_clean.csv,
 * fragrantica_new.jsonl, 2011-2021_converted.csv, perfume_data_final.csv.
 */
import { splitConcentration } from '../../../services/domain/src/catalogue/index.ts';
import { parseCsvRecords, parseJsonLines } from '../io.ts';
import { type SourcePerfume, sourcePerfume } from '../types.ts';
import {
  cleanAccords,
  cleanText,
  flat,
  fragranticaImage,
  parseGender,
  parseYear,
  pyramid,
  splitList,
} from './common.ts';
import { pyScoreKeys, pyStringList } from './py-literal.ts';

function parseJsonCell(cell: string | undefined): unknown {
  const text = cell?.trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** perfume_database.csv (rdemarqui/perfume_recommender): the main Fragrantica seed. */
export function parsePerfumeDatabase(text: string): SourcePerfume[] {
  return parseCsvRecords(text).flatMap((r, row) => {
    const brand = cleanText(r.brand);
    const rawName = cleanText(r.perfume);
    if (!brand || !rawName) return [];
    const { name, concentration } = splitConcentration(rawName);
    const notesValue = parseJsonCell(r.notes);
    let notes = flat([]);
    if (Array.isArray(notesValue)) notes = flat(notesValue);
    else if (notesValue && typeof notesValue === 'object') {
      const n = notesValue as Record<string, unknown>;
      const list = (v: unknown) => (Array.isArray(v) ? v : []);
      notes = pyramid(list(n.top), list(n.middle), list(n.base));
    }
    const accords = parseJsonCell(r.main_accords);
    const imageId = /^o\.(\d+)\.jpg$/.exec(r.image?.trim() ?? '')?.[1];
    return [
      sourcePerfume('perfume_database', row, {
        brand,
        name,
        concentration,
        year: parseYear(r.launch_year),
        imageUrl: fragranticaImage(imageId),
        accords: cleanAccords(Array.isArray(accords) ? accords : []),
        notes,
      }),
    ];
  });
}

/** all_brands_clean.csv (jakubjanb/fragrantica-scraper): gender (`sex`) and Fragrantica ids. */
export function parseAllBrandsClean(text: string): SourcePerfume[] {
  return parseCsvRecords(text).flatMap((r, row) => {
    const brand = cleanText(r.brand);
    const rawName = cleanText(r.name);
    if (!brand || !rawName) return [];
    const { name, concentration } = splitConcentration(rawName);
    const id = /-(\d+)\.html$/.exec(r.url?.trim() ?? '')?.[1];
    return [
      sourcePerfume('all_brands_clean', row, {
        brand,
        name,
        concentration,
        gender: parseGender(r.sex),
        imageUrl: fragranticaImage(id),
      }),
    ];
  });
}

interface FragranticaNewLine {
  fid?: number;
  name?: string;
  brand?: string;
  year?: number;
  gender?: string;
  notes?: { top?: unknown[]; middle?: unknown[]; base?: unknown[] };
}

/** fragrantica_new.jsonl (ParisaHavaeji/Perfume): year, gender, pyramid. */
export function parseFragranticaNew(text: string): SourcePerfume[] {
  return (parseJsonLines(text) as FragranticaNewLine[]).flatMap((r, row) => {
    const brand = cleanText(r.brand);
    const rawName = cleanText(r.name);
    if (!brand || !rawName) return [];
    const { name, concentration } = splitConcentration(rawName);
    return [
      sourcePerfume('fragrantica_new', row, {
        brand,
        name,
        concentration,
        year: parseYear(r.year),
        gender: parseGender(r.gender),
        imageUrl: fragranticaImage(r.fid),
        notes: pyramid(r.notes?.top ?? [], r.notes?.middle ?? [], r.notes?.base ?? []),
      }),
    ];
  });
}

const GENDER_SUFFIX = /\s+for\s+(women and men|women|men)\s*$/i;

/**
 * Splits a 2011-2021_converted.csv name (`Nature Millenaire Yves Rocher for women`) into name, brand
 * and gender. The brand is the longest run of trailing words that `isKnownBrand` accepts; null when
 * no known brand ends the name.
 */
export function splitThdName(
  full: string,
  isKnownBrand: (candidate: string) => boolean,
): { name: string; brand: string; gender: string | null } | null {
  const text = full.replace(/\s+/g, ' ').trim();
  const genderMatch = GENDER_SUFFIX.exec(text);
  const rest = genderMatch ? text.slice(0, genderMatch.index) : text;
  const words = rest.split(' ');
  for (let k = Math.min(6, words.length - 1); k >= 1; k -= 1) {
    const brand = words.slice(words.length - k).join(' ');
    if (isKnownBrand(brand)) {
      return { name: words.slice(0, words.length - k).join(' '), brand, gender: genderMatch?.[1] ?? null };
    }
  }
  return null;
}

/** 2011-2021_converted.csv (zubrostnick/fragrance_thd): gender + pyramid; names embed the brand. */
export function parseThd2011(
  text: string,
  isKnownBrand: (candidate: string) => boolean,
): { perfumes: SourcePerfume[]; unsplit: string[] } {
  const perfumes: SourcePerfume[] = [];
  const unsplit: string[] = [];
  parseCsvRecords(text).forEach((r, row) => {
    const full = cleanText(r.name);
    if (!full) return;
    const parts = splitThdName(full, isKnownBrand);
    if (!parts || parts.name === '') {
      unsplit.push(full);
      return;
    }
    const { name, concentration } = splitConcentration(parts.name);
    perfumes.push(
      sourcePerfume('2011-2021_converted', row, {
        brand: parts.brand,
        name,
        concentration,
        gender: parseGender(parts.gender),
        accords: cleanAccords(pyScoreKeys(r.accords)),
        notes: pyramid(
          pyStringList(r['top notes']),
          pyStringList(r['middle notes']),
          pyStringList(r['base notes']),
        ),
      }),
    );
  });
  return { perfumes, unsplit };
}

/** perfume_data_final.csv (rashidaghv/fragrance-ml): gender + pyramid. */
export function parsePerfumeDataFinal(text: string): SourcePerfume[] {
  return parseCsvRecords(text).flatMap((r, row) => {
    const brand = cleanText(r.company);
    const rawName = cleanText(r.name);
    if (!brand || !rawName) return [];
    const { name, concentration } = splitConcentration(rawName);
    return [
      sourcePerfume('perfume_data_final', row, {
        brand,
        name,
        concentration,
        gender: parseGender(r.for_gender),
        accords: cleanAccords(pyScoreKeys(r['main accords'])),
        notes: pyramid(
          pyStringList(r['top notes']),
          pyStringList(r['middle notes']),
          pyStringList(r['base notes']),
        ),
      }),
    ];
  });
}

export { splitList };
