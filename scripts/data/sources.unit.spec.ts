import { describe, expect, it } from 'vitest';
import { chemicalType, hasAromaticRing } from './chemical-type.ts';
import { FIXTURE_TEXTS } from './fixtures/source-texts.fixture.ts';
import { cleanText, parseGender, parseYear } from './sources/common.ts';
import { isAllergenLabelling, parseCosingAnnex, parseEchaAnnex } from './sources/eu-annexes.ts';
import { splitThdName } from './sources/fragrantica.ts';
import { readIdentifiers } from './sources/identifiers.ts';
import { parseIfraAmendment, parseIfraStandards, parseLimit, synonymSections } from './sources/ifra.ts';
import { parfumoName, stripTrailingDecoys } from './sources/parfumo.ts';
import { parseListingDate, parseProp65 } from './sources/prop65.ts';
import { parsePyLiteral, pyScoreKeys, pyStringList } from './sources/py-literal.ts';
import { pairedNames, parseSccs } from './sources/sccs.ts';

describe('Python literals', () => {
  it('reads lists and dicts with both quote styles', () => {
    expect(pyStringList(`['Tea', "Devil's Claw", 'Star Anise']`)).toEqual([
      'Tea',
      "Devil's Claw",
      'Star Anise',
    ]);
    expect(pyScoreKeys(`{'woody': 79.78, 'amber': 98.5, 'iris': 79.78}`)).toEqual(['amber', 'woody', 'iris']);
    expect(parsePyLiteral(`{'a': [1, -2.5e-3, None, True]}`)).toEqual({ a: [1, -0.0025, null, true] });
  });

  it('fails loudly on malformed cells', () => {
    expect(() => pyStringList(`['Tea'`)).toThrow(/Python literal/);
    expect(() => pyStringList(`{'a': 1}`)).toThrow(/expected a list/);
  });
});

describe('readIdentifiers', () => {
  it('splits CAS and EC numbers and reports bad CAS numbers', () => {
    expect(readIdentifiers('31906-04-4 / 51414-25-6')).toEqual({
      cas: ['31906-04-4', '51414-25-6'],
      ec: [],
      rejected: [],
    });
    expect(readIdentifiers('138-86-3|227-813-5|5989-27-5')).toEqual({
      cas: ['138-86-3', '5989-27-5'],
      ec: ['227-813-5'],
      rejected: [],
    });
    expect(readIdentifiers('80-56-8 and 127-91-3, resp.').cas).toEqual(['80-56-8', '127-91-3']);
    expect(readIdentifiers('78-70-5; 1301152; Diverse').rejected).toEqual([
      { value: '78-70-5', reason: 'check digit' },
      { value: '1301152', reason: 'malformed' },
    ]);
  });
});

