/**
 * One rule for the regulatory status a chemical shows, wherever it is shown (CAS modal, detail,
 * status cards, region lists), so two statuses never contradict each other on one screen.
 *
 * - `prohibited`: EU Annex II (the law lists it, whatever the scope of the entry);
 * - `restricted`: EU Annex III;
 * - `allergen`: on the current EU fragrance-allergen labelling list;
 * - `prop65`: currently on California's Proposition 65 list;
 * - `not_listed`: none of the above. It means "not on the lists we hold", never "safe", so it is
 *   shown in a neutral style.
 */
import { IFRA_CATEGORIES } from '../../../../../services/domain/src/chemicals/ifra-reference.ts';
import type {
  FormerListingChange,
  SafeHarborLevel as SharedSafeHarborLevel,
} from '../../../../../services/domain/src/chemicals/regulatory-shapes.ts';
import type { Chemical, RegionalRegulation } from '../../../types/api.ts';

export type RegulatoryKind = 'prohibited' | 'restricted' | 'allergen' | 'prop65' | 'not_listed';
export type Tone = 'danger' | 'warning' | 'info' | 'neutral';

export const KIND_TONE: Record<RegulatoryKind, Tone> = {
  prohibited: 'danger',
  restricted: 'warning',
  allergen: 'warning',
  prop65: 'info',
  not_listed: 'neutral',
};

/** A dated, named source as the data carries it. */
export type SourceStamp = { source_name?: string | null; source_date?: string | null };

export type EuProhibitionView = SourceStamp & {
  entry: string;
  scope: 'substance' | 'natural_constituent_exempt' | 'plant_part';
  exception: string | null;
  part: string | null;
  applies_when?: string | null;
  applies_to_all_from?: string | null;
  regulation: string;
};

export type EuAllergenView = SourceStamp & {
  list: 'classic_26' | 'eu_2023_1545';
  entry: string | null;
  /** False for a substance the entry covers by its chemical name without listing its CAS number. */
  listed?: boolean;
  applies_from: string;
  applies_to_all_from: string | null;
  regulation: string;
};

/** A Prop 65 safe harbor level of one listing, with that listing's toxicity types. */
export type SafeHarborLevel = SharedSafeHarborLevel & { toxicity_types: string[] };

export type Prop65View = SourceStamp & {
  status?: 'listed' | 'delisted';
  toxicity_types?: string[];
  date_listed?: string | null;
  /** The current listings, each with its own date. */
  listings?: Array<{ toxicity_types: string[]; date_listed: string | null }>;
  /** What the listing covers when its name limits it (`ingested`). */
  scope?: string | null;
  date_delisted?: string | null;
  removed_endpoints?: Array<{ toxicity: string; date_listed: string | null; date_removed: string }>;
  safe_harbor_levels?: SafeHarborLevel[];
};

/** A level with every field the screens show, of the types they expect. */
function isWholeLevel(l: unknown): l is SafeHarborLevel {
  const v = l as Partial<SafeHarborLevel> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.level === 'NSRL' || v.level === 'MADL') &&
    typeof v.amount === 'number' &&
    Number.isFinite(v.amount) &&
    (v.unit === 'µg/day' || v.unit === 'fibers/day') &&
    Array.isArray(v.toxicity_types) &&
    v.toxicity_types.every((t) => typeof t === 'string')
  );
}

/** Levels of one listing: one kind for one set of toxicity types, in the list's order. */
export type SafeHarborGroup = {
  level: SafeHarborLevel['level'];
  toxicity_types: string[];
  levels: SafeHarborLevel[];
};

/**
 * A current listing's levels grouped by kind and toxicity; none for a delisted chemical. A level
 * that is not whole (an edited record) is left out rather than shown half.
 */
export function safeHarborGroups(prop65: Prop65View | null | undefined): SafeHarborGroup[] {
  if (prop65?.status !== 'listed' || !Array.isArray(prop65.safe_harbor_levels)) return [];
  const groups: SafeHarborGroup[] = [];
  for (const l of prop65.safe_harbor_levels) {
    if (!isWholeLevel(l)) continue;
    const key = (g: { level: string; toxicity_types: string[] }) =>
      `${g.level}|${g.toxicity_types.join(',')}`;
    const group = groups.find((g) => key(g) === key(l));
    if (group) group.levels.push(l);
    else groups.push({ level: l.level, toxicity_types: l.toxicity_types, levels: [l] });
  }
  return groups;
}

