/**
 * Perfumes: commands and decide. The catalogue import runs as the system actor; assigning
 * chemicals or notes needs an admin, or the system actor for links
 * that come from an approved contribution or a scan. Writes that would change nothing return no
 * events, so a bulk assignment's `updated_count` is the number of perfumes that got an event.
 */
import type { CommandContext } from '../shared/context.ts';
import { requireAdmin } from '../shared/context.ts';
import { changedFields, sameJson } from '../shared/equality.ts';
import { DomainError, validationError } from '../shared/errors.ts';
import type { CommandOf } from '../shared/event.ts';
import {
  concentrationRange,
  count,
  entityId,
  nonNegative,
  oneOf,
  optionalText,
  requiredText,
  textList,
} from '../shared/fields.ts';
import type {
  AssignedChemical,
  AssignmentType,
  CatalogueField,
  CataloguePerfume,
  DeclaredLinkSource,
  InferredChemicalLink,
  PerfumeEvent,
  PerfumeNotes,
  PerfumeState,
} from './perfumes.events.ts';
import {
  assignmentTypes,
  catalogueFields,
  evolve,
  likelihoodBases,
  perfumeChemicals,
  perfumeGenders,
} from './perfumes.events.ts';

export interface ChemicalAssignmentInput {
  chemical_id: string;
  concentration_min?: number | null;
  concentration_max?: number | null;
}

export type CataloguePerfumeCommand = CommandOf<'CataloguePerfume', { perfume: CataloguePerfume }>;
export type AssignChemicals = CommandOf<
  'AssignChemicals',
  {
    perfume_id: string;
    assignment_type: AssignmentType;
    chemicals: ChemicalAssignmentInput[];
    /** Defaults to `admin`. */
    source?: DeclaredLinkSource;
    /** Contribution or scan id when `source` is `contribution` or `scan`. */
    source_id?: string | null;
  }
>;
export type RemoveChemicalLinks = CommandOf<
  'RemoveChemicalLinks',
  { perfume_id: string; chemical_ids: string[] }
>;
export type AssignNotes = CommandOf<
  'AssignNotes',
  { perfume_id: string; notes: PerfumeNotes; inferred_chemicals?: InferredChemicalLink[] | null }
>;

/** Retires a spelling duplicate (catalogue import only). */
export type MergePerfume = CommandOf<'MergePerfume', { perfume_id: string; into: string }>;
/** The surviving record takes over what was written to a retired duplicate (catalogue import only). */
export type ReceiveMerge = CommandOf<
  'ReceiveMerge',
  { perfume_id: string; merged: Extract<PerfumeEvent, { type: 'PerfumeMerged' }>['data'] }
>;

export type PerfumeCommand =
  | CataloguePerfumeCommand
  | AssignChemicals
  | RemoveChemicalLinks
  | AssignNotes
  | MergePerfume
  | ReceiveMerge;

export interface PerfumesContext extends CommandContext {
  /** Live chemicals named by an AssignChemicals command (add/replace), by id, from the read model. */
  knownChemicals?: Readonly<Record<string, { name: string }>>;
}

export const PERFUME_LIMITS = {
  name: 300,
  brand: 200,
  text: 500,
  description: 20_000,
  url: 2000,
  listItems: 500,
  listItem: 200,
  chemicalsPerAssignment: 500,
} as const;

export const NO_CHEMICALS_SELECTED = 'Please select at least one chemical';

export function decide(
  command: PerfumeCommand,
  state: PerfumeState,
  context: PerfumesContext,
): PerfumeEvent[] {
  switch (command.type) {
    case 'CataloguePerfume':
      return cataloguePerfume(command.data.perfume, state, context);
    case 'AssignChemicals':
      return assignChemicals(command.data, state, context);
    case 'RemoveChemicalLinks':
      return removeChemicalLinks(command.data, state, context);
    case 'AssignNotes':
      return assignNotes(command.data, state, context);
    case 'MergePerfume':
      return mergePerfume(command.data, state, context);
    case 'ReceiveMerge':
      return receiveMerge(command.data, state, context);
    default: {
      const _exhaustive: never = command;
      throw validationError(`Unknown command ${(command as { type?: unknown }).type}`);
    }
  }
}

