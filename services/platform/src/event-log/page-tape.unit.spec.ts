import { describe, expect, it } from 'vitest';
import { readTape } from './page-tape.ts';
import { TapeWriter } from './page-tape-writer.mjs';

/** The value a JSON text comes back as through the tape. */
function throughTape(writer: TapeWriter, text: string): unknown {
  writer.json(text);
  return readTape(writer.finish());
}

const TEXTS = [
  '{"perfume": {"id": "a", "name": "L\'Eau d\'Issey", "year_released": 1992, "label": null, "notes": {"top": ["Lemon", "Lemon"], "base": []}}}',
  '[1, -0, 0.5, -2147483648, 2147483648, 1e21, 1.5e-7, 123456789012, 9007199254740993]',
  '{"a": true, "b": false, "c": null, "d": [], "e": {}, "f": [[[]]], "g": ""}',
  '"Ch\\u00e2teau \\"Margaux\\" \\\\ \\n \\t \\/ \\ud83c\\udf39"',
  '{"k": "Château", "k2": "Ch\\u00e2teau", "k3": "Château", "emoji": "🌹", "cjk": "香水"}',
  '{"dup": 1, "other": 2, "dup": 3}',
  '{"__proto__": {"polluted": true}, "constructor": "x", "0": "zero", "10": "ten", "2": "two"}',
  '  \n\t{ "spaced" :\r\n [ 1 , 2 ] }  ',
  '{"same": "abcdefgh", "near": "abcdXfgh", "long": "abcdefghijklmnopqrstuvwxyz", "long2": "abcdefghijklmXopqrstuvwxyz"}',
  '[]',
  '42',
  'null',
];

describe('page tape', () => {
  it('gives back what JSON.parse gives for every JSON text', () => {
    const writer = new TapeWriter();
    for (const text of TEXTS) {
      const value = throughTape(writer, text);
      expect(value).toStrictEqual(JSON.parse(text));
      // Same keys in the same order, -0 kept, own `__proto__` properties.
      expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(text)));
    }
  });

  it('keeps -0, and a __proto__ key as an own property rather than the prototype', () => {
    const writer = new TapeWriter();
    expect(Object.is(throughTape(writer, '-0'), -0)).toBe(true);
    const o = throughTape(writer, '{"__proto__": {"x": 1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(Object.keys(o)).toEqual(['__proto__']);
    expect((o as { x?: number }).x).toBeUndefined();
  });

  it('sends each distinct string of a page once, across the values written', () => {
    const writer = new TapeWriter();
    writer.array(3);
    writer.json('{"note": "Rose", "name": "Rose"}');
    writer.json('["Rose", "Musk"]');
    writer.string('Musk');
    const page = writer.finish();
    expect(page.strings.toSorted()).toEqual(['Musk', 'Rose', 'name', 'note']);
    expect(readTape(page)).toEqual([{ note: 'Rose', name: 'Rose' }, ['Rose', 'Musk'], 'Musk']);
  });

  it('builds events as the writer lays them out, and starts afresh after finish', () => {
    const writer = new TapeWriter();
    writer.array(1);
    writer.object(3);
    writer.key('id');
    writer.string('e1');
    writer.key('data');
    writer.json('{"x": [1, 2.5]}');
    writer.key('position');
    writer.number(7);
    expect(readTape(writer.finish())).toEqual([{ id: 'e1', data: { x: [1, 2.5] }, position: 7 }]);
    writer.string('next');
    expect(readTape(writer.finish())).toBe('next');
  });

  it('refuses text that is not JSON', () => {
    const writer = new TapeWriter();
    for (const bad of ['{"a" 1}', '[1, 2', '"open', '{"a": tru}', '01', '[1,]', '{} {}']) {
      expect(() => writer.json(bad), bad).toThrow(SyntaxError);
      writer.finish();
    }
  });

  it('finds strings again after the table grew past its first size', () => {
    const writer = new TapeWriter();
    const words = Array.from({ length: 5_000 }, (_, i) => `word-${i}`);
    writer.json(JSON.stringify([...words, ...words]));
    const page = writer.finish();
    expect(page.strings).toHaveLength(5_000);
    expect(readTape(page)).toEqual([...words, ...words]);
  });
});
