import { describe, expect, it } from 'vitest';
import type { Chemical } from './chemical-record.ts';
import { naturalOccurrence, readableSources } from './natural-occurrence.ts';
import type { NoteMaterial } from './note-materials.ts';
import type { NoteConstituent } from './notes-bridge.ts';

const chemical = (
  id: string,
  name: string,
  type: Chemical['type'],
  allergen = false,
  inci: string | null = null,
): Chemical => ({ id, name, type, allergen_flag: allergen, inci_name: inci }) as unknown as Chemical;

const CHEMICALS = [
  chemical('chem-8000-28-0', 'Lavender oil', 'essential_oil', true),
  chemical('chem-78-70-6', 'Linalool', 'synthetic', true, 'LINALOOL'),
  chemical('chem-115-95-7', 'Linalyl acetate', 'synthetic'),
  // The forms of one label allergen, in the order the build lists chemicals (by id).
  chemical('chem-138-86-3', 'Limonene', 'synthetic', true, 'LIMONENE'),
  chemical('chem-5989-27-5', 'd-Limonene', 'synthetic', true, 'LIMONENE'),
  chemical('chem-5989-54-8', 'l-Limonene', 'synthetic', true, 'LIMONENE'),
  chemical('chem-8016-26-0', 'Cistus oil', 'essential_oil'),
  chemical('chem-9000-05-9', 'Benzoin gum', 'natural'),
  chemical('chem-121-33-5', 'Vanillin', 'aromatic_compound', true, 'VANILLIN'),
  chemical('chem-107-75-5', 'Hydroxycitronellal', 'synthetic', true, 'HYDROXYCITRONELLAL'),
  chemical('chem-8014-09-3', 'Patchouli oil', 'essential_oil', true),
  chemical('chem-84238-39-1', 'Pogostemon Cablin', 'essential_oil', true),
  chemical('chem-5986-55-0', 'Patchouli alcohol', 'synthetic'),
  chemical('chem-3691-12-1', 'alpha-Guaiene', 'synthetic'),
  chemical('chem-8016-38-4', 'Orange flower oil, bitter (Neroli and Neroli bigarade)', 'essential_oil', true),
  chemical('chem-120-72-9', 'Indole', 'aromatic_compound'),
];

const SOURCE_NAMES = new Map([
  ['naturals/DB_Naturals.csv', 'IFRA natural contributions table (undated copy)'],
  ['naturals/DB_User_Materials.csv', 'Raw-material composition data from suppliers (undated)'],
]);

const BRIDGE = new Map<string, NoteConstituent[]>([
  [
    'lavender',
    [
      {
        chemical_id: 'chem-78-70-6',
        typical_percent: 35.86,
        source:
          'naturals/DB_User_Materials.csv: Lavender Essential Oil from PW (typical %); curated: ISO 3515, oil of lavender: linalool and linalyl acetate',
      },
      {
        chemical_id: 'chem-115-95-7',
        typical_percent: null,
        source: 'curated: ISO 3515, oil of lavender: linalool and linalyl acetate',
      },
      {
        chemical_id: 'chem-8000-28-0',
        typical_percent: null,
        source: 'curated: ISO 3515, oil of lavender: linalool and linalyl acetate',
      },
      {
        chemical_id: 'chem-5989-27-5',
        typical_percent: 0.73,
        source: 'naturals/DB_User_Materials.csv: Lavender Essential Oil from PW',
      },
    ],
  ],
  [
    'yuzu',
    [
      {
        chemical_id: 'chem-5989-27-5',
        typical_percent: null,
        source: 'curated: Tisserand and Young, yuzu oil',
      },
    ],
  ],
  // A note built on a molecule the flower is not said to contain.
  [
    'linden blossom',
    [
      { chemical_id: 'chem-78-70-6', typical_percent: null, source: 'curated: Arctander, linden blossom' },
      { chemical_id: 'chem-107-75-5', typical_percent: null, source: 'curated: Arctander, linden blossom' },
    ],
  ],
  // An accord-like entry that links two naturals: no material to attach a share to.
  [
    'amber',
    [
      { chemical_id: 'chem-8016-26-0', typical_percent: null, source: 'curated: amber accord' },
      { chemical_id: 'chem-9000-05-9', typical_percent: null, source: 'curated: amber accord' },
      {
        chemical_id: 'chem-121-33-5',
        typical_percent: 3,
        source: 'naturals/DB_Naturals.csv: Benzoin resinoid',
      },
    ],
  ],
  // The reviewed oil, and a supplier's neat patchouli oil under CosIng's Pogostemon cablin number.
  [
    'patchouli',
    [
      { chemical_id: 'chem-5986-55-0', typical_percent: null, source: 'curated: ISO 3757, oil of patchouli' },
      { chemical_id: 'chem-8014-09-3', typical_percent: null, source: 'curated: ISO 3757, oil of patchouli' },
      {
        chemical_id: 'chem-84238-39-1',
        typical_percent: 100,
        source: 'naturals/DB_User_Materials.csv: Patchouli Essential Oil from PW',
      },
      {
        chemical_id: 'chem-3691-12-1',
        typical_percent: 12,
        source: 'naturals/DB_User_Materials.csv: Patchouli Essential Oil from PW',
      },
    ],
  ],
]);