function cataloguePerfume(
  raw: CataloguePerfume,
  state: PerfumeState,
  context: PerfumesContext,
): PerfumeEvent[] {
  requireAdmin(context.actor, 'import the catalogue', true);
  const perfume = cleanCataloguePerfume(raw);
  // A retired duplicate that the catalogue lists again on its own is catalogued afresh.
  if (state.status !== 'catalogued') return [{ type: 'PerfumeCatalogued', data: { perfume } }];
  if (state.perfume.id !== perfume.id) {
    throw validationError(`Imported perfume ${perfume.id} does not belong to stream of ${state.perfume.id}`);
  }
  // Notes an admin assigned (and the chemicals inferred from them) win over a re-import.
  const fields: readonly CatalogueField[] = state.notesAssigned
    ? catalogueFields.filter((field) => field !== 'notes' && field !== 'chemicals')
    : catalogueFields;
  const changes = changedFields(state.perfume, perfume, fields);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'PerfumeCatalogueDataUpdated', data: { perfume_id: perfume.id, changes } }];
}

function assignChemicals(
  data: AssignChemicals['data'],
  state: PerfumeState,
  context: PerfumesContext,
): PerfumeEvent[] {
  const source = oneOf(data.source, ['admin', 'contribution', 'scan'] as const, 'source', 'Source', 'admin');
  requireAdmin(context.actor, 'assign chemicals to perfumes', source !== 'admin');
  const assignmentType = oneOf(data.assignment_type, assignmentTypes, 'assignment_type', 'Assignment type');
  const sourceId =
    source === 'admin' || data.source_id === undefined || data.source_id === null
      ? null
      : entityId(data.source_id, 'source_id', 'Source id');
  if (!Array.isArray(data.chemicals) || data.chemicals.length === 0) {
    throw validationError(NO_CHEMICALS_SELECTED, 'chemicals');
  }
  if (data.chemicals.length > PERFUME_LIMITS.chemicalsPerAssignment) {
    throw validationError(
      `At most ${PERFUME_LIMITS.chemicalsPerAssignment} chemicals can be assigned at once`,
      'chemicals',
    );
  }
  const catalogued = requirePerfume(data.perfume_id, state);

  const seen = new Set<string>();
  const requested = data.chemicals.map((input, index) => {
    const prefix = `chemicals[${index}].`;
    if (input === null || typeof input !== 'object')
      throw validationError('Each chemical must be an object', prefix);
    const chemicalId = entityId(input.chemical_id, `${prefix}chemical_id`, 'Chemical id');
    if (seen.has(chemicalId))
      throw validationError(`Chemical ${chemicalId} is listed twice`, `${prefix}chemical_id`);
    seen.add(chemicalId);
    return { chemicalId, ...concentrationRange(input.concentration_min, input.concentration_max, prefix) };
  });

  let chemicals: AssignedChemical[];
  if (assignmentType === 'remove') {
    // Only what is linked now can be removed; names come from the links.
    const linked = new Map(perfumeChemicals(catalogued).map((link) => [link.chemical_id, link.name]));
    chemicals = requested
      .filter((c) => linked.has(c.chemicalId))
      .map((c) => ({
        chemical_id: c.chemicalId,
        name: linked.get(c.chemicalId)!,
        concentration_min: null,
        concentration_max: null,
      }));
    if (chemicals.length === 0) return [];
  } else {
    chemicals = requested.map((c) => {
      const known = context.knownChemicals?.[c.chemicalId];
      if (!known) throw new DomainError('not_found', `Chemical ${c.chemicalId} not found`, 'chemicals');
      return {
        chemical_id: c.chemicalId,
        name: known.name,
        concentration_min: c.concentration_min,
        concentration_max: c.concentration_max,
      };
    });
  }

  const event: PerfumeEvent = {
    type: 'PerfumeChemicalsAssigned',
    data: {
      perfume_id: catalogued.perfume.id,
      assignment_type: assignmentType,
      chemicals,
      source,
      link_kind: 'declared',
      source_id: sourceId,
    },
  };
  const unchanged = sameJson(perfumeChemicals(evolve(catalogued, event)), perfumeChemicals(catalogued));
  return unchanged ? [] : [event];
}

