import { describe, expect, it } from 'vitest';
import { decodeMixedUtf8Cp1252, hasMojibake, mojibakeFields } from './text-repair.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('decodeMixedUtf8Cp1252', () => {
  it('reads UTF-8 sequences as UTF-8 and other bytes as Windows-1252', () => {
    // Rows of final_perfume_data.csv: `Brûlé` with a Latin-1 û and a UTF-8 é, cp1252 quotes.
    expect(decodeMixedUtf8Cp1252(bytes('Tyler Br', [0xfb], 'l', [0xc3, 0xa9]))).toBe('Tyler Brûlé');
    expect(decodeMixedUtf8Cp1252(bytes('the ', [0x93], 'hot-cold', [0x94], ' sensation'))).toBe(
      'the “hot-cold” sensation',
    );
    expect(decodeMixedUtf8Cp1252(bytes('soir', [0xc3, 0xa9], 'e ', [0x96], ' caf', [0xc3, 0xa9]))).toBe(
      'soirée – café',
    );
  });

  it('restores punctuation whose UTF-8 lead bytes were collapsed into 0x94', () => {
    expect(decodeMixedUtf8Cp1252(bytes('flavors ', [0x94, 0x94], ' a cocktail'))).toBe(
      'flavors — a cocktail',
    );
    expect(decodeMixedUtf8Cp1252(bytes('the', [0x94, 0x9c], 'Join the Club', [0x94, 0x9d]))).toBe(
      'the“Join the Club”',
    );
    expect(decodeMixedUtf8Cp1252(bytes('now ', [0x81], 'why'))).toBe('now  why');
  });
});

describe('mojibake', () => {
  it('finds UTF-8 read as Latin-1, C1 controls and replacement characters', () => {
    for (const bad of ['CrÃ¨me', 'soirÃ©e', 'Newtonâ€™s', 'NewtonÂ´s', 'caf\ufffd', 'x\u0094y']) {
      expect(hasMojibake(bad)).toBe(true);
    }
    for (const good of ['Crème', 'Ãgua', 'São Paulo', 'Â la carte', 'N°5', '“quoted”']) {
      expect(hasMojibake(good)).toBe(false);
    }
  });

  it('reports the field and value', () => {
    expect(
      mojibakeFields([
        {
          id: 'a',
          name: 'Café',
          brand: 'X',
          description: 'Le MÃ©tal',
          notes: { top: [], middle: ['olÃ©orÃ©sin'], base: [], unspecified: [] },
        },
      ]),
    ).toEqual([
      { id: 'a', field: 'description', value: 'Le MÃ©tal' },
      { id: 'a', field: 'notes', value: 'olÃ©orÃ©sin' },
    ]);
  });
});
