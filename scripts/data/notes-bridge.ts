/**
 * Notes → chemicals bridge (data/chemicals/note-constituents.json) and the inferred chemical links
 * of perfumes.
 *
 * A note (as written in the catalogue) is looked up through its variants (note-canonical.ts:
 * translations, spellings, place-of-origin and form words dropped, singular), most specific first:
 * 1. the reviewed note table (note-materials.ts, flattened in curated-constituents.ts): the cited
 *    principal constituents or accord molecules, plus the typical % of the source materials named
 *    for exactly that note (naturals/DB_Naturals.csv, naturals/DB_User_Materials.csv);
 * 2. a note of two names joined by "or" takes the first name that resolves; a note of several
 *    materials joined by "and", "&", "," or "/" takes the union of its parts, only when every part
 *    resolves (otherwise it stays unknown);
 * 3. otherwise the source-driven rules: natural materials whose name reduces to the note (form
 *    words such as oil, absolute, CO2, "from PW", dilutions dropped; concentrated fractions such as
 *    "terpeneless" and "terpenes" are other materials) with their typical %; natural complex
 *    substances of the chemical database under their plain IFRA name, linked as themselves; single
 *    molecules named like the note; a note ending with a material ("Bulgarian X" → X) unless its
 *    first word changes the material ("Pink Pepper"), its leading words are a material themselves,
 *    also once origin words are dropped ("Mandarin Orange", "Italian Lemon Petitgrain"), or the
 *    material is a generic word (balm, leaf, flower, water, …); the note plus a plant part that
 *    does not change the material (seed, bark, root, wood, bud, berry, needle: "Cinnamon" →
 *    cinnamon bark; never flower, leaf or fruit, which are other materials).
 * Vague notes never link. Supplier rows that contradict the composition literature are left out
 * (EXCLUDED_MATERIALS). Constituents under 0.1 % are left out; each note keeps at most
 * MAX_LINKS_PER_NOTE links (reviewed and direct links first, then by typical %). A note no rule
 * resolves gets no entry (unknown), never an empty list.
 */
import { isVagueNote, noteKey, textTokens } from '../../services/domain/src/catalogue/index.ts';
import type { Chemical } from './chemicals.ts';
import type { CuratedLink } from './curated-constituents.ts';
import type { PerfumeChemicalLink } from './merge.ts';
import { ORIGIN_WORDS } from './note-canonical/words.ts';
import { noteAlternatives, noteParts, noteVariants } from './note-canonical.ts';
import type { MaterialConstituent } from './sources/naturals.ts';
import type { NoteLists } from './types.ts';

export interface NoteConstituent {
  chemical_id: string;
  typical_percent: number | null;
  source: string;
}

export const MAX_LINKS_PER_NOTE = 12;
export const MIN_TYPICAL_PERCENT = 0.1;

const FORM_WORDS = new Set([
  'essential',
  'oil',
  'oils',
  'absolute',
  'absolutes',
  'concrete',
  'extract',
  'extracts',
  'co2',
  'resinoid',
  'oleoresin',
  'tincture',
  'infusion',
  'essence',
  'expressed',
  'rectified',
  'distilled',
  'steam',
  'cold',
  'pressed',
  'water',
  'stronger',
  'i',
  'ii',
  'iii',
  'complete',
  'extra',
  'fixed',
  'pure',
  'natural',
  'organic',
  'fraction',
  'decolorized',
  'colourless',
  'from',
  'pw',
]);

/** Words naming the form of a natural (not its processing). */
const CORE_FORMS = new Set([
  'oil',
  'oils',
  'absolute',
  'extract',
  'concrete',
  'resinoid',
  'oleoresin',
  'co2',
  'tincture',
  'essential',
  'gum',
  'infusion',
]);

/** Plant parts that do not change the material a note names (`Cinnamon` → cinnamon bark oil). */
const PLANT_PARTS = new Set([
  'bark',
  'seed',
  'seeds',
  'root',
  'wood',
  'bud',
  'buds',
  'berry',
  'berries',
  'needle',
  'needles',
]);

/** Materials a note plus a plant part would wrongly reach: cedar leaf oil is thuja, not cedarwood. */
const NOT_THE_NOTE = new Set(['cedar leaf', 'cedar leaves']);

const NOT_A_NATURAL =
  /f-?tec|fleuressence|blender|\bbase\b|replacement|accord|reconstitution|compound|specialty|\btype\b|imitation|\bsynth/i;
const NATURAL_FORM =
  /essential oil|\boil\b|absolute|concrete|resinoid|co2|extract|tincture|balsam|oleoresin/i;

