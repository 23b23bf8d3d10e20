/**
 * Reads a `PerfumeCatalogued` payload from its JSON text for the index without building the
 * perfume's inferred links and allergen estimates as objects: they are most of the payload (a
 * dozen links of four strings, a dozen estimates of three values) and the index keeps only
 * integers for them (the chemical's index, the note's string id, the name only when it differs
 * from the name that chemical's links usually carry; interned strings and the probability's bits).
 * Both lists are read in place and kept as character ranges of the text; everything else of the
 * record is `JSON.parse` of the text with those two members cut out, so it is exactly what parsing
 * the whole payload gives.
 *
 * The lists are read fast when they are exactly as Postgres prints a `jsonb` value (members in
 * its order, no escapes), which one compiled pattern checks; links of another form are read
 * member by member, estimates of another form are left to `JSON.parse`. Anything else the reader
 * is not sure to read as `JSON.parse` would (a payload of another shape, a key with an escape, a
 * link without one of its three strings) makes it give up (`null`): the caller then parses the
 * payload as usual.
 */
import type { CataloguePerfume } from './catalogue.types.ts';

/** The inferred links of a payload as ranges of its text (reused from one payload to the next). */
export class LinkRanges {
  text = '';
  count = 0;
  /** Per link: start and end (exclusive) of each string's characters, between its quotes. */
  idStart: number[] = [];
  idEnd: number[] = [];
  noteStart: number[] = [];
  noteEnd: number[] = [];
  nameStart: number[] = [];
  nameEnd: number[] = [];
  /** Per link: a string with an escape in it, decoded (else undefined: the range is the string). */
  idDecoded: (string | undefined)[] = [];
  noteDecoded: (string | undefined)[] = [];
  nameDecoded: (string | undefined)[] = [];

  /** The chemical id of link `k` (a slice of the text: copy it before keeping it). */
  chemicalId(k: number): string {
    return this.idDecoded[k] ?? this.text.slice(this.idStart[k], this.idEnd[k]);
  }

  /** The `from_note` of link `k`, as a string of its own. */
  fromNote(k: number): string {
    return this.noteDecoded[k] ?? ownString(this.text, this.noteStart[k]!, this.noteEnd[k]!);
  }

  /** The name of link `k`, as a string of its own. */
  name(k: number): string {
    return this.nameDecoded[k] ?? ownString(this.text, this.nameStart[k]!, this.nameEnd[k]!);
  }

  /** Whether link `k`'s name is `value` (without making a string of it). */
  nameIs(k: number, value: string): boolean {
    const decoded = this.nameDecoded[k];
    if (decoded !== undefined) return decoded === value;
    const start = this.nameStart[k]!;
    return this.nameEnd[k]! - start === value.length && this.text.startsWith(value, start);
  }

  /** Where link `k`'s `from_note` is in `notes`, or -1. */
  noteIndexIn(k: number, notes: readonly string[]): number {
    const decoded = this.noteDecoded[k];
    if (decoded !== undefined) return notes.indexOf(decoded);
    const start = this.noteStart[k]!;
    const length = this.noteEnd[k]! - start;
    const text = this.text;
    for (let i = 0; i < notes.length; i++) {
      const note = notes[i]!;
      if (note.length === length && text.startsWith(note, start)) return i;
    }
    return -1;
  }
}

/**
 * A payload's allergen estimates as ranges of its text, when they are as Postgres prints them
 * (`{"basis": .., "chemical_id": .., "probability": ..}`, no escape); reused like `LinkRanges`.
 */
export class EstimateRanges {
  text = '';
  /** Whether the last payload's estimates were read here (else they are in the parsed record). */
  taken = false;
  count = 0;
  basisStart: number[] = [];
  basisEnd: number[] = [];
  idStart: number[] = [];
  idEnd: number[] = [];
  probability: number[] = [];

  /** The chemical id of estimate `k` (a slice of the text: copy it before keeping it). */
  chemicalId(k: number): string {
    return this.text.slice(this.idStart[k], this.idEnd[k]);
  }

  /** The basis of estimate `k` (a slice of the text). */
  basis(k: number): string {
    return this.text.slice(this.basisStart[k], this.basisEnd[k]);
  }
}

/**
 * A string of its own with the characters of `text` between `start` and `end` (a slice may keep
 * the whole payload alive for as long as it is kept).
 */
