/**
 * Test fixtures for the catalogue read side: real chemicals (real CAS numbers, EU allergen flags as
 * in Regulation 2023/1545), a small notes taxonomy, regions, and a seeded generator of perfume
 * documents whose names, brands and notes overlap on purpose (accents, shared tokens, brand words
 * in names) so text ranking and filters have ties and edge cases to get right.
 */
import { cleanImportedChemical, type PerfumeState, perfumes } from '@scentinel/domain';
import type {
  CataloguePerfume,
  Chemical,
  NoteRecord,
  PerfumeDocument,
  RegionRecord,
} from './catalogue.types.ts';

export const fixtureRegions: RegionRecord[] = [
  { code: 'EU', name: 'European Union', description: 'EU Cosmetics Regulation 1223/2009' },
  { code: 'US', name: 'United States', description: 'California Proposition 65' },
  { code: 'ASIA', name: 'Asia', description: 'Asian cosmetic regulations' },
];

interface ChemicalSeed {
  id: string;
  name: string;
  cas: string | null;
  allergen: boolean;
  prohibited?: boolean;
  restricted?: boolean;
  prop65?: boolean;
  inci?: string;
  /** Other names (trade names such as `Laurine`). */
  synonyms?: string[];
}

const CHEMICAL_SEEDS: ChemicalSeed[] = [
  { id: 'chem-linalool', name: 'Linalool', cas: '78-70-6', allergen: true, inci: 'LINALOOL' },
  { id: 'chem-limonene', name: 'Limonene', cas: '5989-27-5', allergen: true, restricted: true },
  { id: 'chem-geraniol', name: 'Geraniol', cas: '106-24-1', allergen: true, restricted: true },
  { id: 'chem-citronellol', name: 'Citronellol', cas: '106-22-9', allergen: true },
  { id: 'chem-coumarin', name: 'Coumarin', cas: '91-64-5', allergen: true },
  { id: 'chem-benzyl-benzoate', name: 'Benzyl Benzoate', cas: '120-51-4', allergen: true },
  {
    id: 'chem-hydroxycitronellal',
    name: 'Hydroxycitronellal',
    cas: '107-75-5',
    allergen: true,
    restricted: true,
    synonyms: ['Laurine'],
  },
  { id: 'chem-vanillin', name: 'Vanillin', cas: '121-33-5', allergen: false },
  { id: 'chem-iso-e-super', name: 'Iso E Super', cas: '54464-57-2', allergen: false },
  { id: 'chem-hedione', name: 'Hedione', cas: '24851-98-7', allergen: false },
  { id: 'chem-galaxolide', name: 'Galaxolide', cas: '1222-05-5', allergen: false },
  { id: 'chem-ambroxan', name: 'Ambroxan', cas: '6790-58-5', allergen: false },
  { id: 'chem-musk-ketone', name: 'Musk Ketone', cas: '81-14-1', allergen: false, restricted: true },
  { id: 'chem-musk-ambrette', name: 'Musk Ambrette', cas: '83-66-9', allergen: false, prohibited: true },
  {
    id: 'chem-methyleugenol',
    name: 'Methyleugenol',
    cas: '93-15-2',
    allergen: false,
    prohibited: true,
    prop65: true,
  },
  { id: 'chem-ethyl-vanillin', name: 'Ethyl Vanillin', cas: '121-32-4', allergen: false },
  { id: 'chem-santalol', name: 'Santalol', cas: null, allergen: false },
  // Same CAS as Linalool under another id: a CAS lookup must find both.
  { id: 'chem-linalool-natural', name: 'Linalool (natural)', cas: '78-70-6', allergen: true },
];