function formless(text: string): string[] {
  return textTokens(text.replace(/\([^)]*\)/g, ' ')).filter((t) => !FORM_WORDS.has(t));
}

/**
 * Name forms of a material that a note can match, or [] when the material is not a natural.
 * DB_Naturals: `Lemongrass oil, East Indian` → `lemongrass`, `east indian lemongrass`.
 * DB_User_Materials: `Oakmoss Resinoid - IFRA Low Atranol from PW` → `oakmoss`.
 */
export function materialForms(name: string, origin: 'naturals' | 'userMaterials'): string[] {
  if (origin === 'userMaterials') {
    const cleaned = name
      .replace(/\s+from\s+pw\s*$/i, '')
      .replace(/\s+\d+(?:\.\d+)?\s*%.*$/, '')
      .replace(/\s+-\s+.*$/, '');
    if (NOT_A_NATURAL.test(name) || !NATURAL_FORM.test(cleaned)) return [];
    const tokens = formless(cleaned);
    return tokens.length > 0 ? [tokens.join(' ')] : [];
  }
  const [head = '', ...qualifiers] = name.split(',');
  const base = formless(head);
  if (base.length === 0) return [];
  const forms = [base.join(' ')];
  const qualifier = formless(qualifiers.join(' '));
  if (qualifier.length > 0 && qualifier.length <= 2) forms.push([...qualifier, ...base].join(' '));
  return forms;
}

/**
 * Leading words that make a different material of the rest (`Pink Pepper` is not pepper, `Water
 * Lily` not lily): a note starting with one never matches by its trailing words.
 */
const CHANGES_MATERIAL = new Set([
  'pink',
  'white',
  'black',
  'red',
  'green',
  'blue',
  'yellow',
  'golden',
  'gold',
  'silver',
  'water',
  'sea',
  'beach',
  'desert',
  'sand',
  'rock',
  'snow',
  'ice',
  'sugar',
  'candy',
  'crystal',
  'night',
  'dark',
  'smoky',
  'burnt',
  'roasted',
  'toasted',
  'fake',
  'false',
]);

/** `Orange Blossoms` → `orange blossom`: singular of the last word, for words longer than 3 letters. */
function singular(tokens: readonly string[]): string | null {
  const last = tokens[tokens.length - 1];
  if (!last || last.length <= 3 || !last.endsWith('s') || last.endsWith('ss')) return null;
  return [...tokens.slice(0, -1), last.slice(0, -1)].join(' ');
}

/**
 * Material forms a note matches: itself and its singular (`exact`), and its trailing words
 * (`suffixes`: `Bulgarian Rose` → `rose`) unless its first word changes the material.
 */
export function noteForms(note: string): { exact: string[]; suffixes: string[] } {
  const tokens = textTokens(note);
  const exact = [tokens.join(' ')];
  const one = singular(tokens);
  if (one) exact.push(one);
  const suffixes: string[] = [];
  if (!CHANGES_MATERIAL.has(tokens[0] ?? '')) {
    for (let i = 1; i < tokens.length; i += 1) suffixes.push(tokens.slice(i).join(' '));
  }
  return { exact, suffixes };
}

interface Candidate extends NoteConstituent {
  /** 0 curated, 1 direct (NCS itself or molecule name), 2 constituent. */
  tier: number;
}

export interface BridgeInputs {
  notes: readonly string[];
  chemicals: readonly Chemical[];
  naturals: readonly MaterialConstituent[];
  userMaterials: readonly MaterialConstituent[];
  curated: readonly CuratedLink[];
  /** Extra single-molecule names (IFRA glossary, Good Scents), by CAS. */
  moleculeNames: ReadonlyArray<{ cas: string; name: string; source: string }>;
  /** CAS numbers of natural complex substances (IFRA NCS category) with their IFRA names. */
  ncsNames: ReadonlyArray<{ cas: string; name: string }>;
}

/**
 * Supplier material rows left out because they contradict the composition literature: the
 * DB_User_Materials "Black Pepper Essential Oil" row gives linalool at 38.6 %, while GC-MS studies
 * of black pepper oil find linalool a minor constituent (Dosoky NS et al., Molecules 2019, 24, 4244);
 * its "Grapefruit Pink Essential Oil" gives limonene at 32.79 % beside carvone 2 % and benzaldehyde
 * 1.35 %, while expressed grapefruit oil is mostly limonene (about 85–95 %) with traces of the rest
 * (Tisserand R, Young R. Essential Oil Safety, 2nd ed. 2014, grapefruit oil).
 */
