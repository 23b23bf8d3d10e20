/**
 * What the chemical build gathers per substance while it reads the sources (names with their
 * preference rank, identifiers, list entries), before `assemble` turns it into a record.
 */

import { isSystematicName } from '../../services/domain/src/chemicals/systematic-name.ts';
import type { SourceName } from './chemical-sources.ts';
import {
  contradictsMaterial,
  contradictsSpecies,
  exactWordShare,
  identityTags,
  inciAgreement,
  materialTags,
  speciesNamed,
} from './plant-material.ts';
import type { AnnexEntry } from './sources/eu-annexes.ts';
import type { IarcEntry } from './sources/iarc.ts';
import type { IdentifierCell } from './sources/identifiers.ts';
import type { IfraAmendmentEntry, IfraStandardEntry } from './sources/ifra.ts';
import type { Prop65Entry } from './sources/prop65.ts';
import type { SccsEntry } from './sources/sccs.ts';

/**
 * Abbreviations an INCI name writes in capitals, and keeps so in any case: polyethylene and
 * polypropylene glycol's `PEG-20`, the colour index's `CI 77891`, `BHT`, `EDTA`, …
 */
const INCI_ABBREVIATIONS = /\b(?:Peg|Ppg|Ci|Bht|Bha|Edta|Dmdm|Mea|Dea|Mipa|Pvp|Paba|Hedp|Ahtn|Hhcb)\b/g;

/**
 * `AMYL CINNAMAL` → `Amyl Cinnamal`, `PEG-20 ALMOND GLYCERIDES` → `PEG-20 Almond Glycerides`;
 * mixed-case names are kept.
 */
export function displayCase(name: string): string {
  if (/[a-z]/.test(name)) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s(])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase())
    .replace(INCI_ABBREVIATIONS, (a) => a.toUpperCase());
}

/**
 * Drops footnote marks (`(*)`, a closing `§`) and extra spaces from a substance name; a closing
 * one-letter word, a vitamin's or a grade's letter, is a capital (`Vitamin e` → `Vitamin E`,
 * `Precyclemone b` → `Precyclemone B`).
 */
export function cleanName(name: string): string {
  return name
    .replace(/\(\*+\)|\*+$|\s*§+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(\p{L}{3,} )([a-z])$/u, (_, head: string, letter: string) => head + letter.toUpperCase());
}

/**
 * Synonym cells of IFRA and CosIng hold headings such as `78-70-6 (Linalool):`; those are not
 * names. Nor is a name with a letter lost to a wrong encoding (`p-tert-Butyl-?-methylhydrocinna`,
 * where `α` became `?`), or a database record key in a name column (`dsstox_cid_767`).
 */
export function isNameLike(text: string): boolean {
  return (
    text !== '' &&
    !/^\d{2,7}-\d{2}-\d/.test(text) &&
    !/:$/.test(text) &&
    /\p{L}/u.test(text) &&
    !/[?\uFFFD]/.test(text) &&
    !/^[a-z]+(?:_[a-z]+)*_\d+$/i.test(text)
  );
}

/**
 * A name without what the law or the list adds to it: a regulatory scope (`…, when used as a
 * fragrance ingredient`, `Safrole, except for normal content…`, `… for traces level, see Annex
 * III`), the condition of a ban (`…, if they contain > 3% w/w DMSO extract`), a cross-reference
 * (`(see note 17)`) or a CAS number in words (`(CAS No 97676-35-2)`). They say where a rule
 * applies, not what the substance is called.
 */
export function withoutScope(name: string): string {
  return name
    .replace(/\s*\((?:see note \d+|CAS No\.? [\d-]+)\)\.?/gi, '')
    .replace(/,?\s+when used\b.*$/i, '')
    .replace(/,\s*except\b.*$/i, '')
    .replace(/\s+for traces? level\b.*$/i, '')
    .replace(/,?\s+if (?:they|it) contains?\b.*$/i, '')
    .trim()
    .replace(/(\d)\.$/, '$1');
}

/** A supplier's catalogue name without the supplier it is sold by (`… from PW`). */
export function withoutSupplier(name: string): string {
  return name.replace(/\s+from PW$/i, '').trim();
}

/**
 * A supplier's catalogue name as the name of the substance: without the supplier (`… from PW`) and
 * the dilution it sells (`Vanillin 10% in DPG`, `Ambermax 50% Dowanol TPM`); null for what is no
 * name at all (`Allergen Declaration from PW`, a stock code such as `4WW17035 from PW`).
 */
export function withoutSupplierWords(name: string): string | null {
  const text = withoutSupplier(name)
    .replace(
      /,?\s+\d+(?:\.\d+)?\s?%(?:\s+(?:in\s+)?(?:DPG|TEC|IPM|DEP|BB|MCT|ethanol|alcohol|Dowanol|Myristic)\b.*)?$/i,
      '',
    )
    .trim();
  if (/^allergen declaration$/i.test(text) || /^\d[A-Z]{2}\d{5}$/.test(text)) return null;
  return text;
}

