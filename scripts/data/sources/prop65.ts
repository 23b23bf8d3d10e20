/**
 * California Proposition 65 list: OEHHA_P65.csv (list of 2023-12-29, latin-1, one row per chemical and
 * toxicity type) and p65chemicalslist.csv (list of 2023-11-17 with OEHHA's original header).
 */

import { parseLongDate } from '../../../services/domain/src/chemicals/ifra-reference.ts';
import type { SafeHarborLevel } from '../../../services/domain/src/chemicals/regulatory-shapes.ts';
import { parseCsvRows } from '../io.ts';
import { cleanText, INVISIBLE_CHARACTERS } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';

export interface Prop65Entry {
  name: string;
  toxicity: string[];
  mechanism: string | null;
  ids: IdentifierCell;
  raw: string;
  /** ISO date of first listing. */
  dateListed: string | null;
  /** The row's safe harbor levels (with those of the indented rows under it), as OEHHA gives them. */
  levels: SafeHarborLevel[];
  /**
   * ISO date from which this row's listing no longer applies, as the row itself states it: the
   * chemical was delisted ("Delisted January 25, 2002"), or the row's endpoint was removed ("removal
   * of female reproductive endpoint effective March 7, 2014"). Null for a current row.
   */
  removedOn: string | null;
  /** `chemical` (delisted for this row's toxicity), `endpoint` (only this endpoint removed), or null. */
  removal: 'chemical' | 'endpoint' | null;
}

export type { SafeHarborLevel };

const LEVEL = /^(\d[\d,]*(?:\.\d+)?)(?![\d.%])([a-f])?(?:\s*(fibers\/day))?\s*(?:\(([^)]*)\))?\s*/;

/**
 * The levels in one cell of the list's `NSRL or MADL (µg/day)` column: one per line, or two on one
 * line (`0.58 (oral and inhalation) 7.2 (dermal)`); `7000c` carries footnote c. Throws on a cell it
 * cannot read whole, so a new wording is noticed instead of lost.
 */
export function parseSafeHarborLevels(
  cell: string,
  level: SafeHarborLevel['level'],
  footnotes: ReadonlyMap<string, string> = new Map(),
): SafeHarborLevel[] {
  const out: SafeHarborLevel[] = [];
  for (const line of cell.replace(INVISIBLE_CHARACTERS, '').split(/\r?\n/)) {
    let rest = line.trim();
    while (rest !== '') {
      const m = LEVEL.exec(rest);
      if (!m) throw new Error(`Prop 65: unreadable safe harbor level ${JSON.stringify(cell)}`);
      rest = rest.slice(m[0].length);
      // Words that follow the amount belong to it unless another amount starts there.
      const words = LEVEL.test(rest) ? '' : rest;
      if (words !== '') rest = '';
      const footnote = m[2] ? (footnotes.get(m[2]) ?? null) : null;
      const note = [words.trim(), footnote].filter((n) => n).join(' ');
      out.push({
        level,
        amount: Number(m[1]!.replace(/,/g, '')),
        unit: m[3] ? 'fibers/day' : 'µg/day',
        route: m[4]?.replace(/\s+/g, ' ').trim() || null,
        subject: null,
        note: note === '' ? null : note,
      });
    }
  }
  return out;
}

/**
 * Levels in one line of English for the regional row's details: `NSRL 6.4 µg/day (oral), 13 µg/day
 * (inhalation); MADL 24 µg/day (oral)`.
 */
export function safeHarborText(levels: readonly SafeHarborLevel[]): string {
  return (['NSRL', 'MADL'] as const)
    .map((kind) => {
      const items = levels
        .filter((l) => l.level === kind)
        .map((l) => {
          const scope = [l.subject, l.route].filter((x) => x).join(', ');
          return `${l.amount} ${l.unit}${scope ? ` (${scope})` : ''}`;
        });
      return items.length > 0 ? `${kind} ${items.join(', ')}` : '';
    })
    .filter((t) => t !== '')
    .join('; ');
}

/**
 * `levels` with the notes another copy of the same row gives a level they lack (the newer file
 * keeps toluene's `7000c` but not footnote c).
 */
