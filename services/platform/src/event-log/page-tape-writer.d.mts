import type { PageTape } from './page-tape.ts';

/** See `page-tape-writer.mjs`. */
export declare class TapeWriter {
  array(length: number): void;
  object(keys: number): void;
  key(name: string): void;
  string(s: string): void;
  number(v: number): void;
  null(): void;
  json(text: string): void;
  finish(): PageTape;
}
