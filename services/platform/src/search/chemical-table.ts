/**
 * The chemicals read model: every active chemical in memory (a few thousand), with lookups by id,
 * CAS number and name, and the regional / regulatory views the chemical calls answer. Kept in process in both
 * deployment modes: it is small, and the perfume index resolves chemical references against it.
 */
import { allergenLabelKey, catalogue } from '@scentinel/domain';
import type { Chemical, RegionRecord } from './catalogue.types.ts';
import type { SnapshotReader, SnapshotWriter } from './index-snapshot.ts';
import { isCasNumber, normalizeCas, normalizeText } from './text-normalize.ts';
import { compareCodeUnits } from './token-dictionary.ts';

export const chemicalStatuses = ['prohibited', 'restricted', 'allergen', 'prop65'] as const;
export type ChemicalStatus = (typeof chemicalStatuses)[number];

export const regionalStatuses = ['prohibited', 'restricted', 'allergen', 'prop65_listed', 'other'] as const;
export type RegionalStatusFilter = (typeof regionalStatuses)[number];

export interface RegionWithCount extends RegionRecord {
  chemical_count: number;
}

export interface RegionalEntry {
  chemical: Chemical;
  regulations: Chemical['safety_information']['regional_regulations'];
}

/** A chemical's names as `list` compares them (normalised), with the other names as written. */
interface SearchKeys {
  name: string;
  others: Array<{ written: string; key: string }>;
}

export interface ChemicalReadModel {
  readonly size: number;
  get(id: string): Chemical | null;
  /** Chemicals with this CAS number (any accepted spelling), by name. */
  findByCas(cas: string): Chemical[];
  /**
   * Ids of the chemicals a user reference names: an id, a CAS number, or a name (the chemical's
   * name or INCI name, case- and accent-insensitive). Empty when it names none.
   */
  resolve(ref: string): string[];
  /**
   * All chemicals by name; with `search`, those whose name, INCI name, another name (a synonym such
   * as a trade name: `Lilial`, `Hedione`) or CAS number contains it.
   */
  list(search?: string): Chemical[];
  /**
   * The other names of `chemical` (INCI name, a label name its allergen entry prescribes, synonyms)
   * as written, one per normalised spelling.
   * `chemical` is a record of this table (as `list` or `get` answer it): its names are kept by id.
   */
  otherNames(chemical: Chemical): readonly string[];
  /** Chemicals in one regulatory status (the by-status call), by name. */
  byStatus(status: ChemicalStatus): Chemical[];
  regions(): RegionWithCount[];
  region(code: string): RegionWithCount | null;
  /** Chemicals regulated in a region (optionally only entries with `status`), by name. */
  byRegion(code: string, status?: RegionalStatusFilter): RegionalEntry[];
  /** All chemicals as a map (for the domain's classification). */
  known(): ReadonlyMap<string, Chemical>;
}

export class ChemicalTable implements ChemicalReadModel {
  private readonly byId = new Map<string, Chemical>();
  private readonly idsByCas = new Map<string, Set<string>>();
  private readonly idsByName = new Map<string, Set<string>>();
  /** EU label allergens by label (INCI) name: one allergen whatever the isomer's CAS. */
  private readonly allergensByInci = new Map<string, Set<string>>();
  private sorted: Chemical[] | null = null;
  /** Per chemical id, its normalised names (built on first search, dropped with `sorted`). */
  private searchKeys: Map<string, SearchKeys> | null = null;
  private readonly regionDefs: RegionRecord[];

  constructor(regions: readonly RegionRecord[] = []) {
    this.regionDefs = regions.map((r) => ({
      code: r.code,
      name: r.name,
      description: r.description ?? null,
    }));
  }

  get size(): number {
    return this.byId.size;
  }

  /** Inserts or replaces; returns the previous record. */
  upsert(chemical: Chemical): Chemical | null {
    const previous = this.byId.get(chemical.id) ?? null;
    if (previous) this.unindex(previous);
    this.byId.set(chemical.id, chemical);
    this.index(chemical);
    this.changed();
    return previous;
  }

  remove(id: string): Chemical | null {
    const previous = this.byId.get(id) ?? null;
    if (!previous) return null;
    this.unindex(previous);
    this.byId.delete(id);
    this.changed();
    return previous;
  }