// Neroli oil and orange flower absolute share one CAS number and one record.
BRIDGE.set('neroli', [
  { chemical_id: 'chem-8016-38-4', typical_percent: null, source: 'curated: ISO 3517, oil of neroli' },
  {
    chemical_id: 'chem-78-70-6',
    typical_percent: 17.25,
    source: 'naturals/DB_User_Materials.csv: Neroli Essential Oil from PW',
  },
]);
BRIDGE.set('orange blossom', [
  {
    chemical_id: 'chem-8016-38-4',
    typical_percent: null,
    source: 'curated: Arctander, orange flower absolute',
  },
  {
    chemical_id: 'chem-120-72-9',
    typical_percent: null,
    source: 'curated: Arctander, orange flower absolute',
  },
  {
    chemical_id: 'chem-78-70-6',
    typical_percent: 30,
    source: 'naturals/DB_Naturals.csv: Orange flower water absolute',
  },
]);

const MATERIALS: NoteMaterial[] = [
  { notes: ['lavender', 'english lavender'], links: [] },
  { notes: ['yuzu'], links: [] },
  { notes: ['amber'], links: [] },
  { notes: ['linden blossom'], links: [], rendered: ['107-75-5'] },
  { notes: ['patchouli'], links: [] },
  {
    notes: ['neroli'],
    links: [{ cas: '8016-38-4', chemical: 'Neroli oil', basis: 'ISO 3517' }],
    materials: ['Orange flower oil, bitter (Neroli and Neroli bigarade)', 'Neroli Essential Oil from PW'],
  },
  {
    notes: ['orange blossom'],
    links: [{ cas: '8016-38-4', chemical: 'Orange flower absolute', basis: 'Arctander' }],
    materials: ['Orange flower water absolute'],
  },
  // A reviewed note no perfume uses: the bridge has nothing for it.
  { notes: ['tagetes'], links: [] },
];