export function withFootnotes(
  levels: SafeHarborLevel[],
  other: readonly SafeHarborLevel[],
): SafeHarborLevel[] {
  const same = (a: SafeHarborLevel, b: SafeHarborLevel) =>
    a.level === b.level &&
    a.amount === b.amount &&
    a.unit === b.unit &&
    a.route === b.route &&
    a.subject === b.subject;
  return levels.map((l) =>
    l.note !== null ? l : { ...l, note: other.find((o) => same(l, o))?.note ?? null },
  );
}

/** A cancer listing's level is an NSRL; every other (developmental, female, male) a MADL. */
export function levelKind(toxicity: readonly string[]): SafeHarborLevel['level'] {
  return toxicity.includes('cancer') ? 'NSRL' : 'MADL';
}

/**
 * The footnotes printed under the list (`c Level represents absorbed dose …`): letter → text. They
 * are rows of one cell that starts with a letter from a to f and a space and says more than a name.
 */
export function prop65Footnotes(rows: readonly string[][]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rows) {
    const footnote = footnoteRow(r);
    if (footnote) out.set(footnote.letter, footnote.text);
  }
  return out;
}

/** A footnote row's letter and text (a space before a closing bracket dropped), else null. */
function footnoteRow(r: readonly string[]): { letter: string; text: string } | null {
  const m = /^([a-f]) (\S.{30,})$/s.exec(cleanText(r[0]) ?? '');
  if (!m || !r.slice(1).every((c) => !c?.trim())) return null;
  return { letter: m[1]!, text: m[2]!.replace(/\s+\)/g, ')') };
}

/**
 * The names of the indented rows under one listing (`Adultb`, `Hydrogen cyanidef`) without the
 * footnote letter (a to f) they end in, with that footnote's text when the file has it. A name ends
 * in a footnote letter when the letter follows a closing bracket, or when its last word is no word
 * of the list's own names (`adultb`, but `oxide` in `Beryllium oxide` is one). The rows under one
 * listing are read together: either all of them end in the same footnote or none is changed.
 */
export function levelSubjects(
  names: readonly string[],
  footnotes: ReadonlyMap<string, string>,
  vocabulary: ReadonlySet<string>,
): Array<{ subject: string; footnote: string | null }> {
  const marks = names.map((n) => {
    const letter = n.at(-1) ?? '';
    if (!/^[a-f]$/.test(letter)) return null;
    if (n.at(-2) === ')') return letter;
    const word = /([a-z]+)$/i.exec(n)?.[1]?.toLowerCase() ?? '';
    return word.length > 1 && !vocabulary.has(word) ? letter : null;
  });
  const letter = marks[0];
  const marked = letter != null && marks.every((m) => m === letter);
  return names.map((n) =>
    marked
      ? { subject: n.slice(0, -1).trim(), footnote: footnotes.get(letter) ?? null }
      : { subject: n, footnote: null },
  );
}

/** The lower-case words of names. */
export function nameWords(names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const n of names) for (const w of n.toLowerCase().match(/[a-z]+/g) ?? []) out.add(w);
  return out;
}

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** `1-Jan-90` → `1990-01-01`; two-digit years from 87 (the list began in 1987) are 19xx. */
export function parseListingDate(value: string | undefined): string | null {
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const month = MONTHS[m[2]!.toLowerCase()];
  if (!month) return null;
  const yy = m[3]!;
  const year = yy.length === 4 ? yy : Number(yy) >= 87 ? `19${yy}` : `20${yy}`;
  return `${year}-${month}-${m[1]!.padStart(2, '0')}`;
}

/**
 * The removal a Prop 65 name cell announces. OEHHA keeps removed chemicals and endpoints on the
 * published list (struck out) with a note in the name cell; the CSV keeps only the note.
 */
export function prop65Removal(cell: string): { removedOn: string; removal: 'chemical' | 'endpoint' } | null {
  const delisted = /\bDelisted\s+([A-Za-z]+,?\s+\d{1,2},?\s+\d{4})/i.exec(cell);
  if (delisted) {
    const date = parseLongDate(delisted[1]!);
    if (date) return { removedOn: date, removal: 'chemical' };
  }
  const endpoint = /\bremoval of [^\]]*?endpoint effective\s+([A-Za-z]+,?\s+\d{1,2},?\s+\d{4})/i.exec(cell);
  if (endpoint) {
    const date = parseLongDate(endpoint[1]!);
    if (date) return { removedOn: date, removal: 'endpoint' };
  }
  return null;
}

