import { describe, expect, it } from 'vitest';
import { isVagueNote } from './vague-note.ts';

describe('isVagueNote', () => {
  it.each([
    'Woodsy Notes',
    'Floral Notes',
    'fruity notes',
    'Woody Notes',
    'Spices',
    'Flowers',
    'Fruits',
    'Citruses',
    'Woods',
    'White Flowers',
    'Precious Woods',
    'Floral Fruity Notes',
    'Green Accord',
    'Tropical Fruits',
    'Aromatic Spices',
  ])('%s is vague', (note) => {
    expect(isVagueNote(note)).toBe(true);
  });

  it.each([
    'Rose',
    'Lemongrass',
    'Tonka Bean',
    'White Musk Ketone',
    'Ambrette',
    'Musk',
    'White Musk',
    'Amber',
    'Leather',
    'Sea Notes',
    'Aquatic notes',
    'Powdery Notes',
    'Musky notes',
    'Leather Accord',
    'Aldehydes',
    'Peru Balsam',
    'Elemi resin',
    'Green Tea',
    'Red Fruits',
  ])('%s is specific', (note) => {
    expect(isVagueNote(note)).toBe(false);
  });
});