describe('natural occurrence', () => {
  const out = naturalOccurrence(CHEMICALS, BRIDGE, MATERIALS, SOURCE_NAMES);

  it("lists a natural material's constituents, principal ones first, with their share and sources in words", () => {
    const lavender = out.get('chem-8000-28-0')?.constituents ?? [];
    expect(lavender.map((c) => [c.name, c.typical_percent, c.principal, c.allergen])).toEqual([
      ['Linalool', 35.86, true, true],
      ['Linalyl acetate', null, true, false],
      ['d-Limonene', 0.73, false, true],
    ]);
    expect(lavender[0]!.sources).toEqual([
      'Raw-material composition data from suppliers (undated): Lavender Essential Oil from PW (typical %)',
      'ISO 3515, oil of lavender: linalool and linalyl acetate',
    ]);
    expect(JSON.stringify(out.get('chem-8000-28-0'))).not.toMatch(/\.csv|curated:/);
  });

  it('lists the naturals a molecule occurs in, naming a material without a record by its note', () => {
    const limonene = out.get('chem-5989-27-5')?.occurs_in ?? [];
    expect(limonene.map((m) => [m.name, m.chemical_id, m.typical_percent, m.principal])).toEqual([
      ['Yuzu', null, null, true],
      ['Lavender oil', 'chem-8000-28-0', 0.73, false],
    ]);
    expect(out.get('chem-78-70-6')?.occurs_in?.map((m) => m.name)).toEqual([
      'Lavender oil',
      'Linden Blossom',
      'Orange flower absolute',
      'Orange flower oil, bitter (Neroli and Neroli bigarade)',
    ]);
    // The molecule a note is rebuilt with is not said to occur in the flower.
    expect(out.has('chem-107-75-5')).toBe(false);
    // A natural material is in no list of its own.
    expect(out.get('chem-8000-28-0')?.occurs_in).toBeUndefined();
  });

  it('gives another form of a label allergen the materials of its forms, saying which form they hold', () => {
    for (const form of ['chem-138-86-3', 'chem-5989-54-8']) {
      // Always the form the material holds, never another form that only borrowed it.
      expect(
        out.get(form)?.occurs_in?.map((m) => [m.name, m.as]),
        form,
      ).toEqual([
        ['Yuzu', 'd-Limonene'],
        ['Lavender oil', 'd-Limonene'],
      ]);
    }
  });

  it('says nothing for an entry linking two naturals (whose share would it be?)', () => {
    expect(out.has('chem-121-33-5')).toBe(false);
    expect(out.has('chem-8016-26-0')).toBe(false);
  });

  it("gives a record shared by two materials the constituents of its own material's entry only", () => {
    const record = out.get('chem-8016-38-4')?.constituents ?? [];
    expect(record.map((c) => [c.name, c.typical_percent])).toEqual([['Linalool', 17.25]]);
    // The absolute's indole and share occur in the absolute, under the record's CAS number.
    expect(out.get('chem-120-72-9')?.occurs_in?.map((m) => [m.name, m.chemical_id])).toEqual([
      ['Orange flower absolute', 'chem-8016-38-4'],
    ]);
    expect(
      out
        .get('chem-78-70-6')
        ?.occurs_in?.filter((m) => m.chemical_id === 'chem-8016-38-4')
        .map((m) => [m.name, m.typical_percent]),
    ).toEqual([
      ['Orange flower absolute', 30],
      ['Orange flower oil, bitter (Neroli and Neroli bigarade)', 17.25],
    ]);
  });

  it('takes the reviewed material when the other natural comes from a supplier row only, with its reviewed constituents', () => {
    expect(out.get('chem-8014-09-3')?.constituents?.map((c) => c.name)).toEqual(['Patchouli alcohol']);
    expect(out.get('chem-5986-55-0')?.occurs_in?.map((m) => m.name)).toEqual(['Patchouli oil']);
    // Whose 12 % the supplier's row gives is not said.
    expect(out.has('chem-3691-12-1')).toBe(false);
    expect(out.get('chem-84238-39-1')?.constituents).toBeUndefined();
  });
});

describe('readableSources', () => {
  it('names composition tables in words and leaves out a file it has no name for', () => {
    expect(
      readableSources(
        'regulatory/ifra.csv: Rose oil; naturals/DB_Naturals.csv: Rose oil (typical %)',
        SOURCE_NAMES,
      ),
    ).toEqual(['IFRA natural contributions table (undated copy): Rose oil (typical %)']);
    // A reference with semicolons of its own stays whole.
    expect(readableSources('curated: ISO 9842: citronellol; phenylethyl alcohol', SOURCE_NAMES)).toEqual([
      'ISO 9842: citronellol; phenylethyl alcohol',
    ]);
  });
});
