/** Turns one substance's gathered source data into its chemical record. */
import {
  type Accumulator,
  bestBy,
  chooseInci,
  clippedSupplierNames,
  contradictsStereo,
  displayCase,
  displayName,
  groupMemberName,
  identifyingNames,
  NAME_RANK,
  nameKey,
  nameParts,
  ownNames,
  statesStereo,
  stereoFreeKey,
  stereoMarks,
} from './chemical-accumulator.ts';
import type {
  Chemical,
  EuAllergen,
  EuProhibition,
  Prop65Endpoint,
  RegionalRegulation,
  SccsData,
  SourceStamp,
} from './chemical-record.ts';
import {
  ALLERGEN_LISTS,
  ANNEX_II_APPLICATION,
  amendmentType,
  annexIIScope,
  annexRegulation,
  CLASSIC_26,
  iarcOfSubstance,
  oneLine,
  ordinal,
  potencyFromEc3,
  prop65Key,
  restrictionText,
  riskLevel,
} from './chemical-rules.ts';
import { CHEMICAL_SOURCES, type SourceName, src, VERIFYING } from './chemical-sources.ts';
import { chemicalType, looksLikeNcs } from './chemical-type.ts';
import { exactWordShare } from './plant-material.ts';
import {
  type AnnexEntry,
  annexIIWording,
  isAllergenLabelling,
  isDeletedEntry,
  readableEntryName,
} from './sources/eu-annexes.ts';
import { listingScope, type Prop65Entry, type SafeHarborLevel, safeHarborText } from './sources/prop65.ts';

export interface AssembleContext {
  /** Prop 65 rows with a removal note, by CAS, date listed and toxicity. */
  removals: ReadonlyMap<string, Prop65Entry>;
  /** Prop 65 safe harbor levels by the same key, and the files that give them (or their notes). */
  prop65Levels: ReadonlyMap<string, { levels: SafeHarborLevel[]; sources: SourceName[] }>;
  /** IFRA amendment number → year of publication (from the 51st Amendment overview). */
  amendmentYears: ReadonlyMap<string, string>;
  /** Per chemical id, the labelling entries it falls under (`labellingEntries`). */
  labelling: ReadonlyMap<string, Labelling>;
  /** Per name key (`nameKey`), how many substances carry the name (own name or synonym). */
  nameOwners: ReadonlyMap<string, number>;
}

/** The Annex III entries a substance is judged by: CosIng's (2025) export, ECHA's (2024) only for substances CosIng does not list. */
export function annexIIIInUse(acc: Accumulator): AnnexEntry[] {
  const annexIII = acc.annexIII.filter((e) => e.file === CHEMICAL_SOURCES.annexIII.file);
  return annexIII.length > 0
    ? annexIII
    : acc.annexIII.filter((e) => e.file === CHEMICAL_SOURCES.echaIII.file);
}

/**
 * Labelling entries by the names of the substances they list (`stereoFreeKey`), for the
 * stereoisomers the entries name without their CAS numbers: per key, the entry and whether the
 * listed substance's name states a stereoisomer.
 */
export type LabellingByName = ReadonlyMap<string, ReadonlyArray<{ entry: AnnexEntry; stated: boolean }>>;

/** The labelling entries a substance falls under: its own, or one through a sibling (`byName`: by its name). */
export interface Labelling {
  own: AnnexEntry[];
  sibling: AnnexEntry[];
  byName?: true;
}

/** A name's key with each word in the singular (`Oakmoss extracts` is `Oak moss extract`). */
function singularKey(name: string): string {
  return nameKey(name.replace(/(\p{L}{3,})s\b/gu, '$1'));
}

/**
 * The allergen-labelling entries a substance falls under: its own (of `annexIII`, the entries in
 * use); without one, the first entry of a CAS the allergen list puts in one row with it (d- and
 * l-linalool beside linalool take the linalool entry: the entry's chemical name covers them), or of
 * a CAS an IFRA standard named as the entry lists with it, or the one entry whose INCI cell lists
 * the substance's own CosIng INCI name, or else the one entry listing a substance of its name but
 * for the stereoisomer (`withoutStereo`): the entry's name covers every isomer it does not single
 * out. Benzyl trans-cinnamate is benzyl cinnamate, l-alpha-pinene is alpha-pinene, and
 * beta-damascone (E and Z unstated) is the cis- and trans-beta-damascone the rose ketones entry
 * lists. One side must state a stereoisomer, and a name of several entries' substances decides
 * nothing. `byName` marks an entry found by the INCI cell or by name.
 */
