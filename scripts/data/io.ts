/** File helpers of the data build: reading sources, writing deterministic outputs. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';

/** Reads a text file; `.gz` files are gunzipped. */
export function readText(path: string, encoding: 'utf8' | 'latin1' = 'utf8'): string {
  const raw = readFileSync(path);
  const bytes = path.endsWith('.gz') ? gunzipSync(raw) : raw;
  return bytes.toString(encoding).replace(/^\uFEFF/, '');
}

/** Parses CSV text into records keyed by the header row (all cells as text). */
export function parseCsvRecords(
  text: string,
  options: { delimiter?: string; fromLine?: number; quote?: string | false } = {},
): Record<string, string>[] {
  return parse(text, {
    columns: true,
    delimiter: options.delimiter ?? ',',
    from_line: options.fromLine ?? 1,
    quote: options.quote === undefined ? '"' : options.quote,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    bom: true,
  }) as Record<string, string>[];
}

/** Parses CSV text into rows of cells. */
export function parseCsvRows(
  text: string,
  options: { delimiter?: string; fromLine?: number } = {},
): string[][] {
  return parse(text, {
    delimiter: options.delimiter ?? ',',
    from_line: options.fromLine ?? 1,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    bom: true,
  }) as string[][];
}

/** Parses JSON Lines text (blank lines ignored). */
export function parseJsonLines(text: string): unknown[] {
  const out: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() !== '') out.push(JSON.parse(line));
  }
  return out;
}

/** A JSON array with one element per line: valid JSON, compact and diff-friendly. */
export function jsonArrayText(items: readonly unknown[]): string {
  if (items.length === 0) return '[]\n';
  return `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;
}

/** A JSON object with one (already ordered) key per line. */
export function jsonObjectText(entries: ReadonlyArray<readonly [string, unknown]>): string {
  if (entries.length === 0) return '{}\n';
  return `{\n${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`;
}

/** JSON Lines text. */
export function jsonLinesText(items: readonly unknown[]): string {
  return items.map((item) => `${JSON.stringify(item)}\n`).join('');
}

/**
 * JSON lines as bytes, built line by line: the whole catalogue is longer than the longest string
 * JavaScript can hold.
 */
export function jsonLinesBuffer(items: readonly unknown[]): Buffer {
  return Buffer.concat(items.map((item) => Buffer.from(`${JSON.stringify(item)}\n`, 'utf8')));
}

/** Gzip with a fixed level and zeroed header time, so the same text gives the same bytes. */
export function gzipDeterministic(text: string | Buffer): Buffer {
  return gzipSync(typeof text === 'string' ? Buffer.from(text, 'utf8') : text, { level: 9 });
}

export function writeOutput(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