function removeChemicalLinks(
  data: RemoveChemicalLinks['data'],
  state: PerfumeState,
  context: PerfumesContext,
): PerfumeEvent[] {
  requireAdmin(context.actor, 'remove chemical links', true);
  const catalogued = requirePerfume(data.perfume_id, state);
  if (!Array.isArray(data.chemical_ids) || data.chemical_ids.length === 0) {
    throw validationError('At least one chemical id is required', 'chemical_ids');
  }
  const requested = data.chemical_ids.map((id, index) =>
    entityId(id, `chemical_ids[${index}]`, 'Chemical id'),
  );
  const linked = new Set(perfumeChemicals(catalogued).map((link) => link.chemical_id));
  const chemicalIds = [...new Set(requested)].filter((id) => linked.has(id));
  if (chemicalIds.length === 0) return [];
  return [
    {
      type: 'PerfumeChemicalLinksRemoved',
      data: { perfume_id: catalogued.perfume.id, chemical_ids: chemicalIds, reason: 'chemical_deleted' },
    },
  ];
}

function assignNotes(
  data: AssignNotes['data'],
  state: PerfumeState,
  context: PerfumesContext,
): PerfumeEvent[] {
  requireAdmin(context.actor, 'assign notes to perfumes');
  const catalogued = requirePerfume(data.perfume_id, state);
  const notes = cleanNotes(data.notes, 'notes');
  const inferred =
    data.inferred_chemicals === undefined || data.inferred_chemicals === null
      ? null
      : cleanInferredLinks(data.inferred_chemicals, 'inferred_chemicals');
  const sameNotes = sameJson(notes, catalogued.perfume.notes);
  const sameInferred = inferred === null || sameJson(inferred, catalogued.perfume.chemicals);
  if (sameNotes && sameInferred) return [];
  return [
    {
      type: 'PerfumeNotesAssigned',
      data: { perfume_id: catalogued.perfume.id, notes, inferred_chemicals: inferred },
    },
  ];
}

function mergePerfume(
  data: MergePerfume['data'],
  state: PerfumeState,
  context: PerfumesContext,
): PerfumeEvent[] {
  requireAdmin(context.actor, 'import the catalogue', true);
  const id = entityId(data.perfume_id, 'perfume_id', 'Perfume id');
  const into = entityId(data.into, 'into', 'Perfume id');
  if (id === into) throw validationError('A perfume cannot be merged into itself', 'into');
  if (state.status === 'merged') {
    if (state.into === into) return [];
    throw new DomainError('conflict', `Perfume ${id} was already merged into ${state.into}`, 'into');
  }
  if (state.status === 'absent') return [];
  return [
    {
      type: 'PerfumeMerged',
      data: {
        perfume_id: id,
        into,
        declared: state.declared,
        removed_chemical_ids: state.removedChemicalIds,
      },
    },
  ];
}

function receiveMerge(
  data: ReceiveMerge['data'],
  state: PerfumeState,
  context: PerfumesContext,
): PerfumeEvent[] {
  requireAdmin(context.actor, 'import the catalogue', true);
  const catalogued = requirePerfume(data.perfume_id, state);
  const merged = data.merged;
  if (merged.into !== catalogued.perfume.id) {
    throw validationError(`Perfume ${merged.perfume_id} was merged into ${merged.into}`, 'merged.into');
  }
  if (merged.declared.length === 0 && merged.removed_chemical_ids.length === 0) return [];
  const event: PerfumeEvent = {
    type: 'PerfumeMergeReceived',
    data: {
      perfume_id: catalogued.perfume.id,
      from: merged.perfume_id,
      declared: merged.declared,
      removed_chemical_ids: merged.removed_chemical_ids,
    },
  };
  return sameJson(evolve(catalogued, event), catalogued) ? [] : [event];
}

function requirePerfume(
  perfumeId: unknown,
  state: PerfumeState,
): Extract<PerfumeState, { status: 'catalogued' }> {
  const id = entityId(perfumeId, 'perfume_id', 'Perfume id');
  if (state.status === 'merged')
    throw new DomainError(
      'not_found',
      `Perfume ${id} is the same product as ${state.into} and was merged into it`,
      'perfume_id',
    );
  if (state.status !== 'catalogued')
    throw new DomainError('not_found', `Perfume ${id} not found`, 'perfume_id');
  return state;
}

