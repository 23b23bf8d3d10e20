import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allergenLabelNames, isValidCas } from '../../services/domain/src/catalogue/index.ts';
import { toChemicalRecord } from '../../services/worker/src/scans/chemical-database.ts';
import { ChemicalMatcher } from '../../services/worker/src/scans/chemical-matcher.ts';
import { Accumulator, NAME_RANK, nameKey, nameParts, stereoFreeKey } from './chemical-accumulator.ts';
import { labellingEntries } from './chemical-assemble.ts';
import {
  buildChemicals,
  CHEMICAL_SOURCES,
  type Chemical,
  inciCapitals,
  isPolymerName,
  potencyFromEc3,
  qualityStems,
  riskLevel,
} from './chemicals.ts';
import { FIXTURE_TEXTS } from './fixtures/source-texts.fixture.ts';
import { readText } from './io.ts';
import { parseEuAllergens } from './sources/allergens.ts';
import { parseCosingInventory } from './sources/cosing-inventory.ts';
import {
  type AnnexEntry,
  isAllergenLabelling,
  parseCosingAnnex,
  parseEchaAnnex,
} from './sources/eu-annexes.ts';
import { parseIarc } from './sources/iarc.ts';
import { parseIfraAmendment, parseIfraStandards, parseIfraTransparency } from './sources/ifra.ts';
import { parseNaturals, parseUserMaterials } from './sources/naturals.ts';
import { parseGoodScents, parseIfraGlossary } from './sources/odour.ts';
import { parseProp65 } from './sources/prop65.ts';
import { parseSccs } from './sources/sccs.ts';

function fixtureChemicals() {
  const t = FIXTURE_TEXTS;
  return buildChemicals(
    {
      annexII: parseCosingAnnex(t.annexII, 'II', CHEMICAL_SOURCES.annexII.file),
      annexIII: parseCosingAnnex(t.annexIII, 'III', CHEMICAL_SOURCES.annexIII.file),
      echaII: parseEchaAnnex(t.echaII, 'II', CHEMICAL_SOURCES.echaII.file),
      echaIII: parseEchaAnnex(t.echaIII, 'III', CHEMICAL_SOURCES.echaIII.file),
      euAllergens: parseEuAllergens(t.euAllergens),
      ifraTransparency: parseIfraTransparency(t.ifraTransparency),
      ifraStandards: parseIfraStandards(t.ifraStandards),
      ifraAmendment: parseIfraAmendment(t.ifraAmendment),
      prop65: parseProp65(t.prop65),
      prop65List: parseProp65(t.prop65List),
      iarc: parseIarc(t.iarc),
      cosing: parseCosingInventory(t.cosing),
      sccs: parseSccs(t.sccs),
      naturals: parseNaturals(t.naturals),
      userMaterials: parseUserMaterials(t.userMaterials),
      ifraGlossary: parseIfraGlossary(t.ifraGlossary),
      goodScents: parseGoodScents(t.goodScentsStimuli, t.goodScentsMolecules, t.goodScentsBehavior),
    },
    [{ cas: '140-11-4', name: 'Benzyl acetate' }],
  );
}

describe('labellingEntries', () => {
  const farnesol = {
    annex: 'III',
    ref: '82',
    name: '2,6,10-Dodecatrien-1-ol, 3,7,11-trimethyl-',
    inciName: 'Farnesol',
    other: 'The presence of the substance must be indicated in the list of ingredients',
  } as unknown as AnnexEntry;
  const byCas = new Map([['4602-84-0', [farnesol]]]);

  it("gives a CAS number the entry of an IFRA standard named as the entry that lists it with the entry's", () => {
    const isomer = new Accumulator('chem-106-28-5', '106-28-5');
    isomer.standardSiblings.push({ name: 'Farnesol', cas: ['4602-84-0', '3790-71-4'] });
    expect(labellingEntries(isomer, [], byCas)).toEqual({ own: [], sibling: [farnesol] });
    // A standard of another name (a mix of isomers, not all of them the allergen) says nothing.
    const other = new Accumulator('chem-127-42-4', '127-42-4');
    other.standardSiblings.push({ name: 'Methyl ionone, mixed isomers', cas: ['4602-84-0'] });
    expect(labellingEntries(other, [], byCas)).toEqual({ own: [], sibling: [] });
  });

  it("matches the standard's name to the entry's INCI or chemical name, in the singular or the plural", () => {
    const oakmoss = {
      annex: 'III',
      ref: '91',
      name: 'Oak moss extract',
      inciName: 'EVERNIA PRUNASTRI EXTRACT',
      other: 'The presence of the substance must be indicated in the list of ingredients',
    } as unknown as AnnexEntry;
    const absolute = new Accumulator('chem-9000-50-4', '9000-50-4');
    absolute.standardSiblings.push({ name: 'Oakmoss extracts', cas: ['90028-68-5', '68917-10-2'] });
    expect(labellingEntries(absolute, [], new Map([['90028-68-5', [oakmoss]]]))).toEqual({
      own: [],
      sibling: [oakmoss],
    });
  });
});