/** The chemical's name without OEHHA's notes (`[Click here …]`, `Delisted …`). */
export function prop65Name(cell: string): string {
  return cell
    .replace(/\[[^\]]*\]?/g, ' ')
    .replace(/\bDelisted\b.*$/is, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The part of a chemical a listing covers, as its name states it in a closing bracket: an exposure
 * route (`Ethylene glycol (ingested)`), a particle size (`(airborne, unbound particles of
 * respirable size)`) or a physical form (`(orthorhombic crystalline form)`). null for a bracket
 * that is another name or an abbreviation (`Di(2-ethylhexyl)phthalate (DEHP)`).
 */
export function listingScope(name: string): string | null {
  const m = /\(([^()]*)\)\s*$/.exec(name);
  if (!m) return null;
  const inner = m[1]!.trim();
  return /\b(?:ingested|inhaled|inhalable|airborne|respirable|biopersistent|crystalline form|dermal|oral)\b/i.test(
    inner,
  )
    ? inner
    : null;
}

/** The substance a listing names: its name without the scope `listingScope` reads in it. */
export function listedSubstance(name: string): string {
  return listingScope(name) === null ? name : name.replace(/\s*\([^()]*\)\s*$/, '').trim();
}

/**
 * Both files: find the "Chemical, Type of Toxicity, ..." header and read the rows below it. An
 * indented row with a level but no toxicity, CAS or date gives a level of the listing above it
 * (DEHP's MADLs per age group, a group listing's per-compound NSRLs); the footnotes under the
 * table are read, not listed.
 */
export function parseProp65(text: string): Prop65Entry[] {
  const rows = parseCsvRows(text);
  const headerIndex = rows.findIndex((r) => r[0]?.trim() === 'Chemical' && /toxicity/i.test(r[1] ?? ''));
  if (headerIndex < 0) throw new Error('Prop 65: header row not found');
  const body = rows.slice(headerIndex + 1);
  const footnotes = prop65Footnotes(body);
  const vocabulary = nameWords(body.filter((r) => r[1]?.trim()).map((r) => r[0] ?? ''));
  const entries: Prop65Entry[] = [];
  let sub: Array<{ name: string; cell: string }> = [];
  const closeSubRows = () => {
    const owner = entries.at(-1);
    if (owner && sub.length > 0) {
      const subjects = levelSubjects(
        sub.map((s) => s.name),
        footnotes,
        vocabulary,
      );
      sub.forEach((s, i) => {
        const { subject, footnote } = subjects[i]!;
        for (const level of parseSafeHarborLevels(s.cell, levelKind(owner.toxicity), footnotes)) {
          owner.levels.push({
            ...level,
            subject,
            note: [level.note, footnote].filter((n) => n).join(' ') || null,
          });
        }
      });
    }
    sub = [];
  };
  for (const r of body) {
    const cell = cleanText(r[0]);
    if (!cell || footnoteRow(r)) continue;
    const toxicity = (r[1] ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter((t) => t !== '');
    const raw = r[3] ?? '';
    const levelCell = r[5]?.trim() ?? '';
    if (toxicity.length === 0 && raw.trim() === '' && !r[4]?.trim() && levelCell !== '') {
      sub.push({ name: cell, cell: levelCell });
      continue;
    }
    closeSubRows();
    const removed = prop65Removal(cell);
    entries.push({
      name: prop65Name(cell) || cell,
      toxicity,
      mechanism: cleanText(r[2]),
      ids: readIdentifiers(raw),
      raw,
      dateListed: parseListingDate(r[4]),
      levels: levelCell === '' ? [] : parseSafeHarborLevels(levelCell, levelKind(toxicity), footnotes),
      removedOn: removed?.removedOn ?? null,
      removal: removed?.removal ?? null,
    });
  }
  closeSubRows();
  return entries;
}
