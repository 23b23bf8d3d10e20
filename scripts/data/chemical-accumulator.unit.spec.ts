import { describe, expect, it } from 'vitest';
import { isSystematicName } from '../../services/domain/src/chemicals/systematic-name.ts';
import {
  Accumulator,
  attachCosingNames,
  attributeGroupNames,
  bracketedTrivialName,
  chooseInci,
  cleanName,
  clippedSupplierNames,
  contradictsStereo,
  displayCase,
  displayName,
  doubleBondGeometry,
  dropUnbackedListNames,
  groupMemberName,
  isCasIndexName,
  NAME_RANK,
  nameKey,
  nameParts,
  stereoFreeKey,
  stereoMarks,
  withoutStereo,
} from './chemical-accumulator.ts';

describe('nameParts', () => {
  it('splits a cell that lists several names', () => {
    expect(
      nameParts(
        'Citronellol/ (±) 3,7-Dimethyl-6-octen-1-ol; (3R)-3,7-dimethyloct-6-en-1-ol; (3S)-3,7-dimethyloct-6-en-1-ol;',
      ),
    ).toEqual([
      'Citronellol/ (±) 3,7-Dimethyl-6-octen-1-ol',
      '(3R)-3,7-dimethyloct-6-en-1-ol',
      '(3S)-3,7-dimethyloct-6-en-1-ol',
    ]);
  });

  it('drops the regulatory scope after a name', () => {
    expect(
      nameParts(
        'Safrole, except for normal content in the natural essences used and provided that the concentration does not exceed: 100 ppm',
      ),
    ).toEqual(['Safrole']);
    expect(
      nameParts(
        '1-(4-Methoxyphenyl)-1-pentene-3-one (alpha-Methylanisylideneacetone), when used as a fragrance ingredient',
      ),
    ).toEqual(['1-(4-Methoxyphenyl)-1-pentene-3-one (alpha-Methylanisylideneacetone)']);
    // The condition of a ban.
    expect(
      nameParts(
        'Distillates (petroleum), hydrotreated heavy naphthenic, if they contain > 3% w/w DMSO extract',
      ),
    ).toEqual(['Distillates (petroleum), hydrotreated heavy naphthenic']);
    // An exception inside a group name is part of the name.
    expect(nameParts('Esters of 2-Octynoic acid (except Methyl heptine carbonate)')).toEqual([
      'Esters of 2-Octynoic acid (except Methyl heptine carbonate)',
    ]);
  });

  it('keeps what brackets hold, slashes, and leaves out what is not a name', () => {
    expect(nameParts('1,4-bis(p-Tolylamino)anthraquinone (Solvent Green 3; CI 61565)')).toEqual([
      '1,4-bis(p-Tolylamino)anthraquinone (Solvent Green 3; CI 61565)',
    ]);
    // "Cyclamen aldehyde / methyl anthranilate" is one Schiff base, not two names.
    expect(nameParts('Cyclamen Aldehyde / Methyl Anthranilate Schiff Base')).toEqual([
      'Cyclamen Aldehyde / Methyl Anthranilate Schiff Base',
    ]);
    expect(nameParts('Myroxylon balsamum var. pereirae; extracts and distillates')).toEqual([
      'Myroxylon balsamum var. pereirae',
    ]);
    expect(nameParts('78-70-6 (Linalool):; ; 12')).toEqual([]);
  });

  it('leaves out what a list or a supplier adds to a name, and what is no name at all', () => {
    expect(nameParts('Alanroot oil (Inula helenium L.) (CAS No 97676-35-2)')).toEqual([
      'Alanroot oil (Inula helenium L.)',
    ]);
    expect(nameParts('CI 16035. (see note 17)')).toEqual(['CI 16035']);
    expect(nameParts("2,2'-oxydiethanol for traces level, see Annex III")).toEqual(["2,2'-oxydiethanol"]);
    expect(nameParts('Vanillin 10% in DPG')).toEqual(['Vanillin']);
    expect(nameParts('Ambermax 50% Dowanol TPM')).toEqual(['Ambermax']);
    expect(nameParts('Caramel Furanone 0.003%')).toEqual(['Caramel Furanone']);
    expect(nameParts('Spearmint oil, 60%')).toEqual(['Spearmint oil']);
    expect(nameParts('Coramber from PW')).toEqual(['Coramber']);
    expect(nameParts('Allergen Declaration from PW')).toEqual([]);
    expect(nameParts('4WW17035 from PW')).toEqual([]);
    // A range of a concentration inside a description is not a dilution.
    expect(nameParts('Titanium dioxide in powder form containing 1 % or more of particles')).toEqual([
      'Titanium dioxide in powder form containing 1 % or more of particles',
    ]);
    // A spreadsheet escape joins two names; a bracketed remark alone is none; a bracketed name is.
    expect(
      nameParts(
        '2(4H)-Benzofuranone, 5,6,7,7a-tetrahydro-3,6-dimethyl_x0002_3,6-Dimethyl-5,6,7,7a-tetrahydro-1-benzofuran-2(4H)-one',
      ),
    ).toEqual([
      '2(4H)-Benzofuranone, 5,6,7,7a-tetrahydro-3,6-dimethyl',
      '3,6-Dimethyl-5,6,7,7a-tetrahydro-1-benzofuran-2(4H)-one',
    ]);
    expect(nameParts('(including all geometric isomers).')).toEqual([]);
    expect(nameParts('(cis-Isoeugenol)')).toEqual(['cis-Isoeugenol']);
  });
});

