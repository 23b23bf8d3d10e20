/**
 * Which material a botanical name describes: the plant part (flower, peel, leaf, wood…) and the
 * form (an aromatic oil or extract, a floral water, a powder, a wax…).
 *
 * CosIng gives one CAS number to many INCI names of one plant: 84696-47-9 is the dog rose's flower
 * oil, flower powder, fruit extract, seed extract, callus extract and more. A substance the other
 * sources name "Rosa canina flower oil" is none of the fruit, seed, powder or callus materials, so
 * those INCI names are not its names (a label's "Rosa Canina Fruit Extract", rose hip, must not read
 * as the rose-oil allergen) and cannot be its INCI name. Names that say nothing about the part or
 * the form agree with everything: only a clear contradiction separates two materials.
 */

/**
 * Plant-part words and the parts they may mean: a citrus "fruit oil" is the expressed peel oil,
 * and the "seeds" of coriander, anise or ajowan are botanically fruits (CosIng's `FRUIT OIL`).
 */
const PARTS: Record<string, readonly string[]> = {
  flower: ['flower'],
  flowers: ['flower'],
  blossom: ['flower'],
  bud: ['flower'],
  petal: ['flower'],
  peel: ['peel', 'fruit'],
  rind: ['peel', 'fruit'],
  zest: ['peel', 'fruit'],
  pericarp: ['peel', 'fruit'],
  fruit: ['fruit', 'peel', 'seed'],
  berry: ['fruit'],
  seed: ['seed'],
  kernel: ['seed'],
  leaf: ['leaf'],
  leaves: ['leaf'],
  needle: ['leaf'],
  twig: ['twig', 'leaf'],
  branch: ['twig', 'leaf'],
  herb: ['herb', 'leaf', 'flower', 'stem'],
  stem: ['stem', 'wood'],
  bark: ['bark'],
  wood: ['wood', 'stem'],
  root: ['root'],
  rhizome: ['root'],
  resin: ['resin'],
  gum: ['resin'],
  balsam: ['resin'],
  callus: ['callus'],
  cell: ['callus'],
  culture: ['callus'],
};

/** Form words and the forms they mean: oils, absolutes, tinctures and extracts are all aromatic. */
const FORMS: Record<string, string> = {
  oil: 'aromatic',
  oils: 'aromatic',
  extract: 'aromatic',
  absolute: 'aromatic',
  tincture: 'aromatic',
  resinoid: 'aromatic',
  oleoresin: 'aromatic',
  concrete: 'aromatic',
  essence: 'aromatic',
  otto: 'aromatic',
  water: 'water',
  hydrosol: 'water',
  distillate: 'water',
  powder: 'powder',
  cera: 'wax',
  wax: 'wax',
  juice: 'juice',
  fiber: 'fiber',
  fibre: 'fiber',
  butter: 'butter',
  unsaponifiables: 'unsaponifiables',
};

/** The lower-case words of a name (`LEAF/STEM` is two words). */
function words(name: string): string[] {
  return name.toLowerCase().match(/[a-z]+/g) ?? [];
}

export interface MaterialTags {
  parts: ReadonlySet<string>;
  forms: ReadonlySet<string>;
}

/** A part word closing a compound: rosewood, cedarwood and sandalwood are woods, grapefruit a fruit. */
const COMPOUND_PART = /^[a-z]{3,}(wood|fruit)$/;

/** The parts and forms a name states. */
export function materialTags(name: string): MaterialTags {
  const parts = new Set<string>();
  const forms = new Set<string>();
  for (const w of words(name)) {
    const part = PARTS[w] ?? PARTS[COMPOUND_PART.exec(w)?.[1] ?? ''];
    for (const p of part ?? []) parts.add(p);
    const form = FORMS[w];
    if (form) forms.add(form);
  }
  return { parts, forms };
}

/** The parts and forms any of a substance's names state. */
export function identityTags(names: readonly string[]): MaterialTags {
  const parts = new Set<string>();
  const forms = new Set<string>();
  for (const name of names) {
    const tags = materialTags(name);
    for (const p of tags.parts) parts.add(p);
    for (const f of tags.forms) forms.add(f);
  }
  return { parts, forms };
}