export function makeChemical(seed: ChemicalSeed): Chemical {
  const regs: Record<string, unknown>[] = [];
  if (seed.allergen) regs.push({ region: 'EU', status: 'allergen', regulation: 'Annex III', details: null });
  if (seed.prohibited)
    regs.push({ region: 'EU', status: 'prohibited', regulation: 'Annex II', details: null });
  if (seed.restricted)
    regs.push({ region: 'EU', status: 'restricted', regulation: 'Annex III', details: null });
  if (seed.prop65) regs.push({ region: 'US', status: 'prop65_listed', regulation: 'Prop 65', details: null });
  if (seed.restricted) regs.push({ region: 'ASIA', status: 'restricted', regulation: 'ASEAN Annex III' });
  const prohibitedIn = seed.prohibited ? ['EU'] : [];
  const restrictedIn = seed.restricted ? ['EU', 'ASIA'] : [];
  return cleanImportedChemical({
    id: seed.id,
    name: seed.name,
    type: 'synthetic',
    cas_number: seed.cas,
    inci_name: seed.inci ?? null,
    synonyms: seed.synonyms ?? [],
    allergen_flag: seed.allergen,
    prohibited: seed.prohibited ?? false,
    restricted: seed.restricted ?? false,
    regulatory_status: seed.prohibited ? 'prohibited' : seed.restricted ? 'restricted' : null,
    verified: seed.allergen,
    safety_information: {
      regional_regulations: regs,
      regional_summary: {
        total_regions: new Set(regs.map((r) => r.region)).size,
        prohibited_in: prohibitedIn,
        restricted_in: restrictedIn,
        prop65_listed: seed.prop65 ?? false,
        allergen_regions: seed.allergen ? ['EU'] : [],
      },
      // A Prop 65 listing as the data build writes it: levels, and a removed endpoint kept as history.
      ...(seed.prop65
        ? {
            prop65: {
              status: 'listed',
              toxicity_types: ['cancer'],
              date_listed: '2001-11-16',
              date_delisted: null,
              safe_harbor_levels: [
                {
                  level: 'NSRL',
                  amount: 1.5,
                  unit: 'µg/day',
                  route: 'oral',
                  subject: null,
                  note: null,
                  toxicity_types: ['cancer'],
                },
              ],
              removed_endpoints: [
                { toxicity: 'female', date_listed: '2009-08-07', date_removed: '2014-03-07' },
              ],
              source: 'fixture',
              source_name: 'OEHHA Proposition 65 list (29 Dec 2023)',
              source_date: '2023-12-29',
            },
            regulatory_history: [
              {
                region: 'US',
                status: 'prop65_listed',
                regulation: 'Prop 65',
                details: 'Endpoint removed: female (listed 2009-08-07), removed 2014-03-07',
                current: false,
                until: '2014-03-07',
                change: { kind: 'prop65_endpoint_removed', toxicity: 'female', date_listed: '2009-08-07' },
              },
            ],
          }
        : {}),
    },
  });
}

export function fixtureChemicals(): Chemical[] {
  return CHEMICAL_SEEDS.map(makeChemical);
}

/** Note → chemicals the data build would infer from it (a few real constituents). */
export const NOTE_CONSTITUENTS: Record<string, string[]> = {
  Bergamot: ['chem-limonene', 'chem-linalool'],
  Lemon: ['chem-limonene'],
  Rose: ['chem-geraniol', 'chem-citronellol'],
  Jasmine: ['chem-benzyl-benzoate', 'chem-linalool-natural'],
  'Lily-of-the-Valley': ['chem-hydroxycitronellal'],
  Vanilla: ['chem-vanillin', 'chem-ethyl-vanillin'],
  'Tonka Bean': ['chem-coumarin'],
  Sandalwood: ['chem-santalol'],
  Musk: ['chem-galaxolide', 'chem-musk-ketone'],
  Ambergris: ['chem-ambroxan'],
  Cedar: ['chem-iso-e-super'],
  Tuberose: ['chem-unknown-tuberose-absolute'],
};

const NOTES = [
  ...Object.keys(NOTE_CONSTITUENTS),
  'Oud',
  'Woody Notes',
  'Iris',
  'Patchouli',
  'Lily of the valley',
];

export const fixtureNotes: NoteRecord[] = [
  { id: 'note-bergamot', name: 'Bergamot', category: 'top', description: 'Citrus peel oil' },
  { id: 'note-rose', name: 'Rose', category: 'middle', description: null },
  { id: 'note-lily', name: 'Lily-of-the-Valley', category: 'middle', description: null },
  { id: 'note-vanilla', name: 'Vanilla', category: 'base', description: null },
  { id: 'note-oud', name: 'Oud', category: 'base', description: null },
  { id: 'note-orris', name: 'Orris', category: 'middle', description: 'Not used by any fixture perfume' },
];

const NAME_WORDS = [
  'Eau',
  "L'Eau",
  'Éclat',
  'Nuit',
  'Noir',
  'Rose',
  'Rosé',
  'Bleu',
  'No 5',
  'Oud',
  'Ambre',
  'Santal',
  'Intense',
  'Homme',
  'Femme',
  'Sauvage',
  'La',
  'Vie',
  'Belle',
  'Über',
  'Chanel',
  'Eau de Rose',
];