describe('groupMemberName', () => {
  it("names a substance only group entries name by the entry's name, never by its CAS number", () => {
    const savin = new Accumulator('chem-8024-00-8', '8024-00-8');
    const other = new Accumulator('chem-90046-04-1', '90046-04-1');
    for (const acc of [savin, other]) {
      acc.addGroupName('Savin oil', ['8024-00-8', '90046-04-1']);
      acc.synonyms.add('Juniperus sabina L.');
    }
    attributeGroupNames([savin, other]);
    expect(groupMemberName(savin)).toBe('Savin oil');
    // The entry's name is true of every isomer it covers, though one of them owns it.
    const bisabolol = new Accumulator('chem-515-69-5', '515-69-5');
    const isomer = new Accumulator('chem-23178-88-3', '23178-88-3');
    bisabolol.addName('alpha-Bisabolol', NAME_RANK.ifraTransparency!);
    for (const acc of [bisabolol, isomer]) {
      acc.addGroupName('alpha-Bisabolol', ['515-69-5', '23178-88-3']);
      acc.addGroupName('Bisabolol nat. roh (Candela-Öl)', ['515-69-5', '23178-88-3']);
    }
    attributeGroupNames([bisabolol, isomer]);
    expect(groupMemberName(isomer)).toBe('alpha-Bisabolol');
    // Without an entry's name, the other name that reads most as words; a systematic one last.
    const dienol = new Accumulator('chem-1018832-07-9', '1018832-07-9');
    dienol.synonyms.add('(2R,5E)-2,6,10-Trimethylundeca-5,9-dien-1-ol');
    expect(groupMemberName(dienol)).toBe('(2R,5E)-2,6,10-Trimethylundeca-5,9-dien-1-ol');
    dienol.synonyms.add('Trimethylundecadienol');
    expect(groupMemberName(dienol)).toBe('Trimethylundecadienol');
    expect(groupMemberName(new Accumulator('chem-1-1-1', '1-1-1'))).toBeNull();
    // A name the entry lists under this CAS number alone comes before the entry's title: IFRA's
    // Rose ketones standard lists cis-isodamascone under 87064-19-5, which no other source names.
    const isodamascone = new Accumulator('chem-87064-19-5', '87064-19-5');
    isodamascone.addGroupName('Rose ketones', ['23696-85-7', '87064-19-5']);
    isodamascone.sectionNames.push(
      '2-Buten-1-one, 1-(2,4,4-trimethyl-2-cyclohexen-1-yl)-, (Z)-',
      'cis-Isodamascone',
    );
    expect(groupMemberName(isodamascone)).toBe('cis-Isodamascone');
    // Its own systematic name states its isomer: it comes before a systematic title.
    const zDienol = new Accumulator('chem-58001-87-9', '58001-87-9');
    zDienol.addGroupName('2,6,10-Trimethylundeca-5,9-dien-1-ol', ['24048-14-4', '58001-87-9']);
    zDienol.sectionNames.push('(Z)-2,6,10-Trimethylundeca-5,9-dien-1-ol');
    expect(groupMemberName(zDienol)).toBe('(Z)-2,6,10-Trimethylundeca-5,9-dien-1-ol');
    // A CAS number in a source's name column is no name.
    const geranitrile = new Accumulator('chem-31983-27-4', '31983-27-4');
    geranitrile.addName('31983-27-4', NAME_RANK.goodScents!);
    expect(geranitrile.names).toEqual([]);
  });
});

describe('nameKey', () => {
  it('ignores case, spaces and punctuation', () => {
    expect(nameKey('5-Allyl-1,3-benzodioxole')).toBe(nameKey('5 allyl 1,3 Benzodioxole'));
    expect(nameKey('(2R,5E)-x')).not.toBe(nameKey('(2S,5E)-x'));
  });
});