function ownString(text: string, start: number, end: number): string {
  return JSON.parse(text.slice(start - 1, end + 1)) as string;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** Thrown inside the reader when it gives up (caught at its entry). */
const GIVE_UP = new Error('perfume text not read');

class Scanner {
  text = '';
  at = 0;
  /** The next backslash at or after `at` (Infinity when none). */
  backslash = Number.POSITIVE_INFINITY;
  /** Set by `string`: whether the string just read had an escape. */
  escaped = false;
  /** Set by `string`: where its characters end (the closing quote). */
  end = 0;

  reset(text: string): void {
    this.text = text;
    this.at = 0;
    const b = text.indexOf('\\');
    this.backslash = b < 0 ? Number.POSITIVE_INFINITY : b;
  }

  code(): number {
    const text = this.text;
    let c = text.charCodeAt(this.at);
    // JSON whitespace: space, tab, line feed, carriage return.
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++this.at);
    return c;
  }

  expect(c: number): void {
    if (this.code() !== c) throw GIVE_UP;
    this.at++;
  }

  /**
   * Reads a string at `at` (after whitespace): returns where its characters start; `end` and
   * `escaped` tell the rest. `at` moves past the closing quote.
   */
  string(): number {
    if (this.code() !== QUOTE) throw GIVE_UP;
    const text = this.text;
    const start = this.at + 1;
    let q = text.indexOf('"', start);
    if (q < 0) throw GIVE_UP;
    if (this.backslash < q) {
      // An escape inside: the closing quote is the first one after an even run of backslashes.
      for (;;) {
        let n = 0;
        while (text.charCodeAt(q - 1 - n) === BACKSLASH) n++;
        if (n % 2 === 0) break;
        q = text.indexOf('"', q + 1);
        if (q < 0) throw GIVE_UP;
      }
      this.escaped = true;
      const b = text.indexOf('\\', q + 1);
      this.backslash = b < 0 ? Number.POSITIVE_INFINITY : b;
    } else {
      this.escaped = false;
    }
    this.end = q;
    this.at = q + 1;
    return start;
  }

  /** Whether the key just read (`start`..`end`, no escape) is `name`. */
  keyIs(start: number, name: string): boolean {
    return this.end - start === name.length && this.text.startsWith(name, start);
  }

  /** Moves past one value of any kind. */
  skipValue(): void {
    const c = this.code();
    if (c === QUOTE) {
      this.string();
      return;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const text = this.text;
      let depth = 0;
      for (;;) {
        const d = text.charCodeAt(this.at);
        if (d === QUOTE) {
          this.string();
          continue;
        }
        if (Number.isNaN(d)) throw GIVE_UP;
        this.at++;
        if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
        else if (d === CLOSE_BRACE || d === CLOSE_BRACKET) {
          if (--depth === 0) return;
        }
      }
    }
    // A number, true, false or null: up to the next delimiter.
    const text = this.text;
    let i = this.at;
    for (;;) {
      const d = text.charCodeAt(i);
      if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || d === 32 || Number.isNaN(d)) break;
      i++;
    }
    if (i === this.at) throw GIVE_UP;
    this.at = i;
  }
}

const scanner = new Scanner();
const PREFIX = '{"perfume": ';

/**
 * The record of a `PerfumeCatalogued` payload's text without its `chemicals` (which `links` then
 * holds), or null when the reader gave up.
 */
