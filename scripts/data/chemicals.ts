/**
 * Builds the chemical-safety database (data/chemicals/chemicals.json) from the regulatory, SCCS,
 * naturals and odour sources. One chemical per valid CAS number (`chem-<CAS>`); substances a source
 * names without a valid CAS get `chem-<slug>`. Rules (scope, flags, type, SCCS mapping) are written
 * down in data/SOURCES.md; the code below follows them step by step.
 */
import { inciCellNames, slugify } from '../../services/domain/src/catalogue/index.ts';
import {
  Accumulator,
  attachCosingNames,
  attributeGroupNames,
  displayCase,
  dropUnbackedListNames,
  identifyingNames,
  NAME_RANK,
  nameKey,
  nameParts,
  ownNames,
  pairedEc,
  statesStereo,
  stereoFreeKey,
} from './chemical-accumulator.ts';
import { annexIIIInUse, assemble, type Labelling, labellingEntries } from './chemical-assemble.ts';
import type { ChemicalBuildResult } from './chemical-record.ts';
import { isFragranceAnnexII, oneLine, prop65Key } from './chemical-rules.ts';
import { CHEMICAL_SOURCES, type ChemicalInputs, type SourceName } from './chemical-sources.ts';
import { contradictsMaterial, materialTags } from './plant-material.ts';
import type { EuAllergenEntry } from './sources/allergens.ts';
import type { CosingEntry } from './sources/cosing-inventory.ts';
import { type AnnexEntry, isAllergenLabelling } from './sources/eu-annexes.ts';
import type { IarcEntry } from './sources/iarc.ts';
import type { IdentifierCell, RejectedCas } from './sources/identifiers.ts';
import type { IfraAmendmentEntry, IfraStandardEntry, IfraTransparencyEntry } from './sources/ifra.ts';
import type { MaterialConstituent } from './sources/naturals.ts';
import type { GlossaryEntry, GoodScentsEntry } from './sources/odour.ts';
import { listedSubstance, type Prop65Entry, type SafeHarborLevel, withFootnotes } from './sources/prop65.ts';
import type { SccsEntry } from './sources/sccs.ts';

export { cleanName, displayCase } from './chemical-accumulator.ts';
export type {
  Chemical,
  ChemicalBuildResult,
  EuAllergen,
  EuProhibition,
  Potency,
  Prop65Endpoint,
  RegionalRegulation,
  RegionCode,
  RiskLevel,
  SccsData,
  SourceStamp,
} from './chemical-record.ts';
export {
  ALLERGEN_LISTS,
  ANNEX_II_APPLICATION,
  amendmentType,
  annexIIScope,
  CLASSIC_26,
  isFragranceAnnexII,
  ordinal,
  potencyFromEc3,
  restrictionText,
  riskLevel,
} from './chemical-rules.ts';
export { CHEMICAL_SOURCES, type ChemicalInputs } from './chemical-sources.ts';

/**
 * `required`: substances other modules must find (the curated note constituents); they join the
 * scope with the reason 'curated note constituent' and keep the given name as a last resort.
 */