describe('attributeGroupNames: Greek letters and stereoisomers', () => {
  it('reads a Greek letter as its spelled name when it looks for the owner of a name', () => {
    const alpha = new Accumulator('chem-23726-94-5', '23726-94-5');
    const beta = new Accumulator('chem-35044-68-9', '35044-68-9');
    const damascenone = new Accumulator('chem-23696-85-7', '23696-85-7');
    alpha.addName('alpha-Damascone', NAME_RANK.goodScents!);
    beta.addName('beta-Damascone', NAME_RANK.goodScents!);
    damascenone.addName('Rose Ketone-4', NAME_RANK.goodScents!);
    const cas = ['23726-94-5', '35044-68-9', '23696-85-7'];
    for (const acc of [alpha, beta, damascenone]) {
      for (const n of ['α-Damascone', 'ß-Damascone', '.beta.-Damascone', 'Rose ketones'])
        acc.addGroupName(n, cas);
    }
    attributeGroupNames([alpha, beta, damascenone]);
    expect([...damascenone.synonyms].sort()).toEqual(['Rose Ketone-4', 'Rose ketones']);
    expect([...alpha.synonyms]).toContain('α-Damascone');
    expect([...alpha.synonyms]).not.toContain('ß-Damascone');
    expect([...beta.synonyms]).toEqual(expect.arrayContaining(['ß-Damascone', '.beta.-Damascone']));
  });

  it('keeps a name stating another stereoisomer off a member, and a name stating none on every one', () => {
    const d = new Accumulator('chem-2244-16-8', '2244-16-8');
    const l = new Accumulator('chem-6485-40-1', '6485-40-1');
    const racemate = new Accumulator('chem-22327-39-0', '22327-39-0');
    const unspecified = new Accumulator('chem-99-49-0', '99-49-0');
    d.addName('d-Carvone', NAME_RANK.goodScents!);
    d.addName('(S)-Carvone', NAME_RANK.goodScents!);
    l.addName('L-Carvone', NAME_RANK.goodScents!);
    racemate.addName('dl-Carvone', NAME_RANK.goodScents!);
    unspecified.addName('Carvone', NAME_RANK.goodScents!);
    const members = [d, l, racemate, unspecified];
    const cas = members.map((m) => m.cas!);
    const group = ['l-p-Mentha-1(6),8-dien-2-one', 'd-p-Mentha-6,8(9)-dien-2-one', '(5R)-Carvone', 'Carvol'];
    for (const acc of members) for (const n of group) acc.addGroupName(n, cas);
    attributeGroupNames(members);
    expect([...d.synonyms]).toEqual(['d-Carvone', '(S)-Carvone', 'd-p-Mentha-6,8(9)-dien-2-one', 'Carvol']);
    expect([...l.synonyms]).toEqual(['L-Carvone', 'l-p-Mentha-1(6),8-dien-2-one', '(5R)-Carvone', 'Carvol']);
    expect([...racemate.synonyms]).toEqual(['dl-Carvone', 'Carvol']);
    expect([...unspecified.synonyms]).toEqual(['Carvone', ...group]);
  });

  it('reads rotation and single-centre configuration from a prefix only', () => {
    expect(stereoMarks('(+)-(R)-Citronellol')).toEqual({ rotation: '+', configuration: 'R' });
    expect(stereoMarks('(S)-(-)-Limonene')).toEqual({ rotation: '-', configuration: 'S' });
    expect(stereoMarks('dl-Limonene (racemic)')).toEqual({ rotation: '±', configuration: null });
    expect(stereoMarks('D-limonene')).toEqual({ rotation: '+', configuration: null });
    expect(stereoMarks('(+)-l-Tartaric acid')).toEqual({ rotation: '+', configuration: null });
    // Several centres or bonds give no configuration, but the bonds' geometry.
    expect(stereoMarks('(2R,5E)-2,6,10-Trimethylundeca-5,9-dien-1-ol')).toEqual({
      rotation: null,
      configuration: null,
      geometry: 'E',
    });
    expect(stereoMarks('delta-Damascone')).toEqual({ rotation: null, configuration: null });
    expect(stereoMarks('Linalool')).toEqual({ rotation: null, configuration: null });
  });

  it("reads a CAS index name's closing descriptor, a (±) anywhere and an enantiomer's trivial name", () => {
    expect(stereoMarks('6-Octen-1-ol, 3,7-dimethyl-, (S)-')).toEqual({ rotation: null, configuration: 'S' });
    expect(stereoMarks('7-Octen-1-ol, 3,7-dimethyl-,(S)-')).toEqual({ rotation: null, configuration: 'S' });
    expect(stereoMarks('6-Octen-1-ol, 3,7-dimethyl-,(+/-)-')).toEqual({ rotation: '±', configuration: null });
    expect(stereoMarks('Bicyclo[2.2.1]heptan-2-one, 1,7,7-trimethyl-, (1R)-')).toEqual({
      rotation: null,
      configuration: 'R',
    });
    expect(stereoMarks('3-Cyclohexene-1-methanol, .α.,4-dimethyl-, (R*,R*)-')).toEqual({
      rotation: null,
      configuration: null,
    });
    expect(stereoMarks('Citronellol/ (±) 3,7-Dimethyl-6-octen-1-ol')).toEqual({
      rotation: '±',
      configuration: null,
    });
    expect(stereoMarks('Licareol')).toEqual({ rotation: '-', configuration: null });
    expect(stereoMarks('Coriandrol')).toEqual({ rotation: '+', configuration: null });
  });

  it('keeps one configuration off the racemate, the racemate off one enantiomer', () => {
    const racemate = [stereoMarks('dl-Citronellol')];
    const r = [stereoMarks('(+)-(R)-Citronellol')];
    expect(contradictsStereo(racemate, stereoMarks('(R)-3,7-Dimethyloct-6-en-1-ol'))).toBe(true);
    expect(contradictsStereo(racemate, stereoMarks('6-Octen-1-ol, 3,7-dimethyl-, (S)-'))).toBe(true);
    expect(contradictsStereo(racemate, stereoMarks('(±)-3,7-dimethyloct-6-en-1-ol'))).toBe(false);
    expect(contradictsStereo(r, stereoMarks('6-Octen-1-ol, 3,7-dimethyl-,(+/-)-'))).toBe(true);
    expect(contradictsStereo(r, stereoMarks('6-Octen-1-ol, 3,7-dimethyl-, (S)-'))).toBe(true);
    expect(contradictsStereo(r, stereoMarks('6-Octen-1-ol, 3,7-dimethyl-, (R)-'))).toBe(false);
    expect(contradictsStereo([stereoMarks('d-Linalool')], stereoMarks('Licareol'))).toBe(true);
    expect(contradictsStereo([stereoMarks('d-Linalool')], stereoMarks('Coriandrol'))).toBe(false);
    // A substance shown without a descriptor keeps every isomer's name.
    expect(contradictsStereo([stereoMarks('Linalool')], stereoMarks('Licareol'))).toBe(false);
  });

  it('reads the geometry of double bonds, cis as Z and trans as E, and compares it bond for bond', () => {
    expect(doubleBondGeometry('trans,trans-Farnesol')).toBe('EE');
    expect(doubleBondGeometry('trans-trans-Farnesol')).toBe('EE');
    expect(doubleBondGeometry('2-trans,6-cis-Farnesol')).toBe('EZ');
    expect(doubleBondGeometry('2Z,6Z-Farnesol')).toBe('ZZ');
    expect(doubleBondGeometry('2,6,10-Dodecatrien-1-ol, 3,7,11-trimethyl-, (2E,6E)-')).toBe('EE');
    expect(doubleBondGeometry('cis-3-Hexenol')).toBe('Z');
    expect(doubleBondGeometry('Farnesol')).toBeNull();
    // A mixture of both isomers states no one geometry.
    expect(doubleBondGeometry('cis-and trans-Asarone')).toBeNull();
    expect(doubleBondGeometry('(E)-and (Z)-2,4,5-Trimethoxypropen-1-yl benzene)')).toBeNull();
    expect(doubleBondGeometry('(R)-Citronellol')).toBeNull();
    const ee = [stereoMarks('trans-trans-Farnesol')];
    expect(contradictsStereo(ee, stereoMarks('cis-cis-Farnesol'))).toBe(true);
    expect(contradictsStereo(ee, stereoMarks('2-trans,6-cis-Farnesol'))).toBe(true);
    expect(contradictsStereo(ee, stereoMarks('(2E,6E)-Farnesol'))).toBe(false);
    // One bond's geometry says nothing of two; a name without geometry keeps every isomer's name.
    expect(contradictsStereo(ee, stereoMarks('(E)-Farnesol'))).toBe(false);
    expect(contradictsStereo([stereoMarks('Farnesol')], stereoMarks('cis-cis-Farnesol'))).toBe(false);
    expect(contradictsStereo([stereoMarks('trans-Anethole')], stereoMarks('cis-Anethole'))).toBe(true);
  });
});