export function labellingEntries(
  acc: Accumulator,
  annexIII: readonly AnnexEntry[],
  labellingByCas: ReadonlyMap<string, AnnexEntry[]>,
  labellingByName: LabellingByName = new Map(),
  /** Labelling entries by the INCI names their INCI cell lists (`nameKey`). */
  labellingByInci: ReadonlyMap<string, readonly AnnexEntry[]> = new Map(),
): Labelling {
  const own = annexIII.filter(isAllergenLabelling);
  if (own.length > 0) return { own, sibling: [] };
  const listed = [...acc.allergenSiblings].sort().flatMap((c) => labellingByCas.get(c) ?? []);
  if (listed.length > 0) return { own, sibling: listed.slice(0, 1) };
  // An IFRA standard named as a labelling entry names its ingredient, under every CAS number it
  // lists: IFRA's `Farnesol` covers trans,trans-farnesol (106-28-5) beside the entry's 4602-84-0,
  // and its `Oakmoss extracts` the oakmoss absolute (9000-50-4) beside the `Oak moss extract` entry's
  // 90028-68-5 (the entry's INCI or chemical name, in the singular or the plural).
  const standard = acc.standardSiblings.flatMap(({ name, cas }) =>
    [...cas]
      .sort()
      .flatMap((c) => labellingByCas.get(c) ?? [])
      .filter((e) =>
        [e.inciName, ...e.name.split(';')].some((n) => n && singularKey(n) === singularKey(name)),
      ),
  );
  if (standard.length > 0) return { own, sibling: standard.slice(0, 1) };
  // An entry's INCI cell gives the label names of what it covers: a substance CosIng gives one of
  // those names as its own falls under the entry though the entry lists other CAS numbers (CosIng's
  // Cymbopogon Citratus Leaf Oil, 89998-14-1, under the lemongrass entry).
  const byInci = new Map<string, AnnexEntry>();
  for (const { name, rank } of acc.inci) {
    if (rank !== 1) continue;
    for (const e of labellingByInci.get(nameKey(name)) ?? []) byInci.set(`${e.file}|${e.ref}`, e);
  }
  if (byInci.size === 1) return { own, sibling: [...byInci.values()], byName: true };
  const named = new Map<string, AnnexEntry>();
  for (const name of identifyingNames(acc)) {
    const stated = statesStereo(name);
    for (const m of labellingByName.get(stereoFreeKey(name)) ?? []) {
      if (stated || m.stated) named.set(`${m.entry.file}|${m.entry.ref}`, m.entry);
    }
  }
  return named.size === 1 ? { own, sibling: [...named.values()], byName: true } : { own, sibling: [] };
}