describe('perfume source helpers', () => {
  it('cleans cells: single spaces, no characters that print as nothing, NA as null', () => {
    // A CAS index name as the IFRA Transparency List gives it: a zero-width space after commas and hyphens.
    expect(cleanText('Benzene, 1-\u200b(dimethoxymethyl)\u200b-\u200b4-\u200bmethoxy-')).toBe(
      'Benzene, 1-(dimethoxymethyl)-4-methoxy-',
    );
    expect(cleanText('\ufeffDiethylene glycol mono\u00admethyl ether')).toBe(
      'Diethylene glycol monomethyl ether',
    );
    expect(cleanText('a\u2060b  \n c')).toBe('ab c');
    // Zero-width non-joiners and joiners belong to scripts such as Persian; they stay.
    expect(cleanText('می\u200cخواهم')).toBe('می\u200cخواهم');
    expect(cleanText('\u200b')).toBeNull();
    expect(cleanText('NA')).toBeNull();
  });

  it('reads years and genders', () => {
    expect(parseYear('1921')).toBe(1921);
    expect(parseYear('NA')).toBeNull();
    expect(parseYear('12')).toBeNull();
    expect(parseGender('for women and men')).toBe('unisex');
    expect(parseGender('women')).toBe('feminine');
    expect(parseGender('men')).toBe('masculine');
    expect(parseGender('')).toBeNull();
  });

  it('rebuilds Parfumo names', () => {
    const url = 'https://www.parfumo.com/Perfumes/Chanel/x';
    expect(
      parfumoName({
        Number: 'NA',
        Name: 'Bleu de Chanel Chanel 2010 Eau de Toilette',
        Brand: 'Chanel',
        Release_Year: '2010',
        Concentration: 'Eau de Toilette',
        URL: url,
      }),
    ).toEqual({
      name: 'Bleu de Chanel',
      concentration: 'Eau de Toilette',
    });
    expect(
      parfumoName({
        Number: 'NA',
        Name: 'Allure Homme Chanel 1999 Lotion Après Rasage',
        Brand: 'Chanel',
        Release_Year: '1999',
        Concentration: 'Lotion Après Rasage',
        URL: url,
      }),
    ).toEqual({
      name: 'Allure Homme Lotion Après Rasage',
      concentration: 'Lotion Après Rasage',
    });
    expect(
      parfumoName({
        Number: '1957',
        Name: 'Chanel',
        Brand: 'Chanel',
        Release_Year: '2018',
        Concentration: 'NA',
        URL: url,
      }),
    ).toEqual({ name: '1957', concentration: null });
    expect(
      parfumoName({
        Number: '7',
        Name: 'Up Pound Cake',
        Brand: 'Ten Digit Creations',
        Release_Year: 'NA',
        Concentration: 'NA',
        URL: 'https://www.parfumo.com/Perfumes/Ten_Digit_Creations/7Up_Pound_Cake',
      }),
    ).toEqual({
      name: '7Up Pound Cake',
      concentration: null,
    });
  });

  it('strips only trailing decoys', () => {
    const decoys = new Set(['sewage', 'fish']);
    expect(stripTrailingDecoys(['Fish', 'Rose', 'Sewage', 'Fish'], decoys)).toEqual([['Fish', 'Rose'], 2]);
  });

  it('splits 2011-2021 names at the longest known brand', () => {
    const known = new Set(['yves rocher', 'marc jacobs', 'rocher']);
    const isKnown = (b: string) => known.has(b.toLowerCase());
    expect(splitThdName('Nature Millenaire Yves Rocher for women', isKnown)).toEqual({
      name: 'Nature Millenaire',
      brand: 'Yves Rocher',
      gender: 'women',
    });
    expect(splitThdName('Marc Jacobs Men Marc Jacobs for men', isKnown)).toEqual({
      name: 'Marc Jacobs Men',
      brand: 'Marc Jacobs',
      gender: 'men',
    });
    expect(splitThdName('Mystery Nobody for men', isKnown)).toBeNull();
  });
});