describe('withoutStereo', () => {
  it('drops rotation, configuration and geometry, wherever the name states them', () => {
    expect(withoutStereo('l-alpha-Pinene')).toBe('alpha-Pinene');
    expect(withoutStereo('(+)-(R)-Citronellol')).toBe('Citronellol');
    expect(withoutStereo('trans,trans-Farnesol')).toBe('Farnesol');
    expect(withoutStereo('(2E,6E)-Farnesol')).toBe('Farnesol');
    expect(withoutStereo('Benzyl trans-cinnamate')).toBe('Benzyl cinnamate');
    expect(withoutStereo('p-Menth-1-en-8-ol (S)')).toBe('p-Menth-1-en-8-ol');
    expect(withoutStereo('6-Octen-1-ol, 3,7-dimethyl-, (S)-')).toBe('6-Octen-1-ol, 3,7-dimethyl-');
    expect(withoutStereo('(2E)-1-(2,6,6-Trimethyl-1,3-cyclohexadien-1-yl)-2-buten-1-one')).toBe(
      '1-(2,6,6-Trimethyl-1,3-cyclohexadien-1-yl)-2-buten-1-one',
    );
    // A CAS index name's descriptor hyphenated to its last bracket, as IFRA writes one.
    expect(withoutStereo('2-Buten-1-one, 1-(2,6,6-trimethyl-1,3-cyclohexadien-1-yl)-(2E)-')).toBe(
      '2-Buten-1-one, 1-(2,6,6-trimethyl-1,3-cyclohexadien-1-yl)',
    );
  });

  it('keeps what tells substances apart: Greek letters, locants, words that only begin like a descriptor', () => {
    expect(withoutStereo('beta-Pinene')).toBe('beta-Pinene');
    expect(withoutStereo('delta-Damascone')).toBe('delta-Damascone');
    expect(withoutStereo('Linalool')).toBe('Linalool');
    expect(withoutStereo('Dimethyl anthranilate')).toBe('Dimethyl anthranilate');
    expect(withoutStereo('Lavandin oil')).toBe('Lavandin oil');
    expect(withoutStereo('Transparent base')).toBe('Transparent base');
    // A name that is nothing but a descriptor stays as it is.
    expect(withoutStereo('(R)-')).toBe('(R)-');
  });

  it('keys Greek letters as their names', () => {
    expect(stereoFreeKey('(Z)-β-Damascone')).toBe(stereoFreeKey('beta-Damascone'));
    expect(stereoFreeKey('l-α-Pinene')).toBe('alphapinene');
  });
});

describe('attributeGroupNames', () => {
  // One IFRA standard covers three substances and lists their names together.
  const safrole = new Accumulator('chem-94-59-7', '94-59-7');
  const isosafrole = new Accumulator('chem-120-58-1', '120-58-1');
  const dihydrosafrole = new Accumulator('chem-94-58-6', '94-58-6');
  safrole.addName('Safrole', NAME_RANK.prop65!);
  isosafrole.addName('Isosafrole', NAME_RANK.ifraGlossary!);
  dihydrosafrole.addName('Dihydrosafrole', NAME_RANK.prop65!);
  const group = [
    'Safrole, Isosafrole and Dihydrosafrole',
    'Isosafrole',
    'Iso-safrole',
    'Dihydrosafrole; Safrol',
    '5-Allyl-1,3-benzodioxole (Safrole)',
    'Isosafrole (mixed isomers)',
  ];
  const members = [safrole, isosafrole, dihydrosafrole];
  for (const acc of members) for (const n of group) acc.addGroupName(n, ['94-59-7', '120-58-1', '94-58-6']);
  // Another substance, outside the entry, owns the head of a name the entry lists.
  const benzodioxole = new Accumulator('chem-274-09-9', '274-09-9');
  benzodioxole.addName('1,3-Benzodioxole', NAME_RANK.goodScents!);
  for (const acc of members)
    acc.addGroupName('1,3-Benzodioxole (allyl, propenyl and propyl)', ['94-59-7', '120-58-1', '94-58-6']);
  attributeGroupNames([...members, benzodioxole]);

  it("gives a member's own name to that member only", () => {
    expect([...safrole.synonyms]).not.toContain('Isosafrole');
    expect([...safrole.synonyms]).not.toContain('Dihydrosafrole');
    expect([...isosafrole.synonyms]).toContain('Isosafrole');
    expect([...dihydrosafrole.synonyms]).toContain('Dihydrosafrole');
    // "Iso-safrole" spells isosafrole's own name: isosafrole's alone.
    expect([...isosafrole.synonyms]).toContain('Iso-safrole');
    expect([...safrole.synonyms]).not.toContain('Iso-safrole');
  });

  it("reads a name's head, else its brackets, when nobody owns it whole", () => {
    expect([...safrole.synonyms]).toContain('5-Allyl-1,3-benzodioxole (Safrole)');
    expect([...isosafrole.synonyms]).not.toContain('5-Allyl-1,3-benzodioxole (Safrole)');
    expect([...isosafrole.synonyms]).toContain('Isosafrole (mixed isomers)');
    expect([...dihydrosafrole.synonyms]).not.toContain('Isosafrole (mixed isomers)');
    // A head owned outside the entry decides nothing: every member keeps the name.
    for (const acc of members) {
      expect([...acc.synonyms]).toContain('1,3-Benzodioxole (allyl, propenyl and propyl)');
    }
  });

  it('keeps a name no single-substance source gives with every member', () => {
    for (const acc of [safrole, isosafrole, dihydrosafrole]) {
      expect([...acc.synonyms]).toContain('Safrole, Isosafrole and Dihydrosafrole');
      expect([...acc.synonyms]).toContain('Safrol');
    }
  });
});