const BRANDS = [
  'Chanel',
  'Hermès',
  'HERMES',
  'Lancôme',
  'Dior',
  'Maison Francis Kurkdjian',
  'Le Labo',
  'Eau d’Italie',
  'Rosendo Mateu',
  'Byredo',
];

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function some<T>(rand: () => number, list: readonly T[], max: number): T[] {
  const n = Math.floor(rand() * (max + 1));
  const out = new Set<T>();
  for (let i = 0; i < n; i++) out.add(pick(rand, list));
  return [...out];
}

export function makePerfume(
  over: Partial<CataloguePerfume> & { id: string; name: string; brand: string },
): CataloguePerfume {
  return {
    year_released: null,
    gender: null,
    perfumer: null,
    concentration: null,
    description: null,
    image_url: null,
    accords: [],
    notes: { top: [], middle: [], base: [], unspecified: [] },
    chemicals: [],
    field_sources: {},
    sources: [],
    ...over,
  };
}

/** Inferred links for a perfume's notes, as the data build makes them. */
export function inferLinks(notes: CataloguePerfume['notes']): CataloguePerfume['chemicals'] {
  const links: CataloguePerfume['chemicals'] = [];
  for (const note of [...notes.top, ...notes.middle, ...notes.base, ...notes.unspecified]) {
    for (const chemical_id of NOTE_CONSTITUENTS[note] ?? []) {
      const seed = CHEMICAL_SEEDS.find((c) => c.id === chemical_id);
      links.push({ chemical_id, name: seed?.name ?? chemical_id, source: 'inferred', from_note: note });
    }
  }
  return links;
}

export function catalogued(perfume: CataloguePerfume): PerfumeDocument {
  return { perfume, notesAssigned: false, declared: [], removedChemicalIds: [] };
}

const ALLERGEN_IDS = CHEMICAL_SEEDS.filter((c) => c.allergen).map((c) => c.id);

/** A retail label list as the data build records it (a list of "Alcohol, Parfum" unless told). */
export function retailLabel(
  over: Partial<NonNullable<CataloguePerfume['label']>> = {},
): NonNullable<CataloguePerfume['label']> {
  return {
    source: 'labels',
    source_name: 'Retail labels',
    source_date: '2023-03',
    product_ids: ['P1'],
    ingredients: ['Alcohol', 'Parfum'],
    chemicals: [],
    ...over,
  };
}

/**
 * Gives most generated perfumes what the data build gives real ones (its own random stream, so the
 * rest of the catalogue stays as it was): note coverage with some notes unknown, and either a
 * declared label list (its chemicals replace the inferred ones, unless it names no fragrance
 * material) or likely / possible allergen estimates. A few keep none of these, like records built before them.
 */
function withSafetyFields(
  perfume: CataloguePerfume,
  rand: () => number,
  chemicalIds: readonly string[],
): void {
  if (rand() < 0.3) return;
  const n = perfume.notes;
  const specific = [...new Set([...n.top, ...n.middle, ...n.base, ...n.unspecified])];
  const unknown = rand() < 0.5 ? [] : specific.filter(() => rand() < 0.4);
  perfume.coverage = {
    specific_notes: specific.length,
    resolved_notes: specific.length - unknown.length,
    unknown_notes: unknown,
  };
  if (rand() < 0.15) {
    perfume.label = retailLabel({
      chemicals: some(rand, chemicalIds, 4).map((chemical_id) => ({ chemical_id, name: chemical_id })),
    });
    // About a quarter of the lists say only "Fragrance" (chosen by the id, so the random stream and
    // the rest of the catalogue stay as they were): the perfume keeps its inferred links and gets
    // estimates, as the data build gives it.
    if (perfume.id.length % 4 === 0) {
      perfume.label.names_fragrance = false;
      perfume.label.chemicals = perfume.label.chemicals.filter((c) => !ALLERGEN_IDS.includes(c.chemical_id));
      perfume.allergen_estimates = ALLERGEN_IDS.slice(0, perfume.id.length % 3).map((chemical_id) => ({
        chemical_id,
        basis: 'likely' as const,
        probability: 0.7,
      }));
      return;
    }
    perfume.chemicals = [];
    perfume.allergen_estimates = [];
    return;
  }
  perfume.allergen_estimates = some(rand, ALLERGEN_IDS, 3).map((chemical_id) => ({
    chemical_id,
    basis: rand() < 0.5 ? ('likely' as const) : ('possible' as const),
    probability: 0.3,
  }));
}

