import { describe, expect, it } from 'vitest';
import { toChemicalRecord } from './chemical-database.ts';
import { allowedEdits, ChemicalMatcher, matchKey } from './chemical-matcher.ts';
import { FIXTURE_CHEMICALS, GROUPED_ALLERGEN_CHEMICALS, prescribing } from './scan.testing.ts';

const matcher = new ChemicalMatcher(FIXTURE_CHEMICALS);
const id = (text: string) => matcher.match(text)?.chemical.id ?? null;

describe('matchKey', () => {
  it('ignores case, accents, spaces, hyphens and label abbreviations', () => {
    expect(matchKey('Alpha-Isomethyl Ionone')).toBe(matchKey('ALPHA ISOMETHYL IONONE'));
    expect(matchKey('Hexyl Cinnamal')).toBe('hexylcinnamal');
    expect(matchKey('Citrus Limon Peel Ext.')).toBe(matchKey('citrus limon peel extract'));
    expect(matchKey('Sodium Lauryl Sulphate')).toBe(matchKey('Sodium Lauryl Sulfate'));
    expect(matchKey('Crème')).toBe('creme');
    // One plant, two INCI spellings.
    expect(matchKey('Citrus Aurantium Dulcis Peel Oil')).toBe(matchKey('CITRUS SINENSIS PEEL OIL'));
    expect(matchKey('Citrus Aurantium Bergamia Fruit Oil')).toBe(matchKey('Citrus Bergamia Fruit Oil'));
    expect(matchKey('Citrus Aurantium Amara Peel Oil')).not.toBe(matchKey('Citrus Sinensis Peel Oil'));
  });
});

