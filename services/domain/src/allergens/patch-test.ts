/**
 * Patch-test entries as a clinic writes them (the fragrance markers of the European baseline series
 * and the single fragrance allergens), each expanded to the chemicals of our database it stands
 * for, with the published composition it comes from; and the cross-reactions a person may opt in
 * to ("people sensitised to this often also react to ..."), each with its source.
 *
 * This table has no imports so the web client can use it as it is. Chemical ids are those of
 * `data/chemicals/chemicals.json` (`chem-<CAS>`); `patch-test.unit.spec.ts` checks every one exists.
 * Isomers sold under the same label name are covered when the ids are resolved (a label name
 * covers all its isomers), so each constituent lists its main CAS only.
 */

export interface PatchTestSource {
  name: string;
  /** Publication date (year or year-month). */
  date: string;
  url: string | null;
}

export interface PatchTestConstituent {
  chemical_id: string;
  /** INCI / label name. */
  name: string;
}

export interface CrossReaction {
  /** Another patch-test entry (`fm1`, `oakmoss`, ...). */
  entry: string;
  source: PatchTestSource;
}

export interface PatchTestEntry {
  id: string;
  /** As written on a patch-test result. */
  name: string;
  /** Other ways a result may write it. */
  aliases: string[];
  kind: 'mix' | 'natural' | 'single';
  constituents: PatchTestConstituent[];
  source: PatchTestSource;
  crossReactions: CrossReaction[];
}

const SCCS_2012: PatchTestSource = {
  name: 'SCCS/1459/11, Opinion on fragrance allergens in cosmetic products, Tables 4-1 and 4-2 (Scientific Committee on Consumer Safety, European Commission)',
  date: '2012-06',
  url: 'https://ec.europa.eu/health/scientific_committees/opinions_layman/perfume-allergies/en/figtableboxes/table-4-2.htm',
};
const DE_GROOT_2019: PatchTestSource = {
  name: 'de Groot AC. Myroxylon pereirae resin (balsam of Peru) – a critical review of the literature. Contact Dermatitis 2019, doi:10.1111/cod.13263',
  date: '2019-03',
  url: 'https://doi.org/10.1111/cod.13263',
};
const BERNARD_2003: PatchTestSource = {
  name: 'Bernard G et al. Contact allergy to oak moss: search for sensitizing molecules (atranol, chloroatranol). Arch Dermatol Res 2003;295(6):229-235',
  date: '2003',
  url: null,
};
const MOWITZ_2012: PatchTestSource = {
  name: 'Contact sensitization to tree moss (Evernia furfuracea extract, INCI) is heterogeneous. Contact Dermatitis 2012, doi:10.1111/j.1600-0536.2012.02064.x',
  date: '2012',
  url: 'https://doi.org/10.1111/j.1600-0536.2012.02064.x',
};
const EU_2023: PatchTestSource = {
  name: 'Regulation (EU) 2023/1545 amending Annex III of Regulation (EC) 1223/2009 (fragrance allergens named on the label)',
  date: '2023-07',
  url: 'https://eur-lex.europa.eu/eli/reg/2023/1545/oj',
};

const c = (chemical_id: string, name: string): PatchTestConstituent => ({ chemical_id, name });

const OAKMOSS = [
  c('chem-90028-68-5', 'Evernia prunastri extract'),
  c('chem-9000-50-4', 'Oakmoss absolute'),
  c('chem-526-37-4', 'Atranol'),
  c('chem-57074-21-2', 'Chloroatranol'),
];
const TREEMOSS = [
  c('chem-90028-67-4', 'Evernia furfuracea extract'),
  c('chem-68648-41-9', 'Treemoss absolute'),
  c('chem-526-37-4', 'Atranol'),
  c('chem-57074-21-2', 'Chloroatranol'),
];

const single = (id: string, constituent: PatchTestConstituent, aliases: string[] = []): PatchTestEntry => ({
  id,
  name: constituent.name,
  aliases,
  kind: 'single',
  constituents: [constituent],
  source: EU_2023,
  crossReactions: [],
});

