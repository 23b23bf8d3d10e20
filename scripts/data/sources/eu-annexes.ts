/**
 * EU Cosmetics Regulation (EC) No 1223/2009 Annex II (prohibited) and Annex III (restricted):
 * CosIng exports of 24-25/12/2025 (COSING_Annex_*_v2.txt: 4 title lines, then CSV with multi-line
 * cells) and ECHA exports of 16/05/2024 (eu-annex-*.csv: tab-separated, group entries split per
 * substance). Both copy names out of the printed tables with their line breaks ("Trimethylbi- cyclo"),
 * undone here for names and INCI names (`repairLineBreaks`); the other columns are kept as written.
 */
import { parseCsvRows } from '../io.ts';
import { cleanText } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';
import { repairLineBreaks } from './line-breaks.ts';

export interface AnnexEntry {
  annex: 'II' | 'III';
  file: string;
  ref: string;
  /** Chemical name / INN (CosIng) or substance name (ECHA). */
  name: string;
  /** More names of the entry: an ECHA row's names after the first (`splitGluedNames`). */
  otherNames: string[];
  /** INCI name (CosIng Annex III "Name of Common Ingredients Glossary"), or null. */
  inciName: string | null;
  ids: IdentifierCell;
  /** Amending regulation, e.g. "(EU) 2017/1410". */
  regulation: string | null;
  sccsOpinions: string | null;
  identifiedIngredients: string[];
  productType: string | null;
  maxConcentration: string | null;
  other: string | null;
  warnings: string | null;
  /** ECHA Annex III "Function(s)". */
  functions: string | null;
}

/**
 * The labelling obligation, in both wordings: "must/shall be indicated in the list of ingredients"
 * and the grouped entries of Regulation (EU) 2023/1545, "shall be indicated as ‘Citral’ in the list
 * of ingredients" (once without "as").
 */
const LABELLING =
  /(?:must|shall) be indicated\s+(?:(?:as\s+)?[‘'"][^’'"]*[’'"]\s+)?in the list of ingredients/i;

/** True when an Annex III entry carries the fragrance-allergen labelling obligation. */
export function isAllergenLabelling(entry: AnnexEntry): boolean {
  return [entry.other, entry.warnings, entry.maxConcentration].some((t) => t !== null && LABELLING.test(t));
}

/** The ECHA export escapes a few characters as HTML entities (`&#39;`, `&amp;`). */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function multiline(value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = decodeEntities(value)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
  return text === '' || text === '-' ? null : text;
}

/**
 * A name cell that lists several names (`;`) and starts a line with a stereo descriptor starts a
 * name there, though the line before lacks its `;`: entry 88 lists "…; Dipentene⏎(R)-p-
 * mentha-1,8-diene; (d-limonene)", the racemate's name, then the d-isomer's. Other line breaks
 * stay spaces (a name wrapped over two lines).
 */
export function namesByLine(cell: string | undefined): string | undefined {
  if (cell === undefined || !cell.includes(';')) return cell;
  return cell.replace(/(?<=[^;\s])[ \t]*\r?\n\s*(?=\((?:[RSEZ]|[+−-]|±)\)-)/g, '; ');
}

function findHeader(rows: string[][], first: string): number {
  const index = rows.findIndex((r) => r[0]?.trim() === first);
  if (index < 0) throw new Error(`header row starting with "${first}" not found`);
  return index;
}