export type { FormerListingChange };

/**
 * The translation key and values that word a former listing's end (`regulatory.change.<key>`),
 * or null when the change is not one the product knows how to word (the row's own details are
 * shown instead).
 */
export function formerListingWording(
  change: unknown,
): { key: string; entry?: string; regulation?: string; toxicity?: string; date?: string } | null {
  const c = change as Record<string, unknown> | null | undefined;
  if (typeof c !== 'object' || c === null) return null;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  if (c.kind === 'eu_labelling_ended') {
    const entry = text(c.annex_ii_entry);
    if (entry === null) return null;
    const regulation = text(c.regulation);
    return regulation
      ? { key: 'eu_labelling_ended_by', entry, regulation }
      : { key: 'eu_labelling_ended', entry };
  }
  if (c.kind === 'prop65_endpoint_removed' || c.kind === 'prop65_delisted') {
    const toxicity = text(c.toxicity);
    if (toxicity === null) return null;
    const date = text(c.date_listed);
    return date ? { key: c.kind, toxicity, date } : { key: `${c.kind}_undated`, toxicity };
  }
  return null;
}

export type HistoryRow = RegionalRegulation &
  SourceStamp & { current?: boolean; until?: string | null; change?: FormerListingChange | null };

/** The IFRA Standard that covers a chemical (the fragrance industry's own rule, not a law). */
export type IfraView = SourceStamp & {
  /** Letters of the standard's kinds: `P`, `R`, `S` or combinations such as `R-S`. */
  standard_type: string;
  standard_name: string;
  amendment: string | null;
  publication_date: string | null;
  intrinsic_property: string | null;
  implementation_new_creations: string | null;
  implementation_existing_creations: string | null;
  /** Maximum % per product category (`category_4`): a number or the standard's words. */
  limits: Record<string, number | string>;
  notes?: string[];
};

/** IARC's classification of the agent the chemical is, as IARC names that agent. */
export type IarcView = SourceStamp & {
  group: string;
  agent: string;
  volume: string | null;
  volume_year: string | null;
  evaluation_year: string | null;
};

type Extended = {
  eu_prohibition?: EuProhibitionView | null;
  eu_allergen?: EuAllergenView | null;
  prop65?: Prop65View | null;
  regulatory_history?: HistoryRow[] | null;
  ifra?: IfraView | null;
  iarc?: IarcView | null;
};

/** The regulatory fields this view reads, with the newer ones typed. */
export function regulatoryData(chemical: Chemical): Extended {
  const safety = (chemical.safety_information ?? {}) as Extended;
  return {
    eu_prohibition: safety.eu_prohibition ?? null,
    eu_allergen: safety.eu_allergen ?? null,
    prop65: safety.prop65 ?? null,
    regulatory_history: safety.regulatory_history ?? [],
    ifra: safety.ifra ?? null,
    iarc: safety.iarc ?? null,
  };
}

export type IfraKind = 'prohibition' | 'restriction' | 'specification';

const IFRA_KIND: Record<string, IfraKind> = { P: 'prohibition', R: 'restriction', S: 'specification' };

/** The kinds of an IFRA Standard from its type letters, most binding first (`S-R` → restriction, specification). */
export function ifraKinds(type: string): IfraKind[] {
  const kinds = new Set(
    type
      .toUpperCase()
      .split(/[^A-Z]+/)
      .map((letter) => IFRA_KIND[letter]),
  );
  return (['prohibition', 'restriction', 'specification'] as const).filter((k) => kinds.has(k));
}

/**
 * One category's limit: a maximum % of the finished product, no limit, prohibited, or set in the
 * standard's notes instead (the standard's words "See Notebox").
 */
export type IfraLimit =
  | { kind: 'max'; percent: number }
  | { kind: 'none' }
  | { kind: 'prohibited' }
  | { kind: 'in_notes' }
  | { kind: 'text'; text: string };