describe('isPolymerName', () => {
  it('reads the polymer in CAS index, trade and INCI names, not in names that only begin with poly', () => {
    expect(isPolymerName('Cyclohexene, 1-methyl-4-(1-methylethenyl)-, homopolymer')).toBe(true);
    expect(isPolymerName('2-Propenoic acid, polymer with 2-propenamide, sodium salt')).toBe(true);
    expect(isPolymerName('Poly(oxy-1,2-ethanediyl), α-decyl-ω-hydroxy-')).toBe(true);
    expect(isPolymerName('ETHYLENE/VA COPOLYMER')).toBe(true);
    expect(isPolymerName('PPG-11 STEARYL ETHER')).toBe(true);
    expect(isPolymerName('LAURETH-10')).toBe(true);
    expect(isPolymerName('Polysantol')).toBe(false);
    expect(isPolymerName('Polygonum aviculare')).toBe(false);
    expect(isPolymerName('Limonene')).toBe(false);
    expect(isPolymerName('p-Menth-1-en-8-ol')).toBe(false);
  });
});

describe('labellingEntries: stereoisomers of a substance an entry lists', () => {
  const entry = (ref: string, inciName: string) =>
    ({
      annex: 'III',
      file: 'annex-iii',
      ref,
      name: inciName,
      inciName,
      other: 'The presence of the substance must be indicated in the list of ingredients',
    }) as unknown as AnnexEntry;
  const benzylCinnamate = entry('81', 'Benzyl cinnamate');
  const roseKetones = entry('157', 'Rose Ketones');
  const named = (...names: string[]) => {
    const acc = new Accumulator(`chem-${names[0]}`, null);
    for (const n of names) acc.addName(n, NAME_RANK.goodScents!);
    return acc;
  };
  const byName = new Map([
    [stereoFreeKey('Benzyl cinnamate'), [{ entry: benzylCinnamate, stated: false }]],
    [stereoFreeKey('trans-beta-Damascone'), [{ entry: roseKetones, stated: true }]],
  ]);

  it('gives the entry to a substance whose own CosIng INCI name the entry’s INCI cell lists', () => {
    const lemongrass = {
      ...entry('354', 'Cymbopogon Schoenanthus Oil; Cymbopogon Flexuosus Oil; Cymbopogon Citratus Leaf Oil'),
    } as AnnexEntry;
    const byInci = new Map([[nameKey('Cymbopogon Citratus Leaf Oil'), [lemongrass]]]);
    const citratus = new Accumulator('chem-89998-14-1', '89998-14-1');
    citratus.inci.push({ name: 'CYMBOPOGON CITRATUS LEAF OIL', rank: 1 });
    expect(labellingEntries(citratus, [], new Map(), new Map(), byInci)).toEqual({
      own: [],
      sibling: [lemongrass],
      byName: true,
    });
    // An INCI name the annex gives (rank 2), not CosIng, decides nothing.
    const annexOnly = new Accumulator('chem-1-11-1', '1-11-1');
    annexOnly.inci.push({ name: 'CYMBOPOGON CITRATUS LEAF OIL', rank: 2 });
    expect(labellingEntries(annexOnly, [], new Map(), new Map(), byInci).sibling).toEqual([]);
  });

  it('gives the entry to an isomer its name singles out, and to the unstated form of isomers it lists', () => {
    expect(labellingEntries(named('Benzyl trans-cinnamate'), [], new Map(), byName).sibling).toEqual([
      benzylCinnamate,
    ]);
    // The rose ketones entry lists cis- and trans-beta-damascone: beta-damascone is one or the other.
    expect(labellingEntries(named('beta-Damascone'), [], new Map(), byName).sibling).toEqual([roseKetones]);
    // Names a group standard lists under the substance's CAS number alone count too: IFRA's
    // `cis-Damascenone` under 59739-63-8.
    const cis = new Accumulator('chem-59739-63-8', '59739-63-8');
    cis.sectionNames.push('cis-Damascenone');
    const damascenone = new Map([[stereoFreeKey('Damascenone'), [{ entry: roseKetones, stated: false }]]]);
    expect(labellingEntries(cis, [], new Map(), damascenone).sibling).toEqual([roseKetones]);
  });

  it('needs a stereodescriptor on one side, one entry only, and yields to the CAS-based rules', () => {
    const plain = new Map([[stereoFreeKey('Benzyl cinnamate'), [{ entry: benzylCinnamate, stated: false }]]]);
    expect(labellingEntries(named('Benzyl cinnamate'), [], new Map(), plain).sibling).toEqual([]);
    const twoEntries = new Map([
      [
        stereoFreeKey('Benzyl cinnamate'),
        [
          { entry: benzylCinnamate, stated: false },
          { entry: roseKetones, stated: false },
        ],
      ],
    ]);
    expect(labellingEntries(named('Benzyl trans-cinnamate'), [], new Map(), twoEntries).sibling).toEqual([]);
    const listed = named('Benzyl trans-cinnamate');
    listed.allergenSiblings.add('5392-40-5');
    const citral = entry('70', 'Citral');
    expect(labellingEntries(listed, [], new Map([['5392-40-5', [citral]]]), byName).sibling).toEqual([
      citral,
    ]);
  });
});

