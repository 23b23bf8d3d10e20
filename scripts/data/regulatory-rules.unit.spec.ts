/**
 * The regulatory rules of the chemical database on real entries: Annex II scope and exceptions,
 * the current EU labelling list (the classic 26 and Regulation (EU) 2023/1545), Prop 65 delistings
 * and removed endpoints, and the source/date audit.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { iarcOfSubstance } from './chemical-rules.ts';
import { buildChemicals, CHEMICAL_SOURCES, type ChemicalInputs, CLASSIC_26, ordinal } from './chemicals.ts';
import { parseCsvRows, readText } from './io.ts';
import { knownNameIndex, prop65CasByName } from './material-name-check.ts';
import { regulatoryRowsWithoutSourceOrDate } from './regulatory-audit.ts';
import {
  annexIIWording,
  isAllergenLabelling,
  namesByLine,
  parseCosingAnnex,
  readableEntryName,
} from './sources/eu-annexes.ts';
import {
  listedSubstance,
  listingScope,
  parseProp65,
  parseSafeHarborLevels,
  prop65Name,
  prop65Removal,
  safeHarborText,
} from './sources/prop65.ts';

const HEADER_II = `"File creation date: 24/12/2025"
"ANNEX II","Last update: 08/12/2025"
"LIST OF SUBSTANCES PROHIBITED IN COSMETIC PRODUCTS"
"Substance identification"
"Reference Number","Chemical name / INN","CAS Number","EC Number",Regulation,"Other Directives/Regulations","SCCS opinions","Chemical/IUPAC Name","Identified INGREDIENTS or substances e.g.",CMR,"Update Date"
`;
const HEADER_III = `"File creation date: 25/12/2025"
"ANNEX III","Last update: 08/12/2025"
"LIST OF SUBSTANCES WHICH COSMETIC PRODUCTS MUST NOT CONTAIN EXCEPT SUBJECT TO THE RESTRICTIONS LAID DOWN"
"Substance identification",Restrictions
"Reference Number","Chemical name / INN","Name of Common Ingredients Glossary","CAS Number","EC Number","Product Type, body parts","Maximum concentration in ready for use preparation",Other,"Wording of conditions of use and warnings",Regulation,"Other Directives/Regulations","SCCS opinions","Chemical/IUPAC Name","Identified INGREDIENTS or substances e.g.",CMR,"Update Date"
`;

// Entries as the CosIng export of 24-25 Dec 2025 writes them.
const ANNEX_II =
  HEADER_II +
  `360,"Safrole, except for normal content in the natural essences used and provided that the concentration does not exceed: 
 100 ppm in the finished cosmetic product, 50 ppm in products for dental and oral hygiene, and provided that Safrole is not present in toothpastes intended specifically for children",94-59-7,202-345-4,"(EC) 2009/1223",,,,,,17/10/2010
359,"Oil from the seeds of Laurus nobilis L.",84603-73-6,283-272-5,"(EC) 2009/1223",,,,,,17/10/2010
424,"Benzyl cyanide, when used as a fragrance ingredient",140-29-4,205-410-0,"(EC) 2009/1223",,"An Initial List of Perfumery Materials which must not form part of Fragrance Compounds used in Cosmetic Products",,,,17/10/2010
1380,"3 and 4-(4-Hydroxy-4-methylpentyl)cyclohex-3-ene-1-carbaldehyde","31906-04-4 / 51414-25-6","250-863-4 / 257-187-9","(EU) 2017/1410",,"Opinion on Hydroxyisohexyl 3-Cyclohexene Carboxaldehyde (Lyral)",,,,27/07/2020
672,"Moved or deleted",110-49-6,-,"(EC) 2009/1223",,,,,,17/10/2010
`;

const ANNEX_III =
  HEADER_III +
  `84,"1,6-Octadien-3-ol, 3,7-dimethyl-",Linalool,78-70-6,201-134-4,,,"The presence of the substance must be indicated in the list of ingredients referred to in Article 19(1)g when its concentration exceeds: 
 - 0.001% in leave-on products 
 - 0.01% in rinse-off products",,"(EC) 2009/1223",,,,"LINALOOL",,17/10/2010
70,"3,7-Dimethyl-2,6-octadienal; (E)-3,7-dimethylocta-2,6-dienal; (Z)-3,7-dimethylocta-2,6-dienal",Citral,"5392-40-5/ 141-27-5/ 106-26-3","226-394-6/ 205-476-5/ 203-379-2",,,"The presence of the substance or substances shall be indicated as ‘Citral’ in the list of ingredients referred to in Article 19(1), point (g), when the concentration of the substance or substances exceeds: — 0,001 % in leave-on products — 0,01 % in rinse-off products.",,"(EU) 2023/1545",,,,,,03/10/2023
359,"Laurus nobilis oil","Laurus Nobilis Leaf Oil","8002-41-3/ 8007-48-5/ 84603-73-6","-/-/ 283-272-5",,,"The presence of the substance shall be indicated in the list of ingredients referred to in Article 19(1), point (g), when its concentration exceeds: — 0,001 % in leave-on products — 0,01 % in rinse-off products.",,"(EU) 2023/1545",,,,"LAUREL LEAF OIL",,03/10/2023
360,"Lavandula hybrida oil/extract; Lavandula angustifolia oil/extract","Lavandula Hybrida Oil","8022-15-9/ 8000-28-0",,,,"The presence of the substance or substances shall be indicated ‘Lavandula Oil/ Extract’ in the list of ingredients referred to in Article 19(1), point (g), when the concentration of the substance or substances exceeds: — 0,001 % in leave-on products — 0,01 % in rinse-off products.",,"(EU) 2023/1545",,,,,,03/10/2023
`;

const P65_LIST = `\uFEFFSTATE OF CALIFORNIA,,,,,,,,
17-Nov-23,,,,,,,,
Chemical,Type of Toxicity,Listing Mechanism,CAS No.,Date Listed,NSRL or MADL (µg/day)a,,,
"Cyclohexanol  Delisted January 25, 2002 [Click here for the basis for delisting]",male ,AB,108-93-0,6-Nov-98,,,,
Toluene,developmental,SQE,108-88-3,1-Jan-91,7000c,,,
"Toluene [Click here for the basis for the removal of female reproductive endpoint effective March 7, 2014]",female ,LC,108-88-3,7-Aug-09,,,,
Safrole,cancer,SQE,94-59-7,1-Jan-88,3,,,
Di(2-ethylhexyl)phthalate (DEHP),cancer,SQE,117-81-7,1-Jan-88,310,,,
Di(2-ethylhexyl)phthalate (DEHP),"developmental, male ",AB,117-81-7,24-Oct-03,,,,
   Adultb,,,,,4200 (intravenous)        ,,,
"   Neonatal infant boys, age 0 to 28 daysb",,,,,210 (intravenous),,,
   Adultb,,,,,410 (oral),,,
Methylhydrazine and its salts,cancer,SQE,60-34-4,1-Jul-92,,,,
Methylhydrazine,,,,,"0.058 (oral)
0.090 (inhalation)",,,
Methylhydrazine sulfate,,,,,0.18,,,
,,,,,,,,
"a Where a source or product results in exposures by multiple routes, the total exposure must be considered.",,,,,,,,
b Levels for male children and adolescents were calculated by application of the default bodyweights,,,,,,,,
"c Level represents absorbed dose (rounded from 6,525 µg/day ).  Therefore the MADL for inhaled toluene is 13,000 µg/day.",,,,,,,,
`;
// The newer list keeps only current chemicals, but one removed endpoint row without its note.
const P65_CURRENT = `Chemical,Type of Toxicity,Listing Mechanism,CAS No.,Date Listed,NSRL or MADL (µg/day)a
Toluene,developmental,SQE,108-88-3,1-Jan-91,7000c
Toluene,female ,LC,108-88-3,7-Aug-09,
Safrole,cancer,SQE,94-59-7,1-Jan-88,3
Benzene,cancer,LC,71-43-2,27-Feb-87,"6.4 (oral)
13 (inhalation)"
Benzene,"developmental, male ",SQE,71-43-2,26-Dec-97,"24 (oral)
49 (inhalation)"
Di(2-ethylhexyl)phthalate (DEHP),cancer,SQE,117-81-7,1-Jan-88,310
Di(2-ethylhexyl)phthalate (DEHP),"developmental, male ",AB,117-81-7,24-Oct-03,
`;

function build(): ReturnType<typeof buildChemicals> {
  const input: ChemicalInputs = {
    annexII: parseCosingAnnex(ANNEX_II, 'II', CHEMICAL_SOURCES.annexII.file),
    annexIII: parseCosingAnnex(ANNEX_III, 'III', CHEMICAL_SOURCES.annexIII.file),
    echaII: [],
    echaIII: [],
    euAllergens: [],
    ifraTransparency: [],
    ifraStandards: [],
    ifraAmendment: [],
    prop65: parseProp65(P65_CURRENT),
    prop65List: parseProp65(P65_LIST),
    iarc: [],
    cosing: [],
    sccs: [],
    naturals: [],
    userMaterials: [],
    ifraGlossary: [],
    goodScents: [],
  };
  // Every CAS above joins the scope through the "required" list.
  const required = [
    '94-59-7',
    '84603-73-6',
    '140-29-4',
    '31906-04-4',
    '110-49-6',
    '108-93-0',
    '108-88-3',
    '71-43-2',
    '117-81-7',
  ].map((cas) => ({ cas, name: cas }));
  return buildChemicals(input, required);
}

describe('annexIIWording', () => {
  it('splits the exempted natural content of safrole from the ban', () => {
    const safrole = annexIIWording(
      'Safrole, except for normal content in the natural essences used and provided that the concentration does not exceed: 100 ppm in the finished cosmetic product',
    );
    expect(safrole.banned).toBe('Safrole');
    expect(safrole.naturalContentExempt).toBe(true);
    expect(safrole.exception).toMatch(/^except for normal content in the natural essences used/);
  });

  it('reads the furocoumarin and coniferyl benzoate exceptions', () => {
    const furo = annexIIWording(
      'Furocoumarines (e.g. trioxysalen (INN), 8-methoxypsoralen, 5-methoxypsoralen) except for normal content in natural essences used. In sun protection and in bronzing products, furocoumarines shall be below 1 mg/kg',
    );
    expect(furo.naturalContentExempt).toBe(true);
    expect(furo.banned).toBe('Furocoumarines (e.g. trioxysalen (INN), 8-methoxypsoralen, 5-methoxypsoralen)');
    expect(
      annexIIWording(
        'Benzoates of 4-hydroxy-3-methoxycinnamyl alcohol (coniferyl alcohol) except for normal content in natural essences used',
      ).naturalContentExempt,
    ).toBe(true);
  });

  it('keeps a use condition apart from the exception', () => {
    const verbena = annexIIWording(
      'Verbena essential oils (Lippia citriodora Kunth.) and derivatives other than absolute when used as a fragrance ingredient',
    );
    expect(verbena).toEqual({
      banned: 'Verbena essential oils (Lippia citriodora Kunth.) and derivatives',
      exception: 'other than absolute',
      appliesWhen: 'when used as a fragrance ingredient',
      naturalContentExempt: false,
    });
    expect(annexIIWording('Benzyl cyanide, when used as a fragrance ingredient')).toMatchObject({
      banned: 'Benzyl cyanide',
      exception: null,
      appliesWhen: 'when used as a fragrance ingredient',
    });
    expect(annexIIWording('Oil from the seeds of Laurus nobilis L.').exception).toBeNull();
  });

  it('keeps an impurity condition as the condition of the ban, with the "≥" CosIng exports as "="', () => {
    expect(
      annexIIWording(
        'Distillates (petroleum), hydrotreated heavy naphthenic, if they contain > 3% w/w DMSO extract',
      ),
    ).toEqual({
      banned: 'Distillates (petroleum), hydrotreated heavy naphthenic',
      exception: null,
      appliesWhen: 'if they contain > 3% w/w DMSO extract',
      naturalContentExempt: false,
    });
    expect(
      annexIIWording(
        'Petroleum, coal, tar and natural gas and their derivatives generated using distillation and/or other processing methods if they contain = 0,1 % w/w benzene',
      ),
    ).toMatchObject({
      banned:
        'Petroleum, coal, tar and natural gas and their derivatives generated using distillation and/or other processing methods',
      appliesWhen: 'if they contain ≥ 0.1 % w/w benzene',
    });
    expect(
      readableEntryName(
        'Distillates (petroleum), hydrotreated heavy naphthenic, if they contain = 3,5 % w/w DMSO extract',
      ),
    ).toBe(
      'Distillates (petroleum), hydrotreated heavy naphthenic, if they contain ≥ 3.5 % w/w DMSO extract',
    );
    expect(annexIIWording('Isobutane, if it contains = >0,1% w/w Butadiene').appliesWhen).toBe(
      'if it contains > 0.1% w/w Butadiene',
    );
  });
});

describe('iarcOfSubstance', () => {
  it("takes the substance's own classification over a circumstance of exposure under its CAS number", () => {
    const rows = [
      { agent: 'Acetaldehyde', group: '2B' },
      { agent: 'Acetaldehyde associated with consumption of alcoholic beverages', group: '1' },
    ];
    expect(iarcOfSubstance(rows)?.group).toBe('2B');
    expect(iarcOfSubstance(rows.slice(1))?.group).toBe('1');
    expect(
      iarcOfSubstance([
        { agent: 'Coumarin', group: '3' },
        { agent: 'Coumarin (see 1,2-Benzopyrone)', group: '' },
      ])?.group,
    ).toBe('3');
    expect(iarcOfSubstance([])).toBeNull();
  });
});

describe('listingScope', () => {
  it('reads the route or form a Prop 65 listing is limited to, not an abbreviation', () => {
    expect(listingScope('Ethylene glycol (ingested)')).toBe('ingested');
    expect(listingScope('Titanium dioxide (airborne, unbound particles of respirable size)')).toBe(
      'airborne, unbound particles of respirable size',
    );
    expect(listingScope('Di(2-ethylhexyl)phthalate (DEHP)')).toBeNull();
    expect(listingScope('Benzene')).toBeNull();
  });

  it('leaves the substance its name without the scope, and an abbreviation in place', () => {
    expect(listedSubstance('Ethylene glycol (ingested)')).toBe('Ethylene glycol');
    expect(listedSubstance('Di(2-ethylhexyl)phthalate (DEHP)')).toBe('Di(2-ethylhexyl)phthalate (DEHP)');
  });
});

describe('prop65CasByName', () => {
  const listing = (name: string, cas: string[] = []) =>
    ({
      name,
      toxicity: ['cancer'],
      mechanism: 'LC',
      ids: { cas, ec: [], rejected: [] },
      raw: cas.join(', ') || ' ---',
      dateListed: '2011-09-02',
      levels: [],
      removedOn: null,
      removal: null,
    }) as ReturnType<typeof parseProp65>[number];
  const known = [
    { name: 'TITANIUM DIOXIDE', cas: ['13463-67-7'] },
    { name: 'Lead', cas: ['7439-92-1'] },
    { name: 'Carbon black', cas: ['1333-86-4'] },
  ];

  it('gives a scoped listing without a CAS number the CAS numbers of the substance it names', () => {
    const { entries, linked } = prop65CasByName(
      [listing('Titanium dioxide (airborne, unbound particles of respirable size)')],
      knownNameIndex(known),
    );
    expect(entries[0]!.ids.cas).toEqual(['13463-67-7']);
    expect(entries[0]!.name).toBe('Titanium dioxide (airborne, unbound particles of respirable size)');
    expect(linked).toHaveLength(1);
  });

  it('leaves a group, an unknown substance and a listing with its own CAS number as they are', () => {
    const rows = [
      listing('Lead and lead compounds'),
      listing('Lead (compounds)'),
      listing('Silica, crystalline (airborne particles of respirable size)'),
      listing('Carbon black (airborne, unbound particles of respirable size)', ['1333-86-4']),
    ];
    const { entries, linked } = prop65CasByName(rows, knownNameIndex(known));
    expect(entries.map((e) => e.ids.cas)).toEqual([[], [], [], ['1333-86-4']]);
    expect(linked).toEqual([]);
  });
});

describe('namesByLine', () => {
  it('starts a name at a line opening with a stereo descriptor in a list of names, and nowhere else', () => {
    const limonene =
      '1-methyl-4-prop- 1-en-2-yl- cyclohexene; dl-limonene (racemic); Dipentene\n(R)-p- mentha-1,8-diene; (d-limonene);\n(S)-p- mentha-1,8-diene; (l-limonene);';
    expect(namesByLine(limonene)).toBe(
      '1-methyl-4-prop- 1-en-2-yl- cyclohexene; dl-limonene (racemic); Dipentene; (R)-p- mentha-1,8-diene; (d-limonene);\n(S)-p- mentha-1,8-diene; (l-limonene);',
    );
    const remark =
      'Disodium 6-hydroxy-5-[(2-methoxy-4-sulphonato-m-tolyl)azo]naphthalene-2-sulphonate; CI 16035.\n(see note 17)';
    expect(namesByLine(remark)).toBe(remark);
    expect(namesByLine('Dipentene\n(R)-p-mentha-1,8-diene')).toBe('Dipentene\n(R)-p-mentha-1,8-diene');
  });
});

describe('labelling wording', () => {
  it('recognises both the old and the grouped 2023/1545 wording', () => {
    const entries = parseCosingAnnex(ANNEX_III, 'III', 'x');
    expect(entries.map((e) => [e.ref, isAllergenLabelling(e)])).toEqual([
      ['84', true],
      ['70', true],
      ['359', true],
      ['360', true],
    ]);
  });
});

describe('Prop 65 removal notes', () => {
  it('reads delisting and endpoint-removal dates, in both date spellings', () => {
    expect(
      prop65Removal('Cyclohexanol  Delisted January 25, 2002 [Click here for the basis for delisting]'),
    ).toEqual({ removedOn: '2002-01-25', removal: 'chemical' });
    expect(prop65Removal('Diaminotoluene (mixed) Delisted November, 20 2015 [Click here]')).toEqual({
      removedOn: '2015-11-20',
      removal: 'chemical',
    });
    expect(
      prop65Removal(
        'Toluene [Click here for the basis for the removal of female reproductive endpoint effective March 7, 2014]',
      ),
    ).toEqual({ removedOn: '2014-03-07', removal: 'endpoint' });
    expect(prop65Removal('Hexafluoroacetone [Basis for listing changed effective June 6, 2014]')).toBeNull();
    expect(
      prop65Name('Cyclohexanol  Delisted January 25, 2002 [Click here for the basis for delisting]'),
    ).toBe('Cyclohexanol');
  });
});

describe('Prop 65 safe harbor levels', () => {
  const level = (amount: number, route: string | null, extra: object = {}) => ({
    level: 'MADL',
    amount,
    unit: 'µg/day',
    route,
    subject: null,
    note: null,
    ...extra,
  });

  it('reads every wording of the level column: routes, two on a line, thousands, units, qualifiers, footnotes', () => {
    expect(parseSafeHarborLevels('24 (oral)\n49 (inhalation)', 'MADL')).toEqual([
      level(24, 'oral'),
      level(49, 'inhalation'),
    ]);
    expect(parseSafeHarborLevels('0.58 (oral and inhalation) 7.2 (dermal)', 'MADL')).toEqual([
      level(0.58, 'oral and inhalation'),
      level(7.2, 'dermal'),
    ]);
    expect(
      parseSafeHarborLevels('47,000 (inhalation)  \n23,000 (oral)', 'MADL').map((l) => l.amount),
    ).toEqual([47000, 23000]);
    expect(parseSafeHarborLevels('50\n200 (inhalation)', 'NSRL')).toEqual([
      level(50, null, { level: 'NSRL' }),
      level(200, 'inhalation', { level: 'NSRL' }),
    ]);
    expect(parseSafeHarborLevels('100 fibers/day (inhalation)', 'NSRL')).toEqual([
      level(100, 'inhalation', { level: 'NSRL', unit: 'fibers/day' }),
    ]);
    expect(parseSafeHarborLevels('56 (oral)\n170 (oral) as 32% pesticidal formulation', 'MADL')[1]).toEqual(
      level(170, 'oral', { note: 'as 32% pesticidal formulation' }),
    );
    expect(parseSafeHarborLevels('2 (DDT, DDE, DDD in combination)', 'NSRL')[0]!.route).toBe(
      'DDT, DDE, DDD in combination',
    );
    expect(parseSafeHarborLevels('7000c', 'MADL', new Map([['c', 'Absorbed dose.']]))).toEqual([
      level(7000, null, { note: 'Absorbed dose.' }),
    ]);
    expect(() => parseSafeHarborLevels('see table', 'MADL')).toThrow(/unreadable/);
  });

  it('gives indented rows to the listing above them, without their footnote letter, and skips the footnotes', () => {
    const entries = parseProp65(P65_LIST);
    const dehp = entries.find((e) => e.name.includes('DEHP') && e.toxicity.includes('male'))!;
    expect(dehp.levels.map((l) => [l.level, l.amount, l.route, l.subject])).toEqual([
      ['MADL', 4200, 'intravenous', 'Adult'],
      ['MADL', 210, 'intravenous', 'Neonatal infant boys, age 0 to 28 days'],
      ['MADL', 410, 'oral', 'Adult'],
    ]);
    expect(dehp.levels[0]!.note).toMatch(/^Levels for male children/);
    // `Methylhydrazine` and `Methylhydrazine sulfate` end in e, a footnote letter, but are words of the list.
    const methylhydrazine = entries.find((e) => e.name === 'Methylhydrazine and its salts')!;
    expect(methylhydrazine.levels.map((l) => [l.level, l.amount, l.subject, l.note])).toEqual([
      ['NSRL', 0.058, 'Methylhydrazine', null],
      ['NSRL', 0.09, 'Methylhydrazine', null],
      ['NSRL', 0.18, 'Methylhydrazine sulfate', null],
    ]);
    expect(entries.some((e) => /^[a-c] /.test(e.name) || e.name.startsWith('Adult'))).toBe(false);
    expect(
      entries.find((e) => e.name === 'Toluene' && e.toxicity[0] === 'developmental')!.levels[0]!.note,
    ).toBe(
      'Level represents absorbed dose (rounded from 6,525 µg/day). Therefore the MADL for inhaled toluene is 13,000 µg/day.',
    );
  });

  it('writes levels in one line per kind', () => {
    expect(
      safeHarborText([
        { ...level(6.4, 'oral'), level: 'NSRL' } as never,
        { ...level(24, 'oral'), subject: 'Adult' } as never,
        level(49, null) as never,
      ]),
    ).toBe('NSRL 6.4 µg/day (oral); MADL 24 µg/day (Adult, oral), 49 µg/day');
  });
});

describe('buildChemicals: regulatory scope and currency', () => {
  const { chemicals } = build();
  const byCas = new Map(chemicals.map((c) => [c.cas_number, c]));

  it('scopes Annex II: natural content exempt, plant part, substance; deleted entries ban nothing', () => {
    const safrole = byCas.get('94-59-7')!;
    expect(safrole.prohibited).toBe(true);
    expect(safrole.safety_information.eu_prohibition).toMatchObject({
      entry: '360',
      scope: 'natural_constituent_exempt',
      part: null,
      source_name: CHEMICAL_SOURCES.annexII.name,
      source_date: '2025-12-24',
    });
    expect(safrole.safety_information.eu_prohibition?.exception).toContain(
      'normal content in the natural essences',
    );

    // Bay laurel: the seed oil is banned, the leaf oil (same CAS) is a labelled allergen.
    const laurel = byCas.get('84603-73-6')!;
    expect(laurel).toMatchObject({ prohibited: true, allergen_flag: true });
    expect(laurel.safety_information.eu_prohibition).toMatchObject({
      entry: '359',
      scope: 'plant_part',
      part: 'Oil from the seeds of Laurus nobilis L.',
    });
    expect(laurel.safety_information.eu_allergen).toMatchObject({ list: 'eu_2023_1545', entry: '359' });

    expect(byCas.get('140-29-4')!.safety_information.eu_prohibition).toMatchObject({
      scope: 'substance',
      applies_when: 'when used as a fragrance ingredient',
    });
    expect(byCas.get('110-49-6')).toMatchObject({ prohibited: false, regulatory_status: null });
  });

  it('moves a substance now in Annex II off the labelling list, keeping the dated history', () => {
    const hicc = byCas.get('31906-04-4')!;
    expect(hicc.safety_information.eu_prohibition).toMatchObject({
      scope: 'substance',
      applies_from: '2019-08-23',
      applies_to_all_from: '2021-08-23',
    });
    expect(hicc.allergen_flag).toBe(false);
    // Was it ever on the labelling list? Only when an Annex III labelling entry named it; the fixture
    // has none for HICC, so no former listing is invented.
    expect(hicc.safety_information.regulatory_history.filter((h) => h.status === 'allergen')).toEqual([]);
    for (const c of chemicals) {
      if (c.safety_information.eu_prohibition?.scope !== 'substance') continue;
      expect(c.safety_information.regional_regulations.some((r) => r.status === 'allergen')).toBe(false);
    }
  });

  it('tells the classic 26 from the 2023/1545 additions', () => {
    expect(byCas.get('78-70-6')!.safety_information.eu_allergen).toMatchObject({
      list: 'classic_26',
      entry: '84',
      applies_from: '2005-03-11',
      applies_to_all_from: null,
    });
    // The grouped citral entry: citral itself is classic, geranial was added in 2023.
    expect(byCas.get('5392-40-5')!.safety_information.eu_allergen?.list).toBe('classic_26');
    expect(byCas.get('141-27-5')!.safety_information.eu_allergen).toMatchObject({
      list: 'eu_2023_1545',
      applies_from: '2026-07-31',
      applies_to_all_from: '2028-07-31',
    });
    expect(byCas.get('8000-28-0')!.allergen_flag).toBe(true); // "shall be indicated ‘Lavandula …’"
  });

  it('shows only current Prop 65 listings', () => {
    const cyclohexanol = byCas.get('108-93-0')!;
    expect(cyclohexanol.safety_information.prop65).toMatchObject({
      status: 'delisted',
      date_delisted: '2002-01-25',
      toxicity_types: [],
      source_name: CHEMICAL_SOURCES.prop65List.name,
    });
    expect(cyclohexanol.safety_information.regional_summary.prop65_listed).toBe(false);
    expect(cyclohexanol.safety_information.regional_regulations.some((r) => r.region === 'US')).toBe(false);
    expect(cyclohexanol.safety_information.regulatory_history).toEqual([
      expect.objectContaining({
        region: 'US',
        current: false,
        until: '2002-01-25',
        change: { kind: 'prop65_delisted', toxicity: 'male', date_listed: '1998-11-06' },
      }),
    ]);

    // The newer file lost the removal note: the older file's note for the same row applies.
    const toluene = byCas.get('108-88-3')!.safety_information.prop65!;
    expect(toluene).toMatchObject({ status: 'listed', toxicity_types: ['developmental'] });
    expect(toluene.removed_endpoints).toEqual([
      { toxicity: 'female', date_listed: '2009-08-07', date_removed: '2014-03-07' },
    ]);
    expect(byCas.get('108-88-3')!.safety_information.regulatory_history).toEqual([
      expect.objectContaining({
        until: '2014-03-07',
        change: { kind: 'prop65_endpoint_removed', toxicity: 'female', date_listed: '2009-08-07' },
      }),
    ]);
  });

  it("keeps each listing's safe harbor levels with their kind, taking a level the newer file lacks from the older", () => {
    const benzene = byCas.get('71-43-2')!.safety_information;
    expect(
      benzene.prop65!.safe_harbor_levels.map((l) => [l.level, l.amount, l.route, l.toxicity_types]),
    ).toEqual([
      ['NSRL', 6.4, 'oral', ['cancer']],
      ['NSRL', 13, 'inhalation', ['cancer']],
      ['MADL', 24, 'oral', ['developmental', 'male']],
      ['MADL', 49, 'inhalation', ['developmental', 'male']],
    ]);
    // Each listing keeps its own date: developmental and male toxicity joined ten years later.
    expect(benzene.prop65!.listings).toEqual([
      { toxicity_types: ['cancer'], date_listed: '1987-02-27' },
      { toxicity_types: ['developmental', 'male'], date_listed: '1997-12-26' },
    ]);
    expect(benzene.prop65!.date_listed).toBe('1987-02-27');
    expect(benzene.prop65!.scope).toBeNull();
    expect(benzene.regional_regulations.find((r) => r.region === 'US')!.details).toBe(
      'Listed for cancer since 1987-02-27; for developmental, male since 1997-12-26; NSRL 6.4 µg/day (oral), 13 µg/day (inhalation); MADL 24 µg/day (oral), 49 µg/day (inhalation)',
    );
    const dehp = byCas.get('117-81-7')!.safety_information;
    expect(dehp.prop65!.safe_harbor_levels.map((l) => [l.level, l.amount, l.subject])).toEqual([
      ['NSRL', 310, null],
      ['MADL', 4200, 'Adult'],
      ['MADL', 210, 'Neonatal infant boys, age 0 to 28 days'],
      ['MADL', 410, 'Adult'],
    ]);
    expect(dehp.sources).toContainEqual(
      expect.objectContaining({
        field: 'prop65_safe_harbor_levels',
        source_name: CHEMICAL_SOURCES.prop65List.name,
      }),
    );
    // The newer file keeps `7000c` but not footnote c: the older file's footnote is read, and cited.
    const toluene = byCas.get('108-88-3')!.safety_information;
    expect(toluene.prop65!.safe_harbor_levels).toEqual([
      expect.objectContaining({
        level: 'MADL',
        amount: 7000,
        note: expect.stringMatching(/inhaled toluene/),
      }),
    ]);
    expect(toluene.sources.map((s) => [s.field, s.source_name])).toContainEqual([
      'prop65_safe_harbor_levels',
      CHEMICAL_SOURCES.prop65List.name,
    ]);
    expect(byCas.get('71-43-2')!.safety_information.sources.map((s) => s.field)).not.toContain(
      'prop65_safe_harbor_levels',
    );
  });

  it('dates and names the source of every regulatory datum', () => {
    expect(regulatoryRowsWithoutSourceOrDate(chemicals)).toEqual([]);
  });
});

describe('regulatoryRowsWithoutSourceOrDate', () => {
  it('reports each undated or unnamed row by field', () => {
    const stamp = { source: 'f', source_name: 'A list (2024)', source_date: '2024-01-01' };
    const findings = regulatoryRowsWithoutSourceOrDate([
      {
        id: 'chem-a',
        safety_information: {
          regional_regulations: [stamp, { ...stamp, source_date: null }],
          regulatory_history: [{ ...stamp, source_name: '' }],
          eu_prohibition: null,
          ifra: { source: 'f', source_date: '2023' },
          prop65: stamp,
        },
      },
      { id: 'chem-b', safety_information: { sccs_data: { ...stamp, source_date: '' }, iarc: null } },
      { id: 'chem-c', safety_information: null },
    ]);
    expect(findings).toEqual([
      { chemical_id: 'chem-a', field: 'regional_regulations[1]' },
      { chemical_id: 'chem-a', field: 'regulatory_history[0]' },
      { chemical_id: 'chem-a', field: 'ifra' },
      { chemical_id: 'chem-b', field: 'sccs_data' },
    ]);
  });
});

describe('ordinal', () => {
  it('writes amendment numbers as ordinals', () => {
    expect(['51', '49', '43', '42', '11', '12', '13', '21'].map(ordinal)).toEqual([
      '51st',
      '49th',
      '43rd',
      '42nd',
      '11th',
      '12th',
      '13th',
      '21st',
    ]);
  });
});

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const sharedDir = resolve(process.env.SHARED_DATA_DIR ?? join(repoRoot, '..', 'shared', 'data'));
const haveShared = existsSync(join(sharedDir, 'regulatory', 'COSING_Annex_III_v2.txt'));

describe.skipIf(!haveShared)('the classic 26 against the CosIng exports', () => {
  it('each is a labelling entry 45 or 67–92 of Annex III, or has moved to Annex II', () => {
    const annexIII = parseCosingAnnex(
      readText(join(sharedDir, 'regulatory', 'COSING_Annex_III_v2.txt')),
      'III',
      'x',
    ).filter(isAllergenLabelling);
    const annexII = parseCosingAnnex(
      readText(join(sharedDir, 'regulatory', 'COSING_Annex_II_v2.txt')),
      'II',
      'y',
    );
    const classicRefs = new Set(['45', ...Array.from({ length: 26 }, (_, i) => String(67 + i))]);
    const moved: string[] = [];
    for (const cas of Object.keys(CLASSIC_26)) {
      const labelled = annexIII.filter((e) => e.ids.cas.includes(cas));
      if (labelled.length > 0) {
        expect(
          labelled.every((e) => classicRefs.has(e.ref)),
          cas,
        ).toBe(true);
      } else {
        expect(
          annexII.some((e) => e.ids.cas.includes(cas)),
          cas,
        ).toBe(true);
        moved.push(cas);
      }
    }
    expect(moved.sort()).toEqual(['31906-04-4', '80-54-6']);
  });
});

describe.skipIf(!haveShared)('Prop 65 safe harbor levels in the real lists', () => {
  it('reads one level per amount of every filled level cell of both files, with subjects free of footnote letters', () => {
    for (const [file, encoding] of [
      ['OEHHA_P65.csv', 'latin1'],
      ['p65chemicalslist.csv', 'utf8'],
    ] as const) {
      const text = readText(join(sharedDir, 'regulatory', file), encoding);
      const rows = parseCsvRows(text);
      const body = rows.slice(rows.findIndex((r) => r[0]?.trim() === 'Chemical') + 1);
      // One amount per line of a cell; `0.58 (oral and inhalation) 7.2 (dermal)` holds two.
      const lines = body.flatMap((r) => (r[5] ?? '').split('\n').filter((l) => l.trim() !== ''));
      const amounts = lines.length + lines.filter((l) => /\)\s+\d/.test(l)).length;
      const levels = parseProp65(text).flatMap((e) => e.levels);
      expect(levels.length, file).toBe(amounts);
      expect(amounts, file).toBeGreaterThan(300);
      expect(
        levels.every((l) => Number.isFinite(l.amount) && l.amount > 0),
        file,
      ).toBe(true);
      const subjects = [...new Set(levels.map((l) => l.subject).filter((s) => s !== null))];
      expect(
        subjects.filter((s) => /\)[a-f]$|(?:adult|months|days|cyanide)[a-f]$/i.test(s)),
        file,
      ).toEqual([]);
    }
  });
});