describe('display names', () => {
  it('tells CAS index names from names people use', () => {
    for (const name of [
      'Oxacyclohexadec-12-en-2-one, (12E)-',
      'Benzoic acid, 2-hydroxy-, methyl ester',
      'Nonane, 1,1-diethoxy-',
      '2,6-Octadienal, (2E,6Z)-',
      'Amyl cinnamal, alpha-',
      'Carbonic acid, ammonium salt',
      'Nitric acid, magnesium salt (2:1)',
      'Pentanedioic acid, 1,5-dimethyl ester',
      'Acetaldehyde, diphenethyl acetal',
      '1,3-Dioxolane-4-methanol, 2,2-dimethyl',
      'Juniper, Juniperus virginiana, ext., epoxidized',
    ]) {
      expect(isCasIndexName(name), name).toBe(true);
    }
    for (const name of [
      'Linalool',
      'Bergamot oil, expressed',
      'Pinus mugo, leaf and twig oil',
      'Safrole, Isosafrole and Dihydrosafrole',
      'Oakmoss absolute (low atranol & chloratranol)',
      'Cedarwood oil, Chinese',
      'Methyl abietate, technical',
      'Sodium salt, anhydrous',
      'Tea tree oil, 4-terpinenol type',
    ]) {
      expect(isCasIndexName(name), name).toBe(false);
    }
  });

  it('shows a readable name from any source instead of a CAS index name, else the best-ranked name', () => {
    const names = [
      { name: 'Oxacyclohexadec-12-en-2-one, (12E)-', rank: NAME_RANK.ifraTransparency! },
      { name: 'Habanolide 10% in DPG', rank: NAME_RANK.userMaterials! },
      { name: '111879-80-2', rank: NAME_RANK.goodScents! },
      { name: 'Habanolide', rank: NAME_RANK.userMaterials! },
      { name: 'SCHEMBL1234567', rank: NAME_RANK.goodScents! },
    ];
    expect(displayName(names)).toEqual({ name: 'Habanolide', rank: NAME_RANK.userMaterials });
    // A lower-case trade name is capitalised; a readable best-ranked name is kept as it is.
    expect(
      displayName([
        { name: 'Ethanone, 1-(2-naphthyl)-', rank: 2 },
        { name: 'georgywood', rank: 13 },
      ])?.name,
    ).toBe('Georgywood');
    expect(
      displayName([
        { name: 'Propanoic acid, 2-methyl-, cyclohexyl ester', rank: 2 },
        { name: 'cyclohexyl isobutyrate', rank: 7 },
      ])?.name,
    ).toBe('Cyclohexyl isobutyrate');
    expect(
      displayName([
        { name: '3-Hepten-1-ol, (3Z)-', rank: 2 },
        { name: 'cis-3-hepten-1-ol', rank: 7 },
      ])?.name,
    ).toBe('cis-3-hepten-1-ol');
    expect(
      displayName([
        { name: '2-Octen-1-ol, 1-acetate', rank: 2 },
        { name: 'oct-2-enyl acetate', rank: 7 },
      ])?.name,
    ).toBe('Oct-2-enyl acetate');
    expect(
      displayName([
        { name: 'Cyclohexanol, 4-(1,1-dimethylethyl)-, trans-', rank: 2 },
        { name: 'trans-4-tert-butylcyclohexanol', rank: 7 },
      ])?.name,
    ).toBe('trans-4-tert-butylcyclohexanol');
    // A treated natural keeps its treatment in the name, or its index name when no name says it.
    expect(
      displayName([
        { name: 'Cymbopogon, ext., oxidized', rank: 2 },
        { name: 'Cymbopogon Citratus Extract', rank: 11 },
        { name: 'Cymbopogon Citratus Leaf Extract Oxidized', rank: 11 },
      ])?.name,
    ).toBe('Cymbopogon Citratus Leaf Extract Oxidized');
    expect(
      displayName([
        { name: 'Acorus calamus, ext., hydrogenated', rank: 2 },
        { name: 'Acorus Calamus Root Extract', rank: 11 },
      ])?.name,
    ).toBe('Acorus calamus, ext., hydrogenated');
    expect(
      displayName([
        { name: 'Linalool', rank: 5 },
        { name: 'Linalol', rank: 2 },
      ])?.name,
    ).toBe('Linalol');
    // A description or a list is no name.
    expect(
      displayName([
        { name: '3-Pentanone, 1-(2,6,6-trimethyl-2-cyclohexen-1-yl)-', rank: 2 },
        { name: 'synthetic amber', rank: 7 },
        { name: "6,6'-di-tert-butyl-2,2'-methylenedi-p-cresol;[DBMC]", rank: 7 },
      ])?.name,
    ).toBe('3-Pentanone, 1-(2,6,6-trimethyl-2-cyclohexen-1-yl)-');
    // Nothing readable: the CAS index name stays.
    expect(
      displayName([
        { name: 'Nonane, 1,1-diethoxy-', rank: 2 },
        { name: '54889-48-4', rank: 7 },
      ])?.name,
    ).toBe('Nonane, 1,1-diethoxy-');
    expect(displayName([])).toBeNull();
  });

  it('shows an EU label allergen by the INCI name labels print, when it is one molecule and its own', () => {
    const own = () => true;
    const lilial = [{ name: 'p-tert-Butyl-α-methylhydrocinnamic aldehyde (p-BMHCA)', rank: 4 }];
    const inci = { name: 'Butylphenyl Methylpropional', rank: NAME_RANK.cosing! };
    expect(displayName(lilial, inci, own, true)?.name).toBe('Butylphenyl Methylpropional');
    // The same name in capitals: the best-ranked spelling stays (`Benzyl alcohol`, not `Benzyl Alcohol`).
    expect(
      displayName([{ name: 'Benzyl alcohol', rank: 2 }], { name: 'Benzyl Alcohol', rank: 11 }, own, true)
        ?.name,
    ).toBe('Benzyl alcohol');
    // Not an allergen: the best-ranked name stays.
    expect(displayName(lilial, inci, own, false)?.name).toBe(lilial[0]!.name);
    // Shared with the other isomers (d- and l-limonene are both `Limonene`): the own name stays.
    expect(
      displayName([{ name: 'd-Limonene', rank: 2 }], { name: 'Limonene', rank: 11 }, () => false, true)?.name,
    ).toBe('d-Limonene');
    // A plant material's Latin INCI name, a list and a systematic INCI name do not replace it.
    for (const [name, label] of [
      ['Oakmoss extract', 'Evernia Prunastri Extract'],
      ['Rose ketones', 'Alpha-Damascone; Rose Ketone-4'],
      [
        'Trimethylcyclopentenyl Methylisopentenol',
        '3-Methyl-5-(2,2,3-trimethyl-3-cyclopentenyl)pent-4-en-2-ol',
      ],
    ] as const) {
      expect(displayName([{ name, rank: 2 }], { name: label, rank: 11 }, own, true)?.name).toBe(name);
    }
  });

  it('shows the INCI name instead of a systematic name built from locants, when the INCI name is not one', () => {
    const camphor = { name: 'Camphor', rank: NAME_RANK.cosing! };
    expect(displayName([{ name: '1,7,7-Trimethylbicyclo[2.2.1]heptan-2-one', rank: 2 }], camphor)).toEqual(
      camphor,
    );
    expect(
      displayName(
        [{ name: '1,3,4,6,7,8-Hexahydro-4,6,6,7,8,8-hexamethylcyclopenta-gamma-2-benzopyran', rank: 2 }],
        { name: 'Hexamethylindanopyran', rank: NAME_RANK.annexInci! },
      )?.name,
    ).toBe('Hexamethylindanopyran');
    expect(
      displayName([{ name: "2,2',4,4'-Tetrahydroxybenzophenone", rank: 2 }], {
        name: 'Benzophenone-2',
        rank: 11,
      })?.name,
    ).toBe('Benzophenone-2');
    // A name with one locant is readable enough; an INCI name that is systematic too, or cut short
    // (a bracket that never opened), or a list, does not replace it.
    for (const [name, inci] of [
      ['2-Methylundecanal dimethyl acetal', 'Methylundecanal Dimethyl Acetal'],
      ['3,5,6-Trimethylcyclohex-3-ene-1-carbaldehyde', '3,5,6-Trimethyl-3-cyclohexene-1-carbaldehyde'],
      [
        '4-(1,2-Epoxy-2,6,6-trimethylcyclohexyl)-3-buten-2-one',
        'Trimethyl-7-oxabicycloheptyl)-3-buten-2-one',
      ],
      [
        '1-(2,6,6-Trimethylcyclohexa-1,3-dienyl)-2-buten-1-one',
        'Alpha-Damascone/cis-Rose ketone 1; Rose ketone 4',
      ],
    ] as const) {
      expect(displayName([{ name, rank: 2 }], { name: inci, rank: 11 })?.name, name).toBe(name);
    }
    // CAS's dotted Greek letters are shown spelt out, as labels print them.
    expect(displayName([{ name: 'l-.beta.-Pinene', rank: 2 }])?.name).toBe('l-beta-Pinene');
    expect(displayName([{ name: '.Eta.-1H-Indol-1-yl-.alpha.,.alpha.-dimethyl', rank: 2 }])?.name).toBe(
      'eta-1H-Indol-1-yl-alpha,alpha-dimethyl',
    );
    // Without a plain INCI name, a trivial or trade name of letters only that no other substance
    // carries (`ownName`) is shown; a name other substances share (an isomer group's) is not.
    const safranal = [
      { name: '2,6,6-Trimethylcyclohex-1,3-dienyl methanal', rank: 2 },
      { name: 'Dehydro-beta-cyclocitral', rank: 7 },
      { name: 'safranal', rank: 6 },
    ];
    expect(displayName(safranal, null, (n) => n === 'safranal')?.name).toBe('Safranal');
    expect(displayName(safranal, null, () => false)?.name).toBe(
      '2,6,6-Trimethylcyclohex-1,3-dienyl methanal',
    );
    expect(
      displayName(
        [
          { name: '2,4-Dimethyl-3-cyclohexen-1-carboxaldehyde', rank: 2 },
          { name: 'Triplal (ligustral)', rank: 7 },
          { name: 'Triplal', rank: 7 },
        ],
        { name: '2,4-Dimethyl-3-cyclohexene Carboxaldehyde', rank: 11 },
        (n) => n.startsWith('Triplal'),
      )?.name,
    ).toBe('Triplal');
    // A CAS index name still takes the best-ranked readable name of any source, INCI or not.
    expect(
      displayName(
        [
          { name: 'Naphtho[2,1-b]furan, dodecahydro-3a,6,6,9a-tetramethyl-', rank: 2 },
          { name: 'Ambrox dl', rank: 7 },
        ],
        { name: 'Dodecahydro-tetramethylnaphthofuran', rank: 11 },
      )?.name,
    ).toBe('Ambrox dl');
    expect(isSystematicName('3a,4,5,6,7,7a-Hexahydro-4,7-methano-1H-inden-5-yl isobutyrate')).toBe(true);
    expect(isSystematicName('2,5-Hexanedione')).toBe(true);
    expect(isSystematicName('2-tert-Butylcyclohexyl acetate')).toBe(false);
    expect(isSystematicName('Benzophenone-2')).toBe(false);
  });
});

