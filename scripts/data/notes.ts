/**
 * Fragrance notes: one canonical spelling per note key (services/domain normalize.ts `noteKey`),
 * taken from the Fragrantica taxonomy (perfumes/notes.json) when it has the note, else the spelling
 * the catalogue uses most (ties: capitalised first, then code-point order). Each note's category is
 * the pyramid level where the catalogue places it most often (ties: top, middle, base); null when
 * it never appears in a pyramid.
 */
import { noteKey, slugify } from '../../services/domain/src/catalogue/index.ts';
import type { NoteLists } from './types.ts';

export interface TaxonomyNote {
  name: string;
  group: string;
}

export interface NoteRecord {
  id: string;
  name: string;
  group: string | null;
  category: 'top' | 'middle' | 'base' | null;
  description: string | null;
}

/** notes.json: `{ "<name>": { name, category (= group), url, img } }`. */
export function parseNoteTaxonomy(text: string): TaxonomyNote[] {
  const data = JSON.parse(text) as Record<string, { name?: unknown; category?: unknown }>;
  return Object.values(data).flatMap((n) =>
    typeof n.name === 'string' && n.name.trim() !== ''
      ? [{ name: n.name.trim(), group: typeof n.category === 'string' ? n.category : '' }]
      : [],
  );
}

const LEVELS = ['top', 'middle', 'base'] as const;

/**
 * Misspelt notes found in the sources (by note key), written as the note they mean: left alone,
 * each would be a note of its own that a picker lists beside the real one.
 */
const RESPELLINGS: ReadonlyMap<string, string> = new Map([
  ['vetyver', 'Vetiver'],
  ['vetyvert', 'Vetiver'],
  ['waterlilly', 'Water Lily'],
  ['casis', 'Cassis'],
  ['jasmindegrasse', 'Grasse Jasmine'],
]);

/** A note as written, with a known misspelling corrected. */
export function respell(note: string): string {
  return RESPELLINGS.get(noteKey(note)) ?? note;
}

/** Capitalised first letter ("soft musks" → "Soft musks"), as every taxonomy note is. */
function capitalised(name: string): string {
  const first = name.charAt(0);
  return first === first.toLocaleLowerCase('en') ? first.toLocaleUpperCase('en') + name.slice(1) : name;
}

export class NoteCatalogue {
  private readonly taxonomy = new Map<string, TaxonomyNote>();
  private readonly spellings = new Map<string, Map<string, number>>();
  private readonly levels = new Map<string, [number, number, number]>();
  private canonical: Map<string, string> | null = null;

  constructor(taxonomy: readonly TaxonomyNote[]) {
    for (const note of taxonomy) {
      const key = noteKey(note.name);
      if (key !== '' && !this.taxonomy.has(key)) this.taxonomy.set(key, note);
    }
  }

  /** Counts the spellings and pyramid levels of one perfume's notes (before `canonicalise`). */
  observe(notes: NoteLists): void {
    this.canonical = null;
    for (const level of [...LEVELS, 'unspecified'] as const) {
      for (const written of notes[level]) {
        const note = respell(written);
        const key = noteKey(note);
        if (key === '') continue;
        let counts = this.spellings.get(key);
        if (!counts) {
          counts = new Map();
          this.spellings.set(key, counts);
        }
        counts.set(note, (counts.get(note) ?? 0) + 1);
        if (level !== 'unspecified') {
          let tally = this.levels.get(key);
          if (!tally) {
            tally = [0, 0, 0];
            this.levels.set(key, tally);
          }
          tally[LEVELS.indexOf(level)]! += 1;
        }
      }
    }
  }

  private names(): Map<string, string> {
    if (this.canonical) return this.canonical;
    const names = new Map<string, string>();
    for (const [key, note] of this.taxonomy) names.set(key, note.name);
    for (const [key, counts] of this.spellings) {
      if (names.has(key)) continue;
      const best = [...counts.entries()].sort(
        (a, b) =>
          b[1] - a[1] ||
          Number(/^\p{Lu}/u.test(b[0])) - Number(/^\p{Lu}/u.test(a[0])) ||
          (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
      )[0]!;
      names.set(key, capitalised(best[0]));
    }
    this.canonical = names;
    return names;
  }

  /** The canonical spelling of a note (itself when unknown). */
  name(note: string): string {
    const respelt = respell(note);
    return this.names().get(noteKey(respelt)) ?? respelt.trim();
  }

  /** Rewrites notes to canonical spellings, dropping repeats within a level. */
  canonicalise(notes: NoteLists): NoteLists {
    const level = (list: readonly string[]) => {
      const out: string[] = [];
      const seen = new Set<string>();
      for (const note of list) {
        const key = noteKey(respell(note));
        if (key === '' || seen.has(key)) continue;
        seen.add(key);
        out.push(this.name(note));
      }
      return out;
    };
    return {
      top: level(notes.top),
      middle: level(notes.middle),
      base: level(notes.base),
      unspecified: level(notes.unspecified),
    };
  }

  /** Every taxonomy and catalogue note, sorted by name (then id). */
  records(): NoteRecord[] {
    const names = this.names();
    const rows = [...names.entries()].map(([key, name]) => {
      const tally = this.levels.get(key);
      let category: NoteRecord['category'] = null;
      if (tally?.some((n) => n > 0)) {
        const max = Math.max(...tally);
        category = LEVELS[tally.indexOf(max)]!;
      }
      return { key, name, group: this.taxonomy.get(key)?.group || null, category };
    });
    rows.sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
    );
    const used = new Set<string>();
    return rows.map((row) => {
      const base = `note-${slugify(row.name) || row.key}`;
      let id = base;
      for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
      used.add(id);
      return { id, name: row.name, group: row.group, category: row.category, description: null };
    });
  }
}
