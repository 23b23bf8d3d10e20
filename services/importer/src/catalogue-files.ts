import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';

/** Where the shipped, processed catalogue lives (see data/SOURCES.md). */
export interface CatalogueFiles {
  perfumes: string;
  chemicals: string;
}

export function catalogueFiles(dataRoot: string): CatalogueFiles {
  return {
    perfumes: path.join(dataRoot, 'catalogue/perfumes.jsonl.gz'),
    chemicals: path.join(dataRoot, 'chemicals/chemicals.json'),
  };
}

export function catalogueFilesExist(files: CatalogueFiles): boolean {
  return existsSync(files.perfumes) && existsSync(files.chemicals);
}

export async function readChemicals(file: string): Promise<unknown[]> {
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of chemicals`);
  return parsed;
}

/** Streams one JSON record per line of a gzipped JSON-lines file. */
export async function* readJsonLinesGz(file: string): AsyncGenerator<unknown> {
  const lines = readline.createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line);
    } catch (err) {
      throw new Error(`${file}:${n}: not valid JSON (${(err as Error).message})`);
    }
  }
}
