import { describe, expect, it } from 'vitest';
import { knownNameIndex, splitNameCasConflicts } from './material-name-check.ts';
import type { MaterialConstituent } from './sources/naturals.ts';

const row = (constituent: string, cas: string): MaterialConstituent => ({
  material: 'Clary Sage Essential Oil from PW',
  constituent,
  ids: { cas: [cas], ec: [] } as unknown as MaterialConstituent['ids'],
  raw: cas,
  percent: 0.02,
});

const known = [
  { name: 'Coumarin', cas: ['91-64-5'] },
  { name: '2H-1-Benzopyran-2-one', cas: ['91-64-5'] },
  { name: 'beta-Caryophyllene', cas: ['87-44-5'] },
  { name: 'alpha-Terpineol', cas: ['98-55-5'] },
  { name: '(-)-alpha-terpineol', cas: ['10482-56-1'] },
  { name: 'p-Menth-1-en-8-ol (S)', cas: ['10482-56-1'] },
  { name: 'Citronellol', cas: ['26489-01-0'] },
  { name: 'dl-Citronellol', cas: ['106-22-9'] },
  { name: null, cas: ['1-1-1'] },
];

describe('splitNameCasConflicts', () => {
  it("leaves out crossed rows: a name that is another substance's, listed in the same material under its own CAS", () => {
    // Clary sage as DB_User_Materials lists it.
    const rows = [
      row('LIMONENE', '5989-27-5'),
      row('D-LIMONENE', '87-44-5'),
      row('BETA-CARYOPHYLLENE', '91-64-5'),
      row('COUMARIN', '91-64-5'),
    ];
    const known2 = [
      ...known,
      { name: 'Limonene', cas: ['5989-27-5'] },
      { name: 'd-Limonene', cas: ['5989-27-5'] },
    ];
    const { kept, conflicts } = splitNameCasConflicts(rows, knownNameIndex(known2));
    expect(conflicts.map((r) => r.constituent)).toEqual(['D-LIMONENE', 'BETA-CARYOPHYLLENE']);
    expect(kept.map((r) => r.constituent)).toEqual(['LIMONENE', 'COUMARIN']);
  });

  it('keeps a product named after its one constituent, under another CAS number of the same substance', () => {
    const tonalide = { ...row('Tonalide', '1506-02-1'), material: 'Tonalide from PW' };
    const known2 = [...known, { name: 'Tonalide', cas: ['21145-77-7'] }];
    expect(splitNameCasConflicts([tonalide], knownNameIndex(known2)).conflicts).toEqual([]);
  });

  it('keeps isomers and group names that share a word with the own names, and names nobody else knows', () => {
    const rows = [
      row('alpha-TERPINEOL', '10482-56-1'),
      row('Citronellol', '106-22-9'),
      row('Sclareol', '515-03-7'),
      row('beta-Caryophyllene', '87-44-5'),
    ];
    expect(splitNameCasConflicts(rows, knownNameIndex(known))).toEqual({ kept: rows, conflicts: [] });
  });

  it("calls another substance's name a conflict only when that substance is in the material too; an unknown name never", () => {
    expect(splitNameCasConflicts([row('Coumarin', '5-5-5')], knownNameIndex(known)).conflicts).toHaveLength(
      0,
    );
    expect(
      splitNameCasConflicts([row('Coumarin', '5-5-5'), row('COUMARIN', '91-64-5')], knownNameIndex(known))
        .conflicts,
    ).toHaveLength(1);
    expect(splitNameCasConflicts([row('Unheard-of', '5-5-5')], knownNameIndex(known)).conflicts).toHaveLength(
      0,
    );
  });

  it("leaves out a diluted product under another neat product's CAS number, never one under another number of its own substance", () => {
    const product = (material: string, cas: string): MaterialConstituent => ({
      ...row(material.replace(/ from PW$/, ''), cas),
      material,
      percent: 100,
    });
    const rows = [
      product('Aldehyde C-10 Decanal from PW', '112-31-2'),
      product('Allyl Amyl Glycolate from PW', '67634-00-8'),
      product('Aldehyde C-10 Decanal 10% in DPG from PW', '67634-00-8'),
      product('Allyl Amyl Glycolate 10% in DPG from PW', '67634-00-8'),
      product('Tuberose Absolute from PW', '94334-35-7'),
      product('Tuberose Absolute 10% in DPG from PW', '8024-05-3'),
      product('Vanillin 10% in DPG from PW', '121-33-5'),
      // A blend's constituent is no product: that the blend holds 8024-06-4 says nothing against
      // the dilution's number.
      product('Vanilla Absolute from PW', '8047-24-3'),
      product('Vanilla Absolute 10% in DPG from PW', '8024-06-4'),
      { ...product('Vanilla Blend from PW', '8024-06-4'), constituent: 'Vanilla Absolute' },
    ];
    const { kept, conflicts } = splitNameCasConflicts(rows, knownNameIndex([]));
    expect(conflicts.map((r) => r.material)).toEqual(['Aldehyde C-10 Decanal 10% in DPG from PW']);
    expect(kept).toHaveLength(9);
  });
});
