import { describe, expect, it } from 'vitest';
import {
  brandKey,
  concentrationLabel,
  foldText,
  nameKey,
  noteKey,
  perfumeKey,
  slugify,
  splitConcentration,
} from './normalize.ts';

describe('foldText', () => {
  it('drops accents, lower-cases and spells out &', () => {
    expect(foldText('Égoïste Æther Straße & Co')).toBe('egoiste aether strasse  and  co');
  });
});

describe('splitConcentration', () => {
  it.each([
    ['Chance Eau de Toilette', 'Chance', 'Eau de Toilette'],
    ['Bleu de Chanel EDP', 'Bleu de Chanel', 'Eau de Parfum'],
    ['Joop! Homme (Eau de Toilette)', 'Joop! Homme', 'Eau de Toilette'],
    ['Mango Oud Extrait de Parfum', 'Mango Oud', 'Extrait de Parfum'],
    ['Aventus Extrait', 'Aventus', 'Extrait de Parfum'],
    ['No 5 Parfum', 'No 5', 'Parfum'],
  ])('%s → %s + %s', (raw, name, concentration) => {
    expect(splitConcentration(raw)).toEqual({ name, concentration });
  });

  it('keeps names that are only a concentration word, or have none', () => {
    expect(splitConcentration('Parfum')).toEqual({ name: 'Parfum', concentration: null });
    expect(splitConcentration('Eau Sauvage')).toEqual({ name: 'Eau Sauvage', concentration: null });
    expect(splitConcentration('Eau de Parfum Intense')).toEqual({
      name: 'Eau de Parfum Intense',
      concentration: null,
    });
  });
});

describe('concentrationLabel', () => {
  it('recognises standard concentrations only', () => {
    expect(concentrationLabel('EdT')).toBe('Eau de Toilette');
    expect(concentrationLabel('After Shave')).toBeNull();
  });
});

describe('perfume keys', () => {
  it('ignores case, accents, punctuation and slug hyphens', () => {
    expect(perfumeKey('Hermès', "Terre d'Hermès")).toBe(perfumeKey('hermes', 'terre-d-hermes'));
    expect(perfumeKey('D.S. & Durga', 'Debaser')).toBe(perfumeKey('ds-durga', 'debaser'));
  });

  it('unifies perfume numbering', () => {
    const key = nameKey('N°5', 'Chanel');
    expect(nameKey('Chanel N 5', 'Chanel')).toBe(key);
    expect(nameKey('Chanel No 5 Eau de Parfum', 'Chanel')).toBe(key);
    expect(nameKey('n05', 'Chanel')).toBe(key);
    expect(nameKey('№ 5', 'Chanel')).toBe(key);
  });

  it('strips a trailing concentration and a leading brand, never the whole name', () => {
    expect(nameKey('Allure Homme Eau de Toilette', 'Chanel')).toBe(nameKey('Allure Homme', 'Chanel'));
    expect(nameKey('Chanel', 'Chanel')).toBe('chanel');
    expect(nameKey('Parfum', 'Chanel')).toBe('parfum');
    expect(nameKey('Bleu de Chanel', 'Chanel')).toBe('bleudechanel');
  });

  it('keeps distinct perfumes apart', () => {
    expect(nameKey('Allure Homme Sport', 'Chanel')).not.toBe(nameKey('Allure Homme', 'Chanel'));
    expect(nameKey('No 19', 'Chanel')).not.toBe(nameKey('No 5', 'Chanel'));
  });

  it('drops generic brand words and a leading By', () => {
    expect(brandKey('Al Haramain Perfumes')).toBe(brandKey('Al Haramain'));
    expect(brandKey('By Kilian')).toBe(brandKey('Kilian'));
    expect(brandKey('Dolce&Gabbana')).toBe(brandKey('dolce-gabbana'));
    expect(brandKey('Parfums de Marly')).toBe('demarly');
    expect(brandKey('Perfumes')).toBe('perfumes');
  });
});

describe('noteKey and slugify', () => {
  it('makes spelling variants of a note equal', () => {
    expect(noteKey('Lily-of-the-Valley')).toBe(noteKey('lily of the valley'));
    expect(noteKey('Oak moss')).toBe(noteKey('Oakmoss'));
  });

  it('slugs to ASCII', () => {
    expect(slugify('Eau Sauvage Élixir')).toBe('eau-sauvage-elixir');
    expect(slugify('قصة')).toBe('');
  });
});