describe('regulatory parsers', () => {
  it('reads CosIng Annex III with multi-line cells and finds allergen labelling entries', () => {
    const entries = parseCosingAnnex(FIXTURE_TEXTS.annexIII, 'III', 'annex-iii');
    const linalool = entries.find((e) => e.ref === '84')!;
    expect(linalool.ids.cas).toEqual(['78-70-6']);
    expect(linalool.inciName).toBe('Linalool');
    expect(isAllergenLabelling(linalool)).toBe(true);
    const methylEugenol = entries.find((e) => e.ref === '102')!;
    expect(isAllergenLabelling(methylEugenol)).toBe(false);
    expect(methylEugenol.maxConcentration).toBe('(a) 0.01%\n(b) 0.004%');
  });

  it('gives each CAS number of an IFRA standard the kinds the standard gives its material', () => {
    const text = `CAS N°,Title,Type,Publication date,Amendment
Prohibition of Tagetes erecta: 90131-43-4 8016-84-0 Restriction and Specification of Tagetes patula and Tagetes minuta: 91722-29-1 8016-84-0 91770-75-1,Tagetes oil and absolute,P-R-S,2020-01,49
Prohibition of Savin oil: 8024-00-8 90046-04-1 Specification of Savin oil: 68916-94-9 90046-03-0,Savin oil,P-S,,10
140-67-0 1407-27-8,Estragole,R,2023-06,51
`;
    const kinds = parseIfraStandards(text).map((e) => [e.title, e.type, e.ids.cas]);
    expect(kinds).toEqual([
      ['Tagetes oil and absolute', 'P', ['90131-43-4']],
      // T. erecta and T. patula share one CAS number: both kinds apply to it.
      ['Tagetes oil and absolute', 'P-R-S', ['8016-84-0']],
      ['Tagetes oil and absolute', 'R-S', ['91722-29-1', '91770-75-1']],
      ['Savin oil', 'P', ['8024-00-8', '90046-04-1']],
      ['Savin oil', 'S', ['68916-94-9', '90046-03-0']],
      ['Estragole', 'R', ['140-67-0', '1407-27-8']],
    ]);
  });

  it('reads the ECHA export and the split group entries', () => {
    const entries = parseEchaAnnex(FIXTURE_TEXTS.echaIII, 'III', 'echa-iii');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.ids.cas).toEqual(['106-24-1']);
    expect(isAllergenLabelling(entries[0]!)).toBe(true);
  });

  it('reads Prop 65 dates and toxicity', () => {
    expect(parseListingDate('1-Jan-88')).toBe('1988-01-01');
    expect(parseListingDate('16-Nov-01')).toBe('2001-11-16');
    const [methyleugenol] = parseProp65(FIXTURE_TEXTS.prop65);
    expect(methyleugenol).toMatchObject({
      name: 'Methyleugenol',
      toxicity: ['cancer'],
      dateListed: '2001-11-16',
    });
    expect(parseProp65(FIXTURE_TEXTS.prop65List).map((e) => e.name)).toEqual(['Safrole']);
  });

  it('reads IFRA limits with decimal commas and words', () => {
    expect(parseLimit('0,0010')).toBe(0.001);
    expect(parseLimit('6.9e-05')).toBe(0.000069);
    expect(parseLimit('No Restriction')).toBe('No Restriction');
    expect(parseLimit('')).toBeNull();
    const [standard] = parseIfraAmendment(FIXTURE_TEXTS.ifraAmendment);
    expect(standard!.limits.category_4).toBe(0.011);
    expect(standard!.limits.category_12).toBe('No Restriction');
    expect(standard!.notes).toEqual([]);
  });

  it("reads a group standard's names under each CAS heading as that substance's own", () => {
    expect(
      synonymSections(
        [
          'Rose ketones, all isomers',
          '23696-85-7 (C13H18O):',
          'Damascenone',
          'Floriffone',
          '2244-16-8 (d-Carvone):',
          'd-p-Mentha-6,8(9)-dien-2-one',
          '185019-19-6 and 58001-88-0:',
          '(E)-2,6,10-Trimethylundeca-5,9-dien-1-ol',
          '87064-19-5 (C13H20O):',
          'cis-Isodamascone',
          '(including all geometric isomers).',
        ],
        ['23696-85-7', '2244-16-8', '185019-19-6', '58001-88-0', '87064-19-5'],
      ),
    ).toEqual({
      synonyms: ['Rose ketones, all isomers'],
      sections: [
        { cas: ['23696-85-7'], names: ['Damascenone', 'Floriffone'] },
        { cas: ['2244-16-8'], names: ['d-p-Mentha-6,8(9)-dien-2-one'] },
        { cas: ['185019-19-6', '58001-88-0'], names: ['(E)-2,6,10-Trimethylundeca-5,9-dien-1-ol'] },
        { cas: ['87064-19-5'], names: ['cis-Isodamascone'] },
      ],
    });
    // A standard without headings keeps every name as the whole standard's.
    expect(synonymSections(['Safrol', 'Isosafrole'], ['94-59-7', '120-58-1'])).toEqual({
      synonyms: ['Safrol', 'Isosafrole'],
      sections: [],
    });
    // A heading with a slipped check digit is the listed number it differs from in that digit; one
    // the standard does not list at all names the whole standard; list punctuation goes.
    expect(
      synonymSections(
        [
          '620-23-4:',
          'meta-Tolualdehyde',
          '104-87-0:',
          'para-Tolualdehyde;',
          '99-99-0:',
          'Carvone',
          '5-Isopropenyl-2-methylcyclohex-2-en-1-one.',
          'Juniperus sabina L.',
        ],
        ['620-23-5', '104-87-0'],
      ),
    ).toEqual({
      synonyms: ['Carvone', '5-Isopropenyl-2-methylcyclohex-2-en-1-one', 'Juniperus sabina L.'],
      sections: [
        { cas: ['620-23-5'], names: ['meta-Tolualdehyde'] },
        { cas: ['104-87-0'], names: ['para-Tolualdehyde'] },
      ],
    });
  });

  it("keeps an IFRA standard's notes, in print order, as prose", () => {
    const header = FIXTURE_TEXTS.ifraAmendment.split('\n')[0]!;
    const columns = header.split(',');
    const row = columns.map((c) => {
      if (c === 'Key') return 'IFRA_STD_X';
      if (c === 'Name of the IFRA Standard') return 'Benzyl cyanide';
      if (c === 'CAS numbers') return '140-29-4';
      if (c === 'IFRA Standard type') return 'PROHIBITION';
      if (c === 'Prohibited fragrance ingredients: notes')
        return '"Not to be used as a fragrance\ningredient."';
      if (c === 'Restricted ingredients: notes')
        return '"Natural sources are authorized as long as the level does not exceed 0.01% (100 ppm)."';
      if (c === 'Specified ingredients: notes') return '"Density d 20 - 0,89 - 0,91"';
      return '';
    });
    const [standard] = parseIfraAmendment(`${header}\n${row.join(',')}\n`);
    expect(standard!.notes).toEqual([
      'Not to be used as a fragrance ingredient.',
      'Natural sources are authorized as long as the level does not exceed 0.01% (100 ppm).',
      'Density d 20 - 0,89 - 0,91',
    ]);
  });

  it('reads SCCS categories and EC3 values', () => {
    const entries = parseSccs(FIXTURE_TEXTS.sccs);
    expect(entries.find((e) => e.name === 'ISOEUGENOL')).toMatchObject({
      category: 'established_in_humans',
      ec3: 0.18,
    });
    expect(entries.find((e) => e.name === 'COUMARIN')).toMatchObject({ category: 'possible', ec3: null });
  });
});