export function buildChemicals(
  input: ChemicalInputs,
  required: ReadonlyArray<{ cas: string; name: string }> = [],
): ChemicalBuildResult {
  const rejectedCas: RejectedCas[] = [];
  const noteRejected = (
    source: SourceName,
    entries: ReadonlyArray<{ ids: IdentifierCell }>,
    label: (e: never) => string,
  ) => {
    for (const entry of entries) {
      for (const r of entry.ids.rejected) {
        const context = label(entry as never).replace(/\s+/g, ' ');
        rejectedCas.push({
          source: CHEMICAL_SOURCES[source].file,
          value: r.value,
          reason: r.reason,
          context: context.length > 100 ? `${context.slice(0, 99)}…` : context,
        });
      }
    }
  };
  noteRejected('annexII', input.annexII, (e: AnnexEntry) => e.name);
  noteRejected('annexIII', input.annexIII, (e: AnnexEntry) => e.name);
  noteRejected('echaII', input.echaII, (e: AnnexEntry) => e.name);
  noteRejected('echaIII', input.echaIII, (e: AnnexEntry) => e.name);
  noteRejected('euAllergens', input.euAllergens, (e: EuAllergenEntry) => e.name);
  noteRejected('ifraTransparency', input.ifraTransparency, (e: IfraTransparencyEntry) => e.name);
  noteRejected('ifraStandards', input.ifraStandards, (e: IfraStandardEntry) => e.title);
  noteRejected('ifraAmendment', input.ifraAmendment, (e: IfraAmendmentEntry) => e.name);
  noteRejected('prop65', input.prop65, (e: Prop65Entry) => e.name);
  noteRejected('prop65List', input.prop65List, (e: Prop65Entry) => e.name);
  noteRejected('iarc', input.iarc, (e: IarcEntry) => e.agent);
  noteRejected('cosing', input.cosing, (e: CosingEntry) => e.inciName);
  noteRejected('sccs', input.sccs, (e: SccsEntry) => e.name);
  noteRejected('naturals', input.naturals, (e: MaterialConstituent) => e.constituent);
  noteRejected('userMaterials', input.userMaterials, (e: MaterialConstituent) => e.constituent);
  noteRejected('ifraGlossary', input.ifraGlossary, (e: GlossaryEntry) => e.name);
  noteRejected('goodScents', input.goodScents, (e: GoodScentsEntry) => e.name ?? e.raw);

  // --- Scope -------------------------------------------------------------------------------------
  const cas = <T extends { ids: IdentifierCell }>(entries: readonly T[]) => entries.flatMap((e) => e.ids.cas);
  const labellingIII = [...input.annexIII, ...input.echaIII].filter(isAllergenLabelling);
  const reasons = new Map<string, Set<string>>();
  const because = (list: readonly string[], reason: string) => {
    for (const c of list) {
      let set = reasons.get(c);
      if (!set) {
        set = new Set();
        reasons.set(c, set);
      }
      set.add(reason);
    }
  };
  because([...cas(input.euAllergens), ...cas(labellingIII)], 'EU allergen list');
  because(
    [...cas(input.ifraTransparency), ...cas(input.ifraStandards), ...cas(input.ifraAmendment)],
    'IFRA list or standard',
  );
  because(cas(input.sccs), 'SCCS/1459/11');
  because(cas(input.naturals), 'constituent of a natural (DB_Naturals)');
  const core = new Set(reasons.keys());
  const relevant = new Set([
    ...core,
    ...cas(input.cosing.filter((c) => c.perfuming)),
    ...cas(input.userMaterials),
  ]);
  const regulated = [
    ...cas(input.annexII),
    ...cas(input.echaII),
    ...cas(input.annexIII),
    ...cas(input.echaIII),
    ...cas(input.prop65),
    ...cas(input.prop65List),
    ...cas(input.iarc),
  ];
  because(
    regulated.filter((c) => relevant.has(c) && !core.has(c)),
    'fragrance-relevant Annex II/III, Prop 65 or IARC entry',
  );
  because(cas(input.annexII.filter(isFragranceAnnexII)), 'Annex II fragrance entry');
  because(
    required.map((r) => r.cas).filter((c) => !reasons.has(c)),
    'curated note constituent',
  );

  // --- Accumulate ---------------------------------------------------------------------------------
  const byId = new Map<string, Accumulator>();
  for (const c of [...reasons.keys()].sort()) byId.set(`chem-${c}`, new Accumulator(`chem-${c}`, c));
  const get = (c: string) => byId.get(`chem-${c}`);
  const each = <T extends { ids: IdentifierCell }>(
    entries: readonly T[],
    fn: (acc: Accumulator, entry: T, cas: string) => void,
  ) => {
    for (const entry of entries) {
      for (const c of entry.ids.cas) {
        const acc = get(c);
        if (acc) fn(acc, entry, c);
      }
    }
  };

  each(input.ifraStandards, (acc, e) => {
    acc.ifraStandards.push(e);
    acc.inSources.add('ifraStandards');
    if (e.ids.cas.length === 1 && !e.shared) acc.addName(e.title, NAME_RANK.ifraStandard!);
    else acc.addGroupName(e.title, e.ids.cas);
  });
  each(input.ifraAmendment, (acc, e, c) => {
    acc.ifraAmendment.push(e);
    acc.inSources.add('ifraAmendment');
    if (e.ids.cas.length === 1) acc.addName(e.name, NAME_RANK.ifraStandard!);
    else {
      acc.addGroupName(e.name, e.ids.cas);
      acc.standardSiblings.push({ name: e.name, cas: e.ids.cas.filter((x) => x !== c) });
    }
    for (const s of e.synonyms) {
      if (e.ids.cas.length === 1) acc.synonyms.add(s);
      else acc.addGroupName(s, e.ids.cas);
    }
    // Names the standard lists under this CAS number alone are this substance's own, never its
    // siblings' (damascenone's `Floriffone` is no name of beta-damascone).
    for (const section of e.sections) {
      if (!section.cas.includes(c)) continue;
      for (const s of section.names) acc.synonyms.add(s);
      acc.sectionNames.push(...section.names);
    }
  });
  // IFRA Transparency List: several names may share one CAS (bergamot oil qualities and a petitgrain
  // bergamot absolute): prefer the names whose first word most of them share, then (for naturals)
  // an oil, then no comma, then the shortest.
  const firstWord = (name: string) => name.split(/[\s,]+/)[0]!.toLowerCase();
  const wordCount = new Map<string, number>();
  for (const e of input.ifraTransparency) {
    for (const c of e.ids.cas)
      wordCount.set(`${c} ${firstWord(e.name)}`, (wordCount.get(`${c} ${firstWord(e.name)}`) ?? 0) + 1);
  }
  const share = (e: IfraTransparencyEntry) =>
    Math.max(0, ...e.ids.cas.map((c) => wordCount.get(`${c} ${firstWord(e.name)}`) ?? 0));
  // A name stating another part or form of the plant than every CosIng INCI name of its CAS number
  // comes after one that does not: 8008-52-4, CosIng's `CORIANDRUM SATIVUM FRUIT OIL`, is
  // `Coriander seed oil` before `Coriander herb oil`.
  const inciOf = new Map<string, string[]>();
  for (const e of input.cosing)
    for (const c of e.ids.cas) inciOf.set(c, [...(inciOf.get(c) ?? []), e.inciName]);
  const unlikeInci = (e: IfraTransparencyEntry) =>
    Number(
      e.ids.cas.length > 0 &&
        e.ids.cas.every((c) => {
          const inci = inciOf.get(c) ?? [];
          return inci.length > 0 && inci.every((n) => contradictsMaterial(materialTags(n), e.name));
        }),
    );
  const transparency = [...input.ifraTransparency].sort(
    (a, b) =>
      share(b) - share(a) ||
      unlikeInci(a) - unlikeInci(b) ||
      Number(a.ncsCategory !== null && !/\boil\b/i.test(a.name)) -
        Number(b.ncsCategory !== null && !/\boil\b/i.test(b.name)) ||
      Number(a.name.includes(',')) - Number(b.name.includes(',')) ||
      a.name.length - b.name.length ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  // The qualities of one material under one CAS number (`Lemongrass oil, rectified`, `…, East
  // Indian`, `…, West Indian`) are named by what they share, when the first name's difference is a
  // grade or a chemotype and no other CAS number carries that name.
  const stems = qualityStems(transparency.map((e) => ({ name: e.name, cas: e.ids.cas })));
  each(transparency, (acc, e, c) => {
    const stem = stems.get(c);
    if (stem !== undefined && !acc.names.some((n) => n.name === stem))
      acc.addName(stem, NAME_RANK.ifraTransparency!);
    acc.inSources.add('ifraTransparency');
    acc.addName(e.name, NAME_RANK.ifraTransparency!);
    if (e.ncsCategory) acc.ncs = true;
  });
  each(input.naturals, (acc, e) => {
    acc.inSources.add('naturals');
    acc.addName(e.constituent, NAME_RANK.naturals!);
  });
  each(input.euAllergens, (acc, e, c) => {
    acc.inSources.add('euAllergens');
    acc.allergenFrom.push({ source: 'euAllergens', details: null });
    for (const sibling of e.ids.cas) if (sibling !== c) acc.allergenSiblings.add(sibling);
    if (e.ids.cas.length === 1) acc.addName(e.name, NAME_RANK.euAllergens!);
    else acc.addGroupName(e.name, e.ids.cas);
    for (const n of e.otherNames) {
      if (e.ids.cas.length === 1) acc.synonyms.add(n);
      else acc.addGroupName(n, e.ids.cas);
    }
    const ec = pairedEc(e.ids, c);
    if (ec) acc.ec.push({ ec, rank: 4 });
  });
  const annex = (entries: AnnexEntry[], source: SourceName, ecRank: number) =>
    each(entries, (acc, e, c) => {
      acc.inSources.add(source);
      (e.annex === 'II' ? acc.annexII : acc.annexIII).push(e);
      if (e.annex === 'III' && isAllergenLabelling(e)) {
        acc.allergenFrom.push({ source, details: oneLine(e.other ?? e.warnings) });
      }
      if (e.inciName && e.ids.cas.length === 1) acc.addName(e.inciName, NAME_RANK.annexInci!);
      for (const name of [e.name, ...e.otherNames]) {
        if (e.ids.cas.length === 1) acc.addName(name, NAME_RANK.annexName!);
        else acc.addGroupName(displayCase(name), e.ids.cas);
      }
      const ec = pairedEc(e.ids, c);
      if (ec) acc.ec.push({ ec, rank: ecRank });
      if (e.inciName) acc.inci.push({ name: inciCapitals(e.inciName), rank: 2 });
      // A labelling entry on several substances lists their label (INCI) names together.
      if (e.ids.cas.length > 1 && isAllergenLabelling(e)) {
        const members = e.ids.cas.map((x) => `chem-${x}`);
        for (const name of inciCellNames(e.inciName)) acc.groupInciNames.push({ name, members });
      }
    });
  annex(input.annexII, 'annexII', 1);
  annex(input.annexIII, 'annexIII', 1);
  annex(input.echaII, 'echaII', 2);
  annex(input.echaIII, 'echaIII', 2);
  each(input.prop65, (acc, e) => {
    acc.inSources.add('prop65');
    acc.prop65.push({ entry: e, source: 'prop65' });
    // The listing's scope is not a name: "Ethylene glycol (ingested)" names ethylene glycol.
    acc.addName(listedSubstance(e.name), NAME_RANK.prop65!);
  });
  each(input.prop65List, (acc, e) => {
    acc.inSources.add('prop65List');
    acc.prop65.push({ entry: e, source: 'prop65List' });
    acc.synonyms.add(listedSubstance(e.name));
  });
  each(input.iarc, (acc, e) => {
    acc.inSources.add('iarc');
    acc.iarc.push(e);
    acc.addName(e.agent, NAME_RANK.iarc!);
  });
  each(input.cosing, (acc, e, c) => {
    acc.inSources.add('cosing');
    acc.cosingNames.push({ name: e.inciName, single: e.ids.cas.length === 1 });
    const ec = pairedEc(e.ids, c);
    if (ec) acc.ec.push({ ec, rank: 3 });
  });
  each(input.sccs, (acc, e) => {
    acc.inSources.add('sccs');
    acc.sccs ??= e;
    acc.addName(e.name, NAME_RANK.sccs!);
  });
  each(input.userMaterials, (acc, e) => {
    acc.inSources.add('userMaterials');
    acc.addName(e.constituent, NAME_RANK.userMaterials!);
  });
  each(input.ifraGlossary, (acc, e) => {
    acc.inSources.add('ifraGlossary');
    acc.addName(e.name, NAME_RANK.ifraGlossary!);
    if (acc.glossaryOdour === null && e.descriptors.length > 0) acc.glossaryOdour = e.descriptors;
  });
  for (const r of required) get(r.cas)?.addName(r.name, NAME_RANK.curated!);
  each(input.goodScents, (acc, e) => {
    acc.inSources.add('goodScents');
    // Good Scents names a CAS number by its PubChem compound, which for a polymer is its repeating
    // unit or monomer (polydipentene's compound is limonene): that is no name of the polymer. The
    // structure still tells whether the polymer holds a benzene ring (octoxynol-10 does).
    const polymer = [...acc.names, ...acc.cosingNames, ...acc.inci].some((n) => isPolymerName(n.name));
    if (e.name && !polymer) acc.addName(e.name, NAME_RANK.goodScents!);
    acc.smiles ??= e.smiles;
    if (acc.goodScentsOdour === null && e.descriptors.length > 0)
      acc.goodScentsOdour = e.descriptors.slice(0, 8);
  });

  // SCCS substances without a valid CAS (e.g. "ROSE FLOWER OIL / ROSA SPP.", CAS "Diverse"): the one
  // substance that has the name already (VERBENA ABSOLUTE, whose CAS cell is broken, is 8024-12-2),
  // else a record of their own.
  const holders = new Map<string, Accumulator[]>(
    input.sccs.filter((e) => e.ids.cas.length === 0).map((e) => [nameKey(e.name), []]),
  );
  for (const acc of byId.values()) {
    for (const key of new Set([...acc.names.map((n) => n.name), ...acc.synonyms].map(nameKey))) {
      holders.get(key)?.push(acc);
    }
  }
  for (const e of input.sccs) {
    if (e.ids.cas.length > 0) continue;
    const named = holders.get(nameKey(e.name));
    if (named?.length === 1 && named[0]!.sccs === null) {
      named[0]!.sccs = e;
      named[0]!.inSources.add('sccs');
      continue;
    }
    const id = `chem-${slugify(displayCase(e.name))}`;
    let acc = byId.get(id);
    if (!acc) {
      acc = new Accumulator(id, null);
      byId.set(id, acc);
    }
    acc.inSources.add('sccs');
    acc.sccs ??= e;
    acc.addName(e.name, NAME_RANK.sccs!);
    let set = reasons.get(id);
    if (!set) {
      set = new Set();
      reasons.set(id, set);
    }
    set.add('SCCS/1459/11');
  }

  // --- Assemble -----------------------------------------------------------------------------------
  const otherMaterials = { names: 0, substances: 0 };
  for (const acc of byId.values()) {
    attachCosingNames(acc);
    dropUnbackedListNames(acc);
    otherMaterials.names += acc.otherMaterials.length;
    if (acc.otherMaterials.length > 0) otherMaterials.substances++;
  }
  attributeGroupNames(byId.values());
  const removals = new Map<string, Prop65Entry>();
  // A row's safe harbor levels from either file (the older one keeps DEHP's per-age MADLs and the
  // footnotes the newer one lost).
  const prop65Levels = new Map<string, { levels: SafeHarborLevel[]; sources: SourceName[] }>();
  const prop65Rows = [
    ...input.prop65.map((e) => ({ e, source: 'prop65' as const })),
    ...input.prop65List.map((e) => ({ e, source: 'prop65List' as const })),
  ];
  for (const { e, source } of prop65Rows) {
    for (const c of e.ids.cas) {
      const key = prop65Key(e, c);
      if (e.removedOn) removals.set(key, e);
      if (e.levels.length === 0) continue;
      const known = prop65Levels.get(key);
      if (known === undefined) prop65Levels.set(key, { levels: e.levels, sources: [source] });
      else {
        const levels = withFootnotes(known.levels, e.levels);
        const added = levels.some((l, i) => l.note !== known.levels[i]!.note);
        if (added) prop65Levels.set(key, { levels, sources: [...known.sources, source] });
      }
    }
  }
  const amendmentYears = new Map<string, string>();
  for (const e of input.ifraAmendment) {
    if (e.amendment && e.lastPublication && !amendmentYears.has(e.amendment))
      amendmentYears.set(e.amendment, e.lastPublication);
  }
  // Labelling entries per CAS, for the allergen list's siblings, and per name of their INCI cells,
  // for substances CosIng gives one of them: CosIng's entries, ECHA's for a key CosIng lacks.
  const labellingByCas = new Map<string, AnnexEntry[]>();
  const labellingByInci = new Map<string, AnnexEntry[]>();
  const file = (map: Map<string, AnnexEntry[]>, key: string, e: AnnexEntry) => {
    const list = map.get(key) ?? [];
    if (list.length === 0 || list[0]!.file === e.file) list.push(e);
    map.set(key, list);
  };
  for (const e of [...input.annexIII, ...input.echaIII].filter(isAllergenLabelling)) {
    for (const c of e.ids.cas) file(labellingByCas, c, e);
    for (const name of inciCellNames(e.inciName))
      if (nameKey(name) !== '') file(labellingByInci, nameKey(name), e);
  }
  // The names of the substances each entry lists, for their stereoisomers under other CAS numbers.
  const labellingByName = new Map<string, Array<{ entry: AnnexEntry; stated: boolean }>>();
  for (const acc of byId.values()) {
    for (const entry of annexIIIInUse(acc).filter(isAllergenLabelling)) {
      for (const name of identifyingNames(acc)) {
        const key = stereoFreeKey(name);
        const list = labellingByName.get(key) ?? [];
        list.push({ entry, stated: statesStereo(name) });
        labellingByName.set(key, list);
      }
    }
  }
  // A substance the allergen list ties to a listed one (d- and l-linalool beside linalool) falls under
  // that entry, so the entry's name is one of its INCI names: d-linalool is labelled `LINALOOL`, not
  // CosIng's `L-ALLO-OCIMENOL`.
  const labelling = new Map<string, Labelling>();
  for (const acc of byId.values()) {
    const found = labellingEntries(acc, annexIIIInUse(acc), labellingByCas, labellingByName, labellingByInci);
    labelling.set(acc.id, found);
    const entry = found.sibling[0];
    if (entry === undefined) continue;
    // A stereoisomer the entry covers by its name is that entry's allergen, labelled by the entry's
    // INCI name (`PINENE` for l-alpha-pinene, not CosIng's `L-ALPHA-PINENE`).
    if (found.byName) {
      const source = entry.file === CHEMICAL_SOURCES.annexIII.file ? 'annexIII' : 'echaIII';
      acc.allergenFrom.push({ source, details: oneLine(entry.other ?? entry.warnings) });
    }
    // An entry naming several substances in one cell (`Alpha-Damascone/cis-Rose ketone 1; …`)
    // gives no one INCI name.
    if (entry.inciName && !/[;/]/.test(entry.inciName))
      acc.inci.push({ name: inciCapitals(entry.inciName), rank: 2 });
  }
  // How many substances carry each name (a synonym or an INCI name: the annexes give `Pinene` to four
  // pinenes): a trade or INCI name shown instead of the best-ranked one must be this substance's alone.
  const nameOwners = new Map<string, number>();
  for (const acc of byId.values()) {
    const names = [...acc.synonyms, ...acc.inci.map((n) => n.name)];
    for (const key of new Set(names.flatMap(nameParts).map(nameKey))) {
      nameOwners.set(key, (nameOwners.get(key) ?? 0) + 1);
    }
  }
  const chemicals = [...byId.values()].map((acc) =>
    assemble(acc, { removals, prop65Levels, amendmentYears, labelling, nameOwners }),
  );
  chemicals.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const scope: Record<string, number> = {};
  for (const set of reasons.values()) for (const r of set) scope[r] = (scope[r] ?? 0) + 1;
  return { chemicals, rejectedCas, otherMaterials, scope };
}

/**
 * Whether a name calls its substance a polymer: a CAS index name's `homopolymer` or `polymer with`,
 * a `copolymer` or `crosspolymer`, the `Poly(oxy-1,2-ethanediyl)` form, or the INCI names of
 * polyethylene and polypropylene glycols and their ethers (`PEG-10`, `PPG-12 Butyl Ether`,
 * `Laureth-10`, `Octoxynol-10`).
 */
export function isPolymerName(name: string): boolean {
  return (
    /\b(?:homo|co|cross)?polymers?\b/i.test(name) ||
    /^poly\s*[([]/i.test(name) ||
    /^(?:PEG|PPG)-\d/i.test(name) ||
    /(?:eth|oxynol)-\d+$/i.test(name)
  );
}

/**
 * An annex INCI cell in capitals, as CosIng writes INCI names (`Linalool` and `LINALOOL` are one
 * name), which also mends the annexes' slips such as `ANISe ALCOHOL`. Names are shown in title case.
 */
export function inciCapitals(name: string): string {
  return name.toUpperCase();
}

/** A qualifier that names a grade or a chemotype of a material, not another material. */
const GRADE_QUALIFIER =
  /^(?:rectified|folded|terpeneless|expressed|distilled|redistilled|washed|deterpenated|\d+(?:\.\d+)?\s?%|chemotype\b.*)$/i;

/**
 * Per CAS number, the name its IFRA Transparency List names share (`entries` in preference order):
 * the comma-separated parts common to every name that starts like the first one (`Basil oil,
 * chemotype linalool`, `Basil oil, chemotype estragole, rectified` → `Basil oil`), when the first
 * name's other parts are grades or chemotypes (`Orange oil, bitter` keeps its `bitter`) and no
 * other CAS number has that name.
 */
export function qualityStems(
  entries: ReadonlyArray<{ name: string; cas: readonly string[] }>,
): Map<string, string> {
  const namesOf = new Map<string, string[]>();
  const casOfName = new Map<string, Set<string>>();
  for (const e of entries) {
    for (const c of e.cas) {
      namesOf.set(c, [...(namesOf.get(c) ?? []), e.name]);
      const key = e.name.toLowerCase();
      casOfName.set(key, (casOfName.get(key) ?? new Set()).add(c));
    }
  }
  const out = new Map<string, string>();
  for (const [cas, names] of namesOf) {
    const split = (n: string) => n.split(/,\s*/).map((p) => p.trim());
    const first = split(names[0]!);
    const alike = names.map(split).filter((parts) => parts[0]!.toLowerCase() === first[0]!.toLowerCase());
    if (first.length < 2 || alike.length < 2) continue;
    let shared = 0;
    while (
      shared < first.length &&
      alike.every((p) => p[shared]?.toLowerCase() === first[shared]!.toLowerCase())
    )
      shared++;
    if (shared === first.length || !first.slice(shared).every((q) => GRADE_QUALIFIER.test(q))) continue;
    const stem = first.slice(0, shared).join(', ');
    const holders = casOfName.get(stem.toLowerCase());
    if (holders === undefined || (holders.size === 1 && holders.has(cas))) out.set(cas, stem);
  }
  return out;
}