describe('buildChemicals (fixture)', () => {
  const { chemicals, rejectedCas } = fixtureChemicals();
  const byCas = new Map(chemicals.map((c) => [c.cas_number, c]));

  it("gives a polymer no name of Good Scents' compound, its monomer", () => {
    const polymer = byCas.get('9003-73-0')!;
    expect(polymer.name).toBe('Polydipentene');
    expect(polymer.synonyms.map((s) => s.toLowerCase())).not.toContain('limonene');
    // What Good Scents says of the material's odour is still the polymer's.
    expect(polymer.odour).toEqual(['resinous', 'petroleum', 'terpenic']);
  });

  it("names a material the way its CosIng INCI name's plant part agrees with", () => {
    // IFRA gives 8008-52-4 to coriander herb oil, oleoresin and seed oil; CosIng's INCI name is the
    // fruit (the seed) oil.
    const coriander = byCas.get('8008-52-4')!;
    expect(coriander.name).toBe('Coriander seed oil');
    expect(coriander.synonyms).toContain('Coriander herb oil');
  });

  it("labels a stereoisomer an entry covers by name as the entry prescribes, under the entry's list", () => {
    // Entry 371 (Pinene) lists alpha-pinene 80-56-8 and (+)-alpha-pinene, not l-alpha-pinene.
    const l = byCas.get('7785-26-4')!;
    expect(l.name).toBe('l-alpha-Pinene');
    expect(l.allergen_flag).toBe(true);
    expect(l.inci_name).toBe('PINENE');
    expect(l.safety_information.eu_allergen).toMatchObject({
      entry: '371',
      list: 'eu_2023_1545',
      listed: false,
    });
    // The entry restricts it as it restricts what it lists: its conditions are this isomer's too.
    expect(l).toMatchObject({ restricted: true, regulatory_status: 'restricted' });
    expect(l.restrictions).toMatch(/^EU Annex III entry 371: /);
    expect(
      l.safety_information.regional_regulations.filter((r) => r.region === 'EU').map((r) => r.status),
    ).toEqual(['restricted', 'allergen']);
  });

  it('keeps fragrance-relevant substances only', () => {
    expect(byCas.has('59-05-2')).toBe(false); // methotrexate: Annex II, not fragrance-relevant
    expect(byCas.has('75-07-0')).toBe(true); // acetaldehyde: Prop 65, CosIng Perfuming
    expect(byCas.has('526-37-4')).toBe(true); // atranol: Annex II via (EU) 2017/1410
    expect(byCas.has('140-11-4')).toBe(true); // required by the curated table
    expect(chemicals.map((c) => c.id)).toEqual([...chemicals.map((c) => c.id)].sort());
  });

  it("leaves out a name of another isomer than the one shown, but never CosIng's INCI name", () => {
    // The supplier lists d-linalool as "L-LINALOOL"; CosIng's L-ALLO-OCIMENOL is d-linalool's INCI
    // name, its L being Fischer's configuration.
    const synonyms = byCas.get('126-90-9')!.synonyms.map((s) => s.toLowerCase());
    expect(byCas.get('126-90-9')!.name).toBe('d-Linalool');
    expect(synonyms).not.toContain('l-linalool');
    expect(synonyms).toContain('l-allo-ocimenol');
  });

  it('rejects bad CAS numbers and reports them', () => {
    expect(byCas.has('78-70-5')).toBe(false);
    expect(byCas.has('78-70-7')).toBe(false);
    expect(rejectedCas.map((r) => r.value).sort()).toEqual(['2237083', '78-70-5', '78-70-7']);
    expect(chemicals.every((c) => c.cas_number === null || isValidCas(c.cas_number))).toBe(true);
    expect(byCas.get('9000-01-5')?.name).toBe('Acacia gum'); // zero-padded check digit normalised
  });

  it('sets the flags from the lists', () => {
    const linalool = byCas.get('78-70-6')!;
    expect(linalool).toMatchObject({
      allergen_flag: true,
      restricted: true,
      prohibited: false,
      regulatory_status: 'restricted',
      verified: true,
    });
    expect(linalool.restrictions).toContain('0.001% in leave-on products');
    expect(linalool.inci_name).toBe('LINALOOL');
    expect(linalool.odour).toEqual(['floral', 'fresh', 'lavender']);
    expect(byCas.get('126-90-9')?.allergen_flag).toBe(true); // from the DB_EU_Allergens CAS list
    // ... and so labelled by the linalool entry's name.
    expect(byCas.get('126-90-9')?.inci_name).toBe('LINALOOL');
    const hicc = byCas.get('31906-04-4')!;
    // HICC moved from the labelling list (Annex III) to Annex II: prohibited, no longer a current
    // labelling entry; the former listing is history, dated by Regulation (EU) 2017/1410.
    expect(hicc).toMatchObject({ prohibited: true, regulatory_status: 'prohibited', allergen_flag: false });
    expect(hicc.safety_information.eu_allergen).toBeNull();
    expect(hicc.safety_information.regulatory_history).toEqual([
      expect.objectContaining({ region: 'EU', status: 'allergen', current: false, until: '2021-08-23' }),
    ]);
    expect(hicc.safety_information.sccs_data).toMatchObject({
      risk_level: 'BANNED',
      classification: 'banned_substance',
    });
    expect(byCas.get('116-66-5')?.prohibited).toBe(true); // only in the ECHA export
    expect(byCas.get('116-66-5')?.safety_information.regional_regulations[0]?.source).toBe(
      CHEMICAL_SOURCES.echaII.file,
    );
    expect(byCas.has('57074-21-2')).toBe(false); // ECHA-only Annex II entry with no fragrance link
    const methylEugenol = byCas.get('93-15-2')!;
    expect(methylEugenol).toMatchObject({ restricted: true, prohibited: false, allergen_flag: false });
    expect(methylEugenol.safety_information.prop65).toMatchObject({
      toxicity_types: ['cancer'],
      date_listed: '2001-11-16',
    });
    expect(methylEugenol.safety_information.iarc?.group).toBe('2A');
    expect(methylEugenol.safety_information.ifra).toMatchObject({ standard_type: 'R', amendment: '51' });
    expect(methylEugenol.synonyms).toContain('Eugenyl methyl ether');
    expect(methylEugenol.synonyms.some((s) => s.includes('93-15-2'))).toBe(false);
    const safrole = byCas.get('94-59-7')!;
    expect(safrole.safety_information.regional_summary).toEqual({
      total_regions: 2,
      prohibited_in: ['EU'],
      restricted_in: [],
      prop65_listed: true,
      allergen_regions: [],
    });
    expect(byCas.get('60-12-8')).toMatchObject({
      verified: false,
      allergen_flag: false,
      regulatory_status: null,
    });
  });

  it('names and types substances', () => {
    expect(byCas.get('90028-68-5')).toMatchObject({
      name: 'Evernia Prunastri Extract',
      type: 'essential_oil',
    });
    expect(byCas.get('8000-28-0')).toMatchObject({ name: 'Lavender oil', type: 'essential_oil' });
    expect(byCas.get('91-64-5')?.type).toBe('aromatic_compound');
    expect(byCas.get('78-70-6')?.type).toBe('synthetic');
    expect(chemicals.find((c) => c.id === 'chem-rose-flower-oil-rosa-spp')).toMatchObject({
      cas_number: null,
      type: 'essential_oil',
    });
    // A genus's species are plants, not a synthetic.
    expect(chemicals.find((c) => c.id === 'chem-narcissus-spp')).toMatchObject({
      cas_number: null,
      type: 'natural',
    });
  });

  it('gives an SCCS substance without a CAS number to the one substance that has its name', () => {
    // VERBENA ABSOLUTE's CAS cell is broken ("2237083"): it is 8024-12-2, not a record of its own.
    expect(byCas.get('8024-12-2')?.safety_information.sccs_data).toMatchObject({
      sccs_category: 'Established contact allergens in humans',
    });
    expect(chemicals.some((c) => c.id === 'chem-verbena-absolute')).toBe(false);
  });

  it('maps SCCS data without inventing figures', () => {
    const isoeugenol = byCas.get('97-54-1')!.safety_information.sccs_data!;
    expect(isoeugenol).toMatchObject({
      ec3_value: 0.18,
      sensitization_potency: 'strong',
      risk_level: 'HIGH_RISK',
      classification: 'established_allergen',
      human_evidence: '+++',
      patch_test_prevalence: null,
      safe_concentration_ppm: null,
    });
    expect(byCas.get('91-64-5')!.safety_information.sccs_data).toMatchObject({
      risk_level: 'LOW_RISK',
      classification: 'other',
    });
    expect(byCas.get('120-51-4')!.safety_information.sccs_data).toBeNull();
  });
});

