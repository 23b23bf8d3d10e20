/**
 * JSON values rebuilt from the tape `page-read-worker.mjs` writes (see `TapeWriter` there): a tag
 * per value, then an int, a number's index, a string's index in the page's table of distinct
 * strings, an array's length or an object's number of keys (then key, value, key, value...).
 * The values are those `JSON.parse` gives: plain objects with their keys in order (a `__proto__`
 * key is an own property, as `JSON.parse` makes it), dense arrays, and every occurrence of a
 * string in a page is the same string.
 */

export interface PageTape {
  tape: Int32Array;
  numbers: Float64Array;
  strings: string[];
}

const NULL = 0;
const FALSE = 1;
const TRUE = 2;
const INT = 3;
const NUMBER = 4;
const STRING = 5;
const ARRAY = 6;
const OBJECT = 7;

class TapeReader {
  private at = 0;

  constructor(
    private readonly tape: Int32Array,
    private readonly numbers: Float64Array,
    private readonly strings: string[],
  ) {}

  get done(): boolean {
    return this.at === this.tape.length;
  }

  value(): unknown {
    const tape = this.tape;
    const tag = tape[this.at++];
    switch (tag) {
      case STRING:
        return this.strings[tape[this.at++]!];
      case OBJECT: {
        const n = tape[this.at++]!;
        const o: Record<string, unknown> = {};
        for (let k = 0; k < n; k++) {
          const key = this.strings[tape[this.at++]!]!;
          const v = this.value();
          if (key === '__proto__')
            Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
          else o[key] = v;
        }
        return o;
      }
      case ARRAY: {
        const n = tape[this.at++]!;
        const a: unknown[] = [];
        for (let k = 0; k < n; k++) a.push(this.value());
        return a;
      }
      case INT:
        return tape[this.at++];
      case NUMBER:
        return this.numbers[tape[this.at++]!];
      case NULL:
        return null;
      case FALSE:
        return false;
      case TRUE:
        return true;
      default:
        throw new Error(`corrupt page tape: tag ${tag} at ${this.at - 1}`);
    }
  }
}

/** The one JSON value a tape holds. */
export function readTape(page: PageTape): unknown {
  const reader = new TapeReader(page.tape, page.numbers, page.strings);
  const value = reader.value();
  if (!reader.done) throw new Error('corrupt page tape: more after its value');
  return value;
}
