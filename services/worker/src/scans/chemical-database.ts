import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The fields of `data/chemicals/chemicals.json` the scanner uses (the data build writes more). */
export interface ChemicalRecord {
  id: string;
  name: string;
  cas_number: string | null;
  inci_name: string | null;
  synonyms: string[];
  allergen_flag: boolean;
  prohibited: boolean;
  restricted: boolean;
  restrictions: string | null;
  /**
   * An EU label allergen only because its entry's chemical name takes it in, the entry listing
   * another CAS number (d-linalool under Linalool): where two chemicals share a label name, the
   * listed one is meant.
   */
  allergen_by_name?: boolean;
}

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
export const DEFAULT_CHEMICALS_PATH = path.join(REPO_ROOT, 'data/chemicals/chemicals.json');

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Keeps the fields the scanner needs from one raw record; null when it has no usable name. */
export function toChemicalRecord(raw: unknown): ChemicalRecord | null {
  if (raw === null || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const name = text(r.name);
  const id = r.id === undefined || r.id === null ? null : String(r.id);
  if (name === null || id === null) return null;
  return {
    id,
    name,
    cas_number: text(r.cas_number),
    inci_name: text(r.inci_name),
    synonyms: Array.isArray(r.synonyms) ? r.synonyms.map(text).filter((s): s is string => s !== null) : [],
    allergen_flag: r.allergen_flag === true,
    prohibited: r.prohibited === true,
    restricted: r.restricted === true,
    restrictions: text(r.restrictions),
    allergen_by_name: euAllergenListed(r.safety_information) === false,
  };
}

function euAllergenListed(safety: unknown): boolean | null {
  if (safety === null || typeof safety !== 'object') return null;
  const allergen = (safety as { eu_allergen?: unknown }).eu_allergen;
  if (allergen === null || typeof allergen !== 'object') return null;
  const listed = (allergen as { listed?: unknown }).listed;
  return typeof listed === 'boolean' ? listed : null;
}

/** Reads a chemicals JSON file: an array of records, or `{ chemicals: [...] }`. */
export async function loadChemicalRecords(file = DEFAULT_CHEMICALS_PATH): Promise<ChemicalRecord[]> {
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  const list = Array.isArray(parsed) ? parsed : (parsed as { chemicals?: unknown }).chemicals;
  if (!Array.isArray(list)) throw new Error(`${file} holds no list of chemicals`);
  return list.map(toChemicalRecord).filter((c): c is ChemicalRecord => c !== null);
}

/**
 * Waits for the data build's output (it may still be running when a worker starts), then loads it.
 * Throws after `timeoutMs` with a message that says which file is missing.
 */
export async function waitForChemicalRecords(
  file = DEFAULT_CHEMICALS_PATH,
  { timeoutMs = 60_000, pollMs = 1_000 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<ChemicalRecord[]> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > deadline) {
      throw new Error(`The chemical database ${file} does not exist: run \`npm run data:build\` first`);
    }
    await sleep(pollMs);
  }
  return loadChemicalRecords(file);
}

export const DEFAULT_CATALOGUE_PATH = path.join(REPO_ROOT, 'data/catalogue/perfumes.jsonl.gz');

/** Brand names of the shipped catalogue (`perfumes.jsonl.gz`), for product identification; [] if absent. */
export async function loadBrandNames(file = DEFAULT_CATALOGUE_PATH): Promise<string[]> {
  if (!existsSync(file)) return [];
  const { createReadStream } = await import('node:fs');
  const { createGunzip } = await import('node:zlib');
  const { createInterface } = await import('node:readline');
  const input = createReadStream(file).pipe(createGunzip());
  const brands = new Set<string>();
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    const m = /"brand":"((?:[^"\\]|\\.)*)"/.exec(line);
    if (m) brands.add(JSON.parse(`"${m[1]}"`) as string);
  }
  return [...brands];
}