const disjoint = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size > 0 && b.size > 0 && ![...a].some((x) => b.has(x));

/** Whether `name` describes another part or form of the plant than the substance's `identity`. */
export function contradictsMaterial(identity: MaterialTags, name: string): boolean {
  const tags = materialTags(name);
  return disjoint(identity.parts, tags.parts) || disjoint(identity.forms, tags.forms);
}

/**
 * The botanical binomial a name opens with, lower case: two words followed by an author
 * abbreviation (`Juniperus sabina L.`: `authored`) or by a part or form of the plant (`Lavandula
 * Angustifolia Oil`, `Juniperus Phoenicea Gum Extract`). null when the name is no such name
 * (`Savin oil`, `Rose ketones`, `Citrus Aurantium Dulcis Peel Oil`, whose third word is a variety).
 */
export function binomial(name: string): { genus: string; species: string; authored: boolean } | null {
  const m = /^([a-z]{3,})\s+([a-z]{3,})(?:\s+([a-z]+\.|[a-z]+))?/i.exec(name.trim());
  if (!m) return null;
  const [genus, species, next] = [m[1]!.toLowerCase(), m[2]!.toLowerCase(), m[3]?.toLowerCase()];
  if (PARTS[species] || FORMS[species] || next === undefined) return null;
  const authored = next.endsWith('.');
  const follows = authored || PARTS[next] !== undefined || FORMS[next] !== undefined || next === 'gum';
  return follows ? { genus, species, authored } : null;
}

/**
 * Whether `name` is a species named with its author (`Juniperus phoenicea L.`, as IFRA names the
 * plants a standard covers) of a genus the substance's own names give another species of
 * (`Juniperus sabina L.`): another plant. A name without an author is never judged (botanical
 * synonyms such as Lippia triphylla and Lippia citriodora would read as two plants), nor one
 * whose species word any own name uses (`Jasminum Grandiflorum / Officinale`).
 */
export function contradictsSpecies(ownNames: readonly string[], name: string): boolean {
  const b = binomial(name);
  if (b === null || !b.authored) return false;
  if (ownNames.some((n) => words(n).includes(b.species))) return false;
  return ownNames.some((n) => binomial(n)?.genus === b.genus);
}

/**
 * Whether `name` is a plant material's name (`Citrus Sinensis Peel Oil`) whose genus and species
 * one of `ownNames` opens with (`Citrus Sinensis / Aurantium Dulcis Peel Oil Expressed`). Only the
 * opening binomial counts: a name listing several species (`Narcissus poeticus/ jonquilla
 * extract`) is one material's name, the first's.
 */
export function speciesNamed(ownNames: readonly string[], name: string): boolean {
  const b = binomial(name);
  if (b === null) return false;
  return ownNames.some((n) => {
    const [genus, species] = words(n);
    return genus === b.genus && species === b.species;
  });
}

/**
 * How well a candidate INCI name agrees with a substance's own names: the share of its words
 * (two letters or more) that some own name also uses, part and form words compared by meaning
 * (a "tincture" is an extract, "blossom" a flower). 0 when it contradicts the material.
 */
export function inciAgreement(ownNames: readonly string[], candidate: string): number {
  if (contradictsMaterial(identityTags(ownNames), candidate)) return 0;
  return wordShare(ownNames, candidate, (w) => FORMS[w] ?? PARTS[w]?.[0] ?? w);
}

/** The share of a candidate's words (two letters or more) that some own name uses as they are. */
export function exactWordShare(ownNames: readonly string[], candidate: string): number {
  return wordShare(ownNames, candidate, (w) => w);
}

function wordShare(ownNames: readonly string[], candidate: string, meaning: (w: string) => string): number {
  const own = new Set(ownNames.flatMap(words).map(meaning));
  const mine = words(candidate)
    .filter((w) => w.length > 1)
    .map(meaning);
  if (mine.length === 0) return 0;
  return mine.filter((w) => own.has(w)).length / mine.length;
}