describe('SCCS mapping', () => {
  it('bands EC3 values', () => {
    expect(potencyFromEc3(0.05)).toBe('extreme');
    expect(potencyFromEc3(0.18)).toBe('strong');
    expect(potencyFromEc3(2.2)).toBe('moderate');
    expect(potencyFromEc3(23.6)).toBe('other');
    expect(potencyFromEc3(null)).toBeNull();
  });

  it('derives the risk level', () => {
    const entry = { category: 'established_in_humans' } as Parameters<typeof riskLevel>[2];
    expect(riskLevel(true, 'other', entry)).toBe('BANNED');
    expect(riskLevel(false, 'strong', entry)).toBe('HIGH_RISK');
    expect(riskLevel(false, null, entry)).toBe('MODERATE_RISK');
    expect(riskLevel(false, null, { category: 'possible' } as typeof entry)).toBe('LOW_RISK');
  });
});

// ---- The committed database, checked against the raw source files ---------------------------------

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const committed = JSON.parse(
  readFileSync(join(repoRoot, 'data/chemicals/chemicals.json'), 'utf8'),
) as Chemical[];
const sharedDir = resolve(process.env.SHARED_DATA_DIR ?? join(repoRoot, '..', 'shared', 'data'));
const haveShared = existsSync(join(sharedDir, 'regulatory'));