export function ifraLimit(value: number | string | undefined): IfraLimit | null {
  if (value === undefined) return null;
  if (typeof value === 'number')
    return value === 0 ? { kind: 'prohibited' } : { kind: 'max', percent: value };
  const text = value.trim();
  if (/^no restriction$/i.test(text)) return { kind: 'none' };
  if (/^see note ?box$/i.test(text)) return { kind: 'in_notes' };
  if (/prohibited/i.test(text)) return { kind: 'prohibited' };
  return text === '' ? null : { kind: 'text', text };
}

/** The standard's limits per category, in print order; categories it gives nothing for are left out. */
export function ifraLimits(ifra: Pick<IfraView, 'limits'>): Array<{ category: string; limit: IfraLimit }> {
  return IFRA_CATEGORIES.flatMap((category) => {
    const limit = ifraLimit(ifra.limits?.[`category_${category}`]);
    return limit ? [{ category, limit }] : [];
  });
}

export type SccsCategory = 'humans' | 'animals' | 'likely' | 'possible';

/**
 * The category of the SCCS fragrance-allergen opinion, from its own wording: established contact
 * allergens in humans, established in animals, likely, possible. null for wording it does not use.
 */
export function sccsCategory(text: string | null | undefined): SccsCategory | null {
  const t = (text ?? '').toLowerCase();
  if (/established[^.]*in humans/.test(t)) return 'humans';
  if (/established[^.]*in animals/.test(t)) return 'animals';
  if (/\blikely\b/.test(t)) return 'likely';
  if (/\bpossible\b/.test(t)) return 'possible';
  return null;
}

export type IarcGroup = '1' | '2A' | '2B' | '3';

/** IARC's group, normalised (`2a` → `2A`); null for anything IARC does not use. */
export function iarcGroup(group: string | null | undefined): IarcGroup | null {
  const g = (group ?? '').trim().toUpperCase();
  return g === '1' || g === '2A' || g === '2B' || g === '3' ? g : null;
}

function prop65Listed(chemical: Chemical): boolean {
  const prop65 = regulatoryData(chemical).prop65;
  if (prop65?.status) return prop65.status === 'listed';
  return Boolean(
    chemical.regulatory_summary?.prop65_listed ??
      chemical.safety_information?.regional_summary?.prop65_listed,
  );
}

/** Every status that applies, most serious first; `not_listed` alone when none does. */
export function regulatoryKinds(chemical: Chemical): RegulatoryKind[] {
  const safety = chemical.safety_information ?? {};
  const kinds: RegulatoryKind[] = [];
  if (chemical.prohibited || safety.is_prohibited) kinds.push('prohibited');
  if (chemical.restricted || safety.is_restricted) kinds.push('restricted');
  if (chemical.allergen_flag || safety.is_allergen) kinds.push('allergen');
  if (prop65Listed(chemical)) kinds.push('prop65');
  return kinds.length > 0 ? kinds : ['not_listed'];
}

const REGION_KIND: Record<string, RegulatoryKind> = {
  prohibited: 'prohibited',
  restricted: 'restricted',
  allergen: 'allergen',
  prop65_listed: 'prop65',
};

/**
 * The statuses a region list shows for one chemical: those of the region's own current rows, so a
 * US list never shows an EU prohibition. Without rows (a list from another source) the chemical's
 * own statuses apply.
 */
export function regionKinds(
  chemical: Chemical & { regional_regulations?: RegionalRegulation[] | null },
): RegulatoryKind[] {
  const rows = chemical.regional_regulations;
  if (!rows) return regulatoryKinds(chemical);
  const kinds = new Set<RegulatoryKind>();
  for (const row of rows as HistoryRow[]) {
    if (row.current === false) continue;
    const kind = REGION_KIND[row.status ?? ''];
    if (kind) kinds.add(kind);
  }
  const order: RegulatoryKind[] = ['prohibited', 'restricted', 'allergen', 'prop65'];
  const out = order.filter((k) => kinds.has(k));
  return out.length > 0 ? out : ['not_listed'];
}

/** `EU CosIng, … (export of 24 Dec 2025)` or `IARC Monographs, volume 101 (2013)` plus the date when the name lacks it; null without a name (a file path is never shown). */
export function sourceText(stamp: SourceStamp | null | undefined): string | null {
  const name = stamp?.source_name?.trim();
  if (!name) return null;
  const date = stamp?.source_date?.trim();
  if (!date || name.includes(date) || name.includes(date.slice(0, 4))) return name;
  return `${name}, ${date}`;
}