/** `count` random perfumes; about a tenth carry declared links or removals applied through the domain's evolve. */
export function generateCatalogue(seed: number, count: number): PerfumeDocument[] {
  const rand = prng(seed);
  const chemicalIds = CHEMICAL_SEEDS.map((c) => c.id);
  const docs: PerfumeDocument[] = [];
  for (let i = 0; i < count; i++) {
    const words = some(rand, NAME_WORDS, 3);
    const name = words.length > 0 ? words.join(' ') : pick(rand, NAME_WORDS);
    const notes = {
      top: some(rand, NOTES, 2),
      middle: some(rand, NOTES, 2),
      base: some(rand, NOTES, 2),
      unspecified: rand() < 0.3 ? some(rand, NOTES, 3) : [],
    };
    const perfume = makePerfume({
      id: `p-${seed}-${i}`,
      name,
      brand: pick(rand, BRANDS),
      year_released: rand() < 0.7 ? 1950 + Math.floor(rand() * 75) : null,
      gender: pick(rand, ['masculine', 'feminine', 'unisex', null] as const),
      perfumer: rand() < 0.4 ? pick(rand, ['Jacques Polge', 'Olivier Polge', 'Francis Kurkdjian']) : null,
      concentration: rand() < 0.5 ? pick(rand, ['Eau de Parfum', 'Eau de Toilette', 'Parfum']) : null,
      description: rand() < 0.1 ? `A perfume called ${name}.` : null,
      image_url: rand() < 0.8 ? `https://fimgs.net/mdimg/perfume/375x500.${1000 + i}.jpg` : null,
      accords: some(rand, ['woody', 'floral', 'citrus', 'amber', 'fresh spicy'], 3),
      notes,
      chemicals: rand() < 0.85 ? inferLinks(notes) : [],
      field_sources: rand() < 0.5 ? { name: 'parfumo', notes: 'fragrantica' } : { name: 'fragrantica' },
      sources: rand() < 0.5 ? ['parfumo'] : ['fragrantica', 'parfumo'],
    });
    withSafetyFields(perfume, prng(seed * 7919 + i), chemicalIds);
    let state: PerfumeState = perfumes.evolve(perfumes.initialState, {
      type: 'PerfumeCatalogued',
      data: { perfume },
    });
    if (rand() < 0.12) {
      state = perfumes.evolve(state, {
        type: 'PerfumeChemicalsAssigned',
        data: {
          perfume_id: perfume.id,
          assignment_type: pick(rand, ['add', 'remove', 'replace'] as const),
          chemicals: some(rand, chemicalIds, 3).map((chemical_id) => ({
            chemical_id,
            name: chemical_id,
            concentration_min: rand() < 0.5 ? 0.1 : null,
            concentration_max: rand() < 0.5 ? 2.5 : null,
          })),
          source: pick(rand, ['admin', 'contribution', 'scan'] as const),
          link_kind: 'declared',
          source_id: null,
        },
      });
    }
    if (state.status !== 'catalogued') throw new Error('unreachable');
    const { status: _status, ...doc } = state;
    docs.push(doc);
  }
  return docs;
}

/** Words, brands, notes and chemical references random queries draw from (including misses). */
export const QUERY_VOCABULARY = {
  words: [
    ...NAME_WORDS,
    'e',
    'ea',
    'l',
    'no',
    'ros',
    'eclat',
    'ECLAT',
    'uber',
    'chan',
    'herm',
    'maison',
    'labo',
    'italie',
    'zzz',
    "l'",
    '5',
  ],
  brands: [...BRANDS, 'hermes', 'LANCOME', 'Unknown Brand'],
  notes: [...NOTES, 'note-bergamot', 'note-rose', 'note-lily', 'note-orris', 'lily of the valley', 'Nope'],
  chemicals: [
    ...CHEMICAL_SEEDS.map((c) => c.id),
    'Linalool',
    'linalool',
    'LIMONENE',
    '78-70-6',
    '0078-70-6',
    '121-33-5',
    '50-00-0',
    'chem-unknown-tuberose-absolute',
    'Not A Chemical',
  ],
  cas: ['78-70-6', '91-64-5', '121-33-5', '50-00-0', '106-24-1'],
};
