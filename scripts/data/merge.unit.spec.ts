import { describe, expect, it } from 'vitest';
import { FIXTURE_TEXTS } from './fixtures/source-texts.fixture.ts';
import { asciiLossy, mergePerfumes, notesQuality, oneLetterApart, withAccentsFrom } from './merge.ts';
import { parsePerfumeSources } from './perfume-sources.ts';
import { type PerfumeSourceKey, type SourcePerfume, sourcePerfume } from './types.ts';

const row = (
  source: PerfumeSourceKey,
  n: number,
  fields: Partial<SourcePerfume> & { brand: string; name: string },
) => sourcePerfume(source, n, fields);

describe('mergePerfumes', () => {
  it('collapses duplicates across sources and keeps the best value per field', () => {
    const { perfumes, duplicatesMerged } = mergePerfumes([
      row('perfume_database', 0, {
        brand: 'Chanel',
        name: 'Chanel No 5',
        concentration: 'Eau de Parfum',
        year: 1986,
        imageUrl: 'https://fimgs.net/mdimg/perfume/375x500.40069.jpg',
        notes: { top: [], middle: [], base: [], unspecified: ['Aldehydes', 'Rose'] },
      }),
      row('parfumo_data_clean', 0, {
        brand: 'Chanel',
        name: 'N°5',
        concentration: 'Parfum',
        year: 1921,
        perfumer: 'Ernest Beaux',
        notes: { top: ['Aldehydes'], middle: ['Rose'], base: ['Vanilla'], unspecified: [] },
      }),
      row('fra_cleaned', 0, { brand: 'Chanel', name: 'Chanel No 5' }),
      row('all_brands_clean', 0, { brand: 'Chanel', name: 'N°5', gender: 'feminine' }),
    ]);
    expect(perfumes).toHaveLength(1);
    expect(duplicatesMerged).toBe(3);
    const p = perfumes[0]!;
    expect(p.brand).toBe('Chanel');
    expect(p.perfumer).toBe('Ernest Beaux');
    expect(p.field_sources.perfumer).toBe('parfumo_data_clean');
    expect(p.gender).toBe('feminine');
    expect(p.year_released).toBe(1986);
    expect(p.field_sources.year_released).toBe('perfume_database');
    // A real pyramid beats the flat list of a preferred source.
    expect(p.notes).toEqual({ top: ['Aldehydes'], middle: ['Rose'], base: ['Vanilla'], unspecified: [] });
    expect(p.field_sources.notes).toBe('parfumo_data_clean');
    expect(p.concentration).toBe('Eau de Parfum, Parfum');
    expect(p.sources).toEqual(['all_brands_clean', 'fra_cleaned', 'parfumo_data_clean', 'perfume_database']);
  });

  it('keeps a field present in only one source and leaves absent fields empty', () => {
    const { perfumes } = mergePerfumes([
      row('final_perfume_data', 0, { brand: 'Indult', name: 'Tihota', description: 'Pure vanilla.' }),
      row('luckyscent_notes', 0, {
        brand: 'Indult',
        name: 'Tihota',
        notes: { top: [], middle: [], base: [], unspecified: ['Vanilla'] },
      }),
    ]);
    expect(perfumes).toHaveLength(1);
    expect(perfumes[0]!.description).toBe('Pure vanilla.');
    expect(perfumes[0]!.field_sources.description).toBe('final_perfume_data');
    expect(perfumes[0]!.year_released).toBeNull();
    expect(perfumes[0]!.perfumer).toBeNull();
    expect(perfumes[0]!.field_sources.year_released).toBeUndefined();
  });

  it('keeps different perfumes of a brand apart and gives them stable unique ids', () => {
    const rows = [
      row('perfume_database', 0, { brand: 'Chanel', name: 'Allure' }),
      row('perfume_database', 1, { brand: 'Chanel', name: 'Allure Homme' }),
      row('perfume_database', 2, { brand: 'Chanel', name: 'Allure Homme Sport' }),
    ];
    const first = mergePerfumes(rows).perfumes.map((p) => p.id);
    expect(first).toEqual(['chanel--allure', 'chanel--allure-homme', 'chanel--allure-homme-sport']);
    expect(mergePerfumes([...rows].reverse()).perfumes.map((p) => p.id)).toEqual(first);
  });

  it('matches perfume_database rows that lost their accents', () => {
    expect(asciiLossy('Estée Lauder')).toBe('Est e Lauder');
    const { perfumes } = mergePerfumes([
      row('perfume_database', 0, { brand: 'Est e Lauder', name: 'Bois d pice' }),
      row('all_brands_clean', 0, { brand: 'Estée Lauder', name: "Bois d'Épice" }),
      row('perfume_database', 1, { brand: 'Avatim', name: 'gua Refrescante' }),
      row('fra_cleaned', 0, { brand: 'Avatim', name: 'Agua Refrescante' }),
    ]);
    expect(perfumes.map((p) => [p.brand, p.name])).toEqual([
      ['Avatim', 'Agua Refrescante'],
      ['Estée Lauder', "Bois d'Épice"],
    ]);
  });

  it('joins Fragrantica and Parfumo spellings of one perfume, but not different numbers', () => {
    const { perfumes, fuzzyMerges } = mergePerfumes([
      row('smellthings:fragrantica', 0, { brand: 'Tauer Perfumes', name: 'Pentachords Auburn' }),
      row('parfumo_data_clean', 0, { brand: 'Tauer Perfumes', name: 'Pentachord Auburn' }),
      row('smellthings:fragrantica', 1, { brand: 'Guerlain', name: 'Muguet 2016' }),
      row('parfumo_data_clean', 1, { brand: 'Guerlain', name: 'Muguet 2019' }),
      row('smellthings:parfumo', 0, { brand: 'Chanel', name: "N°5 L'Eau Chanel" }),
      row('perfume_database', 0, { brand: 'Chanel', name: 'Chanel No 5 L Eau' }),
    ]);
    expect(fuzzyMerges.count).toBe(2);
    expect(perfumes.map((p) => p.name).sort()).toEqual([
      'Chanel No 5 L Eau',
      'Muguet 2016',
      'Muguet 2019',
      'Pentachord Auburn',
    ]);
  });

  it('folds a brand into the longer brand that lists the same perfumes', () => {
    const { perfumes, brandAliases } = mergePerfumes([
      row('smellthings:fragrantica', 0, { brand: 'Alfred Dunhill', name: 'Desire' }),
      row('smellthings:fragrantica', 1, { brand: 'Alfred Dunhill', name: 'Icon' }),
      row('parfumo_data_clean', 0, { brand: 'Dunhill', name: 'Desire' }),
      row('parfumo_data_clean', 1, { brand: 'Dunhill', name: 'Icon' }),
      row('parfumo_data_clean', 2, { brand: 'Dunhill', name: 'Century' }),
    ]);
    expect(brandAliases).toHaveLength(1);
    // One display spelling for the house: Parfumo's beats the slug-rebuilt smellthings one.
    expect(perfumes.map((p) => p.brand)).toEqual(['Dunhill', 'Dunhill', 'Dunhill']);
  });
});