  get(id: string): Chemical | null {
    return this.byId.get(id) ?? null;
  }

  writeSnapshot(w: SnapshotWriter): void {
    const lookup = (map: Map<string, Set<string>>) => [...map].map(([key, ids]) => [key, [...ids]]);
    w.json('chemicals', {
      chemicals: [...this.byId.values()],
      byCas: lookup(this.idsByCas),
      byName: lookup(this.idsByName),
      allergensByInci: lookup(this.allergensByInci),
    });
  }

  /** Fills an empty table with what `writeSnapshot` wrote (the regions come from the constructor). */
  restoreSnapshot(r: SnapshotReader): void {
    if (this.byId.size > 0) throw new Error('restoring a snapshot into a non-empty chemical table');
    type Lookup = [string, string[]][];
    const saved = r.json<{ chemicals: Chemical[]; byCas: Lookup; byName: Lookup; allergensByInci: Lookup }>(
      'chemicals',
    );
    for (const chemical of saved.chemicals) this.byId.set(chemical.id, chemical);
    const fill = (map: Map<string, Set<string>>, entries: Lookup) => {
      for (const [key, ids] of entries) map.set(key, new Set(ids));
    };
    fill(this.idsByCas, saved.byCas);
    fill(this.idsByName, saved.byName);
    fill(this.allergensByInci, saved.allergensByInci);
    this.changed();
  }

  known(): ReadonlyMap<string, Chemical> {
    return this.byId;
  }

  findByCas(cas: string): Chemical[] {
    const ids = this.idsByCas.get(normalizeCas(cas));
    return ids ? this.sortedById([...ids]) : [];
  }

  /**
   * The chemical ids a reference names (an id, a CAS number or a name), with every EU label
   * allergen of the same label name: excluding `d-Limonene` also excludes a perfume whose label
   * says `Limonene` or whose estimate names the racemate.
   */
  resolve(ref: string): string[] {
    const trimmed = ref.trim();
    if (trimmed === '') return [];
    const direct = this.byId.has(trimmed)
      ? [trimmed]
      : isCasNumber(trimmed)
        ? [...(this.idsByCas.get(normalizeCas(trimmed)) ?? [])]
        : [...(this.idsByName.get(normalizeText(trimmed)) ?? [])];
    const out = new Set(direct);
    for (const id of direct) {
      const key = allergenLabelKey(this.byId.get(id));
      for (const same of key ? (this.allergensByInci.get(key) ?? []) : []) out.add(same);
    }
    return [...out].sort(compareCodeUnits);
  }

  list(search?: string): Chemical[] {
    const all = this.sortedAll();
    const needle = search?.trim() ?? '';
    if (needle === '') return all;
    const text = normalizeText(needle);
    const cas = needle.toLowerCase();
    return all.filter((c) => {
      if (c.cas_number?.toLowerCase().includes(cas)) return true;
      if (text === '') return false;
      const keys = this.keysOf(c);
      return keys.name.includes(text) || keys.others.some((o) => o.key.includes(text));
    });
  }

  otherNames(chemical: Chemical): readonly string[] {
    return this.keysOf(chemical).others.map((o) => o.written);
  }

  byStatus(status: ChemicalStatus): Chemical[] {
    return this.sortedAll().filter((c) => hasStatus(c, status));
  }

  regions(): RegionWithCount[] {
    const counts = new Map<string, number>();
    for (const chemical of this.byId.values()) {
      const seen = new Set<string>();
      for (const reg of chemical.safety_information?.regional_regulations ?? []) {
        const code = reg.region.toUpperCase();
        if (seen.has(code)) continue;
        seen.add(code);
        counts.set(code, (counts.get(code) ?? 0) + 1);
      }
    }
    const out: RegionWithCount[] = this.regionDefs.map((r) => ({
      ...r,
      chemical_count: counts.get(r.code.toUpperCase()) ?? 0,
    }));
    const defined = new Set(this.regionDefs.map((r) => r.code.toUpperCase()));
    for (const [code, n] of [...counts].sort(([a], [b]) => compareCodeUnits(a, b))) {
      if (!defined.has(code)) out.push({ code, name: code, description: null, chemical_count: n });
    }
    return out;
  }

