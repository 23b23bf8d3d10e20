/**
 * Which natural materials a molecule occurs in, and what a natural material is made of, from the
 * reviewed note table (one natural material per entry: its principal constituents with the
 * reference that gives them) and the typical % the bridge takes from the composition tables.
 *
 * A person allergic to linalool needs to know that lavender, bergamot and coriander oils are mostly
 * linalool, and a person looking up lavender oil that it carries linalool and geraniol: the EU label
 * allergens a "natural" perfume holds as much as a synthetic one. Accords and notes that name one
 * molecule are no natural material and say nothing here.
 */
import type { NaturalOccurrence } from '../../services/domain/src/chemicals/regulatory-shapes.ts';
import { allergenGroups } from './allergen-model.ts';
import { nameKey } from './chemical-accumulator.ts';
import type { Chemical } from './chemical-record.ts';
import type { NoteMaterial } from './note-materials.ts';
import type { NoteConstituent } from './notes-bridge.ts';

export interface NaturalOccurrenceFields {
  /** On a natural material: its constituents, principal ones first, then by typical %. */
  constituents?: NaturalOccurrence[];
  /** On a molecule: the natural materials it occurs in, principal first, then by typical %. */
  occurs_in?: NaturalOccurrence[];
}

const NATURAL_TYPES = new Set(['essential_oil', 'natural']);

/**
 * A bridge link's source in words: `naturals/DB_Naturals.csv: Rose oil (typical %); curated: ISO
 * 9842, oil of rose …` becomes the composition table's name with the material, and the reference.
 * Parts naming a file no source name is known for are left out.
 */
export function readableSources(source: string, sourceNames: ReadonlyMap<string, string>): string[] {
  const at = source.indexOf('curated: ');
  const head = at >= 0 ? source.slice(0, at) : source;
  const out: string[] = [];
  for (const part of head.split('; ')) {
    const m = /^(\S+\.(?:csv|txt|json)): (.+)$/.exec(part.trim());
    if (!m) continue;
    const name = sourceNames.get(m[1]!);
    if (name !== undefined) out.push(`${name}: ${m[2]}`);
  }
  if (at >= 0) out.push(source.slice(at + 'curated: '.length).trim());
  return out;
}

/** Whether a bridge link comes from the reviewed composition literature. */
function isCurated(link: NoteConstituent): boolean {
  return link.source.includes('curated: ');
}