describe('the real source formats', () => {
  const { rows, stats } = parsePerfumeSources(FIXTURE_TEXTS, () => {});
  const bySource = (source: PerfumeSourceKey) => rows.filter((r) => r.source === source);

  it('strips decoy notes from Parfumo rows only', () => {
    const n5 = bySource('parfumo_data_clean').find((r) => r.brand === 'Chanel')!;
    expect(n5.notes.top).toEqual(['Aldehydes', 'Neroli']);
    expect(n5.notes.base).toEqual(['Vanilla']);
    expect(bySource('smellthings:parfumo')[0]!.notes.base).toEqual(['Musk']);
    expect(stats.decoysStripped).toEqual({ parfumo_data_clean: 3, 'smellthings:parfumo': 1 });
    // "Fish" is a decoy on Parfumo but a real note elsewhere.
    expect(bySource('perfume_database').find((r) => r.name === 'Bois d pice')!.notes.unspecified).toEqual([
      'Clove',
      'Fish',
    ]);
    expect(bySource('luckyscent_notes')[0]!.notes.unspecified).toEqual(['Lemongrass', 'Fish']);
  });

  it('rebuilds Parfumo names and splits 2011-2021 names', () => {
    expect(bySource('parfumo_data_clean').map((r) => [r.name, r.concentration])).toEqual([
      ['N°5', 'Parfum'],
      ['0071 Tidal Pool', null],
      ["Angels' Share", null],
    ]);
    expect(bySource('2011-2021_converted').map((r) => [r.brand, r.name, r.gender])).toEqual([
      ['Guerlain', 'Shalimar', 'feminine'],
    ]);
    expect(stats.thdUnsplit).toEqual(['Mystery Nobrand for men']);
  });

  it('merges the fixture catalogue', () => {
    const { perfumes } = mergePerfumes(rows);
    const byId = new Map(perfumes.map((p) => [p.id, p]));
    const n5 = byId.get('chanel--n-5')!;
    expect(n5.name).toBe('N°5');
    expect(n5.sources).toEqual([
      'all_brands_clean',
      'fra_cleaned',
      'parfumo_data_clean',
      'perfume_database',
      'smellthings:fragrantica',
    ]);
    expect(n5.image_url).toBe('https://fimgs.net/mdimg/perfume/375x500.40069.jpg');
    const shalimar = byId.get('guerlain--shalimar')!;
    expect(shalimar.description).toBe('The first oriental, in its richest form.');
    expect(shalimar.gender).toBe('feminine');
    // `By Kilian` and `Kilian` are one brand; the display spelling comes from the better source.
    expect(byId.get('kilian--angels-share')?.sources).toEqual(['parfumo_data_clean', 'perfume_data_final']);
  });
});

