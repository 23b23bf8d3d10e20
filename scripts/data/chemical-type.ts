/**
 * Chemical `type` (natural, synthetic, essential_oil, aromatic_compound), decided cheaply:
 * 1. natural complex substances (IFRA NCS category, a DB_Naturals material, or an NCS-style name):
 *    `essential_oil` when the name says oil / extract / essence, else `natural` (absolutes,
 *    concretes, resinoids, resins, gums, balsams, tinctures, animal materials, a genus's species:
 *    `Narcissus spp.`);
 * 2. single molecules with a benzene-type ring: `aromatic_compound` — from the Good Scents SMILES
 *    (a six-membered carbon/nitrogen ring with alternating double bonds, or aromatic lower-case
 *    atoms), or, without SMILES, from benzenoid name stems (benzyl, phenyl, cinnam, vanill, ...);
 * 3. everything else: `synthetic`, petroleum's distillates and mineral oil among them.
 */

export type ChemicalType = 'natural' | 'synthetic' | 'essential_oil' | 'aromatic_compound';

interface Atom {
  element: string;
  aromatic: boolean;
}

/** Parses SMILES into atoms and bonds (orders 1, 2, 3; 1.5 for aromatic ':'). */
export function parseSmiles(smiles: string): { atoms: Atom[]; bonds: Array<[number, number, number]> } {
  const atoms: Atom[] = [];
  const bonds: Array<[number, number, number]> = [];
  const stack: number[] = [];
  const rings = new Map<string, { atom: number; order: number | null }>();
  let previous = -1;
  let pendingOrder: number | null = null;
  let i = 0;
  const addAtom = (element: string, aromatic: boolean) => {
    atoms.push({ element, aromatic });
    const index = atoms.length - 1;
    if (previous >= 0) {
      const bothAromatic = aromatic && atoms[previous]!.aromatic;
      bonds.push([previous, index, pendingOrder ?? (bothAromatic ? 1.5 : 1)]);
    }
    pendingOrder = null;
    previous = index;
  };
  while (i < smiles.length) {
    const c = smiles[i]!;
    if (c === '[') {
      const end = smiles.indexOf(']', i);
      if (end < 0) throw new Error(`SMILES: unclosed bracket in ${smiles}`);
      const inner = smiles.slice(i + 1, end).replace(/^\d+/, '');
      const m = /^(Cl|Br|se|as|[A-Z][a-z]?|[bcnops])/.exec(inner);
      const symbol = m?.[1] ?? '*';
      addAtom(symbol.toUpperCase(), symbol === symbol.toLowerCase() && /[a-z]/.test(symbol));
      i = end + 1;
    } else if (smiles.startsWith('Cl', i) || smiles.startsWith('Br', i)) {
      addAtom(smiles.slice(i, i + 2).toUpperCase(), false);
      i += 2;
    } else if (/[BCNOPSFI]/.test(c)) {
      addAtom(c, false);
      i += 1;
    } else if (/[bcnops]/.test(c)) {
      addAtom(c.toUpperCase(), true);
      i += 1;
    } else if (c === '(') {
      stack.push(previous);
      i += 1;
    } else if (c === ')') {
      previous = stack.pop() ?? previous;
      i += 1;
    } else if (c === '=' || c === '#' || c === ':' || c === '-' || c === '/' || c === '\\') {
      pendingOrder = c === '=' ? 2 : c === '#' ? 3 : c === ':' ? 1.5 : 1;
      i += 1;
    } else if (/\d/.test(c) || c === '%') {
      const label = c === '%' ? smiles.slice(i + 1, i + 3) : c;
      i += c === '%' ? 3 : 1;
      const open = rings.get(label);
      if (open) {
        const bothAromatic = atoms[open.atom]!.aromatic && atoms[previous]!.aromatic;
        bonds.push([open.atom, previous, pendingOrder ?? open.order ?? (bothAromatic ? 1.5 : 1)]);
        rings.delete(label);
      } else {
        rings.set(label, { atom: previous, order: pendingOrder });
      }
      pendingOrder = null;
    } else if (c === '.') {
      previous = -1;
      i += 1;
    } else {
      i += 1;
    }
  }
  return { atoms, bonds };
}