describe('chemical type', () => {
  it('finds benzene rings in Kekulé and aromatic SMILES', () => {
    expect(hasAromaticRing('C1=CC=C2C(=C1)C=CC(=O)O2')).toBe(true); // coumarin
    expect(hasAromaticRing('c1ccccc1CO')).toBe(true); // benzyl alcohol
    expect(hasAromaticRing('CC(=CCCC(C)(C=C)O)C')).toBe(false); // linalool
    expect(hasAromaticRing('CC1=CCC(CC1)C(=C)C')).toBe(false); // limonene
  });

  it('types naturals, aromatics and the rest', () => {
    expect(chemicalType({ name: 'Lavender oil', ncs: true, smiles: null })).toBe('essential_oil');
    expect(chemicalType({ name: 'Jasmine absolute', ncs: true, smiles: null })).toBe('natural');
    expect(chemicalType({ name: 'Evernia prunastri extract', ncs: false, smiles: null })).toBe(
      'essential_oil',
    );
    expect(chemicalType({ name: 'Benzyl salicylate', ncs: false, smiles: null })).toBe('aromatic_compound');
    expect(chemicalType({ name: 'Linalool', ncs: false, smiles: 'CC(=CCCC(C)(C=C)O)C' })).toBe('synthetic');
    // A genus's species are plants; a compound named after its plant in brackets is not.
    expect(chemicalType({ name: 'THYMUS spp.', ncs: false, smiles: null })).toBe('natural');
    expect(
      chemicalType({ name: 'Glycyrrhizin, ammoniated (Glycyrrhiza spp.)', ncs: false, smiles: null }),
    ).toBe('synthetic');
    // A plant shown by its botanical name alone is what its INCI name says; a derivative is not.
    expect(
      chemicalType({ name: 'Pogostemon Cablin', ncs: false, smiles: null, inci: 'POGOSTEMON CABLIN OIL' }),
    ).toBe('essential_oil');
    expect(
      chemicalType({
        name: 'Aloysia triphylla, ext.',
        ncs: false,
        smiles: null,
        inci: 'LIPPIA CITRIODORA ABSOLUTE',
      }),
    ).toBe('natural');
    expect(
      chemicalType({
        name: 'Peg-20 Almond Glycerides',
        ncs: false,
        smiles: null,
        inci: 'ALMOND OIL PEG-6 ESTERS',
      }),
    ).toBe('synthetic');
    // A naphthalene keeps a benzene ring only while one ring is left unsaturated.
    const byName = (name: string) => chemicalType({ name, ncs: false, smiles: null });
    expect(byName('1-(5,6,7,8-tetrahydro-2-naphthalenyl)ethanone')).toBe('aromatic_compound');
    expect(byName('Tetramethyl Acetyloctahydronaphthalenes')).toBe('synthetic');
    expect(byName('2H-2,4a-Methanonaphthalen-1(5H)-one, hexahydro-5,5-dimethyl-2-propyl-')).toBe('synthetic');
    expect(byName('Hexahydro-3H-benzofuran-2-one')).toBe('synthetic');
    expect(byName('4H-1,3-Benzodioxin, hexahydro-4-methyl-2-(phenylmethyl)-')).toBe('aromatic_compound');
    // Petroleum's products are no natural material, and naphtha is no naphthalene.
    expect(byName('Distillates (petroleum), acid-treated light')).toBe('synthetic');
    expect(byName('White mineral oil, petroleum')).toBe('synthetic');
    expect(byName('Naphtha, petroleum, heavy alkylate')).toBe('synthetic');
    expect(byName('Birch tar oil, rectified')).toBe('essential_oil');
  });
});