const raw = haveShared
  ? (() => {
      const annexII = parseCosingAnnex(
        readText(join(sharedDir, CHEMICAL_SOURCES.annexII.file)),
        'II',
        CHEMICAL_SOURCES.annexII.file,
      );
      const annexIII = parseCosingAnnex(
        readText(join(sharedDir, CHEMICAL_SOURCES.annexIII.file)),
        'III',
        CHEMICAL_SOURCES.annexIII.file,
      );
      const echaIII = parseEchaAnnex(
        readText(join(sharedDir, CHEMICAL_SOURCES.echaIII.file)),
        'III',
        CHEMICAL_SOURCES.echaIII.file,
      );
      const allergens = parseEuAllergens(readText(join(sharedDir, CHEMICAL_SOURCES.euAllergens.file)));
      const prop65 = parseProp65(readText(join(sharedDir, CHEMICAL_SOURCES.prop65.file), 'latin1'));
      const standards = parseIfraAmendment(readText(join(sharedDir, CHEMICAL_SOURCES.ifraAmendment.file)));
      const has = (entries: ReadonlyArray<{ ids: { cas: string[] } }>, cas: string) =>
        entries.some((e) => e.ids.cas.includes(cas));
      const labelling = [...annexIII, ...echaIII].filter(isAllergenLabelling);
      const letters = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
      // An IFRA standard named as a labelling entry, listing the entry's CAS beside this one.
      const inNamedStandard = (cas: string) =>
        standards.some(
          (s) =>
            s.ids.cas.includes(cas) &&
            labelling.some(
              (e) =>
                letters(e.inciName ?? e.name) === letters(s.name) &&
                e.ids.cas.some((c) => s.ids.cas.includes(c)),
            ),
        );
      const allergen = (cas: string) => has(labelling, cas) || has(allergens, cas) || inNamedStandard(cas);
      return {
        prohibited: (cas: string) => has(annexII, cas),
        // A labelling entry restricts what it covers as well as what it lists.
        restricted: (cas: string) => has(annexIII, cas) || (!has(annexII, cas) && allergen(cas)),
        allergen,
        prop65: (cas: string) => has(prop65, cas),
      };
    })()
  : null;

