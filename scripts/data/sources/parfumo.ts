/**
 * Parfumo-derived rows: parfumo_data_clean.csv.gz (TidyTuesday 2024-12-10) and the decoy-note list.
 * parfumo.com served decoy notes to scrapers; they stand last in a note list, so the adapters strip
 * trailing decoys from every list of a Parfumo-sourced row (and only those rows).
 */
import { concentrationLabel, splitConcentration } from '../../../services/domain/src/catalogue/index.ts';
import { parseCsvRecords } from '../io.ts';
import { type NoteLists, type SourcePerfume, sourcePerfume } from '../types.ts';
import { cleanAccords, cleanText, parseYear, pyramid, splitList } from './common.ts';

/** Decoy tokens, one per line (blank lines and surrounding spaces ignored), lower-cased. */
export function parseDecoyTokens(text: string): Set<string> {
  return new Set(
    text
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l !== ''),
  );
}

/** Removes decoys from the end of a note list; returns the kept notes and how many were dropped. */
export function stripTrailingDecoys(
  notes: readonly string[],
  decoys: ReadonlySet<string>,
): [string[], number] {
  const kept = [...notes];
  let dropped = 0;
  while (kept.length > 0 && decoys.has(kept[kept.length - 1]!.trim().toLowerCase())) {
    kept.pop();
    dropped += 1;
  }
  return [kept, dropped];
}

/** Applies stripTrailingDecoys to every list of a pyramid. */
export function stripDecoyNotes(notes: NoteLists, decoys: ReadonlySet<string>): [NoteLists, number] {
  let dropped = 0;
  const strip = (list: string[]) => {
    const [kept, n] = stripTrailingDecoys(list, decoys);
    dropped += n;
    return kept;
  };
  return [
    {
      top: strip(notes.top),
      middle: strip(notes.middle),
      base: strip(notes.base),
      unspecified: strip(notes.unspecified),
    },
    dropped,
  ];
}

function stripSuffix(text: string, suffix: string): string | null {
  if (suffix === '' || !text.toLowerCase().endsWith(` ${suffix.toLowerCase()}`)) return null;
  const rest = text.slice(0, text.length - suffix.length - 1).trim();
  return rest === '' ? null : rest;
}

/**
 * Rebuilds a Parfumo perfume name. The TidyTuesday cleaning moved a leading number into `Number`
 * (`0071` + `Tidal Pool`, `7` + `Up Pound Cake`) and, for rows with a concentration, appended the
 * brand, year and concentration (`Allure Homme Chanel 1999 Eau de Toilette`). Standard
 * concentrations (Eau de Parfum, Parfum, ...) are split off into `concentration`; product forms
 * (After Shave, Body Mist, Hair Mist, ...) stay part of the name so they remain separate products.
 */
export function parfumoName(r: {
  Number?: string;
  Name?: string;
  Brand?: string;
  Release_Year?: string;
  Concentration?: string;
  URL?: string;
}): { name: string; concentration: string | null } | null {
  const brand = cleanText(r.Brand) ?? '';
  const year = cleanText(r.Release_Year);
  const form = cleanText(r.Concentration);
  let base = cleanText(r.Name) ?? '';
  const number = cleanText(r.Number);
  if (form) {
    base = stripSuffix(base, form) ?? base;
    if (year) base = stripSuffix(base, year) ?? base;
    base = stripSuffix(base, brand) ?? base;
  }
  // `1957` by Chanel: Number `1957`, Name `Chanel` (the brand appended to an all-number name).
  if (number && base.toLowerCase() === brand.toLowerCase()) base = '';
  if (number) {
    const slug = (r.URL ?? '').split('/').pop()?.toLowerCase() ?? '';
    const firstWord = (base.split(' ')[0] ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
    const glued = firstWord !== '' && slug.includes(`${number.toLowerCase()}${firstWord}`);
    base = base === '' ? number : glued ? `${number}${base}` : `${number} ${base}`;
  }
  if (base === '') return null;
  const label = form ? concentrationLabel(form) : null;
  if (form && label === null) return { name: `${base} ${form}`, concentration: form };
  const split = splitConcentration(base);
  return { name: split.name, concentration: label ?? split.concentration };
}

/** Parfumo brands like `Ensar Oud / Oriscent` name one house twice. */
export function brandSpellings(brand: string): string[] {
  return brand
    .split(' / ')
    .map((b) => b.trim())
    .filter((b) => b !== '');
}

/** parfumo_data_clean.csv: year, concentration, perfumers, accords, pyramid (decoys stripped). */
export function parseParfumo(
  text: string,
  decoys: ReadonlySet<string>,
): { perfumes: SourcePerfume[]; decoysStripped: number } {
  let decoysStripped = 0;
  const perfumes = parseCsvRecords(text).flatMap((r, row) => {
    const brand = cleanText(r.Brand);
    const parsed = parfumoName(r);
    if (!brand || !parsed) return [];
    const [notes, dropped] = stripDecoyNotes(
      pyramid(splitList(r.Top_Notes), splitList(r.Middle_Notes), splitList(r.Base_Notes)),
      decoys,
    );
    decoysStripped += dropped;
    const spellings = brandSpellings(brand);
    return [
      sourcePerfume('parfumo_data_clean', row, {
        brand: spellings[0] ?? brand,
        brandAlternatives: spellings.slice(1),
        name: parsed.name,
        concentration: parsed.concentration,
        year: parseYear(r.Release_Year),
        perfumer: cleanText(r.Perfumers),
        accords: cleanAccords(splitList(r.Main_Accords)),
        notes,
      }),
    ];
  });
  return { perfumes, decoysStripped };
}