describe('ChemicalMatcher', () => {
  it('matches INCI names, common names and synonyms exactly', () => {
    expect(matcher.match('LINALOOL')).toMatchObject({
      kind: 'exact',
      score: 1,
      chemical: { id: 'chem-78-70-6' },
    });
    expect(id('Hexyl cinnamaldehyde')).toBe('chem-101-86-0');
    expect(id('iso-Methyl-β-ionone')).toBe('chem-127-51-5');
    expect(id('Alcohol Denat.')).toBe('chem-64-17-5');
  });

  it('matches by a CAS number in the text', () => {
    expect(matcher.match('Some Perfume Material (78-70-6)')).toMatchObject({
      kind: 'cas',
      chemical: { id: 'chem-78-70-6' },
    });
  });

  it('matches an ingredient by its bracketed or slashed parts', () => {
    expect(id('PARFUM (FRAGRANCE)')).toBe('chem-parfum');
    expect(id('Aqua/Water/Parfum')).toBe('chem-parfum');
    expect(id('AQUA (WATER)')).toBeNull();
    expect(matcher.match('PARFUM AQUA', { wholeOnly: true })).toBeNull();
  });

  it('corrects OCR misreadings with a score below 1', () => {
    const m = matcher.match('HYDROXYCITRONELIAL');
    expect(m).toMatchObject({ kind: 'fuzzy', chemical: { id: 'chem-107-75-5' } });
    expect(m!.score).toBeGreaterThan(0.9);
    expect(m!.score).toBeLessThan(1);
    expect(id('Alpha-lsomethyl lonone')).toBe('chem-127-51-5');
  });

  it('reads the label name a grouped allergen entry prescribes as that entry’s allergen', () => {
    const grouped = new ChemicalMatcher([
      ...GROUPED_ALLERGEN_CHEMICALS,
      // The entry's own INCI name keeps its substance: `Citral` is citral, not the neral it groups.
      {
        ...FIXTURE_CHEMICALS[0]!,
        id: 'chem-106-26-3',
        name: 'Neral',
        inci_name: 'NERAL',
        synonyms: [],
        restrictions: prescribing('Citral'),
      },
      {
        ...FIXTURE_CHEMICALS[0]!,
        id: 'chem-5392-40-5',
        name: 'Citral',
        inci_name: 'CITRAL',
        synonyms: [],
        restrictions: prescribing('Citral'),
      },
      // A prescription in a non-allergen's conditions names nothing.
      {
        ...FIXTURE_CHEMICALS[0]!,
        id: 'chem-x',
        name: 'Other',
        inci_name: 'OTHER',
        synonyms: [],
        allergen_flag: false,
        restrictions: 'shall be indicated as ‘Pinus Mugo’',
      },
    ]);
    expect(grouped.match('ROSE KETONES')).toMatchObject({
      kind: 'exact',
      alias: 'Rose Ketones',
      chemical: { id: 'chem-23726-94-5' },
    });
    expect(grouped.match('Lavandula Oil/Extract')?.chemical.id).toBe('chem-8000-28-0');
    expect(grouped.match('Citral')?.chemical.id).toBe('chem-5392-40-5');
    expect(grouped.match('Pinus Mugo')).toBeNull();
    expect(grouped.allergenNames()).toContain('Rose Ketones');
  });

  it('reads a label name two chemicals share as the one its allergen entry lists, not an isomer it covers by name', () => {
    const raw = (id: string, name: string, listed: boolean) => ({
      id,
      name,
      inci_name: 'LINALOOL',
      allergen_flag: true,
      restricted: true,
      safety_information: { eu_allergen: { entry: '84', listed } },
    });
    // d-Linalool sorts first; the Linalool entry lists 78-70-6 and covers d-linalool by its name.
    const records = [raw('chem-126-90-9', 'd-Linalool', false), raw('chem-78-70-6', 'Linalool', true)].map(
      (r) => toChemicalRecord(r)!,
    );
    expect(records.map((r) => r.allergen_by_name)).toEqual([true, false]);
    expect(new ChemicalMatcher(records).match('LINALOOL')?.chemical.id).toBe('chem-78-70-6');
  });

  it('reads each name of an INCI cell listing several, and an annex `oil/extract` as either', () => {
    const m = new ChemicalMatcher([
      {
        ...FIXTURE_CHEMICALS[0]!,
        id: 'chem-8023-85-6',
        name: 'Cedarwood oil, Atlas',
        inci_name: 'CEDRUS ATLANTICA BARK OIL; CEDRUS ATLANTICA BARK WATER',
        synonyms: [],
      },
      {
        ...FIXTURE_CHEMICALS[0]!,
        id: 'chem-68917-12-4',
        name: 'Narcissus poeticus absolute',
        inci_name: 'NARCISSUS POETICUS EXTRACT; NARCISSUS JONQUILLA EXTRACT, NARCISSUS TAZETTA EXTRACT',
        synonyms: [],
      },
      {
        ...FIXTURE_CHEMICALS[0]!,
        id: 'chem-93334-48-6',
        name: 'Rose alba oil',
        inci_name: null,
        synonyms: ['Rosa alba flower oil/extract'],
      },
      // Another record's own INCI name keeps it: a part of a listing cell comes after it.
      {
        ...FIXTURE_CHEMICALS[0]!,
        id: 'chem-other',
        name: 'Other',
        inci_name: 'CEDRUS ATLANTICA BARK OIL',
        synonyms: [],
      },
    ]);
    const idOf = (text: string) => m.match(text)?.chemical.id ?? null;
    expect(idOf('Cedrus Atlantica Bark Water')).toBe('chem-8023-85-6');
    expect(idOf('Narcissus Tazetta Extract')).toBe('chem-68917-12-4');
    expect(idOf('Rosa Alba Flower Oil')).toBe('chem-93334-48-6');
    expect(idOf('Rosa Alba Flower Extract')).toBe('chem-93334-48-6');
    expect(idOf('Cedrus Atlantica Bark Oil')).toBe('chem-other');
  });

  it('never guesses at short names or far-off text', () => {
    expect(allowedEdits(4)).toBe(0);
    expect(id('BHT')).toBeNull();
    expect(id('Lilac')).toBeNull();
    expect(id('Keep away from heat and flame')).toBeNull();
  });

  it('indexes thousands of names and still answers quickly', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({
      ...FIXTURE_CHEMICALS[0]!,
      id: `c${i}`,
      name: `Synthetic Ester ${i.toString(36)} Acetate`,
      inci_name: null,
      cas_number: null,
      allergen_flag: false,
    }));
    const big = new ChemicalMatcher([...FIXTURE_CHEMICALS, ...many]);
    const started = performance.now();
    for (let i = 0; i < 200; i += 1) big.match('BENZYL SALICYLATF');
    const perLookup = (performance.now() - started) / 200;
    expect(big.match('BENZYL SALICYLATF')?.chemical.id).toBe('chem-118-58-1');
    expect(perLookup).toBeLessThan(20);
  });
});