const WELL_KNOWN: Array<{
  cas: string;
  name: RegExp;
  allergen?: true;
  prohibited?: true;
  restricted?: true;
  prop65?: true;
}> = [
  { cas: '78-70-6', name: /linalool/i, allergen: true },
  { cas: '5989-27-5', name: /limonene/i, allergen: true },
  { cas: '91-64-5', name: /coumarin/i, allergen: true },
  { cas: '97-53-0', name: /eugenol/i, allergen: true },
  { cas: '97-54-1', name: /isoeugenol/i, allergen: true, restricted: true },
  { cas: '107-75-5', name: /hydroxycitronellal/i, allergen: true },
  { cas: '31906-04-4', name: /^Hydroxyisohexyl 3-cyclohexene carboxaldehyde$/i, prohibited: true },
  { cas: '80-54-6', name: /^Butylphenyl methylpropional$/i, prohibited: true },
  { cas: '101-86-0', name: /^Hexyl cinnamal$/i, allergen: true },
  { cas: '526-37-4', name: /atranol/i, prohibited: true },
  { cas: '57074-21-2', name: /chloroatranol/i, prohibited: true },
  { cas: '83-66-9', name: /musk ambrette/i, prohibited: true },
  { cas: '93-15-2', name: /methyl ?eugenol/i, restricted: true, prop65: true },
  { cas: '94-59-7', name: /safrole/i, prohibited: true, prop65: true },
  { cas: '120-51-4', name: /benzyl benzoate/i, allergen: true },
  { cas: '104-55-2', name: /^Cinnamal$/i, allergen: true },
  { cas: '105-13-5', name: /^Anise alcohol$/i, allergen: true },
  // d-linalool: CosIng's INCI name for it (L-ALLO-OCIMENOL) is no name other sources use.
  { cas: '126-90-9', name: /^d-Linalool$/, allergen: true },
  // trans,trans-farnesol: IFRA's Farnesol standard lists it beside the labelling entry's CAS.
  { cas: '106-28-5', name: /farnesol/i, allergen: true },
  { cas: '90028-68-5', name: /evernia prunastri|oak ?moss/i, allergen: true },
];