describe('helpers', () => {
  it('rates note shapes', () => {
    expect(notesQuality({ top: ['a'], middle: ['b'], base: [], unspecified: [] })).toBe(3);
    expect(notesQuality({ top: [], middle: ['b'], base: [], unspecified: [] })).toBe(2);
    expect(notesQuality({ top: [], middle: [], base: [], unspecified: ['c'] })).toBe(1);
    expect(notesQuality({ top: [], middle: [], base: [], unspecified: [] })).toBe(0);
  });

  it('tells one-letter spelling differences, never digits', () => {
    expect(oneLetterApart('pentachordsauburn', 'pentachordauburn')).toBe(true);
    expect(oneLetterApart('alfustaan', 'alfustan')).toBe(true);
    expect(oneLetterApart('muguet2016', 'muguet2019')).toBe(false);
    expect(oneLetterApart('rose', 'rose')).toBe(false);
  });
});

describe('Parfumo titles with the brand inside', () => {
  it('joins them to the plain name', () => {
    const { perfumes } = mergePerfumes([
      row('parfumo_data_clean', 0, { brand: 'Chanel', name: "N°5 L'Eau All-Over Spray" }),
      row('smellthings:parfumo', 0, { brand: 'Chanel', name: "N°5 L'Eau Chanel (All-Over Spray)" }),
      row('perfume_database', 0, { brand: 'Chanel', name: 'Bleu de Chanel' }),
    ]);
    expect(perfumes.map((p) => [p.name, p.sources.length])).toEqual([
      ['Bleu de Chanel', 1],
      ["N°5 L'Eau All-Over Spray", 2],
    ]);
  });
});

