import { describe, expect, it } from 'vitest';
import { parseCosingAnnex, parseEchaAnnex, splitGluedNames } from './eu-annexes.ts';
import { repairLineBreaks } from './line-breaks.ts';

describe('repairLineBreaks', () => {
  it.each([
    [
      'Bornan-2-one; 1,7,7-Trimethylbi- cyclo[2.2.1]- 2-heptanone',
      'Bornan-2-one; 1,7,7-Trimethylbicyclo[2.2.1]-2-heptanone',
    ],
    ['4-Hydroxy- 3-methoxybenz- aldehyde', '4-Hydroxy-3-methoxybenzaldehyde'],
    ['Oxacyclohepta- decan-2-one', 'Oxacycloheptadecan-2-one'],
    ['Pentyl-2-hydroxy- benzoate', 'Pentyl-2-hydroxybenzoate'],
    [
      '1-Methoxy-4-(1E)- 1-propen-1-yl- benzene (trans- Anethole)',
      '1-Methoxy-4-(1E)-1-propen-1-ylbenzene (trans-Anethole)',
    ],
    [
      '6,6-Dimethyl- 2-methylenebicyclo [3.1.1]heptane (beta- Pinene)',
      '6,6-Dimethyl-2-methylenebicyclo[3.1.1]heptane (beta-Pinene)',
    ],
    [
      '(1R,4E,9S)-4,11,11-- Trimethyl- 8-methylenebicyclo [7.2.0]undec- 4-ene',
      '(1R,4E,9S)-4,11,11-Trimethyl-8-methylenebicyclo[7.2.0]undec-4-ene',
    ],
    ['Beta- Caryophyllene', 'Beta-Caryophyllene'],
    [
      '1-(2,3,4,7,8,8a- hexahydro-3,6,8,8-tetramethyl- 1H-3a,7-methanoazulen-5-yl)ethan- 1-one',
      '1-(2,3,4,7,8,8a-hexahydro-3,6,8,8-tetramethyl-1H-3a,7-methanoazulen-5-yl)ethan-1-one',
    ],
    [
      '1-Naphthalenepropanol,decahydro-alpha-ethenyl-2-hydroxy- alpha,2,5,5,8apentamethyl-',
      '1-Naphthalenepropanol,decahydro-alpha-ethenyl-2-hydroxy-alpha,2,5,5,8apentamethyl-',
    ],
    // Locants before the break keep their hyphen, position prefixes too.
    [
      'Propiconazole (ISO); 1-{[2-(2,4- dichlorophenyl)-4-propyl-1,3- dioxolan-2-yl]methyl}',
      'Propiconazole (ISO); 1-{[2-(2,4-dichlorophenyl)-4-propyl-1,3-dioxolan-2-yl]methyl}',
    ],
    ['3-Propylidene-1(3H)- isobenzofuranone', '3-Propylidene-1(3H)-isobenzofuranone'],
    ['Dipentene (R)-p- mentha-1,8-diene', 'Dipentene (R)-p-mentha-1,8-diene'],
    [
      '3-Amino-7- (dimethylamino)-2- methoxyphenoxazin-5-ium chloride',
      '3-Amino-7-(dimethylamino)-2-methoxyphenoxazin-5-ium chloride',
    ],
    // A bridged ring system is one word: its descriptor is followed directly by the parent name.
    ['5-(2,3-Dimethyl- tricyclo[2.2.1.02,6]- hept-3-yl)', '5-(2,3-Dimethyltricyclo[2.2.1.02,6]hept-3-yl)'],
  ])('repairs %j', (broken, repaired) => {
    expect(repairLineBreaks(broken)).toBe(repaired);
  });

  it.each([
    '7-Octen-1-ol, 3,7-dimethyl- (isomer unspecified)',
    '3-Cyclohexene-1-carboxaldehyde, dimethyl- (isomer mixture)',
    'Bis(2-ethylhexyl) phthalate',
    'Phenol, dodecyl-, branched [1]; Phenol, 2-dodecyl-, branched [2]',
    '2-Methoxyethanol [1] and its acetate (2-Methoxyethyl acetate) [2]',
    'Formic acid, reaction products with boron trifluoride and [1S-',
    'Glycerides, C14-18 mono- and di-',
    'cis- and trans-p-1(7),8-Menthadien-2-yl acetate',
    'E- and Z-2(+3),12-Tridecadiennitrile',
    "Salts of the reaction products of ethanol, 2,2'-iminobis- with epichlorohydrin",
    '3,4-Dihydro-2-methoxy-2-methyl-4-phenyl-2H,5H-pyrano [3,2-c]-[1] benzopyran-5-one',
    'Hydrocarbons, C4, 1,3-butadiene- and isobutene-free',
    'Methyl 2-octynoate - not a break',
    'Camphor',
  ])('leaves %j as it is', (name) => {
    expect(repairLineBreaks(name)).toBe(name);
  });
});