/** Checks and cleans a record from `data/catalogue/perfumes.jsonl.gz`. */
export function cleanCataloguePerfume(raw: unknown): CataloguePerfume {
  if (raw === null || typeof raw !== 'object')
    throw validationError('Perfume record must be an object', 'perfume');
  const r = raw as Record<string, unknown>;
  const L = PERFUME_LIMITS;
  const year = r.year_released;
  if (
    year !== undefined &&
    year !== null &&
    !(Number.isInteger(year) && (year as number) >= 1000 && (year as number) <= 2100)
  ) {
    throw validationError(
      'Year released must be a whole year between 1000 and 2100',
      'perfume.year_released',
    );
  }
  const imageUrl = optionalText(r.image_url, 'perfume.image_url', 'Image URL', L.url);
  if (imageUrl !== null && !/^https?:\/\//i.test(imageUrl)) {
    throw validationError('Image URL must start with http:// or https://', 'perfume.image_url');
  }
  const fieldSources = r.field_sources ?? {};
  if (typeof fieldSources !== 'object' || Array.isArray(fieldSources) || fieldSources === null) {
    throw validationError('field_sources must be an object', 'perfume.field_sources');
  }
  for (const [key, value] of Object.entries(fieldSources)) {
    if (typeof value !== 'string') {
      throw validationError(`field_sources.${key} must be text`, `perfume.field_sources.${key}`);
    }
  }
  return {
    id: entityId(r.id, 'perfume.id', 'Perfume id'),
    name: requiredText(r.name, 'perfume.name', 'Perfume name', L.name),
    brand: requiredText(r.brand, 'perfume.brand', 'Brand', L.brand),
    year_released: (year as number | null | undefined) ?? null,
    gender:
      r.gender === null || r.gender === undefined
        ? null
        : oneOf(r.gender, perfumeGenders, 'perfume.gender', 'Gender'),
    perfumer: optionalText(r.perfumer, 'perfume.perfumer', 'Perfumer', L.text),
    concentration: optionalText(r.concentration, 'perfume.concentration', 'Concentration', L.text),
    description: optionalText(r.description, 'perfume.description', 'Description', L.description),
    image_url: imageUrl,
    accords: textList(r.accords, 'perfume.accords', 'Accords', L.listItems, L.listItem),
    notes: cleanNotes(r.notes ?? {}, 'perfume.notes'),
    chemicals: cleanInferredLinks(r.chemicals ?? [], 'perfume.chemicals'),
    field_sources: fieldSources as Record<string, string>,
    sources: textList(r.sources, 'perfume.sources', 'Sources', L.listItems, L.listItem),
    ...optionalSafetyFields(r),
  };
}

type SafetyFields = Pick<CataloguePerfume, 'label' | 'coverage' | 'allergen_estimates' | 'merged_ids'>;

function objectAt(value: unknown, field: string, label: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw validationError(`${label} must be an object`, field);
  }
  return value as Record<string, unknown>;
}

function listAt(value: unknown, field: string, label: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw validationError(`${label} must be a list`, field);
  if (value.length > max) throw validationError(`${label} may hold at most ${max} items`, field);
  return value;
}

function share(value: unknown, field: string, label: string): number {
  const n = nonNegative(value, field, label);
  if (n > 1) throw validationError(`${label} must be a fraction from 0 to 1`, field);
  return n;
}