/**
 * The names one synonym cell holds: a list joined by `;` (outside brackets: "Solvent Green 3;
 * CI 61565" in parentheses belongs to its name) or by a spreadsheet's control-character escape
 * (`_x0002_`) is split; each part loses what is not its name (`withoutScope`,
 * `withoutSupplierWords`), and a name wholly in brackets its brackets (`(cis-Isoeugenol)`). A
 * part that only continues the one before (`…pereirae; extracts and distillates`) or only remarks
 * on it (`(including all geometric isomers)`) is no name of its own.
 */
export function nameParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  const cells = text.replace(/_x00[0-9a-f]{2}_/gi, ';');
  for (let i = 0; i < cells.length; i++) {
    const ch = cells[i]!;
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    else if (ch === ';' && depth === 0) {
      parts.push(cells.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(cells.slice(start));
  return parts
    .map((part) => withoutSupplierWords(withoutScope(unbracketed(cleanName(part)))))
    .filter(
      (part, i): part is string =>
        part !== null &&
        isNameLike(part) &&
        !/^including\b/i.test(part) &&
        !(i > 0 && /^(?:extracts?|and|or|see|for)\b/i.test(part)),
    );
}

/** The supplier file's constituent column holds at most this many characters. */
export const SUPPLIER_NAME_WIDTH = 31;

/**
 * A substance's names that are a supplier's cut-off copy of another of its names: a constituent
 * name as long as the supplier's column allows whose letters begin a longer name of the same
 * substance (`Dimethyl Benzyl Carbinyl Acetat`, `alpha-Methyl-1,3-benzodioxole-5`). A label or a
 * search would never read them, and they read as misspellings.
 */
export function clippedSupplierNames(acc: Accumulator, names: readonly string[]): Set<string> {
  const keys = names.map(nameKey);
  const out = new Set<string>();
  for (const n of acc.names) {
    if (n.rank !== NAME_RANK.userMaterials || n.name.length !== SUPPLIER_NAME_WIDTH) continue;
    const key = nameKey(n.name);
    if (keys.some((k) => k.length > key.length && k.startsWith(key))) out.add(n.name);
  }
  return out;
}

/** `(cis-Isoeugenol)` → `cis-Isoeugenol`: a name in brackets and nothing else, without them. */
function unbracketed(name: string): string {
  const m = /^\(([^()]*)\)\.?$/.exec(name);
  return m ? m[1]!.trim() : name;
}

/**
 * What two spellings of one name share: lower case, letters and digits only. Unlike the label
 * reader's `matchKey`, Greek letters stay: "β-Damascenone" and "Damascenone" are two substances'
 * names, and folding them together would take each name from the substance it belongs to.
 */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

interface Named {
  name: string;
  rank: number;
}

/** Display-name preference (lower is better); see data/SOURCES.md. */
export const NAME_RANK: Record<string, number> = {
  ifraStandard: 1,
  ifraTransparency: 2,
  naturals: 3,
  annexInci: 4,
  prop65: 5,
  ifraGlossary: 6,
  goodScents: 7,
  sccs: 8,
  iarc: 9,
  annexName: 10,
  cosing: 11,
  // DB_EU_Allergens is hand-made and has typos ("Evernia Prunastri Review", which
  // `dropUnbackedListNames` leaves out): a late resort.
  euAllergens: 12,
  userMaterials: 13,
  curated: 14,
};

/** Everything the sources say about one substance (one chemical id), gathered before assembly. */
export class Accumulator {
  readonly names: Named[] = [];
  readonly synonyms = new Set<string>();
  /**
   * Names from entries that cover several substances at once (an IFRA standard on safrole,
   * isosafrole and dihydrosafrole; an annex group entry). Some name the group, some one member:
   * `attributeGroupNames` keeps a name only where it is not another substance's own name.
   */
  readonly groupNames: Array<{ name: string; members: readonly string[] }> = [];
  /**
   * INCI names a labelling entry on several substances lists (`Citrus Sinensis Peel Oil` in the
   * sweet and bitter orange peel oil entry): each goes to the members whose own names name its
   * plant species (`speciesNamed`), unless a single-substance source gives it to one of them.
   */
  readonly groupInciNames: Array<{ name: string; members: readonly string[] }> = [];
  /**
   * Names an entry on several substances lists under this one's CAS number alone (IFRA's Rose
   * ketones standard lists `cis-Isodamascone` under 87064-19-5): its own, before the entry's title.
   */
  readonly sectionNames: string[] = [];
  readonly ec: Array<{ ec: string; rank: number }> = [];
  readonly inci: Array<{ name: string; rank: number }> = [];
  /**
   * CosIng INCI names given this CAS number, held back until every other source has named the
   * substance: only those that agree with what it is become its names (`attachCosingNames`).
   * `single`: the CosIng row gives this one CAS number.
   */
  readonly cosingNames: Array<{ name: string; single: boolean }> = [];
  /** CosIng INCI names left out because they describe another part or form of the plant. */
  readonly otherMaterials: string[] = [];
  readonly annexII: AnnexEntry[] = [];
  readonly annexIII: AnnexEntry[] = [];
  readonly allergenFrom: Array<{ source: SourceName; details: string | null }> = [];
  /** CAS numbers the hand-made allergen list names in the same row as this one (isomers, grades). */
  readonly allergenSiblings = new Set<string>();
  /**
   * The other CAS numbers of an IFRA standard covering several (its name with them): IFRA counts
   * every CAS number used to identify the ingredient in the standard's scope.
   */
  readonly standardSiblings: Array<{ name: string; cas: readonly string[] }> = [];
  readonly prop65: Array<{ entry: Prop65Entry; source: SourceName }> = [];
  readonly iarc: IarcEntry[] = [];
  readonly ifraStandards: IfraStandardEntry[] = [];
  readonly ifraAmendment: IfraAmendmentEntry[] = [];
  sccs: SccsEntry | null = null;
  ncs = false;
  smiles: string | null = null;
  glossaryOdour: string[] | null = null;
  goodScentsOdour: string[] | null = null;
  readonly inSources = new Set<SourceName>();
  constructor(
    readonly id: string,
    readonly cas: string | null,
  ) {}
  addName(name: string, rank: number): void {
    const clean = displayCase(withoutScope(cleanName(name)));
    // A registry number in a name column (Good Scents gives some substances their CAS number as
    // name) is no name.
    if (!isNameLike(clean)) return;
    this.names.push({ name: clean, rank });
    this.synonyms.add(clean);
    const trivial = bracketedTrivialName(clean);
    if (trivial !== null) this.addName(trivial, rank);
  }
  /** A name of an entry covering the CAS numbers `cas` (this substance's among them). */
  addGroupName(name: string, cas: readonly string[]): void {
    this.groupNames.push({ name, members: cas.map((c) => `chem-${c}`) });
  }
}

/**
 * Gives a substance the CosIng INCI names of its CAS number that agree with what its other sources
 * call it. CosIng gives one CAS number to many materials of one plant (flower oil, fruit extract,
 * seed oil, floral water); a name for another part or form of the plant than the substance's own
 * names state is not its name, so a label or a scan reading it does not find this substance.
 */
export function attachCosingNames(acc: Accumulator): void {
  const identity = identityTags(acc.names.map((n) => n.name));
  for (const { name, single } of acc.cosingNames) {
    if (contradictsMaterial(identity, name)) {
      acc.otherMaterials.push(name);
      continue;
    }
    acc.addName(name, NAME_RANK.cosing!);
    if (single) acc.inci.push({ name, rank: 1 });
  }
}

/**
 * The trivial name a systematic name carries in brackets, as the annexes write some entries
 * (`2,6-Dihydroxy-4-methyl-benzaldehyde (atranol)`): one lower-case word, never an isomer or
 * grade remark (`(isomer unspecified)`, `(E)`, `(9CI)`, `(DEHP)`). null otherwise.
 */
export function bracketedTrivialName(name: string): string | null {
  const m = /^(.+?)\s*\(([a-z][a-z-]{3,})\)$/.exec(name);
  if (!m || !isSystematicName(m[1]!)) return null;
  const word = m[2]!;
  return /^(?:isomers?|mixture|racemic|racemate|unspecified)$/.test(word) ? null : word;
}

/**
 * Drops the names the hand-made allergen list gives a substance when one of their words is in no
 * name another source gives it: that list has typos (`Evernia Prunastri Review` for the oakmoss
 * extract), and a word nobody else uses would otherwise show as an "also known as" name and be read
 * off labels. Words are compared as letters only, so `6-Methyl Coumarin` is backed by
 * `6-Methylcoumarin`; a bracketed trade name and a `- BANNED` remark are not checked. Answers the
 * names dropped.
 */
export function dropUnbackedListNames(acc: Accumulator): string[] {
  const listed = (n: Named) => n.rank === NAME_RANK.euAllergens;
  const others = acc.names
    .filter((n) => !listed(n))
    .map((n) => n.name.toLowerCase().replace(/[^a-z]/g, ''))
    .join(' ');
  // A substance only that list names keeps its names: there is nothing to check them against.
  if (others === '') return [];
  const backed = (name: string) =>
    (
      name
        .replace(/\([^()]*\)|-\s*banned\b/gi, ' ')
        .toLowerCase()
        .match(/[a-z]{3,}/g) ?? []
    ).every((w) => others.includes(w));
  const dropped = [...new Set(acc.names.filter((n) => listed(n) && !backed(n.name)).map((n) => n.name))];
  if (dropped.length === 0) return [];
  const gone = new Set(dropped);
  acc.names.splice(0, acc.names.length, ...acc.names.filter((n) => !(listed(n) && gone.has(n.name))));
  for (const name of dropped) if (!acc.names.some((n) => n.name === name)) acc.synonyms.delete(name);
  return dropped;
}

/**
 * The names that identify the substance for the labelling entries' name rules: its own names and
 * the names an entry on several substances lists under its CAS number alone.
 */
export function identifyingNames(acc: Accumulator): string[] {
  return [...new Set([...ownNames(acc), ...acc.sectionNames.flatMap(nameParts)])];
}

/** The substance's names from the sources other than CosIng's inventory, which names materials loosely. */
export function ownNames(acc: Accumulator): string[] {
  return acc.names.filter((n) => n.rank !== NAME_RANK.cosing).map((n) => n.name);
}

/**
 * The substance's INCI name, of the names CosIng and the annexes give its CAS number: a single name
 * before a cell listing several (an annex entry's `Alpha-Damascone/cis-Rose ketone 1; …`). For a
 * plant material, the one that agrees best with the substance's own names from the other sources
 * (`inciAgreement`: "Eucalyptus oil" is `EUCALYPTUS GLOBULUS LEAF OIL`, not the first of CosIng's
 * four eucalyptus materials), then the closer in wording, then the longer. For an EU label allergen
 * the annex's name, the one its labelling entry prescribes (d-linalool is labelled `LINALOOL`, not
 * CosIng's `L-ALLO-OCIMENOL`); otherwise CosIng's (`BHT`). Then the first.
 */
export function chooseInci(acc: Accumulator): { name: string; rank: number } | null {
  const own = ownNames(acc);
  const material = acc.inci.some((c) => namesMaterial(c.name));
  const allergen = acc.allergenFrom.length > 0;
  // Equal agreement: the one using the own names' words as they are (an "oil" is `… OIL` before
  // `… EXTRACT`), then the more specific (`ROSA CANINA FLOWER OIL`, not `ROSA CANINA FLOWER`).
  const key = (c: { name: string; rank: number }) => [
    isNameList(c.name) ? 0 : 1,
    // An annex cell holding a CAS index or systematic name (`PHENOL, 2-METHOXY-4-(2-PROPENYL)-,
    // ACETATE` for eugenyl acetate) is no label name.
    isCasIndexName(c.name) || isSystematicName(c.name) ? 0 : 1,
    material ? inciAgreement(own, c.name) : 0,
    material ? exactWordShare(own, c.name) : 0,
    material ? c.name.split(/[\s/]+/).length : 0,
    allergen ? c.rank : -c.rank,
  ];
  let best: { name: string; rank: number } | null = null;
  let bestKey: number[] = [];
  for (const candidate of acc.inci) {
    const k = key(candidate);
    if (best === null || compareKeys(k, bestKey) > 0) {
      best = candidate;
      bestKey = k;
    }
  }
  return best;
}

/** Compares two keys of equal length, first difference first: positive when `a` is greater. */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Whether a name states a plant part or form (`Evernia Prunastri Extract`): a material, not a molecule. */
function namesMaterial(name: string): boolean {
  const tags = materialTags(name);
  return tags.parts.size > 0 || tags.forms.size > 0;
}

/** A cell naming several substances or materials (`A; B`), not one INCI name. */
function isNameList(name: string): boolean {
  return name.includes(';');
}

/**
 * Moves the names of entries covering several substances into the synonyms of the substances they
 * may name. A name that a single-substance source gives to some substance (its own name) stays
 * only with that substance, as does a name whose head or bracketed part is the own name of a
 * member of the entry (`α-Damascone` and `alpha-Damascone` are one name). A name no such source
 * gives (a group name such as "Safrole, Isosafrole and Dihydrosafrole") stays with every member
 * of the entry, unless it names another stereoisomer than the member's own names do
 * (`stereoMarks`): "l-p-Mentha-1(6),8-dien-2-one" is no name of d-carvone, nor "(+)-ß-Citronellol"
 * of the racemate; or another species of the genus its own names name (`contradictsSpecies`):
 * "Juniperus phoenicea L." is no name of Juniperus sabina.
 */
export function attributeGroupNames(accumulators: Iterable<Accumulator>): void {
  const all = [...accumulators];
  const owners = new Map<string, Set<string>>();
  for (const acc of all) {
    for (const synonym of acc.synonyms) {
      for (const part of nameParts(synonym)) {
        const key = ownerKey(part);
        const set = owners.get(key) ?? new Set<string>();
        set.add(acc.id);
        owners.set(key, set);
      }
    }
  }
  // "Geranial (trans-citral)" is geranial's name when nobody owns it whole: its head decides when
  // it is a member's own name, else what its brackets hold ("2,6,6-Trimethylbicyclo[3.1.1]hept-
  // 2-ene (alpha-Pinene)"). A head or bracket owned only outside the entry decides nothing.
  const ownerOf = (name: string, members: readonly string[]): Set<string> | undefined => {
    const whole = owners.get(ownerKey(name));
    if (whole) return whole;
    const bracketed = /^(.+?)\s*\(([^()]+)\)$/.exec(name);
    if (!bracketed) return undefined;
    for (const part of [bracketed[1]!, bracketed[2]!]) {
      const owner = owners.get(ownerKey(part));
      if (owner && members.some((m) => owner.has(m))) return owner;
    }
    return undefined;
  };
  // An entry on several materials of one plant (the annex's sweet and bitter orange flower and peel
  // oils) names each: a name stating another part or form than a member's own names is not its name.
  for (const acc of all) {
    const identity = identityTags(acc.names.map((n) => n.name));
    const own = acc.names.map((n) => n.name);
    const stereo = own.map(stereoMarks);
    for (const group of acc.groupNames) {
      for (const part of nameParts(group.name)) {
        if (
          contradictsMaterial(identity, part) ||
          contradictsSpecies(own, part) ||
          contradictsStereo(stereo, stereoMarks(part))
        )
          continue;
        const owner = ownerOf(part, group.members);
        if (owner === undefined || owner.has(acc.id)) acc.synonyms.add(part);
      }
    }
    for (const { name, members } of acc.groupInciNames) {
      if (!speciesNamed(own, name) || contradictsMaterial(identity, name)) continue;
      // A name a single-substance source gives one member stays that member's.
      const owner = ownerOf(name, members);
      if (owner === undefined || owner.has(acc.id)) acc.synonyms.add(name);
    }
  }
}

/**
 * A name's key for who owns it: a Greek letter as its spelled name (`α`, and `ß` written for `β`),
 * as the sources also write it (`alpha-`, or CAS's `.alpha.`, whose dots `nameKey` drops).
 */
function ownerKey(name: string): string {
  return nameKey(
    name.replace(/α/g, 'alpha').replace(/[βß]/g, 'beta').replace(/γ/g, 'gamma').replace(/δ/g, 'delta'),
  );
}

/**
 * Trivial names of one enantiomer, by rotation: coriandrol is the dextrorotatory linalool of
 * coriander oil, licareol the laevorotatory one of licari (Cayenne linaloe) oil.
 */
const ENANTIOMER_NAMES = new Map<string, '+' | '-'>([
  ['coriandrol', '+'],
  ['licareol', '-'],
]);

/**
 * The stereoisomer a name states: its optical rotation (`d-`, `(+)-`; `l-`, `(-)-`; the racemate
 * `dl-`, `(±)-`) and the configuration of its one stereocentre (`(R)-`, `(3S)-`), read from its
 * prefix or, in a CAS index name, from the descriptor that closes it (`6-Octen-1-ol,
 * 3,7-dimethyl-, (S)-`, `…,(+/-)-`). A `(±)` anywhere marks the racemate (`Citronellol/ (±)
 * 3,7-Dimethyl-6-octen-1-ol`), and a trivial name of one enantiomer its rotation (`Licareol`).
 * Descriptors of several centres (`(2R,5E)-`, `(R*,R*)-`) give no configuration, nor does a
 * `d-`/`l-` after a rotation sign give a rotation. `geometry`, when the name states one, is its
 * double bonds' (`doubleBondGeometry`).
 */
export function stereoMarks(name: string): {
  rotation: '+' | '-' | '±' | null;
  configuration: 'R' | 'S' | null;
  geometry?: string;
} {
  let rest = name.trim();
  let rotation: '+' | '-' | '±' | null = null;
  let configuration: 'R' | 'S' | null = null;
  for (let step = 0; step < 2; step++) {
    const racemic = /^(?:dl|d,l|rac|\(±\)|\(\+\/[-−]\)|\(RS\)|\(R,S\))-/i.exec(rest);
    const plus = /^(?:d|\(\+\))-/i.exec(rest);
    const minus = /^(?:l|laevo|levo|\([-−–]\))-/i.exec(rest);
    const centre = /^\(\d*([RS])\)-/.exec(rest);
    const match = racemic ?? plus ?? minus ?? centre;
    if (!match) break;
    // After a rotation sign, `d-`/`l-` is Fischer's configuration (`(+)-l-tartaric acid`), not a
    // second rotation.
    if (centre && !racemic && !plus && !minus) configuration = centre[1] as 'R' | 'S';
    else rotation ??= racemic ? '±' : plus ? '+' : '-';
    rest = rest.slice(match[0].length);
  }
  const closing = /,\s*\((?:(\d*[RS])|([+]|[-−–])|(±|\+\/[-−]|RS|R,S))\)-?$/i.exec(name.trim());
  if (closing) {
    if (closing[1]) configuration ??= closing[1].slice(-1).toUpperCase() as 'R' | 'S';
    else rotation ??= closing[3] ? '±' : closing[2] === '+' ? '+' : '-';
  }
  if (/(?:^|[\s/,])\((?:±|\+\/[-−])\)(?=[\s-])/.test(name)) rotation ??= '±';
  rotation ??= ENANTIOMER_NAMES.get(name.trim().toLowerCase()) ?? null;
  const geometry = doubleBondGeometry(name);
  return geometry === null ? { rotation, configuration } : { rotation, configuration, geometry };
}

/**
 * The geometry a name states for its double bonds (or a ring's cis/trans), in the order it states
 * them, `cis` read as Z and `trans` as E (as terpenoid names use them): `trans,trans-Farnesol` and
 * `(2E,6E)-…` are `EE`, `2-trans,6-cis-Farnesol` is `EZ`, `(2R,5E)-…` is `E`. null when the name
 * states none, or both (`cis- and trans-Asarone`, a mixture).
 */
export function doubleBondGeometry(name: string): string | null {
  const text = name.trim();
  // `cis- and trans-Asarone`, `(E)- and (Z)-…`: a mixture of the isomers, no one geometry.
  if (/(?:cis|trans|\([EZ]\))-?\s*(?:and|&|\/|or)\s*(?:cis|trans|\([EZ]\))-/i.test(text)) return null;
  const letters = (descriptor: string) =>
    [...descriptor.matchAll(/(?:^|[\s,(-])\d*(cis|trans|[EZ])(?=[\s,)-]|$)/gi)]
      .map((m) => (/^(?:cis|z)$/i.test(m[1]!) ? 'Z' : 'E'))
      .join('');
  const bracket = /^\(([^()]*)\)-/.exec(text) ?? /,\s*\(([^()]*)\)-?$/.exec(text);
  if (bracket && /[EZ]/.test(bracket[1]!)) return letters(bracket[1]!) || null;
  const words = /^((?:\d+-)?(?:cis|trans)(?:[-,]\s*(?:\d+-)?(?:cis|trans))*)-/i.exec(text);
  if (words) return letters(words[1]!) || null;
  const bare = /^(\d*[EZ](?:,\s*\d*[EZ])*)-/.exec(text);
  return bare ? letters(bare[1]!) || null : null;
}

/**
 * Whether a name states another stereoisomer than a substance's own names agree on: a rotation, a
 * configuration or a double-bond geometry (`doubleBondGeometry`, for as many bonds) when all its
 * own names that state one state the other one: `cis-cis-Farnesol` is no name of
 * `trans,trans-Farnesol`. The racemate and one
 * configuration exclude each other: `(R)-…` is no name of `dl-Citronellol`, nor `…,(+/-)-` of
 * `(+)-(R)-Citronellol`.
 */
export function contradictsStereo(
  own: ReadonlyArray<ReturnType<typeof stereoMarks>>,
  name: ReturnType<typeof stereoMarks>,
): boolean {
  const stated = (key: 'rotation' | 'configuration') =>
    new Set(own.map((m) => m[key]).filter((v) => v !== null));
  const differs = (key: 'rotation' | 'configuration') => {
    const agreed = stated(key);
    return name[key] !== null && agreed.size === 1 && !agreed.has(name[key]);
  };
  const geometries = new Set(own.map((m) => m.geometry).filter((g) => g !== undefined));
  const [geometry] = geometries;
  // Only a statement about as many double bonds can differ: `(E)-` says nothing of `trans,trans-`.
  const otherGeometry =
    name.geometry !== undefined &&
    geometries.size === 1 &&
    geometry!.length === name.geometry.length &&
    geometry !== name.geometry;
  const rotations = stated('rotation');
  const racemate = rotations.size === 1 && rotations.has('±');
  const oneCentre = stated('configuration').size === 1;
  return (
    otherGeometry ||
    differs('rotation') ||
    differs('configuration') ||
    (racemate && name.configuration !== null && name.rotation === null) ||
    (oneCentre && name.rotation === '±')
  );
}

/** One stereodescriptor at a name's start: rotation, configuration, geometry (`(2E,6E)-`, `trans,trans-`). */
const STEREO_DESCRIPTOR =
  /^(?:(?:dl|d,l|rac|d|l|laevo|levo)-|\((?:[+±]|[-−–]|\+\/[-−]|RS|R,S|R\*|S\*|\d*[RSEZ](?:,\s*\d*[RSEZ])*)\)-?\s*|(?:cis|trans)(?:,(?:cis|trans))*-)/i;
/** Geometry or configuration inside a name (`Benzyl trans-cinnamate`, `…-2-en-1-ol, (2E)-`). */
const STEREO_INSIDE = /(?<=[\s,(])(?:(?:cis|trans)-|\(\d*[RSEZ](?:,\s*\d*[RSEZ])*\)-)/gi;
/**
 * A closing descriptor: a CAS index name's `, (S)-`, one hyphenated to its last bracket
 * (`…-1-yl)-(2E)-`), or a bare `(S)` at the end.
 */
const STEREO_CLOSING =
  /(?:,\s*|\s+|(?<=\))-)\((?:[+±]|[-−–]|\+\/[-−]|RS|R,S|\d*[RSEZ](?:,\s*\d*[RSEZ])*)\)-?$/i;

/**
 * A name without what it says of stereochemistry (optical rotation, configuration, double-bond
 * geometry): `l-alpha-Pinene` → `alpha-Pinene`, `Benzyl trans-cinnamate` → `Benzyl cinnamate`,
 * `p-Menth-1-en-8-ol (S)` → `p-Menth-1-en-8-ol`. Locants and Greek letters stay (alpha- and
 * beta-pinene are other substances, not other isomers of one).
 */
export function withoutStereo(name: string): string {
  let rest = name.trim();
  for (
    let m = STEREO_DESCRIPTOR.exec(rest);
    m !== null && m[0].length < rest.length;
    m = STEREO_DESCRIPTOR.exec(rest)
  ) {
    rest = rest.slice(m[0].length);
  }
  return rest
    .replace(STEREO_INSIDE, '')
    .replace(STEREO_CLOSING, '')
    .replace(/[\s,]+$/, '');
}

/** Whether a name says anything of stereochemistry (`withoutStereo` changes it). */
export function statesStereo(name: string): boolean {
  return withoutStereo(name) !== name.trim();
}

/** The owner key (`ownerKey`) of a name stripped of its stereodescriptors (`withoutStereo`). */
export function stereoFreeKey(name: string): string {
  return ownerKey(withoutStereo(name));
}

/** EC number paired with a CAS in a row: the only one, or the same position when counts match. */
export function pairedEc(ids: IdentifierCell, cas: string): string | null {
  if (ids.ec.length === 0) return null;
  if (ids.cas.length === 1) return ids.ec.length === 1 ? ids.ec[0]! : null;
  return ids.cas.length === ids.ec.length ? (ids.ec[ids.cas.indexOf(cas)] ?? null) : null;
}

/**
 * A CAS index name: the parent first, then its substituents after a comma, as in
 * `Oxacyclohexadec-12-en-2-one, (12E)-`, `Benzoic acid, 2-hydroxy-, methyl ester`, `Carbonic acid,
 * ammonium salt`, `1,3-Dioxolane-4-methanol, 2,2-dimethyl` or (a natural) `Juniper, Juniperus
 * virginiana, ext., epoxidized`. Exact, but nobody calls the substance that.
 */
export function isCasIndexName(name: string): boolean {
  if (!name.includes(', ')) return false;
  return (
    /-$/.test(name) ||
    /, \(\d*[EZRS][^)]*\)-?$/.test(name) ||
    /, (?:[\d,]+-)?[a-z]+ (?:ester|acetal)$/.test(name) ||
    /, [a-z]+ salt(?: \(\d+:\d+\))?$/.test(name) ||
    /, (?:\d[\d,]*-)+[a-z]+$/.test(name) ||
    /, ext\.(?:,|$)/.test(name) ||
    /, (?:\d|N|[a-z]|alpha|beta|gamma|delta|[α-δ])[\w,'[\]().-]*-(?:[ ,]|$)/.test(name)
  );
}

/**
 * A name fit to show instead of a CAS index name: a word of letters in it, not a CAS index name
 * itself, not a registry number, no dilution, no database id, no list (`;`), and not a description
 * such as "synthetic amber".
 */
function isReadableAlternative(name: string): boolean {
  return (
    /\p{L}{3}/u.test(name) &&
    !name.includes(';') &&
    !/^(?:synthetic|natural|nature identical)\b/i.test(name) &&
    !/\d{2,7}-\d{2}-\d/.test(name) &&
    !isCasIndexName(name) &&
    name.length <= 60 &&
    !/\d\s*%|\sin\s+(?:DPG|TEC|IPM|DEP|BB|MCT|ethanol|alcohol)\b/i.test(name) &&
    !/^schembl\d|^[a-z]*\d{5,}$/i.test(name)
  );
}

/**
 * The name of a substance that no source names on its own, only entries covering several (IFRA's
 * "Savin oil" standard covers four CAS numbers; its "alpha-Bisabolol" standard, the isomers of
 * alpha-bisabolol): a trivial name such an entry lists under its CAS number alone; else the first
 * such entry's name, which is true of every substance it covers even when another one also
 * carries it as its own; else its most readable other name, a systematic name the entry lists
 * under its CAS number alone before the entry's systematic title. A name that
 * reads as words comes before a systematic one; null when nothing reads as a name.
 */
export function groupMemberName(acc: Accumulator): string | null {
  const readable = (n: string) => isReadableAlternative(n) && bracketsBalance(n);
  const own = acc.sectionNames.flatMap(nameParts).filter(readable);
  const ownTrivial = own.find((n) => !readsSystematic(n));
  if (ownTrivial !== undefined) return ownTrivial;
  const title = acc.groupNames.flatMap((g) => nameParts(g.name)).find(readable);
  if (title !== undefined && !readsSystematic(title)) return title;
  const others = [...new Set([...acc.synonyms].flatMap(nameParts))]
    .filter(readable)
    .sort(
      (a, b) =>
        Number(!readsAsWords(a)) - Number(!readsAsWords(b)) ||
        a.length - b.length ||
        (a < b ? -1 : a > b ? 1 : 0),
    );
  // A systematic name of its own states its isomer (`(Z)-2,6,10-Trimethylundeca-5,9-dien-1-ol`),
  // which the entry's title does not.
  return others.find((n) => !readsSystematic(n)) ?? own[0] ?? title ?? others[0] ?? null;
}

/** A name of letters only, one or two words (`Safranal`, `Aldehyde DMD`): a trivial or trade name. */
const TRIVIAL_NAME = /^\p{L}[\p{L}-]*(?: \p{L}+)?$/u;

/** Every bracket closes (an INCI cell cut short leaves `…oxabicycloheptyl)-3-buten-2-one`). */
function bracketsBalance(name: string): boolean {
  let depth = 0;
  for (const ch of name) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/**
 * A name a reader takes for a systematic one: locant runs and ring descriptors
 * (`isSystematicName`), or four numbers or more (`6-Methyl-2-(4-methyl-3-cyclohexen-1-yl)-5-hepten-
 * 2-ol`, which labels call `Bisabolol`). `2-Methyl-4-phenyl-2-butanol` reads as a name.
 */
function readsSystematic(name: string): boolean {
  return isSystematicName(name) || (name.match(/\d+/g) ?? []).length >= 4;
}

/** Words, not a chain of name parts: at most one hyphen and no number tied to one (`Solvent Red 24`). */
function readsAsWords(name: string): boolean {
  return (name.match(/-/g) ?? []).length <= 1 && !/\d[-,(]|[-,(]\d/.test(name);
}

/**
 * The display name: the best-ranked name, unless
 * - it is a CAS index name and another source gives a readable one (the INCI name among them)
 *   (`Oxacyclohexadec-12-en-2-one, (12E)-` is shown as `Habanolide`): then the best-ranked readable
 *   one, its first word capitalised when it is plain lower-case letters (`georgywood` →
 *   `Georgywood`);
 * - or it reads as a systematic name (`readsSystematic`) and the substance's own INCI name (`inci`, one
 *   that CosIng or the annexes give this CAS number alone) is not: then the INCI name, the name
 *   labels print (`1,7,7-Trimethylbicyclo[2.2.1]heptan-2-one` is shown as `Camphor`,
 *   `1,2-Octanediol` as `Caprylyl Glycol`); without one, the best-ranked trivial or trade name of
 *   letters only (one or two words) that no other substance carries (`ownName`):
 *   `2,6,6-Trimethylcyclohex-1,3-dienyl methanal` is shown as `Safranal`.
 * A substance the EU's allergen labelling lists (or listed) is shown by the name labels print and
 * patch tests use (`labelName`, which the caller sets only when the other sources use the INCI
 * name's words too): its INCI name, when that is plain, names one molecule (no plant part or form)
 * and no other substance carries it: `alpha-Hexyl cinnamic aldehyde` is shown as `Hexyl
 * Cinnamal`, `p-tert-Butyl-α-methylhydrocinnamic aldehyde (p-BMHCA)` as `Butylphenyl
 * Methylpropional`. d- and l-limonene share the INCI name `Limonene` and keep their own names.
 * The other names stay synonyms.
 */
export function displayName<T extends { name: string; rank: number }>(
  names: readonly T[],
  inci: T | null = null,
  ownName: (name: string) => boolean = () => false,
  labelName = false,
): T | null {
  const best = bestBy(names);
  if (best === null) return null;
  const plain = (n: T) =>
    !readsSystematic(n.name) && isReadableAlternative(n.name) && bracketsBalance(n.name);
  if (
    labelName &&
    inci !== null &&
    inci.name.toLowerCase() !== best.name.toLowerCase() &&
    plain(inci) &&
    ownName(inci.name) &&
    !namesMaterial(inci.name)
  )
    return withGreekLetterNames(inci);
  if (!isCasIndexName(best.name)) {
    if (!readsSystematic(best.name)) return withGreekLetterNames(best);
    // A name that only has many numbers gives way to an INCI or trivial name that reads as words
    // (`Bisabolol`, `Verdyl Acetate`, `Clarycet`), not to one that strings its parts together
    // (`Tetrahydro-methyl-propyl-pyran-4-olacetate`).
    const replaces = (n: T) => plain(n) && (isSystematicName(best.name) || readsAsWords(n.name));
    if (inci !== null && replaces(inci)) return withGreekLetterNames(inci);
    const trivial = bestBy(names.filter((n) => replaces(n) && TRIVIAL_NAME.test(n.name) && ownName(n.name)));
    return withGreekLetterNames(trivial ? capitalised(trivial) : best);
  }
  // A treated natural (`Cymbopogon, ext., oxidized`) is not the plain extract: a name for it must
  // say the treatment too (`… Leaf Extract Oxidized`, not `Cymbopogon Citratus Extract`).
  const treatment = /, ext\.,\s*(.+)$/.exec(best.name)?.[1]?.toLowerCase();
  const stems = (treatment?.match(/[a-z]{4,}/g) ?? []).filter((w) => w !== 'with').map((w) => w.slice(0, 4));
  const readable = bestBy(
    names.filter(
      (n) =>
        isReadableAlternative(n.name) &&
        (stems.length === 0 || stems.some((stem) => n.name.toLowerCase().includes(stem))),
    ),
  );
  if (readable === null) return best;
  return withGreekLetterNames(capitalised(readable));
}

/**
 * A first word of plain lower-case letters starts with a capital, as names do elsewhere
 * (`cyclohexyl isobutyrate` → `Cyclohexyl isobutyrate`, `oct-2-enyl acetate` → `Oct-2-enyl
 * acetate`, `safranal` → `Safranal`); `cis-3-…`, `trans-…`, `beta-…` and `p-menthane` stay.
 */
function capitalised<T extends { name: string }>(named: T): T {
  const { name } = named;
  return /^[a-z]{3,}(?:\s|$|-\d)/.test(name) && !STEREO_PREFIX.test(name)
    ? { ...named, name: name[0]!.toUpperCase() + name.slice(1) }
    : named;
}

/**
 * CAS writes Greek letters between dots (`l-.beta.-Pinene`, `(1a.alpha.,4.alpha.)-`); a name is
 * shown with the letter's name as labels and most sources spell it (`l-beta-Pinene`), which also
 * folds to the same letters for search and the label reader. The dotted form stays a synonym.
 */
function withGreekLetterNames<T extends { name: string }>(named: T): T {
  const name = named.name.replace(/\.(alpha|beta|gamma|delta|epsilon|eta|omega)\./gi, (_, letter: string) =>
    letter.toLowerCase(),
  );
  return name === named.name ? named : { ...named, name };
}

/** Prefixes chemists write in lower case at the start of a name. */
const STEREO_PREFIX = /^(?:cis|trans|sec|tert|endo|exo|syn|anti|meso|iso|neo|rac|alpha|beta|gamma|delta)-/;

/** The item with the lowest rank (the first one on ties), null when there is none. */
export function bestBy<T extends { rank: number }>(items: readonly T[]): T | null {
  let best: T | null = null;
  for (const item of items) if (best === null || item.rank < best.rank) best = item;
  return best;
}