export const EXCLUDED_MATERIALS: ReadonlySet<string> = new Set([
  'Black Pepper Essential Oil from PW',
  'Grapefruit Pink Essential Oil from PW',
]);

/**
 * Single supplier rows left out: citral-type aldehydes declared in resin oils (olibanum, cistus),
 * which the composition profiles of these oils do not contain (Tisserand & Young, Essential Oil
 * Safety, 2nd ed. 2014: frankincense and cistus oils); isoeugenol at 9.46 % in cinnamon leaf oil,
 * whose profile is eugenol (about 70–87 %) with isoeugenol a trace (0.13 % in the IFRA natural
 * contributions table, DB_Naturals.csv). Keyed `material|CAS`.
 */
export const EXCLUDED_ROWS: ReadonlySet<string> = new Set([
  'Olibanum Essential Oil from PW|72203-97-5',
  'Olibanum Essential Oil 10% in DPG from PW|72203-97-5',
  'Cistus Essential Oil from PW|5392-40-5',
  'Cistus Essential Oil 10% in DPG from PW|5392-40-5',
  'Cinnamon Leaf Essential Oil from PW|97-54-1',
]);

/** Material words a note may end with without naming that material ("Styrax Balm" is not lemon balm). */
const NOT_A_SUFFIX = new Set([
  'balm',
  'balsam',
  'leaf',
  'leaves',
  'flower',
  'flowers',
  'blossom',
  'blossoms',
  'tree',
  'wood',
  'woods',
  'water',
  'milk',
  'seed',
  'seeds',
  'bark',
  'root',
  'resin',
  'gum',
  'absolute',
  'oil',
  'tea',
  'honey',
  'sugar',
  'wine',
  'salt',
  'nut',
  'nuts',
  'bean',
  'beans',
  'fruit',
  'fruits',
  'berry',
  'berries',
  'grass',
  'skin',
  'leaf green',
  'cream',
  'rain',
  'tar',
  'smoke',
]);