describe('the spelling pass', () => {
  it('merges spellings of one perfume, keeps the id the better-attested record had and lists the other', () => {
    const rows = [
      // Both records have all_brands_clean rows, so the cross-source pass leaves them apart.
      row('all_brands_clean', 5, { brand: 'Givenchy', name: 'Irrésistible Givenchy' }),
      row('all_brands_clean', 0, { brand: 'Givenchy', name: 'Irresistible' }),
      row('smellthings:fragrantica', 0, { brand: 'Givenchy', name: 'Irresistible' }),
      row('parfumo_data_clean', 1, { brand: 'Roja Dove', name: 'Parfum Royale #3' }),
      row('smellthings:parfumo', 1, { brand: 'Roja Dove', name: 'Parfum Royale #3' }),
      row('all_brands_clean', 1, { brand: 'Roja Dove', name: 'Parfum Royale No. 3' }),
    ];
    const before = mergePerfumes(
      rows.filter((r) => r.brand !== 'Givenchy' || r.source !== 'parfumo_data_clean'),
    );
    expect(before.perfumes.map((p) => p.id)).toContain('givenchy--irresistible');
    const { perfumes, spellingMerges } = mergePerfumes(rows);
    expect(spellingMerges.merged).toBe(2);
    const irresistible = perfumes.find((p) => p.brand === 'Givenchy')!;
    // Better attested (2 rows) keeps id and words; the accents come from the other spelling.
    expect(irresistible.id).toBe('givenchy--irresistible');
    expect(irresistible.name).toBe('Irrésistible');
    expect(irresistible.merged_ids).toEqual(['givenchy--irresistible-givenchy']);
    expect(irresistible.sources).toEqual(['all_brands_clean', 'smellthings:fragrantica']);
    const royale = perfumes.find((p) => p.brand === 'Roja Dove')!;
    expect(royale.name).toBe('Parfum Royale #3');
    expect(royale.merged_ids).toEqual(['roja-dove--parfum-royale-no-3']);
  });

  it('keeps flankers and other numbers apart', () => {
    const { perfumes, spellingMerges } = mergePerfumes([
      row('parfumo_data_clean', 0, { brand: 'Creed', name: 'Aventus' }),
      row('all_brands_clean', 0, { brand: 'Creed', name: 'Aventus Cologne' }),
      row('parfumo_data_clean', 1, { brand: 'Dior', name: 'Sauvage' }),
      row('all_brands_clean', 1, { brand: 'Dior', name: 'Sauvage Elixir' }),
      row('parfumo_data_clean', 2, { brand: 'Guerlain', name: 'Habit Rouge' }),
      row('all_brands_clean', 2, { brand: 'Guerlain', name: 'Habit Rouge Eau Fraîche' }),
      row('parfumo_data_clean', 3, { brand: 'Chanel', name: 'N°5' }),
      row('all_brands_clean', 3, { brand: 'Chanel', name: 'No 19' }),
    ]);
    expect(spellingMerges.merged).toBe(0);
    expect(perfumes).toHaveLength(8);
    expect(perfumes.every((p) => p.merged_ids.length === 0)).toBe(true);
  });

  it('joins a perfume_database record to the record sharing its Fragrantica id, and unifies brand spellings', () => {
    const image = 'https://fimgs.net/mdimg/perfume/375x500.4321.jpg';
    const { perfumes, spellingMerges } = mergePerfumes([
      row('perfume_database', 0, {
        brand: 'Abdul Karim Al Faransi',
        name: 'Musk Warda No 3',
        imageUrl: image,
      }),
      row('smellthings:fragrantica', 0, { brand: 'Abdul Karim Al Faransi', name: 'Warda', imageUrl: image }),
      row('parfumo_data_clean', 0, { brand: 'Eyüp Sabri Tuncer', name: 'Bosphorus' }),
      row('all_brands_clean', 0, { brand: 'Eyuep Sabri Tuncer', name: 'Bosphorus' }),
      row('all_brands_clean', 1, { brand: 'Eyuep Sabri Tuncer', name: 'Amber' }),
    ]);
    expect(spellingMerges.byFragranticaId).toBe(1);
    expect(perfumes.map((p) => [p.brand, p.name, p.merged_ids])).toEqual([
      ['Abdul Karim Al Faransi', 'Warda', ['abdul-karim-al-faransi--musk-warda-no-3']],
      ['Eyüp Sabri Tuncer', 'Amber', []],
      ['Eyüp Sabri Tuncer', 'Bosphorus', ['eyup-sabri-tuncer--bosphorus']],
    ]);
  });

  it('gives names the accents another spelling writes, letter for letter', () => {
    expect(withAccentsFrom('Eau Parfumee au The Vert', ['Eau Parfumée au Thé Vert'])).toBe(
      'Eau Parfumée au Thé Vert',
    );
    expect(withAccentsFrom('CHROME EXTREME', ['Chrome Extrême'])).toBe('CHROME EXTRÊME');
    expect(withAccentsFrom('Aime', ['Aimée'])).toBe('Aime');
  });
});
