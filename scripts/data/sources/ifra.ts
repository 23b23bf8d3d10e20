/**
 * IFRA sources: the Transparency List (ifra.csv: CAS, principal name, NCS category), the IFRA
 * Standards list (restricted-ifra.csv: CAS, title, type P/R/S, publication date, amendment) and the
 * 51st Amendment overview (limits per product category 1-12).
 */

import { isValidCas } from '../../../services/domain/src/catalogue/index.ts';
import { IFRA_CATEGORIES } from '../../../services/domain/src/chemicals/ifra-reference.ts';
import { parseCsvRecords } from '../io.ts';
import { cleanText } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';
import { repairLineBreaks } from './line-breaks.ts';

export interface IfraTransparencyEntry {
  ids: IdentifierCell;
  raw: string;
  name: string;
  /** IFRA NCS (natural complex substance) category code, e.g. E2.12; null for single chemicals. */
  ncsCategory: string | null;
}

export function parseIfraTransparency(text: string): IfraTransparencyEntry[] {
  return parseCsvRecords(text).flatMap((r) => {
    const name = cleanText(r['Principal name']);
    if (!name) return [];
    const raw = r['CAS number'] ?? '';
    return [{ ids: readIdentifiers(raw), raw, name, ncsCategory: cleanText(r['Naturals (NCS) category']) }];
  });
}

export interface IfraStandardEntry {
  ids: IdentifierCell;
  raw: string;
  title: string;
  /** P = prohibition, R = restriction, S = specification; combined as `R-S`, `P-R-S`, ... */
  type: string;
  publicationDate: string | null;
  amendment: string | null;
  /** The standard covers more CAS numbers than this entry's (a row split by `kindsPerCas`). */
  shared: boolean;
}

/**
 * The kinds a standard's CAS cell gives each of its CAS numbers, when it gives them per material
 * ("Prohibition of Tagetes erecta: 90131-43-4 8016-84-0 Restriction and Specification of Tagetes
 * patula and Tagetes minuta: 91722-29-1 8016-84-0 91770-75-1"): groups of CAS numbers with their
 * letters in P, R, S order. null for a plain list of CAS numbers, which the standard's type covers.
 */
export function kindsPerCas(raw: string): Array<{ raw: string; type: string }> | null {
  const heading =
    /((?:Prohibition|Restriction|Specification)(?:\s+and\s+(?:Prohibition|Restriction|Specification))*)\s+of\s+[^:]*:/gi;
  const parts = [...raw.matchAll(heading)];
  if (parts.length === 0) return null;
  const letters = new Map<string, Set<string>>();
  parts.forEach((m, i) => {
    const body = raw.slice(m.index! + m[0].length, parts[i + 1]?.index ?? raw.length);
    const kinds = m[1]!.split(/\s+and\s+/i).map((k) => k[0]!.toUpperCase());
    for (const cas of body.match(/\d{2,7}-\d{2}-\d/g) ?? []) {
      const set = letters.get(cas) ?? new Set<string>();
      for (const k of kinds) set.add(k);
      letters.set(cas, set);
    }
  });
  const byType = new Map<string, string[]>();
  for (const [cas, set] of letters) {
    const type = ['P', 'R', 'S'].filter((k) => set.has(k)).join('-');
    byType.set(type, [...(byType.get(type) ?? []), cas]);
  }
  return [...byType.entries()].map(([type, cas]) => ({ raw: cas.join(' '), type }));
}

export function parseIfraStandards(text: string): IfraStandardEntry[] {
  return parseCsvRecords(text).flatMap((r) => {
    const title = cleanText(r.Title);
    const type = cleanText(r.Type);
    if (!title || !type) return [];
    const raw = r['CAS N°'] ?? '';
    const common = {
      title,
      publicationDate: cleanText(r['Publication date']),
      amendment: cleanText(r.Amendment),
    };
    const parts = kindsPerCas(raw);
    return (parts ?? [{ raw, type }]).map((part) => ({
      ...common,
      ids: readIdentifiers(part.raw),
      raw: part.raw,
      type: part.type,
      shared: parts !== null && parts.length > 1,
    }));
  });
}

export interface IfraAmendmentEntry {
  key: string;
  ids: IdentifierCell;
  raw: string;
  name: string;
  /** Names of the whole standard (for a standard on several CAS numbers: none given for one of them). */
  synonyms: string[];
  /**
   * A standard on several CAS numbers may list its names under each number (`23696-85-7
   * (C13H18O):` then damascenone's names): each such section, with the CAS numbers it heads.
   */
  sections: Array<{ cas: string[]; names: string[] }>;
  /** e.g. RESTRICTION, PROHIBITION, RESTRICTION_SPECIFICATION. */
  type: string;
  amendment: string | null;
  lastPublication: string | null;
  implementationNew: string | null;
  implementationExisting: string | null;
  intrinsicProperty: string | null;
  /** Maximum % per IFRA product category: a number, or the source's words ("No Restriction"). */
  limits: Record<string, number | string>;
  /**
   * The standard's own notes, as printed: what a prohibition or restriction covers and what it
   * exempts (a natural source's normal content, a limit set in the note instead of per category).
   */
  notes: string[];
}