describe('data/chemicals/chemicals.json', () => {
  const byCas = new Map(committed.map((c) => [c.cas_number, c]));

  it('is sorted by id with unique ids and valid CAS numbers', () => {
    const ids = committed.map((c) => c.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      committed.every(
        (c) => c.cas_number === null || (isValidCas(c.cas_number) && c.id === `chem-${c.cas_number}`),
      ),
    ).toBe(true);
    expect(committed.length).toBeGreaterThan(2000);
  });

  it.each(WELL_KNOWN)('$cas has the flags its sources support', (w) => {
    const c = byCas.get(w.cas);
    expect(c, `${w.cas} missing`).toBeDefined();
    expect(c!.name).toMatch(w.name);
    if (w.allergen) expect(c!.allergen_flag).toBe(true);
    if (w.prohibited) expect(c!.prohibited).toBe(true);
    if (w.restricted) expect(c!.restricted).toBe(true);
    if (w.prop65) expect(c!.safety_information.prop65).not.toBeNull();
    expect(c!.safety_information.is_allergen).toBe(c!.allergen_flag);
    expect(c!.regulatory_status).toBe(c!.prohibited ? 'prohibited' : c!.restricted ? 'restricted' : null);
    expect(c!.verified).toBe(true);
    if (raw) {
      // A substance moved to Annex II is no longer on the current labelling list (its old
      // labelling entry is history), so the raw files decide the allergen flag only outside it.
      if (!raw.prohibited(w.cas)) expect(c!.allergen_flag).toBe(raw.allergen(w.cas));
      expect(c!.prohibited).toBe(raw.prohibited(w.cas));
      expect(c!.restricted).toBe(raw.restricted(w.cas));
      expect(c!.safety_information.prop65 !== null).toBe(raw.prop65(w.cas));
    }
  });

  it('lists names as synonyms, one per entry, without regulatory scope', () => {
    for (const c of committed) {
      for (const s of c.synonyms) {
        expect(nameParts(s), c.id).toEqual([s]);
        expect(s, c.id).not.toMatch(/when used\b|, except\b/i);
      }
    }
  });

  it('labels the stereoisomers an entry names without their CAS numbers, by the entry', () => {
    const entryOf = (cas: string) => byCas.get(cas)!.safety_information.eu_allergen?.entry;
    expect(entryOf('78277-23-3')).toBe('81'); // benzyl trans-cinnamate: benzyl cinnamate
    expect(byCas.get('78277-23-3')!.inci_name).toBe('BENZYL CINNAMATE');
    expect(entryOf('7785-26-4')).toBe('371'); // l-alpha-pinene: pinene
    expect(byCas.get('7785-26-4')!.inci_name).toBe('PINENE');
    expect(entryOf('7785-53-7')).toBe('343'); // d-alpha-terpineol: terpineol
    expect(entryOf('35044-68-9')).toBe('157'); // beta-damascone: the cis and trans rose ketones 2
    // Another constitution is another substance: gamma-damascone is on no labelling entry.
    expect(byCas.get('35087-49-1')?.allergen_flag ?? false).toBe(false);
    // IFRA's oakmoss and treemoss extracts standards name the oak moss and treemoss extract entries.
    for (const cas of ['68917-10-2', '9000-50-4', '68648-41-9', '68917-40-8'])
      expect(byCas.get(cas)!.safety_information.eu_allergen, cas).toMatchObject({
        list: 'classic_26',
        listed: false,
      });
    // (E)- and (Z)-beta-damascenone: the rose ketones entry lists damascenone, E and Z unstated.
    for (const cas of ['23726-93-4', '59739-63-8'])
      expect(byCas.get(cas)!.safety_information.eu_allergen, cas).toMatchObject({
        entry: '157',
        listed: false,
      });
    // The sweet and bitter orange peel oil entry's INCI cell names `Citrus Sinensis Peel Oil`: a
    // sweet orange record's name, never bitter orange's.
    expect(byCas.get('97766-30-8')!.synonyms).toContain('Citrus Sinensis Peel Oil');
    expect(byCas.get('68916-04-1')!.synonyms).not.toContain('Citrus Sinensis Peel Oil');
    // CosIng's Cymbopogon Citratus Leaf Oil: an INCI name the lemongrass entry lists, under other CAS numbers.
    expect(byCas.get('89998-14-1')!.safety_information.eu_allergen).toMatchObject({
      entry: '354',
      listed: false,
    });
  });

  it("names a polymer by its own names, and trans,trans-farnesol without the cis isomers' names", () => {
    expect(byCas.get('9003-73-0')!.name).toBe('Polydipentene');
    expect(byCas.get('9003-73-0')!.allergen_flag).toBe(false);
    expect(byCas.get('8008-52-4')!.name).toBe('Coriander seed oil');
    const farnesol = byCas.get('106-28-5')!.synonyms.map((s) => s.toLowerCase());
    expect(farnesol).toContain('farnesol');
    expect(farnesol.filter((s) => /cis|\dz\b/.test(s))).toEqual([]);
  });

  it('gives a substance the names an entry covering several substances lists for another one to none', () => {
    // The IFRA standard on safrole, isosafrole and dihydrosafrole lists the three names together.
    const safrole = byCas.get('94-59-7')!;
    expect(safrole.synonyms).not.toContain('Isosafrole');
    expect(safrole.synonyms).not.toContain('Dihydrosafrole');
    expect(byCas.get('120-58-1')!.name).toBe('Isosafrole');
    // The labelling entry names "Juniperus Virginiana Oil; Juniperus Virginiana Wood Oil" for two
    // CAS numbers; CosIng gives the wood oil its own (85085-41-2).
    expect(byCas.get('8000-27-9')!.synonyms).toContain('Juniperus Virginiana Oil');
    expect(byCas.get('8000-27-9')!.synonyms).not.toContain('Juniperus Virginiana Wood Oil');
    expect(byCas.get('85085-41-2')!.synonyms.map((s) => s.toLowerCase())).toContain(
      'juniperus virginiana wood oil',
    );
  });

  it('gives the names a group standard lists under one CAS number to that substance alone', () => {
    // IFRA's Rose ketones standard: 87064-19-5 is cis-isodamascone, no EU label allergen, and
    // not "Rose ketones", the name labels print for the damascones of Annex III entry 157.
    expect(byCas.get('87064-19-5')).toMatchObject({ name: 'cis-Isodamascone', allergen_flag: false });
    expect(byCas.get('23696-85-7')!.synonyms).toContain('Damascenone');
    const betaDamascone = byCas.get('35044-68-9')!.synonyms;
    for (const other of ['Damascenone', 'Floriffone', 'cis-Isodamascone', 'trans-α-Damascone'])
      expect(betaDamascone).not.toContain(other);
    // The linalool standard lists d- and l-linalool's names under their own CAS numbers.
    expect(byCas.get('78-70-6')!.synonyms).not.toContain('(S)-3,7-Dimethyl-1,6-octadien-3-ol');
    expect(byCas.get('126-90-9')!.synonyms).toContain('(S)-3,7-Dimethyl-1,6-octadien-3-ol');
  });

  it('reads every label name an allergen entry prescribes as an allergen of that entry', () => {
    const matcher = new ChemicalMatcher(committed.map((c) => toChemicalRecord(c)!));
    const prescribed = new Map<string, Set<string>>();
    for (const c of committed)
      for (const name of allergenLabelNames(c))
        prescribed.set(name, (prescribed.get(name) ?? new Set()).add(c.id));
    expect([...prescribed.keys()]).toEqual(
      expect.arrayContaining(['Rose Ketones', 'Lavandula Oil/Extract', 'Pinus Mugo']),
    );
    for (const [name, members] of prescribed) {
      const found = matcher.match(name.toUpperCase());
      expect({ name, allergen: found?.chemical.allergen_flag }).toEqual({ name, allergen: true });
      // `Citral` is citral's own INCI name; any other is read as one of the entry's substances.
      expect({ name, member: members.has(found!.chemical.id) }).toEqual({ name, member: true });
    }
  });

  it('says what ended each former listing as data, the allergens banned in 2022 among them', () => {
    const ended = (cas: string) => byCas.get(cas)!.safety_information.regulatory_history.map((h) => h.change);
    expect(ended('80-54-6')).toEqual([
      { kind: 'eu_labelling_ended', annex_ii_entry: '1666', regulation: '(EU) 2021/1902' },
    ]);
    expect(ended('31906-04-4')).toContainEqual(expect.objectContaining({ kind: 'eu_labelling_ended' }));
    const history = committed.flatMap((c) => c.safety_information.regulatory_history);
    expect(history.length).toBeGreaterThan(3);
    expect(history.filter((h) => h.change === undefined)).toEqual([]);
  });

  it('has no invented patch-test figures', () => {
    for (const c of committed) {
      const sccs = c.safety_information.sccs_data;
      if (!sccs) continue;
      expect(sccs.patch_test_prevalence).toBeNull();
      expect(sccs.population_stats).toEqual({
        eczema_patient_sensitization: null,
        general_population_allergy: null,
      });
    }
  });
});