/** Title case for a folded note name (`sweet orange` → `Sweet Orange`). */
function noteTitle(note: string): string {
  return note.replace(/(^|[\s-])(\p{Ll})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

/**
 * The fields per chemical id. `materials` are the reviewed natural entries; `bridge` gives each
 * note's links with their typical % and sources (the first of an entry's notes the bridge has).
 */
export function naturalOccurrence(
  chemicals: readonly Chemical[],
  bridge: ReadonlyMap<string, readonly NoteConstituent[]>,
  materials: readonly NoteMaterial[],
  sourceNames: ReadonlyMap<string, string>,
): Map<string, NaturalOccurrenceFields> {
  const byId = new Map(chemicals.map((c) => [c.id, c]));
  const constituents = new Map<string, Map<string, NaturalOccurrence>>();
  const occursIn = new Map<string, Map<string, NaturalOccurrence>>();
  const keep = (into: Map<string, Map<string, NaturalOccurrence>>, id: string, item: NaturalOccurrence) => {
    let list = into.get(id);
    if (!list) {
      list = new Map();
      into.set(id, list);
    }
    // One record under two names (neroli oil, orange flower absolute) is two materials.
    const key = `${item.chemical_id ?? ''}|${item.name.toLowerCase()}`;
    const known = list.get(key);
    // Two notes of one material (neroli, orange blossom): the better-founded link stays.
    if (
      !known ||
      (item.principal && !known.principal) ||
      (item.principal === known.principal && (item.typical_percent ?? -1) > (known.typical_percent ?? -1))
    )
      list.set(key, item);
  };
  // Each entry's note links and the natural material they are of.
  const picked = materials.flatMap((entry) => {
    const note = entry.notes.find((n) => bridge.has(n));
    if (note === undefined) return [];
    const links = (bridge.get(note) ?? []).filter((l) => byId.has(l.chemical_id));
    const natural = links.filter((l) => NATURAL_TYPES.has(byId.get(l.chemical_id)!.type));
    // One material per entry; an entry linking two (an oil and an absolute) does not say which
    // material the typical % belongs to. When one of them is the reviewed material and the others
    // come from supplier rows only (a supplier's patchouli oil under CosIng's Pogostemon cablin
    // number), the reviewed one is the material, with its reviewed constituents only.
    const reviewed = natural.filter(isCurated);
    if (natural.length > 1 && reviewed.length !== 1) return [];
    const onlyReviewed = natural.length > 1;
    const chosen = onlyReviewed ? reviewed[0] : natural[0];
    const material = chosen ? byId.get(chosen.chemical_id)! : null;
    return [{ entry, note, links, material, onlyReviewed }];
  });
  // Two entries on one CAS number (neroli oil and orange flower absolute share 8016-38-4): the one
  // whose composition rows are the record's own material makes its constituents; the other's
  // constituents occur in the material it names, not in the record's.
  const ownsRecord = (p: (typeof picked)[number]) =>
    p.material !== null && (p.entry.materials ?? []).some((m) => nameKey(m) === nameKey(p.material!.name));
  const sharing = new Map<string, Array<(typeof picked)[number]>>();
  for (const p of picked)
    if (p.material) sharing.set(p.material.id, [...(sharing.get(p.material.id) ?? []), p]);
  for (const p of picked) {
    const { entry, note, links, material, onlyReviewed } = p;
    const others = material ? sharing.get(material.id)! : [];
    const owner = material !== null && (others.length < 2 || !others.some(ownsRecord) || ownsRecord(p));
    const named =
      material && !owner ? entry.links.find((l) => `chem-${l.cas}` === material.id)?.chemical : undefined;
    // A molecule that renders the note (violet's ionones) is not said to occur in the material.
    const rendered = new Set((entry.rendered ?? []).map((cas) => `chem-${cas}`));
    for (const link of links) {
      if (onlyReviewed && !isCurated(link)) continue;
      const molecule = byId.get(link.chemical_id)!;
      if (NATURAL_TYPES.has(molecule.type) || rendered.has(molecule.id)) continue;
      const principal = isCurated(link);
      const sources = readableSources(link.source, sourceNames);
      keep(occursIn, molecule.id, {
        chemical_id: material?.id ?? null,
        name: named ?? material?.name ?? noteTitle(note),
        allergen: material?.allergen_flag ?? false,
        typical_percent: link.typical_percent,
        principal,
        sources,
      });
      if (material && owner)
        keep(constituents, material.id, {
          chemical_id: molecule.id,
          name: molecule.name,
          allergen: molecule.allergen_flag,
          typical_percent: link.typical_percent,
          principal,
          sources,
        });
    }
  }
  const ordered = (list: Map<string, NaturalOccurrence>) =>
    [...list.values()].sort(
      (a, b) =>
        Number(b.principal) - Number(a.principal) ||
        (b.typical_percent ?? -1) - (a.typical_percent ?? -1) ||
        a.name.localeCompare(b.name, 'en'),
    );
  // A label declares `Limonene` whichever form the perfume holds: each form of an EU label allergen
  // without materials of its own shows those of the other forms, saying which form it is.
  // Only a form's own materials are passed on: a form that borrowed them names no form it holds.
  const own = new Map(occursIn);
  for (const group of allergenGroups(chemicals)) {
    for (const id of group.member_ids) {
      if (own.has(id)) continue;
      for (const other of group.member_ids) {
        const name = byId.get(other)!.name;
        for (const item of own.get(other)?.values() ?? []) keep(occursIn, id, { ...item, as: name });
      }
    }
  }
  const out = new Map<string, NaturalOccurrenceFields>();
  for (const [id, list] of constituents) out.set(id, { constituents: ordered(list) });
  for (const [id, list] of occursIn) out.set(id, { ...out.get(id), occurs_in: ordered(list) });
  return out;
}