export function readPerfumeText(
  text: string,
  links: LinkRanges,
  estimates: EstimateRanges,
): Omit<CataloguePerfume, 'chemicals'> | null {
  estimates.taken = false;
  if (!text.startsWith(PREFIX)) return null;
  const s = scanner;
  s.reset(text);
  try {
    s.at = PREFIX.length;
    s.expect(OPEN_BRACE);
    // The members before the links; `cutFrom`: where the links' member starts, with its comma.
    let cutFrom = -1;
    let first = true;
    for (;;) {
      const before = s.at;
      if (!first) {
        if (s.code() === CLOSE_BRACE) return null; // no links
        s.expect(COMMA);
      } else if (s.code() === CLOSE_BRACE) return null;
      const key = s.string();
      if (s.escaped) throw GIVE_UP;
      s.expect(COLON);
      if (s.keyIs(key, 'chemicals')) {
        cutFrom = first ? key - 1 : before;
        break;
      }
      s.skipValue();
      first = false;
    }
    readLinks(s, links);
    let cutTo = s.at;
    if (first) {
      // The first member: cut its comma after it instead (or nothing when it is the only one).
      if (s.code() === COMMA) cutTo = s.at + 1;
    }
    // The estimates, the record's last member as Postgres prints it, are read in place too.
    const estimatesFrom = readEstimates(text, cutTo, estimates);
    const rest = JSON.parse(
      estimatesFrom < 0
        ? text.slice(0, cutFrom) + text.slice(cutTo)
        : text.slice(0, cutFrom) + text.slice(cutTo, estimatesFrom) + text.slice(text.length - 2),
    ) as Record<string, unknown>;
    if (rest === null || typeof rest !== 'object' || Array.isArray(rest)) return null;
    let keys = 0;
    for (const _ in rest) keys++;
    const perfume = rest.perfume as Record<string, unknown> | undefined;
    if (keys !== 1 || perfume === null || typeof perfume !== 'object' || Array.isArray(perfume)) return null;
    if ('chemicals' in perfume || (estimatesFrom >= 0 && 'allergen_estimates' in perfume)) return null;
    links.text = text;
    return perfume as unknown as Omit<CataloguePerfume, 'chemicals'>;
  } catch (error) {
    if (error === GIVE_UP || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** Reads the links' array at the scanner into `links`. */
function readLinks(s: Scanner, links: LinkRanges): void {
  links.count = 0;
  s.expect(OPEN_BRACKET);
  if (linksAsPrinted(s, links)) return;
  if (s.code() === CLOSE_BRACKET) {
    s.at++;
    return;
  }
  for (let k = 0; ; k++) {
    s.expect(OPEN_BRACE);
    let id = -1;
    let note = -1;
    let name = -1;
    for (let member = 0; ; member++) {
      if (member > 0) {
        const c = s.code();
        if (c === CLOSE_BRACE) break;
        s.expect(COMMA);
      } else if (s.code() === CLOSE_BRACE) throw GIVE_UP;
      const key = s.string();
      if (s.escaped) throw GIVE_UP;
      s.expect(COLON);
      // The four keys differ in length: one comparison tells which it is.
      const length = s.end - key;
      const which =
        length === 11 && s.keyIs(key, 'chemical_id')
          ? 0
          : length === 9 && s.keyIs(key, 'from_note')
            ? 1
            : length === 4 && s.keyIs(key, 'name')
              ? 2
              : length === 6 && s.keyIs(key, 'source')
                ? 3
                : -1;
      // Any other member, or one that is not a string, is left to `JSON.parse`.
      if (which < 0 || s.code() !== QUOTE) throw GIVE_UP;
      const start = s.string();
      if (which === 3) {
        if (s.escaped) throw GIVE_UP;
        continue;
      }
      const decoded = s.escaped ? (JSON.parse(s.text.slice(start - 1, s.end + 1)) as string) : undefined;
      if (which === 0) {
        id = start;
        links.idStart[k] = start;
        links.idEnd[k] = s.end;
        links.idDecoded[k] = decoded;
      } else if (which === 1) {
        note = start;
        links.noteStart[k] = start;
        links.noteEnd[k] = s.end;
        links.noteDecoded[k] = decoded;
      } else {
        name = start;
        links.nameStart[k] = start;
        links.nameEnd[k] = s.end;
        links.nameDecoded[k] = decoded;
      }
    }
    s.at++; // the closing brace
    if (id < 0 || note < 0 || name < 0) throw GIVE_UP;
    links.count = k + 1;
    const c = s.code();
    if (c === CLOSE_BRACKET) {
      s.at++;
      return;
    }
    s.expect(COMMA);
  }
}

/**
 * The links' array (after its `[`) exactly as Postgres prints it: each link's four members in
 * that order, strings without quotes or backslashes. Checked in one pass of a compiled pattern,
 * after which every string's place follows from the next quote.
 */
const LINKS_AS_PRINTED =
  /(?:\{"name": "[^"\\]*", "source": "[^"\\]*", "from_note": "[^"\\]*", "chemical_id": "[^"\\]*"\}(?:, (?=\{)|(?=\])))*\]/y;

/** Reads the links at the scanner (after the array's `[`) when they are as printed; else false, the scanner where it was. */
function linksAsPrinted(s: Scanner, links: LinkRanges): boolean {
  const text = s.text;
  LINKS_AS_PRINTED.lastIndex = s.at;
  if (!LINKS_AS_PRINTED.test(text)) return false;
  const end = LINKS_AS_PRINTED.lastIndex - 1;
  let at = s.at;
  let k = 0;
  while (at < end) {
    // {"name": "…", "source": "…", "from_note": "…", "chemical_id": "…"}
    const nameStart = at + 10;
    const nameEnd = text.indexOf('"', nameStart);
    const sourceEnd = text.indexOf('"', nameEnd + 14);
    const noteStart = sourceEnd + 17;
    const noteEnd = text.indexOf('"', noteStart);
    const idStart = noteEnd + 19;
    const idEnd = text.indexOf('"', idStart);
    links.nameStart[k] = nameStart;
    links.nameEnd[k] = nameEnd;
    links.nameDecoded[k] = undefined;
    links.noteStart[k] = noteStart;
    links.noteEnd[k] = noteEnd;
    links.noteDecoded[k] = undefined;
    links.idStart[k] = idStart;
    links.idEnd[k] = idEnd;
    links.idDecoded[k] = undefined;
    k++;
    // Past `"}` and the `, ` before the next link.
    at = idEnd + 4;
  }
  links.count = k;
  s.at = end + 1;
  // The scanner's next backslash is past the array (none is inside it).
  return true;
}

const ESTIMATES_MEMBER = ', "allergen_estimates": [';

/**
 * Reads the allergen estimates into `estimates` when they are the record's last member, after
 * `from`, each as Postgres prints one, and nothing in them is escaped: returns where their member
 * starts (its comma), else -1 with `estimates.count` 0 (they are then parsed with the rest).
 */
function readEstimates(text: string, from: number, estimates: EstimateRanges): number {
  estimates.count = 0;
  estimates.taken = false;
  const member = text.lastIndexOf(ESTIMATES_MEMBER);
  // An unescaped quote is never inside a string: a match is structure. Its array must end the
  // record (then `}}`): a member of the record itself, not of an object inside it.
  if (member < from) return -1;
  const first = member + ESTIMATES_MEMBER.length;
  ESTIMATES_AS_PRINTED.lastIndex = first;
  if (!ESTIMATES_AS_PRINTED.test(text)) return -1;
  const end = text.length - 3;
  let at = first;
  let k = 0;
  while (at < end) {
    // {"basis": "…", "chemical_id": "…", "probability": n}
    const basisStart = at + 11;
    const basisEnd = text.indexOf('"', basisStart);
    const idStart = basisEnd + 19;
    const idEnd = text.indexOf('"', idStart);
    const numberStart = idEnd + 18;
    const numberEnd = text.indexOf('}', numberStart);
    estimates.basisStart[k] = basisStart;
    estimates.basisEnd[k] = basisEnd;
    estimates.idStart[k] = idStart;
    estimates.idEnd[k] = idEnd;
    estimates.probability[k] = decimal(text, numberStart, numberEnd);
    k++;
    at = numberEnd + 3;
  }
  estimates.count = k;
  estimates.text = text;
  estimates.taken = true;
  return member;
}

/** The estimates' array (after its `[`) as Postgres prints it, to the end of the payload. */
const ESTIMATES_AS_PRINTED =
  /(?:\{"basis": "[^"\\]*", "chemical_id": "[^"\\]*", "probability": -?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?\}(?:, (?=\{)|(?=\])))*\]\}\}$/y;

/** 10^0 .. 10^22: every one a double exactly. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * The number JSON text `start`..`end` stands for, as `JSON.parse` reads it. A plain decimal of at
 * most 15 digits is an integer over a power of ten, both exact, so their quotient is the double
 * nearest the decimal (what parsing gives); any other form goes through `Number`.
 */
function decimal(text: string, start: number, end: number): number {
  let i = start;
  const negative = text.charCodeAt(i) === 45;
  if (negative) i++;
  let digits = 0;
  let m = 0;
  let scale = -1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
      if (scale >= 0) scale++;
    } else if (c === 46 && scale < 0) scale = 0;
    else return Number(text.slice(start, end));
  }
  if (digits === 0 || digits > 15 || scale === 0) return Number(text.slice(start, end));
  const value = scale > 0 ? m / POWERS_OF_TEN[scale]! : m;
  return negative ? -value : value;
}