/** CosIng export (COSING_Annex_II_v2.txt / COSING_Annex_III_v2.txt). */
export function parseCosingAnnex(text: string, annex: 'II' | 'III', file: string): AnnexEntry[] {
  const rows = parseCsvRows(text);
  const header = rows[findHeader(rows, 'Reference Number')]!;
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: column "${name}" missing`);
    return i;
  };
  const c = {
    ref: col('Reference Number'),
    name: col('Chemical name / INN'),
    cas: col('CAS Number'),
    ec: col('EC Number'),
    regulation: col('Regulation'),
    opinions: col('SCCS opinions'),
    identified: col('Identified INGREDIENTS or substances e.g.'),
    inci: annex === 'III' ? col('Name of Common Ingredients Glossary') : -1,
    productType: annex === 'III' ? col('Product Type, body parts') : -1,
    max: annex === 'III' ? col('Maximum concentration in ready for use preparation') : -1,
    other: annex === 'III' ? col('Other') : -1,
    warnings: annex === 'III' ? col('Wording of conditions of use and warnings') : -1,
  };
  return rows.slice(findHeader(rows, 'Reference Number') + 1).flatMap((r): AnnexEntry[] => {
    const ref = cleanText(r[c.ref]);
    const rawName = cleanText(namesByLine(r[c.name]));
    if (!ref || !rawName) return [];
    const name = repairLineBreaks(rawName);
    const ids = readIdentifiers(r[c.cas]);
    ids.ec.push(...readIdentifiers(r[c.ec]).ec.filter((e) => !ids.ec.includes(e)));
    const pick = (i: number) => (i >= 0 ? multiline(r[i]) : null);
    const inciName = pick(c.inci);
    return [
      {
        annex,
        file,
        ref,
        name,
        otherNames: [],
        inciName: inciName === null ? null : repairLineBreaks(inciName),
        ids,
        regulation: cleanText(r[c.regulation]),
        sccsOpinions: multiline(r[c.opinions]),
        identifiedIngredients: (cleanText(r[c.identified]) ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
        productType: pick(c.productType),
        maxConcentration: pick(c.max),
        other: pick(c.other),
        warnings: pick(c.warnings),
        functions: null,
      },
    ];
  });
}

/**
 * An ECHA row's "Name" cell whose names lost the line breaks between them ("Spearmint oilMentha
 * spicata oil"), split back into the names its first cell lists with semicolons ("Mentha spicata
 * oil;Spearmint oil"), in the order the glued cell has them. null unless the glued cell is exactly
 * two or more of those names run together (spaces aside), each once.
 */
export function splitGluedNames(glued: string, listed: string): string[] | null {
  const parts = listed
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length < 2) return null;
  const squeeze = (t: string) => t.replace(/\s+/g, '').toLowerCase();
  const target = squeeze(glued);
  const found: string[] = [];
  const left = parts.map((text) => ({ text, key: squeeze(text) }));
  let at = 0;
  while (at < target.length) {
    const i = left.findIndex((p) => target.startsWith(p.key, at));
    if (i < 0) return null;
    at += left[i]!.key.length;
    found.push(left.splice(i, 1)[0]!.text);
  }
  return found.length >= 2 ? found : null;
}

/** ECHA export (eu-annex-ii.csv / eu-annex-iii.csv): tab-separated, header row starts with "Nom". */
export function parseEchaAnnex(text: string, annex: 'II' | 'III', file: string): AnnexEntry[] {
  const rows = parseCsvRows(text, { delimiter: '\t' });
  const headerIndex = findHeader(rows, 'Nom');
  const header = rows[headerIndex]!.map((h) => h.trim());
  const col = (name: string) => header.indexOf(name);
  const c = {
    ref: col('Ref No.'),
    name: col('Name'),
    cas: col('CAS'),
    casAlt: col('CAS No.'),
    ec: col('EC Number'),
    productType: col('Product type, body parts'),
    max: col('Maximum Threshold'),
    restrictions: col('Restriction(s)'),
    warnings: col('Warning Label'),
    functions: col('Function(s)'),
  };
  return rows.slice(headerIndex + 1).flatMap((r): AnnexEntry[] => {
    const ref = cleanText(r[c.ref]);
    const rawName = cleanText(r[c.name]) ?? cleanText(r[0]);
    if (!ref || rawName === null) return [];
    const names = (splitGluedNames(rawName, cleanText(r[0]) ?? '') ?? [rawName]).map((n) =>
      repairLineBreaks(decodeEntities(n)),
    );
    const name = names[0]!;
    const ids = readIdentifiers(r[c.cas] || r[c.casAlt]);
    const pick = (i: number) => (i >= 0 ? multiline(r[i]) : null);
    return [
      {
        annex,
        file,
        ref,
        name,
        otherNames: names.slice(1),
        inciName: null,
        ids,
        regulation: null,
        sccsOpinions: null,
        identifiedIngredients: [],
        productType: annex === 'III' ? pick(c.productType) : null,
        maxConcentration: annex === 'III' ? pick(c.max) : null,
        other: annex === 'III' ? pick(c.restrictions) : null,
        warnings: annex === 'III' ? pick(c.warnings) : null,
        functions: annex === 'III' ? pick(c.functions) : null,
      },
    ];
  });
}

/** An Annex II reference number CosIng keeps for a removed entry ("Moved or deleted"). */
export function isDeletedEntry(entry: AnnexEntry): boolean {
  return /^(?:moved or deleted|deleted)\b/i.test(entry.name.trim());
}

/**
 * How far an Annex II prohibition reaches:
 * - `substance`: the substance itself is prohibited (possibly only for a use, see `appliesWhen`);
 * - `natural_constituent_exempt`: prohibited as an added substance, but its normal content in the
 *   natural essences used is exempt (safrole, furocoumarins, coniferyl benzoates);
 * - `plant_part`: the entry bans one part or preparation of a plant (the seed oil of bay laurel,
 *   verbena oils other than the absolute, crude Peru balsam) while the same CAS number also names
 *   parts the law only restricts or labels (decided in chemicals.ts, which sees every entry).
 */
export type AnnexIIScope = 'substance' | 'natural_constituent_exempt' | 'plant_part';

export interface AnnexIIWording {
  /** The entry's name without its use condition and exception. */
  banned: string;
  /** The law's exception, as written ("except for normal content in the natural essences used …"). */
  exception: string | null;
  /**
   * The use or content the ban is limited to ("when used as a fragrance ingredient", "if they
   * contain ≥ 0.1 % w/w benzene"), or null.
   */
  appliesWhen: string | null;
  /** True when the exception exempts the normal content of natural essences. */
  naturalContentExempt: boolean;
}

const WHEN_USED = /,?\s*\(?\s*(when used (?:as|in) [^)]*?)\s*\)?\.?\s*$/i;
const EXCEPTION =
  /[,;]?\s*\(?((?:except(?:\s+for|\s+if|\s+as)?|with (?:the )?exception of|other than|for traces? level)\b[\s\S]*)$/i;
const NATURAL_CONTENT = /normal content in (?:the )?natural essences/i;
/** A ban that holds only above an impurity's content ("if they contain > 3 % w/w DMSO extract"). */
const IF_CONTAINS = /,?\s*\b(if (?:it|they) contains?\b[\s\S]*?)\.?\s*$/i;

/**
 * An impurity condition as the law means it: CosIng's export turns "≥" into "=" ("if they contain
 * = 0,1 % w/w benzene", "= >0,1%"), and writes some decimals with a comma.
 */
export function readableCondition(condition: string): string {
  return condition
    .replace(/=\s*>\s*(?=\d)/g, '> ')
    .replace(/=\s*(?=\d)/g, '≥ ')
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An Annex II entry's name with its impurity condition as the law means it (`readableCondition`). */
export function readableEntryName(name: string): string {
  const m = IF_CONTAINS.exec(name);
  if (!m || m.index === 0) return name;
  return `${name.slice(0, m.index).trim()}${m[0].startsWith(',') ? ',' : ''} ${readableCondition(m[1]!)}`;
}

/** Splits an Annex II entry name into what is banned, its exception and its use condition. */
export function annexIIWording(name: string): AnnexIIWording {
  let text = name.replace(/\s+/g, ' ').trim();
  let appliesWhen: string | null = null;
  const when = WHEN_USED.exec(text);
  if (when) {
    appliesWhen = when[1]!.trim();
    text = text.slice(0, when.index).trim();
  } else {
    const contains = IF_CONTAINS.exec(text);
    if (contains && contains.index > 0) {
      appliesWhen = readableCondition(contains[1]!);
      text = text.slice(0, contains.index).trim();
    }
  }
  let exception: string | null = null;
  const except = EXCEPTION.exec(text);
  if (except && except.index > 0) {
    exception = except[1]!.replace(/[\s.;,]+$/, '').trim();
    text = text
      .slice(0, except.index)
      .replace(/[\s,;(]+$/, '')
      .trim();
  }
  return {
    banned: text,
    exception,
    appliesWhen,
    naturalContentExempt: exception !== null && NATURAL_CONTENT.test(exception),
  };
}