describe('group names on several materials of one plant', () => {
  it('gives a member only the names of its own part and form', () => {
    const tincture = new Accumulator('chem-8028-48-6', '8028-48-6');
    tincture.addName('Orange peel, sweet, tincture', NAME_RANK.ifraTransparency!);
    const neroli = new Accumulator('chem-8016-38-4', '8016-38-4');
    neroli.addName('Orange flower oil, bitter', NAME_RANK.ifraTransparency!);
    const entry = 'Citrus Aurantium Dulcis Flower Oil; Citrus Aurantium Dulcis Peel Oil Expressed';
    for (const acc of [tincture, neroli]) acc.addGroupName(entry, ['8028-48-6', '8016-38-4']);
    attributeGroupNames([tincture, neroli]);
    expect([...tincture.synonyms]).toEqual([
      'Orange peel, sweet, tincture',
      'Citrus Aurantium Dulcis Peel Oil Expressed',
    ]);
    expect([...neroli.synonyms]).toEqual(['Orange flower oil, bitter', 'Citrus Aurantium Dulcis Flower Oil']);
  });
});

describe('CosIng names of a CAS number several materials share', () => {
  // CosIng gives 8028-48-6 to the sweet orange's flower, fruit, peel and seed materials.
  const tincture = new Accumulator('chem-8028-48-6', '8028-48-6');
  tincture.addName('Orange peel, sweet, tincture', NAME_RANK.ifraTransparency!);
  for (const name of [
    'CITRUS AURANTIUM DULCIS FLOWER EXTRACT',
    'CITRUS AURANTIUM DULCIS FLOWER OIL',
    'CITRUS AURANTIUM DULCIS FRUIT POWDER',
    'CITRUS AURANTIUM DULCIS PEEL EXTRACT',
    'CITRUS AURANTIUM DULCIS SEED OIL',
  ])
    tincture.cosingNames.push({ name, single: true });
  attachCosingNames(tincture);

  it('keeps only the names of the material the other sources name', () => {
    expect([...tincture.synonyms]).not.toContain('Citrus Aurantium Dulcis Flower Oil');
    expect([...tincture.synonyms]).not.toContain('Citrus Aurantium Dulcis Seed Oil');
    expect([...tincture.synonyms]).toContain('Citrus Aurantium Dulcis Peel Extract');
    expect(tincture.otherMaterials).toEqual([
      'CITRUS AURANTIUM DULCIS FLOWER EXTRACT',
      'CITRUS AURANTIUM DULCIS FLOWER OIL',
      'CITRUS AURANTIUM DULCIS FRUIT POWDER',
      'CITRUS AURANTIUM DULCIS SEED OIL',
    ]);
  });

  it('takes the INCI name that agrees best, not the first', () => {
    expect(chooseInci(tincture)?.name).toBe('CITRUS AURANTIUM DULCIS PEEL EXTRACT');
  });

  it('takes the more specific of two names that agree equally', () => {
    const rose = new Accumulator('chem-84696-47-9', '84696-47-9');
    rose.addName('Rosa canina flower oil', NAME_RANK.ifraTransparency!);
    for (const name of ['ROSA CANINA FLOWER', 'ROSA CANINA FLOWER OIL'])
      rose.cosingNames.push({ name, single: true });
    attachCosingNames(rose);
    expect(chooseInci(rose)?.name).toBe('ROSA CANINA FLOWER OIL');
  });

  it("names an EU label allergen as its labelling entry does, any other molecule as CosIng's inventory does", () => {
    const dLinalool = new Accumulator('chem-126-90-9', '126-90-9');
    dLinalool.addName('d-Linalool', NAME_RANK.ifraTransparency!);
    dLinalool.allergenFrom.push({ source: 'euAllergens', details: null });
    dLinalool.cosingNames.push({ name: 'L-ALLO-OCIMENOL', single: true });
    dLinalool.inci.push({ name: 'LINALOOL', rank: 2 });
    attachCosingNames(dLinalool);
    expect(chooseInci(dLinalool)?.name).toBe('LINALOOL');
    const bht = new Accumulator('chem-128-37-0', '128-37-0');
    bht.addName('Butylated hydroxytoluene', NAME_RANK.ifraTransparency!);
    bht.inci.push({ name: 'Butylated Hydroxytoluene', rank: 2 });
    bht.cosingNames.push({ name: 'BHT', single: true });
    attachCosingNames(bht);
    expect(chooseInci(bht)?.name).toBe('BHT');
    // An annex cell holding a CAS index name is no label name.
    const eugenylAcetate = new Accumulator('chem-93-28-7', '93-28-7');
    eugenylAcetate.addName('Eugenyl acetate', NAME_RANK.ifraTransparency!);
    eugenylAcetate.allergenFrom.push({ source: 'annexIII', details: null });
    eugenylAcetate.inci.push({ name: 'PHENOL, 2-METHOXY-4-(2-PROPENYL)-, ACETATE', rank: 2 });
    eugenylAcetate.cosingNames.push({ name: 'EUGENYL ACETATE', single: true });
    attachCosingNames(eugenylAcetate);
    expect(chooseInci(eugenylAcetate)?.name).toBe('EUGENYL ACETATE');
  });

  it('takes a single name before an annex cell listing several', () => {
    const damascone = new Accumulator('chem-23726-91-2', '23726-91-2');
    damascone.addName('trans-beta-Damascone', NAME_RANK.ifraTransparency!);
    damascone.inci.push({
      name: 'Alpha-Damascone/cis-Rose ketone 1; trans-Rose ketone 2 (trans-beta-Damascone)',
      rank: 2,
    });
    damascone.cosingNames.push({ name: 'TRANS-ROSE KETONE-2', single: true });
    attachCosingNames(damascone);
    expect(chooseInci(damascone)?.name).toBe('TRANS-ROSE KETONE-2');
  });
});

