/**
 * The reviewed note table against the real source files in shared/data: every source material it
 * names exists, every accord molecule has the glossary descriptors the table claims, and the
 * bridge built from the real naturals data gives the important notes what they must (and must not)
 * contain.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Chemical } from './chemicals.ts';
import { CURATED_LINKS } from './curated-constituents.ts';
import { ACCORD_DESCRIPTORS, NOTE_MATERIALS } from './note-materials.ts';
import { buildNoteBridge, type NoteConstituent } from './notes-bridge.ts';
import { parseNaturals, parseUserMaterials } from './sources/naturals.ts';
import { parseIfraGlossary } from './sources/odour.ts';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const sharedData = resolve(process.env.SHARED_DATA_DIR ?? join(repoRoot, '../shared/data'));
const read = (path: string) => {
  const file = join(sharedData, path);
  if (!existsSync(file)) throw new Error(`source file missing: ${file} (set SHARED_DATA_DIR?)`);
  return readFileSync(file, 'utf8');
};

const naturals = parseNaturals(read('naturals/DB_Naturals.csv'));
const userMaterials = parseUserMaterials(read('naturals/DB_User_Materials.csv'));
const glossary = parseIfraGlossary(read('odour/ifra_2019/ifra-fragrance-ingredient-glossary---oct-2019.csv'));

describe('the reviewed note table', () => {
  it('names only source materials that exist', () => {
    const names = new Set([...naturals, ...userMaterials].map((r) => r.material));
    const missing = NOTE_MATERIALS.flatMap((m) => (m.materials ?? []).filter((name) => !names.has(name)));
    expect(missing).toEqual([]);
  });

  it('quotes the IFRA glossary descriptors of every accord molecule', () => {
    const byCas = new Map<string, string[][]>();
    for (const g of glossary)
      for (const cas of g.ids.cas) byCas.set(cas, [...(byCas.get(cas) ?? []), g.descriptors]);
    const wrong = ACCORD_DESCRIPTORS.filter(({ cas, descriptors }) => {
      const claimed = descriptors.toLowerCase().split(', ');
      return !(byCas.get(cas) ?? []).some((d) => d.join(', ') === [...new Set(claimed)].join(', '));
    });
    expect(wrong).toEqual([]);
  });

  it('gives every link a basis', () => {
    expect(CURATED_LINKS.filter((l) => l.basis.trim().length < 20)).toEqual([]);
  });
});

describe('the bridge on the real naturals data', () => {
  const notes = [
    'Bergamot',
    'Calabrian Bergamot',
    'Pink Pepper',
    'Black Pepper',
    'Pepper',
    'Sage',
    'Clary Sage',
    'Orange',
    'Orange Blossom',
    'Oakmoss',
    'Oakmoss absolute and styrax balm',
    'Copahu Balm',
    'Musk',
    'White Musk',
    'Vanilla',
    'Vanille',
    'Vanilla Bean',
    'Madagascar Vanilla',
    'Tonka Bean',
    'Leather',
    'Frankincense',
    'Incense',
    'Olibanum',
    'Linalool',
    'Coumarin',
    'Hedione',
    'Lemon',
    'Lemon Zest',
    'Gardenia',
    'Violet',
    'Cinnamon',
    'Cinnamon Leaf',
    'Siam Benzoin',
    'Amber',
    'Sea Notes',
    'Woody Notes',
    'Driftwood',
    'Cistus',
  ];
  // Every CAS the sources or the table name stands for a chemical of the database.
  const cas = new Set([
    ...CURATED_LINKS.map((l) => l.cas),
    ...[...naturals, ...userMaterials].flatMap((r) => r.ids.cas),
  ]);
  const chemicals = [...cas].map(
    (c) => ({ id: `chem-${c}`, name: c, synonyms: [], type: 'synthetic' }) as unknown as Chemical,
  );
  const bridge = buildNoteBridge({
    notes,
    chemicals,
    naturals,
    userMaterials,
    curated: CURATED_LINKS,
    moleculeNames: [],
    ncsNames: [],
  });
  const links = (note: string): NoteConstituent[] => bridge.get(note.toLowerCase()) ?? [];
  const ids = (note: string) => links(note).map((l) => `${l.chemical_id}`.replace(/^chem-/, ''));
  const percentOf = (note: string, c: string) =>
    links(note).find((l) => l.chemical_id === `chem-${c}`)?.typical_percent ?? null;

  const LIMONENE = '5989-27-5';
  const LINALOOL = '78-70-6';
  const LINALYL_ACETATE = '115-95-7';
  const FARNESOL = ['4602-84-0', '106-28-5'];
  const THUJONE = ['546-80-5', '471-15-8'];
  const CITRAL_FAMILY = ['5392-40-5', '141-27-5', '106-26-3', '72203-97-5', '72203-98-6', '106-23-0'];
  const SYNTHETIC_MUSKS = ['1222-05-5', '105-95-3', '111879-80-2', '541-91-3', '106-02-5'];

  it.each<[string, string[], string[]]>([
    ['Bergamot', [LIMONENE, LINALYL_ACETATE, LINALOOL], FARNESOL],
    ['Calabrian Bergamot', [LIMONENE, LINALYL_ACETATE], FARNESOL],
    ['Orange', [LIMONENE], [...FARNESOL, '140-29-4', '8016-38-4']],
    ['Orange Blossom', [LINALOOL, '134-20-3'], []],
    ['Clary Sage', [LINALYL_ACETATE, LINALOOL], THUJONE],
    ['Oakmoss', ['90028-68-5'], []],
    ['Oakmoss absolute and styrax balm', ['90028-68-5'], CITRAL_FAMILY],
    ['Copahu Balm', ['87-44-5'], CITRAL_FAMILY],
    ['Vanilla', ['121-33-5'], []],
    ['Tonka Bean', ['91-64-5'], []],
    ['Frankincense', ['8016-36-2', '80-56-8'], CITRAL_FAMILY],
    ['Cistus', ['8016-26-0'], CITRAL_FAMILY],
    ['Linalool', [LINALOOL], []],
    ['Coumarin', ['91-64-5'], []],
    ['Hedione', ['24851-98-7'], []],
    ['Gardenia', [], ['68916-47-2']],
    ['Violet', ['127-41-3'], ['8024-08-6']],
    // The oil itself, a labelled allergen since Regulation (EU) 2023/1545, beside its constituents.
    ['Lemongrass', ['8007-02-1', '5392-40-5'], []],
    ['Eucalyptus', ['8000-48-4'], []],
    // The species the reference and the composition rows are of, a labelled allergen (entry 363).
    ['Narcissus', ['68917-12-4'], ['8023-75-4']],
    // Not the supplier's "Grapefruit Pink" row, whose benzaldehyde no grapefruit oil has.
    ['Grapefruit', [LIMONENE], ['100-52-7']],
    ['Amber', ['8016-26-0', '121-33-5'], []],
    ['Sea Notes', ['28940-11-6'], []],
  ])('%s contains %j and none of %j', (note, must, mustNot) => {
    expect(ids(note).length).toBeGreaterThan(0);
    for (const c of must) expect(ids(note)).toContain(c);
    for (const c of mustNot) expect(ids(note)).not.toContain(c);
  });

  it("gives cinnamon leaf the natural contributions table's isoeugenol trace, not the supplier's 9.46 %", () => {
    expect(percentOf('Cinnamon Leaf', '97-54-1')).toBe(0.13);
  });

  it("keeps grapefruit off the supplier's 'Grapefruit Pink' row (carvone 2 %)", () => {
    expect(percentOf('Grapefruit', '99-49-0') ?? 0).toBeLessThan(1);
    expect(links('Grapefruit').some((l) => l.source.includes('Grapefruit Pink'))).toBe(false);
  });

  it('keeps pepper notes off the 38.6 % linalool supplier row', () => {
    for (const note of ['Pink Pepper', 'Black Pepper', 'Pepper']) {
      expect((percentOf(note, LINALOOL) ?? 0) < 30).toBe(true);
      expect(links(note).some((l) => l.source.includes('Black Pepper Essential Oil'))).toBe(false);
    }
    expect(ids('Black Pepper')).toContain('87-44-5');
  });

  it('gives sage only Salvia officinalis thujone figures', () => {
    for (const l of links('Sage').filter((l) => THUJONE.includes(l.chemical_id.replace(/^chem-/, '')))) {
      expect(l.source).not.toMatch(/clary|spanish|sage oleoresin/i);
      if (l.typical_percent !== null) expect(l.source).toMatch(/Sage Dalmatian oil/);
    }
  });

  it('tells orange peel from orange blossom', () => {
    expect(ids('Orange')).not.toEqual(ids('Orange Blossom'));
    expect(links('Orange').every((l) => !/flower|blossom/i.test(l.source))).toBe(true);
  });

  it('maps musk to synthetic musks and leather to leather materials', () => {
    expect(ids('Musk').some((c) => SYNTHETIC_MUSKS.includes(c))).toBe(true);
    expect(ids('White Musk').some((c) => SYNTHETIC_MUSKS.includes(c))).toBe(true);
    expect(ids('Leather').some((c) => ['65442-31-1', '8001-88-5', '8013-10-3'].includes(c))).toBe(true);
  });

  it('answers spelling and language variants like the canonical note', () => {
    expect(ids('Vanille')).toEqual(ids('Vanilla'));
    expect(ids('Vanilla Bean')).toEqual(ids('Vanilla'));
    expect(ids('Madagascar Vanilla')).toEqual(ids('Vanilla'));
    expect(ids('Lemon Zest')).toEqual(ids('Lemon'));
    expect(ids('Incense')).toEqual(ids('Frankincense'));
    expect(ids('Olibanum')).toEqual(ids('Frankincense'));
  });

  it('keeps the cinnamon note on the bark oil and benzoin off its solvent', () => {
    expect(links('Cinnamon').some((l) => /^naturals\/[^;]*leaf/i.test(l.source))).toBe(false);
    expect((percentOf('Siam Benzoin', '120-51-4') ?? 0) < 50).toBe(true);
  });

  it('gives vague and unsourced notes no entry rather than an empty list', () => {
    expect(bridge.has('woody notes')).toBe(false);
    expect(bridge.has('driftwood')).toBe(false);
    for (const list of bridge.values()) expect(list.length).toBeGreaterThan(0);
  });
});