export const PATCH_TEST_ENTRIES: readonly PatchTestEntry[] = [
  {
    id: 'fm1',
    name: 'Fragrance mix I',
    aliases: ['FM I', 'FM1', 'Fragrance mix'],
    kind: 'mix',
    constituents: [
      c('chem-122-40-7', 'Amyl cinnamal'),
      c('chem-104-55-2', 'Cinnamal'),
      c('chem-104-54-1', 'Cinnamyl alcohol'),
      c('chem-97-53-0', 'Eugenol'),
      c('chem-106-24-1', 'Geraniol'),
      c('chem-107-75-5', 'Hydroxycitronellal'),
      c('chem-97-54-1', 'Isoeugenol'),
      ...OAKMOSS.slice(0, 2),
    ],
    source: SCCS_2012,
    crossReactions: [{ entry: 'peru', source: DE_GROOT_2019 }],
  },
  {
    id: 'fm2',
    name: 'Fragrance mix II',
    aliases: ['FM II', 'FM2'],
    kind: 'mix',
    constituents: [
      c('chem-5392-40-5', 'Citral'),
      c('chem-106-22-9', 'Citronellol'),
      c('chem-91-64-5', 'Coumarin'),
      c('chem-4602-84-0', 'Farnesol'),
      c('chem-101-86-0', 'Hexyl cinnamal'),
      c('chem-31906-04-4', 'Hydroxyisohexyl 3-cyclohexene carboxaldehyde (HICC)'),
    ],
    source: SCCS_2012,
    crossReactions: [],
  },
  {
    id: 'peru',
    name: 'Myroxylon pereirae (balsam of Peru)',
    aliases: ['Balsam of Peru', 'Peru balsam', 'Myroxylon pereirae resin'],
    kind: 'natural',
    constituents: [c('chem-8007-00-9', 'Myroxylon pereirae resin')],
    source: DE_GROOT_2019,
    crossReactions: [
      { entry: 'isoeugenol', source: DE_GROOT_2019 },
      { entry: 'eugenol', source: DE_GROOT_2019 },
      { entry: 'cinnamyl-alcohol', source: DE_GROOT_2019 },
      { entry: 'fm1', source: DE_GROOT_2019 },
    ],
  },
  {
    id: 'oakmoss',
    name: 'Evernia prunastri (oakmoss)',
    aliases: ['Oakmoss', 'Oak moss'],
    kind: 'natural',
    constituents: OAKMOSS,
    source: BERNARD_2003,
    crossReactions: [{ entry: 'treemoss', source: MOWITZ_2012 }],
  },
  {
    id: 'treemoss',
    name: 'Evernia furfuracea (treemoss)',
    aliases: ['Treemoss', 'Tree moss'],
    kind: 'natural',
    constituents: TREEMOSS,
    source: MOWITZ_2012,
    crossReactions: [{ entry: 'oakmoss', source: MOWITZ_2012 }],
  },
  {
    id: 'hicc',
    name: 'HICC (Lyral)',
    aliases: ['Lyral', 'Hydroxyisohexyl 3-cyclohexene carboxaldehyde'],
    kind: 'single',
    constituents: [
      c('chem-31906-04-4', 'Hydroxyisohexyl 3-cyclohexene carboxaldehyde'),
      c('chem-51414-25-6', 'Hydroxyisohexyl 3-cyclohexene carboxaldehyde (4-isomer)'),
    ],
    source: SCCS_2012,
    crossReactions: [],
  },
  single('amyl-cinnamal', c('chem-122-40-7', 'Amyl cinnamal')),
  single('cinnamal', c('chem-104-55-2', 'Cinnamal')),
  single('cinnamyl-alcohol', c('chem-104-54-1', 'Cinnamyl alcohol')),
  single('eugenol', c('chem-97-53-0', 'Eugenol')),
  single('isoeugenol', c('chem-97-54-1', 'Isoeugenol')),
  single('geraniol', c('chem-106-24-1', 'Geraniol')),
  single('hydroxycitronellal', c('chem-107-75-5', 'Hydroxycitronellal')),
  single('citral', c('chem-5392-40-5', 'Citral')),
  single('citronellol', c('chem-106-22-9', 'Citronellol')),
  single('coumarin', c('chem-91-64-5', 'Coumarin')),
  single('farnesol', c('chem-4602-84-0', 'Farnesol')),
  single('hexyl-cinnamal', c('chem-101-86-0', 'Hexyl cinnamal')),
  single('linalool', c('chem-78-70-6', 'Linalool')),
  single('limonene', c('chem-5989-27-5', 'Limonene')),
  single('benzyl-benzoate', c('chem-120-51-4', 'Benzyl benzoate')),
  single('benzyl-salicylate', c('chem-118-58-1', 'Benzyl salicylate')),
  single('benzyl-alcohol', c('chem-100-51-6', 'Benzyl alcohol')),
  single('benzyl-cinnamate', c('chem-103-41-3', 'Benzyl cinnamate')),
];

const byId = new Map(PATCH_TEST_ENTRIES.map((e) => [e.id, e]));

export function patchTestEntry(id: string): PatchTestEntry | undefined {
  return byId.get(id);
}

/** Profile items for patch-test entries carry this prefix before the entry id. */
export const PATCH_TEST_PREFIX = 'patch:';

/**
 * The chemical ids a profile stands for: chemical ids as they are, patch-test entries
 * (`patch:<id>`) expanded to their constituents, and the opted-in cross-reactions' constituents.
 * Unknown entries expand to nothing. Sorted, without duplicates.
 */
export function expandProfile(ids: readonly string[], crossReactions: readonly string[] = []): string[] {
  const out = new Set<string>();
  const addEntry = (entryId: string) => {
    for (const k of byId.get(entryId)?.constituents ?? []) out.add(k.chemical_id);
  };
  for (const id of ids) {
    if (id.startsWith(PATCH_TEST_PREFIX)) addEntry(id.slice(PATCH_TEST_PREFIX.length));
    else out.add(id);
  }
  for (const entry of crossReactions) addEntry(entry);
  return [...out].sort();
}

/** Cross-reactions the chosen entries suggest, not already chosen (each with the entry suggesting it). */
export function suggestedCrossReactions(
  ids: readonly string[],
): { entry: PatchTestEntry; because: PatchTestEntry; source: PatchTestSource }[] {
  const chosen = new Set(
    ids.filter((id) => id.startsWith(PATCH_TEST_PREFIX)).map((id) => id.slice(PATCH_TEST_PREFIX.length)),
  );
  const out = new Map<string, { entry: PatchTestEntry; because: PatchTestEntry; source: PatchTestSource }>();
  for (const id of chosen) {
    const because = byId.get(id);
    for (const x of because?.crossReactions ?? []) {
      const entry = byId.get(x.entry);
      if (entry && !chosen.has(entry.id) && !out.has(entry.id))
        out.set(entry.id, { entry, because: because!, source: x.source });
    }
  }
  return [...out.values()];
}
