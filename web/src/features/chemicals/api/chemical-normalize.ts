import { isRecord } from '../../../lib/is-record.ts';
import type { Chemical, ChemicalLookup, Region } from '../../../types/api.ts';

type Raw = Record<string, unknown>;

/** A chemical from any list answer; synthetic search cards carry it in `original_chemical`. */
export function normalizeChemical(raw: unknown): Chemical | null {
  if (!isRecord(raw)) return null;
  const base = isRecord(raw.original_chemical) ? { ...raw.original_chemical, ...pickSummary(raw) } : raw;
  const id = base.id ?? base.chemical_id;
  const name = base.name ?? base.chemical_name;
  if ((typeof id !== 'number' && typeof id !== 'string') || typeof name !== 'string' || !name.trim())
    return null;
  return { ...(base as Chemical), id, name };
}

function pickSummary(raw: Raw): Raw {
  return isRecord(raw.regulatory_summary) ? { regulatory_summary: raw.regulatory_summary } : {};
}

function listOf(raw: unknown, ...keys: string[]): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (!isRecord(raw)) return [];
  for (const key of keys) {
    const value = raw[key];
    if (Array.isArray(value)) return value;
  }
  return [];
}

export function normalizeChemicalList(raw: unknown): Chemical[] {
  return listOf(raw, 'chemicals', 'results', 'perfumes', 'items')
    .map(normalizeChemical)
    .filter((c): c is Chemical => c !== null);
}

export function normalizeRegions(raw: unknown): Region[] {
  return listOf(raw, 'regions').flatMap((item): Region[] => {
    if (!isRecord(item) || typeof item.code !== 'string') return [];
    return [
      {
        code: item.code,
        name: typeof item.name === 'string' ? item.name : item.code,
        description: typeof item.description === 'string' ? item.description : null,
        chemical_count: typeof item.chemical_count === 'number' ? item.chemical_count : undefined,
      },
    ];
  });
}

export function normalizeLookup(raw: unknown, searched: string): ChemicalLookup {
  if (!isRecord(raw)) return { found: false, search_cas: searched };
  const chemical = normalizeChemical(raw.chemical);
  return {
    found: raw.found === true && chemical !== null,
    chemical,
    search_cas: typeof raw.search_cas === 'string' ? raw.search_cas : searched,
    error: typeof raw.error === 'string' ? raw.error : typeof raw.detail === 'string' ? raw.detail : null,
  };
}

/** The number of results a by-status answer reports (summary.results_found), else the list length. */
export function resultsFound(raw: unknown, fallback: number): number {
  if (isRecord(raw) && isRecord(raw.summary) && typeof raw.summary.results_found === 'number') {
    return raw.summary.results_found;
  }
  return fallback;
}