/** The columns that hold a standard's notes, in the order the standard prints them. */
const IFRA_NOTE_COLUMNS = [
  'Prohibited fragrance ingredients: notes',
  'Restricted ingredients: notes',
  'Restricted ingredients due to phototoxicity considerations: notes',
  'Specified ingredients: notes',
] as const;

/** A limit cell: `0.0054`, `0,0010`, `6.9e-05` → number; other text kept as written. */
export function parseLimit(cell: string | undefined): number | string | null {
  const text = cleanText(cell);
  if (text === null) return null;
  const numeric = text.replace(',', '.');
  if (/^\d+(?:\.\d+)?(?:e-?\d+)?$/i.test(numeric)) return Number(numeric);
  return text;
}

/**
 * A line that heads one CAS number's names in a standard's synonyms: `23696-85-7 (C13H18O):`,
 * `2244-16-8 (d-Carvone):`, `106-22-9:`, `185019-19-6 and 58001-88-0:`.
 */
const SECTION_HEAD = /^(\d{2,7}-\d{2}-\d(?:\s*(?:,|and)\s*\d{2,7}-\d{2}-\d)*)\s*(?:\([^()]*\))?\s*:$/;

/**
 * Splits a standard's synonyms into the names of the whole standard (before any CAS heading) and
 * the names each CAS heading lists for its own substance. A heading's CAS number that fails its
 * check digit is the standard's CAS number that differs from it in that digit alone (the
 * tolualdehydes standard heads m-tolualdehyde's names `620-23-4` and lists it as 620-23-5); a
 * heading the standard's CAS numbers do not answer gives its names to the whole standard. List
 * punctuation after a name is dropped (`trans-β-Damascone,`, `…cyclohex-2-en-1-one.`).
 */
export function synonymSections(
  lines: readonly string[],
  listed: readonly string[],
): Pick<IfraAmendmentEntry, 'synonyms' | 'sections'> {
  const synonyms: string[] = [];
  const sections: IfraAmendmentEntry['sections'] = [];
  const own = (cas: string) =>
    listed.includes(cas)
      ? cas
      : isValidCas(cas)
        ? undefined
        : listed.find((c) => c.slice(0, -1) === cas.slice(0, -1) && c.length === cas.length);
  let current: string[] = synonyms;
  for (const raw of lines) {
    // The scope note that closes a list (`(including all geometric isomers).`) is no name.
    if (/^\((?:including|excluding)\b.*\)\.?$/i.test(raw)) continue;
    const head = SECTION_HEAD.exec(raw);
    if (head) {
      const cas = head[1]!.match(/\d{2,7}-\d{2}-\d/g)!.map(own);
      if (cas.every((c) => c !== undefined)) {
        sections.push({ cas, names: [] });
        current = sections[sections.length - 1]!.names;
      } else current = synonyms;
      continue;
    }
    const name = raw.replace(/\s*[,;]+$/, '').replace(/(?<=\d.*[\p{Ll})])\.$/u, '');
    if (name !== '') current.push(name);
  }
  return { synonyms, sections };
}

export function parseIfraAmendment(text: string): IfraAmendmentEntry[] {
  return parseCsvRecords(text).flatMap((r) => {
    const key = cleanText(r.Key);
    const cleaned = cleanText(r['Name of the IFRA Standard']);
    if (!key || !cleaned) return [];
    // Names and synonyms keep the line breaks of the printed standard ("2-hydroxy- alpha,2,5,…").
    const name = repairLineBreaks(cleaned);
    const limits: Record<string, number | string> = {};
    for (const category of IFRA_CATEGORIES) {
      const value = parseLimit(r[`Category ${category} (%)`]);
      if (value !== null) limits[`category_${category}`] = value;
    }
    const raw = r['CAS numbers'] ?? '';
    const ids = readIdentifiers(raw);
    return [
      {
        key,
        ids,
        raw,
        name,
        ...synonymSections(
          (r.Synonyms ?? '')
            .split('\n')
            .map((s) => cleanText(s.replace(/\s*\((?:commercial name|trade name)\)\s*$/i, '')))
            .flatMap((s) => (s === null ? [] : [repairLineBreaks(s)])),
          ids.cas,
        ),
        type: cleanText(r['IFRA Standard type']) ?? '',
        amendment: cleanText(r['Amendment number']),
        lastPublication: cleanText(r['Year of last publication']),
        implementationNew: cleanText(r['Implementation deadline for new creations']),
        implementationExisting: cleanText(r['Implementation deadline for existing creations']),
        intrinsicProperty: cleanText(r['Intrinsic property driving the risk management measure']),
        limits,
        // Prose, kept as printed (no name repair: its " - " are list dashes, not broken words).
        notes: IFRA_NOTE_COLUMNS.flatMap((column) => cleanText(r[column]) ?? []),
      },
    ];
  });
}
