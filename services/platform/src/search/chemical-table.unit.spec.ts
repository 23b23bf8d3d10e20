import { describe, expect, it } from 'vitest';
import { fixtureRegions, makeChemical } from './catalogue.fixtures.ts';
import { ChemicalTable } from './chemical-table.ts';

const linalool = makeChemical({ id: 'lin', name: 'Linalool', cas: '78-70-6', allergen: true });
const rLinalool = makeChemical({
  id: 'lin-r',
  name: '(R)-Linalool',
  cas: '126-91-0',
  inci: 'Linalool',
  allergen: true,
});
const vanillin = makeChemical({
  id: 'van',
  name: 'Vanillin',
  cas: '121-33-5',
  allergen: false,
  prop65: true,
});
const lilial = makeChemical({ id: 'lil', name: 'Lilial', cas: '80-54-6', allergen: true, prohibited: true });
const hedione = makeChemical({
  id: 'hed',
  name: 'Methyl dihydrojasmonate',
  cas: '24851-98-7',
  allergen: false,
  synonyms: ['Hedione', 'Hedione High Cis', 'Methyl dihydrojasmonate (Hedione)'],
});

function table(): ChemicalTable {
  const t = new ChemicalTable(fixtureRegions);
  for (const c of [linalool, rLinalool, vanillin, lilial]) t.upsert(c);
  return t;
}

describe('ChemicalTable', () => {
  it('resolves a reference by id, CAS number (leading zeros ignored) or name, case- and accent-insensitive', () => {
    const t = table();
    expect(t.resolve('van')).toEqual(['van']);
    expect(t.resolve('121-33-5')).toEqual(['van']);
    expect(t.resolve('0121-33-5')).toEqual(['van']);
    expect(t.resolve('  VANÍLLIN ')).toEqual(['van']);
    expect(t.resolve('nothing like it')).toEqual([]);
    expect(t.resolve('   ')).toEqual([]);
  });

  it('resolves an EU label allergen to every chemical under the same label name', () => {
    const t = table();
    expect(t.resolve('Linalool')).toEqual(['lin', 'lin-r']);
    expect(t.resolve('126-91-0')).toEqual(['lin', 'lin-r']);
    // A chemical that is no allergen does not pull in others.
    expect(t.resolve('Vanillin')).toEqual(['van']);
  });

  it('forgets the old name and CAS of a replaced record, and everything of a removed one', () => {
    const t = table();
    const previous = t.upsert({ ...vanillin, name: 'Vanillin (synthetic)', cas_number: '121-33-6' });
    expect(previous?.name).toBe('Vanillin');
    expect(t.resolve('Vanillin')).toEqual([]);
    expect(t.findByCas('121-33-5')).toEqual([]);
    expect(t.findByCas('121-33-6').map((c) => c.id)).toEqual(['van']);
    expect(t.remove('van')?.id).toBe('van');
    expect(t.remove('van')).toBeNull();
    expect(t.get('van')).toBeNull();
    expect(t.size).toBe(3);
  });

  it('lists by name, searching name, label name and CAS number', () => {
    const t = table();
    expect(t.list().map((c) => c.name)).toEqual(['(R)-Linalool', 'Lilial', 'Linalool', 'Vanillin']);
    expect(t.list('linal').map((c) => c.id)).toEqual(['lin-r', 'lin']);
    expect(t.list('lin').map((c) => c.id)).toEqual(['lin-r', 'lin', 'van']);
    expect(t.list('80-54').map((c) => c.id)).toEqual(['lil']);
  });

  it('finds a chemical by another name (a trade name), and lists its other names', () => {
    const t = table();
    t.upsert(hedione);
    expect(t.list('hedio').map((c) => c.id)).toEqual(['hed']);
    expect(t.list('HEDIONE high').map((c) => c.id)).toEqual(['hed']);
    expect(t.otherNames(hedione)).toEqual([
      'Hedione',
      'Hedione High Cis',
      'Methyl dihydrojasmonate (Hedione)',
    ]);
    // One per normalised spelling; the INCI name first.
    t.upsert({ ...rLinalool, synonyms: ['LINALOOL', 'Linalol'] });
    expect(t.otherNames(t.get('lin-r')!)).toEqual(['Linalool', 'Linalol']);
    expect(t.otherNames(linalool)).toEqual([]);
    // A replaced record is searched by its new names only.
    t.upsert({ ...hedione, synonyms: ['MDJ'] });
    expect(t.list('hedio')).toEqual([]);
    expect(t.list('mdj').map((c) => c.id)).toEqual(['hed']);
  });

  it('finds an EU label allergen by the label name its entry prescribes, as a 2026 label prints it', () => {
    const t = table();
    const lavender = {
      ...makeChemical({ id: 'lav', name: 'Lavender oil', cas: '8000-28-0', allergen: true }),
      restrictions:
        'The presence of the substance or substances shall be indicated ‘Lavandula Oil/ Extract’ in the list',
    };
    // A non-allergen whose conditions prescribe a name is not found by it.
    const other = {
      ...makeChemical({ id: 'oth', name: 'Other', cas: '50-00-0', allergen: false }),
      restrictions: lavender.restrictions,
    };
    t.upsert(lavender);
    t.upsert(other);
    expect(t.list('Lavandula Oil/Extract').map((c) => c.id)).toEqual(['lav']);
    expect(t.otherNames(lavender)).toContain('Lavandula Oil/Extract');
    // As a filter reference the label name names every substance of its entry.
    const prescribing =
      'The presence of the substance or substances shall be indicated as ‘Rose Ketones’ in the list';
    t.upsert({
      ...makeChemical({ id: 'dam-a', name: 'Alpha-damascone', cas: '23726-94-5', allergen: true }),
      restrictions: prescribing,
    });
    t.upsert({
      ...makeChemical({ id: 'dam-b', name: 'beta-Damascone', cas: '35044-68-9', allergen: true }),
      restrictions: prescribing,
    });
    expect(t.resolve('ROSE KETONES')).toEqual(['dam-a', 'dam-b']);
    expect(t.resolve('Lavandula Oil/Extract')).toEqual(['lav']);
  });

  it('lists by status and by region, with per-region counts', () => {
    const t = table();
    expect(t.byStatus('prohibited').map((c) => c.id)).toEqual(['lil']);
    expect(t.byStatus('prop65').map((c) => c.id)).toEqual(['van']);
    const regions = Object.fromEntries(t.regions().map((r) => [r.code, r.chemical_count]));
    expect(regions).toEqual({ EU: 3, US: 1, ASIA: 0 });
    expect(t.region('eu')?.name).toBe('European Union');
    expect(t.byRegion('EU', 'prohibited').map((e) => e.chemical.id)).toEqual(['lil']);
  });
});