describe('a trivial name in brackets after a systematic one', () => {
  it('is read as a name of its own, never an isomer or grade remark', () => {
    expect(bracketedTrivialName('2,6-Dihydroxy-4-methyl-benzaldehyde (atranol)')).toBe('atranol');
    expect(bracketedTrivialName('3-Chloro-2,6-Dihydroxy-4-methyl-benzaldehyde (chloroatranol)')).toBe(
      'chloroatranol',
    );
    for (const name of [
      '3-Hexen-1-ol (isomer unspecified)',
      'Di(2-ethylhexyl)phthalate (DEHP)',
      'Butyl 2-methylcrotonate (E)',
      '2,11-Dodecadienal, (E)- (9CI)',
      '2,5 or 6-Methoxy-3-methylpyrazine (mixture)',
      // The head is a plain name: the brackets hold a remark, not another name.
      'Oakmoss absolute (low atranol & chloratranol)',
      'Butylphenyl Methylpropional (lilial)',
    ]) {
      expect(bracketedTrivialName(name), name).toBeNull();
    }
  });

  it('shows atranol by its trivial name, the annex name staying a synonym', () => {
    const atranol = new Accumulator('chem-526-37-4', '526-37-4');
    atranol.addName('2,6-Dihydroxy-4-methyl-benzaldehyde (atranol)', NAME_RANK.annexName!);
    atranol.addName('2,6-Dihydroxy-4-methyl-benzaldehyde', NAME_RANK.annexName!);
    expect(displayName(atranol.names, null, () => true)?.name).toBe('Atranol');
    expect([...atranol.synonyms]).toContain('2,6-Dihydroxy-4-methyl-benzaldehyde (atranol)');
  });
});

describe("the hand-made allergen list's names", () => {
  it('are dropped when a word of theirs is in no other name of the substance', () => {
    const oakmoss = new Accumulator('chem-90028-68-5', '90028-68-5');
    oakmoss.addName('Evernia Prunastri Extract', NAME_RANK.annexInci!);
    oakmoss.addName('Oak moss extract', NAME_RANK.annexName!);
    oakmoss.addName('Evernia Prunastri Review', NAME_RANK.euAllergens!);
    expect(dropUnbackedListNames(oakmoss)).toEqual(['Evernia Prunastri Review']);
    expect(oakmoss.synonyms.has('Evernia Prunastri Review')).toBe(false);
    expect(oakmoss.names.map((n) => n.name)).toEqual(['Evernia Prunastri Extract', 'Oak moss extract']);
  });

  it('stay when other names back every word, written together or apart', () => {
    const methylCoumarin = new Accumulator('chem-92-48-8', '92-48-8');
    methylCoumarin.addName('6-Methylcoumarin', NAME_RANK.ifraStandard!);
    methylCoumarin.addName('6-Methyl Coumarin', NAME_RANK.euAllergens!);
    const lilial = new Accumulator('chem-80-54-6', '80-54-6');
    lilial.addName('Butylphenyl methylpropional', NAME_RANK.annexInci!);
    lilial.addName('Butylphenyl Methylpropional (Lilial) - BANNED', NAME_RANK.euAllergens!);
    // The same name from another source backs itself.
    const sclareol = new Accumulator('chem-515-03-7', '515-03-7');
    sclareol.addName('Sclareol', NAME_RANK.cosing!);
    sclareol.addName('Sclareol', NAME_RANK.euAllergens!);
    // A substance only the list names keeps its name.
    const alone = new Accumulator('chem-0000-00-0', null);
    alone.addName('Evernia Prunastri Review', NAME_RANK.euAllergens!);
    for (const acc of [methylCoumarin, lilial, sclareol, alone]) {
      const before = acc.names.length;
      expect(dropUnbackedListNames(acc)).toEqual([]);
      expect(acc.names).toHaveLength(before);
    }
  });
});