describe('annex parsers repair names and INCI names only', () => {
  it('CosIng Annex III: name and INCI name repaired, conditions kept as written', () => {
    const header =
      '"Reference Number","Chemical name / INN","Name of Common Ingredients Glossary","CAS Number","EC Number","Product Type, body parts","Maximum concentration in ready for use preparation",Other,"Wording of conditions of use and warnings",Regulation,"Other Directives/Regulations","SCCS opinions","Chemical/IUPAC Name","Identified INGREDIENTS or substances e.g.",CMR,"Update Date"';
    const row =
      '332,"(1R,4E,9S)-4,11,11-- Trimethyl- 8-methylenebicyclo [7.2.0]undec- 4-ene","Beta- Caryophyllene",87-44-5,201-746-1,,,"Peroxide value less than 10 mmoles/L- see text",,"(EU) 2023/1545",,,,beta-CARYOPHYLLENE,,03/10/2023';
    const [entry] = parseCosingAnnex(`"title"\n${header}\n${row}\n`, 'III', 'annex-iii');
    expect(entry).toMatchObject({
      name: '(1R,4E,9S)-4,11,11-Trimethyl-8-methylenebicyclo[7.2.0]undec-4-ene',
      inciName: 'Beta-Caryophyllene',
      other: 'Peroxide value less than 10 mmoles/L- see text',
    });
  });

  it('ECHA: names run together are split by the list of the first cell, then repaired', () => {
    const text =
      'Nom\tRef No.\tName\tCAS\n' +
      '6,6-Dimethyl-2-methylenebicyclo [3.1.1]heptane;beta-Pinene\t371\tbeta-Pinene6,6-Dimethyl-2-methylenebicyclo [3.1.1]heptane\t127-91-3\n' +
      'Mentha spicata oil;Spearmint oil\t362\tSpearmint oilMentha spicata oil\t8008-79-5\n' +
      // One name: kept whole (and repaired).
      '\t373\tbeta- Caryophyllene\t87-44-5\n';
    const entries = parseEchaAnnex(text, 'III', 'echa-iii');
    expect(entries.map((e) => [e.name, e.otherNames])).toEqual([
      ['beta-Pinene', ['6,6-Dimethyl-2-methylenebicyclo[3.1.1]heptane']],
      ['Spearmint oil', ['Mentha spicata oil']],
      ['beta-Caryophyllene', []],
    ]);
  });

  it('splits a glued cell only when it is exactly the listed names run together', () => {
    expect(splitGluedNames('Spearmint oilMentha spicata oil', 'Mentha spicata oil;Spearmint oil')).toEqual([
      'Spearmint oil',
      'Mentha spicata oil',
    ]);
    expect(splitGluedNames('Spearmint oil', 'Mentha spicata oil;Spearmint oil')).toBeNull();
    expect(splitGluedNames('Spearmint oilMentha oil', 'Mentha spicata oil;Spearmint oil')).toBeNull();
    expect(splitGluedNames('Spearmint oil', 'Spearmint oil')).toBeNull();
    // Two of the three names a row lists.
    expect(
      splitGluedNames(
        'Lavandula angustifolia oil/extractLavandula intermedia oil/extract',
        'Lavandula angustifolia extract;Lavandula angustifolia oil/extract;Lavandula intermedia oil/extract',
      ),
    ).toEqual(['Lavandula angustifolia oil/extract', 'Lavandula intermedia oil/extract']);
  });
});