  region(code: string): RegionWithCount | null {
    const wanted = code.trim().toUpperCase();
    return this.regions().find((r) => r.code.toUpperCase() === wanted) ?? null;
  }

  byRegion(code: string, status?: RegionalStatusFilter): RegionalEntry[] {
    const wanted = code.trim().toUpperCase();
    const out: RegionalEntry[] = [];
    for (const chemical of this.sortedAll()) {
      const regulations = (chemical.safety_information?.regional_regulations ?? []).filter(
        (r) => r.region.toUpperCase() === wanted && (status === undefined || r.status === status),
      );
      if (regulations.length > 0) out.push({ chemical, regulations });
    }
    return out;
  }

  /** Something changed: the sorted list and the search keys are rebuilt when next needed. */
  private changed(): void {
    this.sorted = null;
    this.searchKeys = null;
  }

  private keysOf(chemical: Chemical): SearchKeys {
    this.searchKeys ??= new Map();
    let keys = this.searchKeys.get(chemical.id);
    if (keys === undefined) {
      const others: SearchKeys['others'] = [];
      // A label name the chemical's allergen entry prescribes (`Rose Ketones`, `Lavandula
      // Oil/Extract`) finds it as printed on a label.
      for (const written of [
        chemical.inci_name,
        ...catalogue.allergenLabelNames(chemical),
        ...(chemical.synonyms ?? []),
      ]) {
        if (!written) continue;
        const key = normalizeText(written);
        if (key !== '' && !others.some((o) => o.key === key)) others.push({ written, key });
      }
      keys = { name: normalizeText(chemical.name), others };
      this.searchKeys.set(chemical.id, keys);
    }
    return keys;
  }

  private sortedAll(): Chemical[] {
    if (this.sorted === null) {
      this.sorted = [...this.byId.values()].sort(byName);
    }
    return this.sorted;
  }

  private sortedById(ids: string[]): Chemical[] {
    return ids
      .map((id) => this.byId.get(id))
      .filter((c): c is Chemical => c !== undefined)
      .sort(byName);
  }

  private index(c: Chemical): void {
    if (c.cas_number) addTo(this.idsByCas, normalizeCas(c.cas_number), c.id);
    for (const key of nameKeys(c)) addTo(this.idsByName, key, c.id);
    const key = allergenLabelKey(c);
    if (key) addTo(this.allergensByInci, key, c.id);
  }

  private unindex(c: Chemical): void {
    if (c.cas_number) removeFrom(this.idsByCas, normalizeCas(c.cas_number), c.id);
    for (const key of nameKeys(c)) removeFrom(this.idsByName, key, c.id);
    const key = allergenLabelKey(c);
    if (key) removeFrom(this.allergensByInci, key, c.id);
  }
}

export function hasStatus(c: Chemical, status: ChemicalStatus): boolean {
  switch (status) {
    case 'prohibited':
      return c.prohibited === true;
    case 'restricted':
      return c.restricted === true;
    case 'allergen':
      return c.allergen_flag === true;
    case 'prop65':
      return c.safety_information?.regional_summary?.prop65_listed === true;
    default: {
      const unknown: never = status;
      throw new Error(`Unknown chemical status ${String(unknown)}`);
    }
  }
}

function nameKeys(c: Chemical): string[] {
  const keys = new Set<string>();
  const name = normalizeText(c.name);
  if (name !== '') keys.add(name);
  if (c.inci_name) {
    const inci = normalizeText(c.inci_name);
    if (inci !== '') keys.add(inci);
  }
  // The label name an allergen's entry prescribes names every substance of the entry: `Rose
  // Ketones` on a label may be any damascone of the entry, `Citral` citral, neral or geranial.
  for (const label of catalogue.allergenLabelNames(c)) {
    const key = normalizeText(label);
    if (key !== '') keys.add(key);
  }
  return [...keys];
}

function byName(a: Chemical, b: Chemical): number {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  return an < bn ? -1 : an > bn ? 1 : compareCodeUnits(a.id, b.id);
}

function addTo(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key);
  if (set) set.add(id);
  else map.set(key, new Set([id]));
}

function removeFrom(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(id);
  if (set.size === 0) map.delete(key);
}