/** The label list, note coverage, allergen estimates and merged ids, each only when given. */
function optionalSafetyFields(r: Record<string, unknown>): Partial<SafetyFields> {
  const L = PERFUME_LIMITS;
  const out: Partial<SafetyFields> = {};
  if (r.label !== undefined) {
    if (r.label === null) out.label = null;
    else {
      const l = objectAt(r.label, 'perfume.label', 'Label');
      out.label = {
        source: requiredText(l.source, 'perfume.label.source', 'Label source', L.listItem),
        source_name: requiredText(l.source_name, 'perfume.label.source_name', 'Label source name', L.text),
        source_date: requiredText(l.source_date, 'perfume.label.source_date', 'Label source date', 40),
        product_ids: textList(
          l.product_ids,
          'perfume.label.product_ids',
          'Product ids',
          L.listItems,
          L.listItem,
        ),
        ingredients: textList(l.ingredients, 'perfume.label.ingredients', 'Ingredients', L.listItems, L.text),
        chemicals: listAt(l.chemicals ?? [], 'perfume.label.chemicals', 'Label chemicals', L.listItems).map(
          (item, i) => {
            const c = objectAt(item, `perfume.label.chemicals[${i}]`, 'Label chemical');
            return {
              chemical_id: entityId(
                c.chemical_id,
                `perfume.label.chemicals[${i}].chemical_id`,
                'Chemical id',
              ),
              name: requiredText(c.name, `perfume.label.chemicals[${i}].name`, 'Chemical name', 200),
            };
          },
        ),
      };
      if (l.names_fragrance !== undefined) {
        if (typeof l.names_fragrance !== 'boolean') {
          throw validationError(
            'Label names_fragrance must be true or false',
            'perfume.label.names_fragrance',
          );
        }
        out.label.names_fragrance = l.names_fragrance;
      }
    }
  }
  if (r.coverage !== undefined) {
    if (r.coverage === null) out.coverage = null;
    else {
      const c = objectAt(r.coverage, 'perfume.coverage', 'Coverage');
      out.coverage = {
        specific_notes: count(c.specific_notes, 'perfume.coverage.specific_notes', 'Specific notes', 10_000),
        resolved_notes: count(c.resolved_notes, 'perfume.coverage.resolved_notes', 'Resolved notes', 10_000),
        unknown_notes: textList(
          c.unknown_notes,
          'perfume.coverage.unknown_notes',
          'Unknown notes',
          L.listItems,
          L.listItem,
        ),
      };
    }
  }
  if (r.allergen_estimates !== undefined) {
    out.allergen_estimates = listAt(
      r.allergen_estimates,
      'perfume.allergen_estimates',
      'Allergen estimates',
      L.listItems,
    ).map((item, i) => {
      const f = `perfume.allergen_estimates[${i}]`;
      const e = objectAt(item, f, 'Allergen estimate');
      return {
        chemical_id: entityId(e.chemical_id, `${f}.chemical_id`, 'Chemical id'),
        basis: oneOf(e.basis, likelihoodBases, `${f}.basis`, 'Basis'),
        probability: share(e.probability, `${f}.probability`, 'Probability'),
      };
    });
  }
  if (r.merged_ids !== undefined) {
    out.merged_ids = listAt(r.merged_ids, 'perfume.merged_ids', 'Merged ids', L.listItems).map((id, k) =>
      entityId(id, `perfume.merged_ids[${k}]`, 'Perfume id'),
    );
  }
  return out;
}

function cleanNotes(raw: unknown, field: string): PerfumeNotes {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw validationError('Notes must be an object with top, middle, base and unspecified lists', field);
  }
  const r = raw as Record<string, unknown>;
  const list = (key: keyof PerfumeNotes) =>
    textList(r[key], `${field}.${key}`, `${key} notes`, PERFUME_LIMITS.listItems, PERFUME_LIMITS.listItem);
  return { top: list('top'), middle: list('middle'), base: list('base'), unspecified: list('unspecified') };
}

function cleanInferredLinks(raw: unknown, field: string): InferredChemicalLink[] {
  if (!Array.isArray(raw)) throw validationError('Inferred chemicals must be a list', field);
  return raw.map((item, index) => {
    const prefix = `${field}[${index}]`;
    if (item === null || typeof item !== 'object')
      throw validationError('Each chemical link must be an object', prefix);
    const r = item as Record<string, unknown>;
    if (r.source !== undefined && r.source !== 'inferred') {
      throw validationError("Catalogue chemical links must have source 'inferred'", `${prefix}.source`);
    }
    return {
      chemical_id: entityId(r.chemical_id, `${prefix}.chemical_id`, 'Chemical id'),
      name: requiredText(r.name, `${prefix}.name`, 'Chemical name', 200),
      source: 'inferred',
      from_note: requiredText(r.from_note, `${prefix}.from_note`, 'Note', PERFUME_LIMITS.listItem),
    };
  });
}