describe('names that read as systematic by their numbers alone', () => {
  const named = (...names: Array<[string, number]>) => names.map(([name, rank]) => ({ name, rank }));

  it('give way to an INCI or trivial name that reads as words', () => {
    const bisabolol = named(['6-Methyl-2-(4-methyl-3-cyclohexen-1-yl)-5-hepten-2-ol', 2], ['Bisabolol', 11]);
    expect(displayName(bisabolol, { name: 'Bisabolol', rank: 11 }, () => true)?.name).toBe('Bisabolol');
    const clarycet = named(
      ['Tetrahydro-4-methyl-2-propyl-2H-pyran-4-yl acetate', 2],
      ['Tetrahydro-methyl-propyl-pyran-4-olacetate', 11],
      ['Clarycet', 7],
    );
    const inci = { name: 'Tetrahydro-methyl-propyl-pyran-4-olacetate', rank: 11 };
    expect(displayName(clarycet, inci, () => true)?.name).toBe('Clarycet');
  });

  it('keep their name when the only alternative strings name parts together', () => {
    const names = named(
      ['4-(1-Methoxy-1-methylethyl)-1-methylcyclohexene', 2],
      ['Methoxy-isopropyl-methylcyclohexene', 11],
    );
    const inci = { name: 'Methoxy-isopropyl-methylcyclohexene', rank: 11 };
    expect(displayName(names, inci, () => true)?.name).toBe(
      '4-(1-Methoxy-1-methylethyl)-1-methylcyclohexene',
    );
    // Three numbers read as a name.
    const plain = named(['2-Methyl-4-phenyl-2-butanol', 2], ['Methyl Phenylbutanol', 11]);
    expect(displayName(plain, { name: 'Methyl Phenylbutanol', rank: 11 }, () => true)?.name).toBe(
      '2-Methyl-4-phenyl-2-butanol',
    );
  });
});

describe('cleanName', () => {
  it("writes a closing one-letter word, a vitamin's or a grade's letter, as a capital", () => {
    expect(cleanName('Vitamin e')).toBe('Vitamin E');
    expect(cleanName('Precyclemone  b (*)')).toBe('Precyclemone B');
    // Locants, isomer prefixes and short words are no such letter.
    expect(cleanName('Pinene, alpha')).toBe('Pinene, alpha');
    expect(cleanName('Oil of bergamot, type a')).toBe('Oil of bergamot, type A');
    expect(cleanName('d-Limonene')).toBe('d-Limonene');
    // A Greek letter names an isomer: it stays as written.
    expect(cleanName('Dihydrofloriffone β')).toBe('Dihydrofloriffone β');
  });

  it("drops the SCCS transcription's closing footnote mark", () => {
    expect(cleanName('Longifolene §')).toBe('Longifolene');
    expect(cleanName('2,4-dimethyl-3-cyclohexen-1-carboxaldehyde §')).toBe(
      '2,4-dimethyl-3-cyclohexen-1-carboxaldehyde',
    );
  });
});

describe('displayCase', () => {
  it('writes an all-capitals INCI name in title case, keeping its abbreviations in capitals', () => {
    expect(displayCase('AMYL CINNAMAL')).toBe('Amyl Cinnamal');
    expect(displayCase('PEG-20 ALMOND GLYCERIDES')).toBe('PEG-20 Almond Glycerides');
    expect(displayCase('CI 77891')).toBe('CI 77891');
    expect(displayCase('TETRASODIUM EDTA')).toBe('Tetrasodium EDTA');
    // Words that only begin like one stay words.
    expect(displayCase('CITRAL')).toBe('Citral');
    expect(displayCase('PEGANUM HARMALA SEED OIL')).toBe('Peganum Harmala Seed Oil');
    // A name written in mixed case is the source's own.
    expect(displayCase('Tea tree oil')).toBe('Tea tree oil');
  });
});

describe('names that are no names', () => {
  it('leaves out a name with a letter lost to a wrong encoding, and a database record key', () => {
    const lilial = new Accumulator('chem-80-54-6', '80-54-6');
    lilial.addName('p-tert-Butyl-?-methylhydrocinna', NAME_RANK.userMaterials!);
    lilial.addName('dsstox_cid_767', NAME_RANK.goodScents!);
    lilial.addName('Butylphenyl Methylpropional', NAME_RANK.sccs!);
    expect([...lilial.synonyms]).toEqual(['Butylphenyl Methylpropional']);
  });

  it("finds the supplier's names cut off at its column's width, when a longer name goes on from them", () => {
    const acc = new Accumulator('chem-151-05-3', '151-05-3');
    acc.addName('Dimethyl Benzyl Carbinyl Acetat', NAME_RANK.userMaterials!);
    acc.addName('Dimethyl benzyl carbinyl acetate', NAME_RANK.goodScents!);
    // As long as the column, but nothing longer goes on from it: a whole name.
    acc.addName('Aldehyde C-18 Gamma Nonalactone', NAME_RANK.userMaterials!);
    // Another source's name of that length is never a supplier's cut.
    acc.addName('Dimethyl benzyl carbinyl aceta', NAME_RANK.goodScents!);
    expect([...clippedSupplierNames(acc, [...acc.synonyms])]).toEqual(['Dimethyl Benzyl Carbinyl Acetat']);
  });
});