describe('cleanNotes', () => {
  it('tidies note lists without inventing notes', async () => {
    const { cleanNotes } = await import('./sources/common.ts');
    expect(
      cleanNotes([
        ' Rose ',
        'rose',
        '& Ambergris.',
        '"Oud"',
        'NA',
        '',
        '11 select (but undisclosed!) notes that evoke vegetable tanned horse leather',
      ]),
    ).toEqual(['Rose', 'Ambergris', 'Oud']);
  });
});

describe('pairedNames (SCCS)', () => {
  it("splits a row that runs two materials' names together, one per CAS number, and no other", () => {
    const ids = readIdentifiers('8007-80-5 84649-98-9');
    expect(pairedNames('CINNAMOMUM CASSIA LEAF OIL CINNAMOMUM ZEYLANICUM BARK OIL', ids)).toEqual([
      { name: 'CINNAMOMUM CASSIA LEAF OIL', ids: { ...ids, cas: ['8007-80-5'], ec: [] } },
      { name: 'CINNAMOMUM ZEYLANICUM BARK OIL', ids: { ...ids, cas: ['84649-98-9'], ec: [] } },
    ]);
    const carvone = readIdentifiers('99-49-0 / 6485-40-1 / 2244-16-8');
    expect(pairedNames('CARVONE', carvone)).toEqual([{ name: 'CARVONE', ids: carvone }]);
    const pinus = readIdentifiers('90082-72-7 / 97676-05-6');
    expect(pairedNames('PINUS MUGO/PUMILA', pinus)).toHaveLength(1);
    // Two names but one CAS number: nothing to pair.
    const one = readIdentifiers('8007-80-5');
    expect(pairedNames('CINNAMOMUM CASSIA LEAF OIL CINNAMOMUM ZEYLANICUM BARK OIL', one)).toHaveLength(1);
  });
});
