/**
 * Notes → chemicals bridge (data/chemicals/note-constituents.json) and the inferred chemical links
 * of perfumes.
 *
 * A note links to chemicals through:
 * 1. the curated table (curated-constituents.ts);
 * 2. natural materials whose name reduces to the note (form words such as oil, absolute, CO2,
 *    "from PW", dilutions dropped): their constituents with typical % from naturals/DB_Naturals.csv
 *    and naturals/DB_User_Materials.csv (supplier data; bases and accords such as "F-TEC" or
 *    "Fleuressence" are not naturals and are skipped);
 * 3. natural complex substances of the chemical database (IFRA NCS entries, e.g. "Lavender oil"),
 *    linked as themselves;
 * 4. single molecules whose name or synonym is the note ("Coumarin", "Iso E Super"), from the IFRA
 *    glossary, Good Scents, the chemical database and one-molecule materials of DB_User_Materials.
 * A material matches a note equal to its name, the plural of it, a note ending with it ("Bulgarian
 * Rose" → rose; not when the first word changes the material, "Pink Pepper", or the leading words
 * are a material themselves, "Mandarin Orange") or the note plus a plant part ("Cinnamon" →
 * cinnamon bark, cinnamon leaf; not cedar leaf, which is thuja). Vague notes ("Woodsy Notes",
 * "Spices") never link. Constituents below 0.1 % are left out and each note
 * keeps at most MAX_LINKS_PER_NOTE links (curated and direct links first, then by typical %).
 */
import { isVagueNote, noteKey, textTokens } from '../../services/domain/src/catalogue/index.ts';
import type { Chemical } from './chemicals.ts';
import type { CuratedLink } from './curated-constituents.ts';
import type { PerfumeChemicalLink } from './merge.ts';
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
  'terpenes',
  'terpeneless',
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

const PLANT_PARTS = new Set([
  'bark',
  'leaf',
  'leaves',
  'flower',
  'flowers',
  'seed',
  'seeds',
  'root',
  'wood',
  'fruit',
  'peel',
  'bud',
  'buds',
  'herb',
  'needle',
  'needles',
  'berry',
  'berries',
  'blossom',
  'blossoms',
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

export function buildNoteBridge(input: BridgeInputs): Map<string, NoteConstituent[]> {
  const chemicalIds = new Set(input.chemicals.map((c) => c.id));
  const idOf = (cas: string) => (chemicalIds.has(`chem-${cas}`) ? `chem-${cas}` : null);

  // Material form → constituent candidates.
  const materials = new Map<string, Candidate[]>();
  const addMaterial = (form: string, c: Candidate) => {
    const forms = [form, singular(form.split(' '))].filter((f): f is string => f !== null);
    for (const f of new Set(forms)) {
      const list = materials.get(f);
      if (list) list.push(c);
      else materials.set(f, [c]);
    }
  };
  const addConstituents = (
    rows: readonly MaterialConstituent[],
    origin: 'naturals' | 'userMaterials',
    file: string,
  ) => {
    const formsOf = new Map<string, string[]>();
    for (const row of rows) {
      let forms = formsOf.get(row.material);
      if (!forms) {
        forms = materialForms(row.material, origin);
        formsOf.set(row.material, forms);
      }
      const id = row.ids.cas[0] ? idOf(row.ids.cas[0]) : null;
      if (!id || row.percent === null || row.percent < MIN_TYPICAL_PERCENT) continue;
      for (const form of forms)
        addMaterial(form, {
          chemical_id: id,
          typical_percent: row.percent,
          source: `${file}: ${row.material}`,
          tier: 2,
        });
    }
  };
  addConstituents(input.naturals, 'naturals', 'naturals/DB_Naturals.csv');
  addConstituents(input.userMaterials, 'userMaterials', 'naturals/DB_User_Materials.csv');
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
    const id = rows[0]!.ids.cas[0] ? idOf(rows[0]!.ids.cas[0]) : null;
    const name = material.replace(/\s+from\s+pw\s*$/i, '').replace(/\s+\d+(?:\.\d+)?\s*%.*$/, '');
    if (id) addMolecule(name, id, `naturals/DB_User_Materials.csv: ${material}`);
  }

  // Curated links by note key.
  const curated = new Map<string, Candidate[]>();
  for (const link of input.curated) {
    const id = idOf(link.cas);
    if (!id) throw new Error(`curated link ${link.notes[0]} → ${link.cas}: chemical not in the database`);
    for (const note of link.notes) {
      const key = textTokens(note).join(' ');
      const list = curated.get(key) ?? [];
      list.push({ chemical_id: id, typical_percent: null, source: `curated: ${link.basis}`, tier: 0 });
      curated.set(key, list);
    }
  }

  const bridge = new Map<string, NoteConstituent[]>();
  const allNotes = [...new Set([...input.notes, ...input.curated.flatMap((l) => l.notes)])];
  for (const note of allNotes) {
    if (isVagueNote(note)) continue;
    const forms = noteForms(note);
    const exact = forms.exact;
    // `Mandarin Orange` names mandarin: when the leading words are a material, trailing words do not count.
    const tokens = textTokens(note);
    const suffixes = forms.suffixes.filter((suffix) => {
      const lead = tokens.slice(0, tokens.length - suffix.split(' ').length).join(' ');
      return !materials.has(lead) && !curated.has(lead);
    });
    const candidates: Candidate[] = [];
    for (const form of [...exact, ...suffixes]) candidates.push(...(curated.get(form) ?? []));
    for (const form of [...exact, ...suffixes]) candidates.push(...(materials.get(form) ?? []));
    const direct = molecules.get(noteKey(note));
    if (direct && direct.size <= 2) candidates.push(...direct.values());
    for (const part of PLANT_PARTS) {
      const form = `${exact[0]} ${part}`;
      if (!NOT_THE_NOTE.has(form)) candidates.push(...(materials.get(form) ?? []));
    }
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
    const key = note.trim().toLowerCase();
    const existing = bridge.get(key);
    if (existing) continue;
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