export function assemble(acc: Accumulator, context: AssembleContext): Chemical {
  const { removals, prop65Levels, amendmentYears } = context;
  const sources: Array<{ field: string } & SourceStamp> = [];
  const nameRankSource: Record<number, SourceName> = {
    1: acc.ifraStandards.length > 0 ? 'ifraStandards' : 'ifraAmendment',
    2: 'ifraTransparency',
    3: 'naturals',
    4: 'annexIII',
    5: 'prop65',
    6: 'ifraGlossary',
    7: 'goodScents',
    8: 'sccs',
    9: 'iarc',
    10: acc.annexII.length > 0 ? 'annexII' : 'annexIII',
    11: 'cosing',
    12: 'euAllergens',
    13: 'userMaterials',
    14: 'curated',
  };
  const inciEntry = chooseInci(acc);
  const chosen = displayName(
    acc.names,
    inciEntry && {
      name: displayCase(inciEntry.name),
      rank: inciEntry.rank === 1 ? NAME_RANK.cosing! : NAME_RANK.annexInci!,
    },
    (candidate) => context.nameOwners.get(nameKey(candidate)) === 1,
    // An allergen's label name must be one the other sources use too: CosIng's `L-ALLO-OCIMENOL` for
    // d-linalool is not.
    acc.allergenFrom.length > 0 && inciEntry !== null && exactWordShare(ownNames(acc), inciEntry.name) === 1,
  );
  // A substance only entries on several substances name (or only an INCI name without the other
  // sources' names) is shown by that name, never by its CAS number.
  const name =
    chosen?.name ??
    (inciEntry ? displayCase(inciEntry.name) : null) ??
    groupMemberName(acc) ??
    acc.cas ??
    acc.id;
  if (chosen) sources.push({ field: 'name', ...src(nameRankSource[chosen.rank]!) });
  if (acc.cas) {
    const casSource = VERIFYING.find((s) => acc.inSources.has(s)) ?? [...acc.inSources].sort()[0];
    if (casSource) sources.push({ field: 'cas_number', ...src(casSource) });
  }
  const ec = bestBy(acc.ec)?.ec ?? null;
  const inci = inciEntry?.name ?? null;
  if (inciEntry) sources.push({ field: 'inci_name', ...src(inciEntry.rank === 1 ? 'cosing' : 'annexIII') });
  const lower = name.toLowerCase();
  // A name stating another stereoisomer than the one the substance is shown as is not its name
  // (a supplier's "D-Limonene" under the racemate's CAS number). CosIng's INCI names stay: their
  // D- and L- are Fischer's configuration (`L-ALLO-OCIMENOL` is d-linalool's INCI name).
  const shownAs = [stereoMarks(name)];
  const inciNames = new Set(
    [...acc.cosingNames.map((c) => c.name), ...acc.inci.map((i) => i.name)].map(nameKey),
  );
  const foreignIsomer = (s: string) =>
    !inciNames.has(nameKey(s)) && contradictsStereo(shownAs, stereoMarks(s));
  const parts = [...new Set([...acc.synonyms].flatMap(nameParts))];
  const clipped = clippedSupplierNames(acc, parts);
  const synonyms = parts
    .filter((s) => s.toLowerCase() !== lower && !foreignIsomer(s) && !clipped.has(s))
    .sort((a, b) =>
      a.toLowerCase() < b.toLowerCase()
        ? -1
        : a.toLowerCase() > b.toLowerCase()
          ? 1
          : a < b
            ? -1
            : a > b
              ? 1
              : 0,
    );
  const dedupedSynonyms = synonyms.filter(
    (s, i) => i === 0 || s.toLowerCase() !== synonyms[i - 1]!.toLowerCase(),
  );
  // The type reads the name's chemistry (`…naphthyl…` is aromatic), so it reads the name the
  // sources rank first rather than the INCI name a systematic one is shown as.
  // A substance no source names alone is typed by its other names too (`Styrax` by `Styrax crude gums`).
  const type = chemicalType({
    name: displayName(acc.names)?.name ?? name,
    ncs: acc.ncs || (chosen === null && [...acc.synonyms].some(looksLikeNcs)),
    smiles: acc.smiles,
    inci,
  });
  const natural = type === 'essential_oil' || type === 'natural';

  // EU Annex II / III: CosIng (2025) first, ECHA (2024) only for substances CosIng does not list.
  // Entries CosIng keeps as "Moved or deleted" prohibit nothing.
  const liveII = acc.annexII.filter((e) => !isDeletedEntry(e));
  const annexII = liveII.filter((e) => e.file === CHEMICAL_SOURCES.annexII.file);
  const annexIIUsed = annexII.length > 0 ? annexII : liveII.slice(0, 1);
  const annexIIIAll = annexIIIInUse(acc);
  const sourceOfAnnex = (e: AnnexEntry): SourceName =>
    e.file === CHEMICAL_SOURCES.annexII.file
      ? 'annexII'
      : e.file === CHEMICAL_SOURCES.annexIII.file
        ? 'annexIII'
        : e.annex === 'II'
          ? 'echaII'
          : 'echaIII';

  const prohibited = annexIIUsed.length > 0;
  let euProhibition: EuProhibition | null = null;
  if (prohibited) {
    const main = annexIIUsed[0]!;
    const wording = annexIIWording(main.name);
    const scope = annexIIScope(main, natural, annexIIIAll.length > 0);
    const application = main.regulation ? ANNEX_II_APPLICATION[main.regulation] : undefined;
    euProhibition = {
      entry: main.ref,
      scope,
      exception: wording.exception,
      part: scope === 'plant_part' ? wording.banned : null,
      applies_when: wording.appliesWhen,
      applies_from: application?.from ?? null,
      applies_to_all_from: application?.all ?? null,
      regulation: annexRegulation(main),
      ...src(sourceOfAnnex(main)),
    };
  }
  // A substance prohibited as such is no longer on the labelling list, whatever an Annex III
  // export or the hand-made allergen list still says; the old listing is kept as history.
  const bannedOutright = euProhibition !== null && euProhibition.scope === 'substance';
  const { own: ownLabelling, sibling: siblingLabelling } = context.labelling.get(acc.id)!;
  const labelling = bannedOutright ? [] : [...ownLabelling, ...siblingLabelling];
  // An entry covering the substance through a sibling (d-linalool under Linalool, beta-damascone
  // under Rose Ketones) restricts it as it restricts the substances it lists: its maximum
  // concentrations and conditions apply to every substance its chemical name takes in.
  const covering = siblingLabelling.filter((e) => !annexIIIAll.some((a) => a.ref === e.ref));
  const annexIIIUsed = bannedOutright
    ? annexIIIAll.filter((e) => !isAllergenLabelling(e))
    : [...annexIIIAll, ...covering];
  const restricted = annexIIIUsed.length > 0;

  let euAllergen: EuAllergen | null = null;
  if (labelling.length > 0) {
    const entry = labelling[0]!;
    const viaSibling = ownLabelling.length === 0;
    const classic = viaSibling
      ? entry.ids.cas.some((c) => CLASSIC_26[c] !== undefined)
      : acc.cas !== null && CLASSIC_26[acc.cas] !== undefined;
    const list = classic ? 'classic_26' : 'eu_2023_1545';
    euAllergen = {
      list,
      entry: entry.ref,
      listed: !viaSibling,
      ...ALLERGEN_LISTS[list],
      ...src(sourceOfAnnex(entry)),
    };
  }
  const allergen = euAllergen !== null;

  const regional: RegionalRegulation[] = [];
  const history: RegionalRegulation[] = [];
  const current = { current: true, until: null } as const;
  for (const e of annexIIUsed) {
    regional.push({
      region: 'EU',
      status: 'prohibited',
      regulation: annexRegulation(e),
      details: oneLine(readableEntryName(e.name)),
      ...current,
      ...src(sourceOfAnnex(e)),
    });
  }
  const restrictionLines: string[] = [];
  for (const e of annexIIIUsed) {
    const text = restrictionText(e);
    restrictionLines.push(text);
    regional.push({
      region: 'EU',
      status: 'restricted',
      regulation: annexRegulation(e),
      details: text,
      ...current,
      ...src(sourceOfAnnex(e)),
    });
  }
  if (euAllergen) {
    const entry = labelling[0]!;
    const when =
      euAllergen.list === 'classic_26'
        ? 'one of the 26 fragrance allergens named on labels since 11 March 2005'
        : 'added by Regulation (EU) 2023/1545: named on new products from 31 July 2026, on every product from 31 July 2028';
    regional.push({
      region: 'EU',
      status: 'allergen',
      regulation: `Regulation (EC) No 1223/2009, Annex III entry ${entry.ref}: fragrance allergen to be named in the ingredient list (${when})`,
      details: oneLine(entry.other ?? entry.warnings),
      ...current,
      ...src(sourceOfAnnex(entry)),
    });
  } else if (bannedOutright && (acc.allergenFrom.length > 0 || ownLabelling.length > 0)) {
    const main = annexIIUsed[0]!;
    const amending = main.regulation && !/2009\/1223/.test(main.regulation) ? main.regulation : null;
    history.push({
      region: 'EU',
      status: 'allergen',
      regulation:
        'Regulation (EC) No 1223/2009, Annex III: fragrance allergen to be named in the ingredient list (no longer applies)',
      details: `No longer on the labelling list: prohibited in Annex II, entry ${main.ref}${
        amending ? ` (Regulation ${amending})` : ''
      }${euProhibition?.applies_to_all_from ? `, for every product from ${euProhibition.applies_to_all_from}` : ''}.`,
      current: false,
      until: euProhibition?.applies_to_all_from ?? null,
      change: { kind: 'eu_labelling_ended', annex_ii_entry: main.ref, regulation: amending },
      ...src(sourceOfAnnex(main)),
    });
  }

  // California Proposition 65: only current listings count; a row whose listing was removed (the
  // chemical delisted or one endpoint removed) is history. A removal note in either file applies
  // to the same row (CAS, date listed, toxicity) in the other.
  const prop65Main = acc.prop65.filter((p) => p.source === 'prop65');
  const prop65Used = prop65Main.length > 0 ? prop65Main : acc.prop65;
  let prop65: Chemical['safety_information']['prop65'] = null;
  if (prop65Used.length > 0 && acc.cas !== null) {
    const cas = acc.cas;
    const removalOf = (e: Prop65Entry) => (e.removedOn ? e : (removals.get(prop65Key(e, cas)) ?? null));
    const live = prop65Used.filter((p) => removalOf(p.entry) === null);
    const gone = prop65Used.filter((p) => removalOf(p.entry) !== null);
    const toxicity = [...new Set(live.flatMap((p) => p.entry.toxicity))].sort();
    const removedEndpoints: Prop65Endpoint[] = gone
      .flatMap((p) =>
        p.entry.toxicity.map((t) => ({
          toxicity: t,
          date_listed: p.entry.dateListed,
          date_removed: removalOf(p.entry)!.removedOn!,
        })),
      )
      .sort((a, b) => (a.toxicity < b.toxicity ? -1 : a.toxicity > b.toxicity ? 1 : 0));
    const datesOf = (rows: typeof prop65Used) =>
      rows
        .map((p) => p.entry.dateListed)
        .filter((d): d is string => d !== null)
        .sort();
    const listed = live.length > 0;
    // One listing per listing date: benzene was listed for cancer in 1987, and for developmental and
    // male reproductive toxicity in 1997.
    const byDate = new Map<string | null, Set<string>>();
    for (const p of live) {
      const types = byDate.get(p.entry.dateListed) ?? new Set<string>();
      for (const t of p.entry.toxicity) types.add(t);
      byDate.set(p.entry.dateListed, types);
    }
    const listings = [...byDate.entries()]
      .map(([date, types]) => ({ toxicity_types: [...types].sort(), date_listed: date }))
      .sort((a, b) =>
        a.date_listed === b.date_listed
          ? 0
          : a.date_listed === null
            ? 1
            : b.date_listed === null
              ? -1
              : a.date_listed < b.date_listed
                ? -1
                : 1,
      );
    const scopes = [...new Set((listed ? live : prop65Used).map((p) => listingScope(p.entry.name)))];
    const scope = scopes.length === 1 ? scopes[0]! : null;
    const firstListed = (listed ? datesOf(live) : datesOf(prop65Used))[0] ?? null;
    const dateDelisted = listed
      ? null
      : (removedEndpoints
          .map((r) => r.date_removed)
          .sort()
          .at(-1) ?? null);
    // Safe harbor levels of the current rows; a row without them in its file takes the other file's.
    const levelSources = new Set<SourceName>();
    const levels = live.flatMap((p) => {
      const found = prop65Levels.get(prop65Key(p.entry, cas));
      if (found === undefined) return [];
      for (const s of found.sources) levelSources.add(s);
      return found.levels.map((l) => ({ ...l, toxicity_types: p.entry.toxicity }));
    });
    const stamp = src(prop65Used[0]!.source);
    prop65 = {
      status: listed ? 'listed' : 'delisted',
      toxicity_types: toxicity,
      date_listed: firstListed,
      listings,
      scope,
      date_delisted: dateDelisted,
      safe_harbor_levels: levels,
      removed_endpoints: removedEndpoints,
      ...stamp,
    };
    const regulation =
      'California Proposition 65 (Safe Drinking Water and Toxic Enforcement Act of 1986), State of California only';
    if (listed) {
      regional.push({
        region: 'US',
        status: 'prop65_listed',
        regulation,
        details: `Listed ${listings
          .map(
            (l) =>
              `for ${l.toxicity_types.join(', ') || 'unspecified toxicity'}${l.date_listed ? ` since ${l.date_listed}` : ''}`,
          )
          .join(
            '; ',
          )}${scope ? ` (${scope} only)` : ''}${levels.length > 0 ? `; ${safeHarborText(levels)}` : ''}`,
        ...current,
        ...stamp,
      });
    }
    for (const r of removedEndpoints) {
      history.push({
        region: 'US',
        status: 'prop65_listed',
        regulation,
        details: `${listed ? 'Endpoint removed' : 'Delisted'}: ${r.toxicity}${r.date_listed ? ` (listed ${r.date_listed})` : ''}, removed ${r.date_removed}`,
        current: false,
        until: r.date_removed,
        change: {
          kind: listed ? 'prop65_endpoint_removed' : 'prop65_delisted',
          toxicity: r.toxicity,
          date_listed: r.date_listed,
        },
        ...stamp,
      });
    }
    sources.push({ field: 'prop65', ...stamp });
    for (const s of levelSources) {
      if (s !== prop65Used[0]!.source) sources.push({ field: 'prop65_safe_harbor_levels', ...src(s) });
    }
  }
  const regionsWith = (status: RegionalRegulation['status']) =>
    [...new Set(regional.filter((r) => r.status === status).map((r) => r.region))].sort();

  let iarc: Chemical['safety_information']['iarc'] = null;
  const worst = iarcOfSubstance(acc.iarc);
  if (worst !== null) {
    // A volume still "In prep." has no publication year: the evaluation year dates it then.
    const asYear = (v: string | null) => (v !== null && /^\d{4}$/.test(v) ? v : null);
    const year = asYear(worst.volumeYear) ?? asYear(worst.evaluationYear);
    iarc = {
      group: worst.group,
      agent: worst.agent,
      volume: worst.volume,
      volume_year: worst.volumeYear,
      evaluation_year: worst.evaluationYear,
      source: CHEMICAL_SOURCES.iarc.file,
      source_name: worst.volume
        ? `IARC Monographs, volume ${worst.volume}${year ? ` (${asYear(worst.volumeYear) ? '' : 'evaluated '}${year})` : ''}`
        : CHEMICAL_SOURCES.iarc.name,
      source_date: year,
    };
    sources.push({
      field: 'iarc',
      source: iarc.source,
      source_name: iarc.source_name,
      source_date: iarc.source_date,
    });
  }

  let ifra: Chemical['safety_information']['ifra'] = null;
  const standard = acc.ifraStandards.find((s) => s.ids.cas[0] === acc.cas) ?? acc.ifraStandards[0] ?? null;
  const amendment = acc.ifraAmendment.find((s) => s.ids.cas[0] === acc.cas) ?? acc.ifraAmendment[0] ?? null;
  if (standard || amendment) {
    const amendmentNo = amendment?.amendment ?? standard?.amendment ?? null;
    const publication = standard?.publicationDate ?? amendment?.lastPublication ?? null;
    // Standards only in the standards list are dated by their amendment (its year as the 51st
    // Amendment overview gives it) or their publication date.
    const listDate =
      standard?.publicationDate ??
      (standard?.amendment ? (amendmentYears.get(standard.amendment) ?? null) : null);
    const stamp: SourceStamp = amendment
      ? src('ifraAmendment')
      : {
          source: CHEMICAL_SOURCES.ifraStandards.file,
          source_name: standard?.amendment
            ? `IFRA Standards, ${ordinal(standard.amendment)} Amendment${listDate ? ` (${listDate.slice(0, 4)})` : ''}`
            : CHEMICAL_SOURCES.ifraStandards.name,
          source_date: listDate,
        };
    ifra = {
      standard_type: standard?.type ?? amendmentType(amendment!.type),
      standard_name: standard?.title ?? amendment!.name,
      amendment: amendmentNo,
      publication_date: publication,
      intrinsic_property: amendment?.intrinsicProperty ?? null,
      implementation_new_creations: amendment?.implementationNew ?? null,
      implementation_existing_creations: amendment?.implementationExisting ?? null,
      limits: amendment?.limits ?? {},
      notes: amendment?.notes ?? [],
      ...stamp,
    };
    sources.push({ field: 'ifra', ...stamp });
  }

  let sccsData: SccsData | null = null;
  if (acc.sccs) {
    const e = acc.sccs;
    const potency = potencyFromEc3(e.ec3);
    // A ban on one part of a plant does not make the whole material a banned substance.
    const banned = prohibited && euProhibition?.scope !== 'plant_part';
    sccsData = {
      risk_level: riskLevel(banned, potency, e),
      sccs_recommendation: null,
      classification: banned
        ? 'banned_substance'
        : e.category === 'established_in_humans'
          ? 'established_allergen'
          : 'other',
      sensitization_potency: potency,
      ec3_value: e.ec3,
      safe_concentration_ppm: null,
      patch_test_prevalence: null,
      clinical_relevance: null,
      population_stats: { eczema_patient_sensitization: null, general_population_allergy: null },
      cross_reactivity: [],
      sccs_category: e.categoryText,
      human_evidence: e.humanEvidence,
      ec3_note: e.ec3Note,
      structure_alert: e.structureAlert,
      opinion: 'SCCS/1459/11',
      ...src('sccs'),
    };
    sources.push({ field: 'sccs_data', ...src('sccs') });
  }

  const odour = acc.glossaryOdour ?? acc.goodScentsOdour;
  if (acc.glossaryOdour) sources.push({ field: 'odour', ...src('ifraGlossary') });
  else if (acc.goodScentsOdour) sources.push({ field: 'odour', ...src('goodScents') });
  if (ec) {
    const rank = bestBy(acc.ec)!.rank;
    sources.push({
      field: 'ec_number',
      ...src(
        rank === 1
          ? acc.annexII.length > 0
            ? 'annexII'
            : 'annexIII'
          : rank === 2
            ? acc.annexII.length > 0
              ? 'echaII'
              : 'echaIII'
            : rank === 3
              ? 'cosing'
              : 'euAllergens',
      ),
    });
  }
  if (euAllergen) {
    sources.push({
      field: 'allergen_flag',
      source: euAllergen.source,
      source_name: euAllergen.source_name,
      source_date: euAllergen.source_date,
    });
    // The tie of this CAS to the entry comes from the hand-made list.
    if (ownLabelling.length === 0) sources.push({ field: 'allergen_flag', ...src('euAllergens') });
  }
  if (prohibited) sources.push({ field: 'prohibited', ...src(sourceOfAnnex(annexIIUsed[0]!)) });
  if (restricted) sources.push({ field: 'restricted', ...src(sourceOfAnnex(annexIIIUsed[0]!)) });

  const status: Chemical['regulatory_status'] = prohibited ? 'prohibited' : restricted ? 'restricted' : null;
  const restrictions = restrictionLines.length > 0 ? restrictionLines.join('\n') : null;
  return {
    id: acc.id,
    name,
    type,
    cas_number: acc.cas,
    ec_number: ec,
    inci_name: inci,
    synonyms: dedupedSynonyms,
    description: null,
    allergen_flag: allergen,
    prohibited,
    restricted,
    restrictions,
    regulatory_status: status,
    verified: acc.cas !== null && VERIFYING.some((s) => acc.inSources.has(s)),
    odour,
    safety_information: {
      is_allergen: allergen,
      is_prohibited: prohibited,
      is_restricted: restricted,
      regulatory_status: status,
      restrictions,
      regional_regulations: regional,
      regulatory_history: history,
      eu_prohibition: euProhibition,
      eu_allergen: euAllergen,
      regional_summary: {
        total_regions: new Set(regional.map((r) => r.region)).size,
        prohibited_in: regionsWith('prohibited'),
        restricted_in: regionsWith('restricted'),
        prop65_listed: prop65 !== null && prop65.status === 'listed',
        allergen_regions: regionsWith('allergen'),
      },
      sccs_data: sccsData,
      iarc,
      ifra,
      prop65,
      sources,
    },
  };
}
