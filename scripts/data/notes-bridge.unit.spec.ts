import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Chemical } from './chemicals.ts';
import { FIXTURE_TEXTS } from './fixtures/source-texts.fixture.ts';
import { inferChemicals, materialForms, type NoteConstituent, noteForms } from './notes-bridge.ts';
import { buildDataset } from './pipeline.ts';

describe('material and note forms', () => {
  it('reduces material names to what a note can match', () => {
    expect(materialForms('Lemongrass oil, East Indian', 'naturals')).toEqual([
      'lemongrass',
      'east indian lemongrass',
    ]);
    expect(materialForms('Oakmoss Resinoid - IFRA Low Atranol from PW', 'userMaterials')).toEqual([
      'oakmoss',
    ]);
    expect(materialForms('Mimosa Absolute 10% in DPG from PW', 'userMaterials')).toEqual(['mimosa']);
    expect(materialForms('LAVENDER F-TEC from PW', 'userMaterials')).toEqual([]);
    expect(materialForms('Benzyl Benzoate from PW', 'userMaterials')).toEqual([]);
  });

  it('matches origin-qualified notes but not different materials', () => {
    expect(noteForms('Bulgarian Rose')).toEqual({ exact: ['bulgarian rose'], suffixes: ['rose'] });
    expect(noteForms('Pink Pepper').suffixes).toEqual([]);
    expect(noteForms('Cloves').exact).toEqual(['cloves', 'clove']);
  });
});

describe('the bridge built from the fixture sources', () => {
  const { files } = buildDataset(FIXTURE_TEXTS);
  const file = (path: string) => files.find(([p]) => p === path)![1].toString('utf8');
  const bridge = JSON.parse(file('chemicals/note-constituents.json')) as Record<string, NoteConstituent[]>;
  const ids = (note: string) => (bridge[note] ?? []).map((e) => e.chemical_id);

  it('links lemongrass to citral and geraniol with typical %', () => {
    expect(ids('lemongrass')).toEqual(expect.arrayContaining(['chem-5392-40-5', 'chem-106-24-1']));
    const citral = bridge.lemongrass!.find((e) => e.chemical_id === 'chem-5392-40-5')!;
    // The cited constituent takes the typical % of the note's own source material.
    expect(citral.source).toMatch(/curated:/);
    expect(citral.typical_percent).toBeGreaterThan(0);
    // Safrole at 0.01 % in lemongrass oil is below the 0.1 % floor.
    expect(ids('lemongrass')).not.toContain('chem-94-59-7');
  });

  it('links tonka to coumarin and oakmoss to Evernia prunastri extract', () => {
    expect(ids('tonka bean')).toContain('chem-91-64-5');
    expect(ids('tonka')).toContain('chem-91-64-5');
    expect(ids('oakmoss')).toContain('chem-90028-68-5');
    const chemicals = JSON.parse(file('chemicals/chemicals.json')) as Chemical[];
    expect(chemicals.find((c) => c.id === 'chem-90028-68-5')?.name).toMatch(/evernia prunastri extract/i);
  });

  it('gives vague notes nothing', () => {
    expect(bridge['woodsy notes']).toBeUndefined();
    expect(bridge.spices).toBeUndefined();
  });
});

describe('inferChemicals', () => {
  it('lists each chemical once, from its first note', () => {
    const bridge = new Map<string, NoteConstituent[]>([
      ['rose', [{ chemical_id: 'chem-106-24-1', typical_percent: null, source: 's' }]],
      [
        'lemongrass',
        [
          { chemical_id: 'chem-5392-40-5', typical_percent: 75, source: 's' },
          { chemical_id: 'chem-106-24-1', typical_percent: 4, source: 's' },
        ],
      ],
    ]);
    const names = new Map([
      ['chem-106-24-1', 'Geraniol'],
      ['chem-5392-40-5', 'Citral'],
    ]);
    const links = inferChemicals(
      { top: ['Lemongrass'], middle: ['Rose'], base: [], unspecified: [] },
      bridge,
      names,
    );
    expect(links).toEqual([
      { chemical_id: 'chem-5392-40-5', name: 'Citral', source: 'inferred', from_note: 'Lemongrass' },
      { chemical_id: 'chem-106-24-1', name: 'Geraniol', source: 'inferred', from_note: 'Lemongrass' },
    ]);
  });
});

describe('data/chemicals/note-constituents.json', () => {
  const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
  const bridge = JSON.parse(
    readFileSync(join(repoRoot, 'data/chemicals/note-constituents.json'), 'utf8'),
  ) as Record<string, NoteConstituent[]>;
  const ids = (note: string) => (bridge[note] ?? []).map((e) => e.chemical_id);

  it('has the textbook links', () => {
    expect(ids('lemongrass')).toEqual(expect.arrayContaining(['chem-5392-40-5', 'chem-106-24-1']));
    expect(ids('tonka bean')).toContain('chem-91-64-5');
    expect(ids('oakmoss')).toContain('chem-90028-68-5');
    expect(ids('vanilla')).toContain('chem-121-33-5');
    expect(ids('cinnamon')).toEqual(expect.arrayContaining(['chem-104-55-2', 'chem-97-53-0']));
    // Cilantro is the leaf: no seed oil's linalool (no source here gives the leaf oil's make-up).
    expect(bridge.cilantro).toBeUndefined();
    // Petitgrain is the bitter orange tree's leaf oil, whatever the origin or a bracketed tree
    // says; lemon petitgrain is another tree's, whose make-up no source here gives.
    expect(ids('moroccan petitgrain (bitter orange)')).toContain('chem-8014-17-3');
    expect(ids('moroccan petitgrain (bitter orange)')).not.toContain('chem-68916-04-1');
    expect(bridge['italian lemon petitgrain']).toBeUndefined();
    // A botanical name is its plant's material: Santalum album is sandalwood oil's.
    expect(ids('santalum album mysore (south east india)')).toContain('chem-8006-87-9');
  });
});