export function buildNoteBridge(input: BridgeInputs): Map<string, NoteConstituent[]> {
  const chemicalIds = new Set(input.chemicals.map((c) => c.id));
  const idOf = (cas: string) => (chemicalIds.has(`chem-${cas}`) ? `chem-${cas}` : null);

  // Constituent rows of each source material, by exact material name.
  const rowsByMaterial = new Map<string, Candidate[]>();
  const addRows = (rows: readonly MaterialConstituent[], file: string) => {
    for (const row of rows) {
      if (
        EXCLUDED_MATERIALS.has(row.material) ||
        EXCLUDED_ROWS.has(`${row.material}|${row.ids.cas[0] ?? ''}`)
      )
        continue;
      const id = row.ids.cas[0] ? idOf(row.ids.cas[0]) : null;
      if (!id || row.percent === null || row.percent < MIN_TYPICAL_PERCENT) continue;
      const list = rowsByMaterial.get(row.material) ?? [];
      list.push({
        chemical_id: id,
        typical_percent: row.percent,
        source: `${file}: ${row.material}`,
        tier: 2,
      });
      rowsByMaterial.set(row.material, list);
    }
  };
  addRows(input.naturals, 'naturals/DB_Naturals.csv');
  addRows(input.userMaterials, 'naturals/DB_User_Materials.csv');

  // Material form → constituent candidates (the source-driven rules).
  const materials = new Map<string, Candidate[]>();
  const addMaterial = (form: string, c: Candidate) => {
    const forms = [form, singular(form.split(' '))].filter((f): f is string => f !== null);
    for (const f of new Set(forms)) {
      const list = materials.get(f);
      if (list) list.push(c);
      else materials.set(f, [c]);
    }
  };
  const formsOf = new Map<string, string[]>();
  for (const [rows, origin] of [
    [input.naturals, 'naturals'],
    [input.userMaterials, 'userMaterials'],
  ] as const) {
    for (const row of rows) {
      if (formsOf.has(row.material)) continue;
      formsOf.set(row.material, materialForms(row.material, origin));
    }
  }
  for (const [material, forms] of formsOf) {
    for (const c of rowsByMaterial.get(material) ?? []) for (const form of forms) addMaterial(form, c);
  }
  // NCS entries link as themselves only under their plain name (`Lavender oil`, `Rose absolute`);
  // processed qualities (`Lemon oil, terpeneless`, `Lemon oil terpenes`) are left out.
  for (const ncs of input.ncsNames) {
    const id = idOf(ncs.cas);
    if (!id || ncs.name.includes(',') || ncs.name.includes('(')) continue;
    const tokens = textTokens(ncs.name);
    const base = tokens.filter((t) => !CORE_FORMS.has(t));
    if (base.length === 0 || base.length === tokens.length || base.length < tokens.length - 2) continue;
    addMaterial(base.join(' '), {
      chemical_id: id,
      typical_percent: null,
      source: `regulatory/ifra.csv: ${ncs.name}`,
      tier: 1,
    });
  }

  // Molecule name (note key) → direct links. A name shared by several molecules is ambiguous: skipped.
  const molecules = new Map<string, Map<string, Candidate>>();
  const addMolecule = (name: string, id: string, source: string) => {
    const key = noteKey(name);
    if (key.length < 4 || isVagueNote(name)) return;
    let byId = molecules.get(key);
    if (!byId) {
      byId = new Map();
      molecules.set(key, byId);
    }
    if (!byId.has(id)) byId.set(id, { chemical_id: id, typical_percent: null, source, tier: 1 });
  };
  for (const chemical of input.chemicals) {
    if (chemical.type === 'natural' || chemical.type === 'essential_oil') continue;
    for (const name of [chemical.name, ...chemical.synonyms])
      addMolecule(name, chemical.id, `data/chemicals/chemicals.json: ${chemical.name}`);
  }
  for (const m of input.moleculeNames) {
    const id = idOf(m.cas);
    if (id) addMolecule(m.name, id, `${m.source}: ${m.name}`);
  }
  const singleMaterials = new Map<string, MaterialConstituent[]>();
  for (const row of input.userMaterials) {
    const list = singleMaterials.get(row.material);
    if (list) list.push(row);
    else singleMaterials.set(row.material, [row]);
  }
  for (const [material, rows] of singleMaterials) {
    if (rows.length !== 1 || (rows[0]!.percent ?? 0) < 50 || NATURAL_FORM.test(material)) continue;
    if (NOT_A_NATURAL.test(material)) continue;
    const id = rows[0]!.ids.cas[0] ? idOf(rows[0]!.ids.cas[0]) : null;
    const name = material.replace(/\s+from\s+pw\s*$/i, '').replace(/\s+\d+(?:\.\d+)?\s*%.*$/, '');
    if (id) addMolecule(name, id, `naturals/DB_User_Materials.csv: ${material}`);
  }

  // The reviewed note table, by folded note form.
  const reviewed = new Map<string, { links: Candidate[]; materials: Set<string> }>();
  for (const link of input.curated) {
    const id = idOf(link.cas);
    if (!id) throw new Error(`curated link ${link.notes[0]} → ${link.cas}: chemical not in the database`);
    for (const note of link.notes) {
      const key = textTokens(note).join(' ');
      let item = reviewed.get(key);
      if (!item) {
        item = { links: [], materials: new Set() };
        reviewed.set(key, item);
      }
      if (!item.links.some((c) => c.chemical_id === id))
        item.links.push({
          chemical_id: id,
          typical_percent: null,
          source: `curated: ${link.basis}`,
          tier: 0,
        });
      for (const name of link.materials ?? []) item.materials.add(name);
    }
  }
  const reviewedCandidates = (key: string): Candidate[] => {
    const item = reviewed.get(key)!;
    const out: Candidate[] = item.links.map((c) => ({ ...c }));
    for (const name of item.materials) {
      for (const row of rowsByMaterial.get(name) ?? []) {
        const cited = out.find((c) => c.tier === 0 && c.chemical_id === row.chemical_id);
        // A cited constituent takes the typical % of the note's own source material.
        if (cited && (cited.typical_percent ?? -1) < (row.typical_percent ?? -1)) {
          cited.typical_percent = row.typical_percent;
          cited.source = `${row.source} (typical %); ${item.links.find((c) => c.chemical_id === row.chemical_id)!.source}`;
        } else if (!cited) out.push(row);
      }
    }
    return out;
  };
  const isKnownMaterial = (form: string) => reviewed.has(form) || materials.has(form);

  /** Candidates of the source-driven rules for one folded note form. */
  const automatic = (form: string): Candidate[] => {
    const tokens = form.split(' ');
    const candidates: Candidate[] = [];
    const one = singular(tokens);
    for (const f of one ? [form, one] : [form]) candidates.push(...(materials.get(f) ?? []));
    const direct = molecules.get(tokens.join(''));
    if (direct && direct.size <= 2) candidates.push(...direct.values());
    for (const part of PLANT_PARTS) {
      const f = `${form} ${part}`;
      if (!NOT_THE_NOTE.has(f)) candidates.push(...(materials.get(f) ?? []));
    }
    return candidates;
  };
  /** `Bulgarian X` → X: trailing words that are a known material (see NOT_A_SUFFIX, CHANGES_MATERIAL). */
  const suffixForms = (form: string): string[] => {
    const tokens = form.split(' ');
    if (CHANGES_MATERIAL.has(tokens[0] ?? '')) return [];
    const out: string[] = [];
    for (let i = 1; i < tokens.length; i += 1) {
      const suffix = tokens.slice(i).join(' ');
      const lead = tokens.slice(0, i);
      // The lead names a material even behind an origin word: "Italian Lemon Petitgrain" is lemon
      // petitgrain (the lemon tree's leaf oil), not petitgrain (the bitter orange tree's).
      const material = lead.filter((t) => !ORIGIN_WORDS.has(t));
      if (NOT_A_SUFFIX.has(suffix) || isKnownMaterial(lead.join(' ')) || isKnownMaterial(material.join(' ')))
        continue;
      out.push(suffix);
    }
    return out;
  };

  const resolve = (note: string, depth: number): Candidate[] => {
    const variants = noteVariants(note);
    for (const v of variants) if (reviewed.has(v)) return reviewedCandidates(v);
    if (depth < 2) {
      const alternatives = noteAlternatives(note);
      if (alternatives) {
        for (const alt of alternatives) {
          const found = resolve(alt, depth + 1);
          if (found.length > 0) return found;
        }
      }
      const parts = noteParts(note);
      if (parts) {
        const all = parts.map((p) => (isVagueNote(p) ? null : resolve(p, depth + 1)));
        if (all.every((c) => c !== null && c.length > 0)) return all.flatMap((c) => c ?? []);
        return [];
      }
    }
    // A form reduced to a generic word ("Egyptian Balsam" → balsam) names no material.
    for (const v of variants) {
      if (v !== variants[0] && NOT_A_SUFFIX.has(v)) continue;
      const found = automatic(v);
      if (found.length > 0) return found;
    }
    for (const v of variants) {
      for (const suffix of suffixForms(v)) {
        if (reviewed.has(suffix)) return reviewedCandidates(suffix);
        const found = automatic(suffix);
        if (found.length > 0) return found;
      }
    }
    return [];
  };

  const bridge = new Map<string, NoteConstituent[]>();
  const allNotes = [...new Set([...input.notes, ...input.curated.flatMap((l) => l.notes)])];
  for (const note of allNotes) {
    if (isVagueNote(note)) continue;
    const key = note.trim().toLowerCase();
    if (bridge.has(key)) continue;
    const candidates = resolve(note, 0);
    if (candidates.length === 0) continue;
    // One entry per chemical: the best tier, then the highest typical %, then the first source.
    const best = new Map<string, Candidate>();
    for (const c of candidates) {
      const current = best.get(c.chemical_id);
      if (
        !current ||
        c.tier < current.tier ||
        (c.tier === current.tier && (c.typical_percent ?? -1) > (current.typical_percent ?? -1))
      ) {
        best.set(c.chemical_id, c);
      }
    }
    const ranked = [...best.values()].sort(
      (a, b) =>
        a.tier - b.tier ||
        (b.typical_percent ?? -1) - (a.typical_percent ?? -1) ||
        (a.chemical_id < b.chemical_id ? -1 : a.chemical_id > b.chemical_id ? 1 : 0),
    );
    bridge.set(
      key,
      ranked
        .slice(0, MAX_LINKS_PER_NOTE)
        .map(({ chemical_id, typical_percent, source }) => ({ chemical_id, typical_percent, source })),
    );
  }
  return bridge;
}

/** A perfume's inferred chemical links: each chemical once, from its first note (top → base → flat). */
export function inferChemicals(
  notes: NoteLists,
  bridge: ReadonlyMap<string, readonly NoteConstituent[]>,
  names: ReadonlyMap<string, string>,
): PerfumeChemicalLink[] {
  const links: PerfumeChemicalLink[] = [];
  const seen = new Set<string>();
  for (const note of [...notes.top, ...notes.middle, ...notes.base, ...notes.unspecified]) {
    for (const entry of bridge.get(note.toLowerCase()) ?? []) {
      if (seen.has(entry.chemical_id)) continue;
      seen.add(entry.chemical_id);
      links.push({
        chemical_id: entry.chemical_id,
        name: names.get(entry.chemical_id) ?? entry.chemical_id,
        source: 'inferred',
        from_note: note,
      });
    }
  }
  return links;
}
