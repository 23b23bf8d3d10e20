/**
 * Writes JSON values as the tape `page-tape.ts` reads: a tag per value, then an int, a number's
 * index, a string's index in the page's table of distinct strings, an array's length or an
 * object's number of keys (then key index, value, key index, value...). A page of perfumes holds
 * the same note, chemical and key names over and over: each distinct string is sent once.
 *
 * Plain JavaScript: it runs in the page reader's worker thread (see `page-read-worker.mjs`).
 */

export const NULL = 0;
export const FALSE = 1;
export const TRUE = 2;
export const INT = 3;
export const NUMBER = 4;
export const STRING = 5;
export const ARRAY = 6;
export const OBJECT = 7;

export class TapeWriter {
  /** Scratch space kept from page to page; `finish` copies out what a page used. */
  tape = new Int32Array(1 << 18);
  n = 0;
  numbers = new Float64Array(1024);
  nNumbers = 0;
  strings = [];
  ids = new Map();

  push(x) {
    if (this.n === this.tape.length) {
      const next = new Int32Array(this.n * 2);
      next.set(this.tape);
      this.tape = next;
    }
    this.tape[this.n++] = x;
  }

  /** Starts an array of `length` values (the caller writes them next). */
  array(length) {
    this.push(ARRAY);
    this.push(length);
  }

  /** Starts an object of `keys` keys (the caller writes `key` and a value for each next). */
  object(keys) {
    this.push(OBJECT);
    this.push(keys);
  }

  key(name) {
    this.push(this.stringId(name));
  }

  string(s) {
    this.push(STRING);
    this.push(this.stringId(s));
  }

  int(v) {
    this.push(INT);
    this.push(v);
  }

  number(v) {
    if ((v | 0) === v && !Object.is(v, -0)) {
      this.int(v);
      return;
    }
    if (this.nNumbers === this.numbers.length) {
      const next = new Float64Array(this.nNumbers * 2);
      next.set(this.numbers);
      this.numbers = next;
    }
    this.push(NUMBER);
    this.push(this.nNumbers);
    this.numbers[this.nNumbers++] = v;
  }

  null() {
    this.push(NULL);
  }

  /** One JSON text (a whole value) into the tape; throws on text that is not JSON. */
  json(text) {
    this.value(JSON.parse(text));
  }

  /** A value as `JSON.parse` gives them (plain objects, arrays, strings, numbers, booleans, null). */
  value(v) {
    if (typeof v === 'string') {
      this.push(STRING);
      this.push(this.stringId(v));
    } else if (typeof v === 'object') {
      if (v === null) {
        this.push(NULL);
      } else if (Array.isArray(v)) {
        const n = v.length;
        this.push(ARRAY);
        this.push(n);
        for (let k = 0; k < n; k++) this.value(v[k]);
      } else {
        const keys = Object.keys(v);
        this.push(OBJECT);
        this.push(keys.length);
        for (let k = 0; k < keys.length; k++) {
          const key = keys[k];
          this.push(this.stringId(key));
          this.value(v[key]);
        }
      }
    } else if (typeof v === 'number') {
      this.number(v);
    } else if (typeof v === 'boolean') {
      this.push(v ? TRUE : FALSE);
    } else {
      throw new TypeError(`not a JSON value: ${typeof v}`);
    }
  }

  /** The tape of the page so far, and a fresh start for the next one. */
  finish() {
    const page = {
      tape: this.tape.slice(0, this.n),
      numbers: this.numbers.slice(0, this.nNumbers),
      strings: this.strings,
    };
    this.n = 0;
    this.nNumbers = 0;
    this.strings = [];
    this.ids.clear();
    return page;
  }

  /** The index of `s` in the page's strings. */
  stringId(s) {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(s);
      this.ids.set(s, id);
    }
    return id;
  }
}