describe('inciCapitals', () => {
  it('writes an annex INCI cell in capitals, as CosIng writes INCI names, mending slips', () => {
    expect(inciCapitals('ANISe ALCOHOL')).toBe('ANISE ALCOHOL');
    expect(inciCapitals('HEXYL CINNAMAL')).toBe('HEXYL CINNAMAL');
    expect(inciCapitals('Dimethyl Phenethyl Acetate')).toBe('DIMETHYL PHENETHYL ACETATE');
  });
});

describe('qualityStems', () => {
  it('names the grades and chemotypes of one material under one CAS number by what their names share', () => {
    const entries = [
      { name: 'Basil oil, chemotype linalool', cas: ['8015-73-4'] },
      { name: 'Basil oil, chemotype estragole, rectified', cas: ['8015-73-4'] },
      { name: 'Basil absolute, chemotype linalool', cas: ['8015-73-4'] },
      { name: 'Lemongrass oil, rectified', cas: ['8007-02-1'] },
      { name: 'Lemongrass oil, East Indian', cas: ['8007-02-1'] },
      // `bitter` and `Roman` name other materials than the plain name would.
      { name: 'Orange oil, bitter', cas: ['68916-04-1'] },
      { name: 'Orange oil, bitter washed, rectified', cas: ['68916-04-1'] },
      { name: 'Chamomile flower oil, Roman', cas: ['8015-92-7'] },
      { name: 'Chamomile flower oil, Roman rectified', cas: ['8015-92-7'] },
      // Another CAS number is `Grapefruit oil` itself.
      { name: 'Grapefruit oil, folded', cas: ['68916-46-1'] },
      { name: 'Grapefruit oil, terpeneless', cas: ['68916-46-1'] },
      { name: 'Grapefruit oil', cas: ['8016-20-4'] },
      { name: 'Agarwood oil, Vietnamese', cas: ['958663-49-5'] },
      { name: 'Agarwood oil, Vietnamese, rectified', cas: ['958663-49-5'] },
    ];
    expect(Object.fromEntries(qualityStems(entries))).toEqual({
      '8015-73-4': 'Basil oil',
      '8007-02-1': 'Lemongrass oil',
    });
  });
});
