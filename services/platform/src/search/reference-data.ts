/**
 * Static reference data the catalogue read side serves beside the event-sourced catalogue: the
 * region definitions (`data/chemicals/regions.json`) and the notes taxonomy
 * (`data/notes/notes.json`), both written by the data build.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { NoteRecord, RegionRecord } from './catalogue.types.ts';

export interface CatalogueReferenceData {
  regions: RegionRecord[];
  notes: NoteRecord[];
}

/** Reads the reference files under `dataDir` (the repo's `data/`); a missing file gives an empty list. */
export async function loadCatalogueReferenceData(dataDir: string): Promise<CatalogueReferenceData> {
  const regions = await readJsonList(path.join(dataDir, 'chemicals', 'regions.json'));
  const notes = await readJsonList(path.join(dataDir, 'notes', 'notes.json'));
  return {
    regions: regions.map((r, i) => ({
      code: text(r.code, `regions.json[${i}].code`),
      name: text(r.name, `regions.json[${i}].name`),
      description: optionalText(r.description),
    })),
    notes: notes.map((n, i) => ({
      id: n.id === undefined || n.id === null ? text(n.name, `notes.json[${i}].name`) : String(n.id),
      name: text(n.name, `notes.json[${i}].name`),
      category: optionalText(n.category),
      description: optionalText(n.description),
    })),
  };
}

async function readJsonList(file: string): Promise<Record<string, unknown>[]> {
  if (!existsSync(file)) return [];
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  const list = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' && parsed !== null
      ? (Object.values(parsed).find(Array.isArray) ?? [])
      : [];
  return list.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null);
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`${where} must be a non-empty string`);
  return value;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