/** True when the molecule has a six-membered C/N ring that is aromatic (Kekulé or lower-case form). */
export function hasAromaticRing(smiles: string): boolean {
  const { atoms, bonds } = parseSmiles(smiles);
  const adjacency = atoms.map(() => [] as Array<[number, number]>);
  for (const [a, b, order] of bonds) {
    adjacency[a]!.push([b, order]);
    adjacency[b]!.push([a, order]);
  }
  const ringAtom = (i: number) => atoms[i]!.element === 'C' || atoms[i]!.element === 'N';
  // Search simple 6-cycles starting from each ring atom, following only C/N atoms.
  for (let start = 0; start < atoms.length; start += 1) {
    if (!ringAtom(start)) continue;
    const path = [start];
    const orders: number[] = [];
    const walk = (): boolean => {
      const last = path[path.length - 1]!;
      for (const [next, order] of adjacency[last]!) {
        if (path.length === 6) {
          if (next !== start) continue;
          const all = [...orders, order];
          if (all.every((o) => o === 1.5)) return true;
          const alternating =
            all.every((o, k) => o === (k % 2 === 0 ? 2 : 1)) ||
            all.every((o, k) => o === (k % 2 === 0 ? 1 : 2));
          if (alternating) return true;
          continue;
        }
        if (next <= start || path.includes(next) || !ringAtom(next)) continue;
        path.push(next);
        orders.push(order);
        if (walk()) return true;
        path.pop();
        orders.pop();
      }
      return false;
    };
    if (walk()) return true;
  }
  return false;
}

const BENZENOID_NAME =
  /benz|phenyl|phenol|phenet|cinnam|vanill|salicyl|anisyl|anisal|anisic|anethol|eugenol|coumarin|toluen|tolyl|xylen|naphth|indol|cresol|guaiac|styr|heliotrop|piperonal|estragol|safrol|thymol|carvacrol|cuminal|cuminic|anthranil|phthal|quinolin|hydroquinon|catechol|resorcin|veratr|dinitro|nitro.*musk|musk (?:ambrette|ketone|xylene|tibetene|moskene)/i;

const NCS_NAME =
  /\b(?:oils?|extracts?|absolutes?|concretes?|resinoids?|oleoresins?|resins?|balsams?|gums?|tinctures?|essences?|infusions?|distillates?|waxes|wax|juices?|hydrolats?|co2)\b/i;

const MINERAL_NAME = /\bpetroleum\b|\bmineral oil\b/i;

const SATURATED = /(?:hexa|octa|deca)hydro|methano-?naphth/i;

/** Stems of ring systems a benzene ring is fused into: naphthalene, benzofuran, benzodioxin, … */
const FUSED_BENZENOID = /naphth|benzo-?(?=[a-z]*(?:furan|dioxin|dioxol|pyran|cyclo|xepin|thiophen))/gi;

/** INCI words of a material made from a natural one: numbered polymers, esters, glycerides. */
const DERIVATIVE_NAME = /\d|\b(?:PEG|PPG|esters?|glycerides?)\b/i;

const OIL_NAME = /\b(?:oils?|extracts?|essences?|co2)\b/i;

/** True when a name reads like a natural complex substance (an oil, extract, absolute, ...). */
export function looksLikeNcs(name: string): boolean {
  return NCS_NAME.test(name) || /^\p{L}+\s+spp\b/iu.test(name);
}

export function chemicalType(input: {
  name: string;
  /** IFRA NCS category, DB_Naturals material or other evidence that this is a natural mixture. */
  ncs: boolean;
  smiles: string | null;
  /**
   * The substance's INCI name: a plant's INCI name says what the plant name alone does not
   * (`Pogostemon Cablin` is `POGOSTEMON CABLIN OIL`). A derivative's (`ALMOND OIL PEG-6 ESTERS`)
   * says nothing of the kind.
   */
  inci?: string | null;
}): ChemicalType {
  // Petroleum's distillates and mineral oil are neither a plant's material nor one molecule.
  if (MINERAL_NAME.test(input.name)) return 'synthetic';
  if (input.ncs || looksLikeNcs(input.name)) return OIL_NAME.test(input.name) ? 'essential_oil' : 'natural';
  if (input.inci && looksLikeNcs(input.inci) && !DERIVATIVE_NAME.test(input.inci))
    return OIL_NAME.test(input.inci) ? 'essential_oil' : 'natural';
  if (input.smiles !== null) return hasAromaticRing(input.smiles) ? 'aromatic_compound' : 'synthetic';
  // A fused ring system hydrogenated beyond one ring (`octahydro-…-naphthalenyl`, a bridged
  // `methanonaphthalene`, `hexahydro-3H-benzofuran-2-one`) keeps no benzene ring; a tetrahydro- or
  // dihydronaphthalene keeps one, and so does a phenyl beside it.
  const name = SATURATED.test(input.name) ? input.name.replace(FUSED_BENZENOID, '') : input.name;
  return BENZENOID_NAME.test(name) ? 'aromatic_compound' : 'synthetic';
}
