import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type AssignmentType,
  type ChemicalInput,
  type ChemicalState,
  chemicalStreamId,
  chemicals,
  normalizeCas,
  type PerfumeState,
  perfumeChemicals,
  perfumeStreamId,
  perfumes,
} from '@scentinel/domain';
import type { AppendToStream, EventLog } from '@scentinel/platform';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AccountsDeps } from '../../auth/accounts.deps.ts';
import { currentActor } from '../../auth/authentication.ts';
import {
  clock,
  commit,
  type Loaded,
  loadStream,
  metadataFor,
  toNewEvents,
  withChemicalIdentityLock,
} from '../../auth/commands.ts';
import { CONFLICTING_WRITE_PROBLEMS, IdParam, Problem } from '../../auth/schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import { Nullable } from '../contributions/contribution-view.ts';

export const SELECT_BOTH_DETAIL = 'Please select both perfumes and chemicals';
export const MAX_BULK_PERFUMES = 1000;
export const MAX_CHEMICALS_PER_CALL = 500;

const ChemicalFields = {
  type: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 40,
        description: 'natural (default), synthetic, essential_oil or aromatic_compound',
      }),
    ),
  ),
  cas_number: Type.Optional(
    Nullable(Type.String({ maxLength: 40, description: 'Checked, check digit included' })),
  ),
  ec_number: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
  inci_name: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  allergen_flag: Type.Optional(Nullable(Type.Boolean({ description: 'EU allergen' }))),
  prohibited: Type.Optional(Nullable(Type.Boolean())),
  restricted: Type.Optional(Nullable(Type.Boolean())),
  restrictions: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  regulatory_status: Type.Optional(
    Nullable(Type.String({ maxLength: 40, description: 'prohibited or restricted' })),
  ),
  synonyms: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 600 }), { maxItems: 400 }))),
  verified: Type.Optional(Nullable(Type.Boolean())),
};

const AddChemicalBody = Type.Object({ name: Type.String({ maxLength: 1000 }), ...ChemicalFields });

const EditChemicalBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  ...ChemicalFields,
  id: Type.Optional(
    Type.Union([Type.String({ maxLength: 200 }), Type.Integer()], {
      description: 'Ignored when it is the path id',
    }),
  ),
  expected_version: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'The version the client edited (from the history endpoint); a stale one is refused with 409',
    }),
  ),
});

const ChemicalIdList = Type.Array(Type.Union([Type.String({ maxLength: 200 }), Type.Integer()]), {
  maxItems: MAX_CHEMICALS_PER_CALL,
});

const ChemicalAnswer = Type.Object({}, { additionalProperties: true, description: 'The chemical record' });

/**
 * Chemical manager and chemical assignment: admin only on the server, although
 * the interface offers the tools to everyone. Every change is an event
 * with who/when/request metadata; `GET /chemicals/{id}/history` shows a chemical's.
 */
export const curationRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);
  const log = deps.eventLog;

  async function sameNameOrCas(name: string | null | undefined, cas: string | null | undefined) {
    const cleanName = typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
    const cleanCas =
      typeof cas === 'string' && cas.trim() !== '' ? (normalizeCas(cas.trim()) ?? cas.trim()) : null;
    if (cleanName === null && cleanCas === null) return [];
    return deps.catalogue.chemicalsNamedOrWithCas(cleanName, cleanCas);
  }

  async function context(request: FastifyRequest) {
    const actor = await currentActor(request);
    const now = clock(deps);
    return {
      actor,
      now,
      metadata: metadataFor(actor, request.id, now),
      base: { now: now.toISOString(), actor },
    };
  }

  app.post(
    '/add-chemical-manual',
    {
      config: { access: { kind: 'admin', action: 'add chemicals' } },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['chemicals'],
        summary: 'Add a chemical (Chemical Ingredients Manager)',
        security: [{ bearer: [] }],
        body: AddChemicalBody,
        response: {
          201: Type.Object({ detail: Type.String(), chemical: ChemicalAnswer, version: Type.Integer() }),
          400: Problem,
          401: Problem,
          403: Problem,
          409: Problem,
        },
      },
    },
    async (request, reply) => {
      const { metadata, base } = await context(request);
      const chemicalId = `chem-${randomUUID()}`;
      const events = await withChemicalIdentityLock(deps, async () => {
        const decided = chemicals.decide(
          { type: 'AddChemical', data: { ...(request.body as ChemicalInput), chemical_id: chemicalId } },
          chemicals.initialState,
          { ...base, sameNameOrCas: await sameNameOrCas(request.body.name, request.body.cas_number) },
        );
        await commit(
          deps,
          [
            {
              streamId: chemicalStreamId(chemicalId),
              events: toNewEvents(decided, metadata),
              expectedVersion: 0,
            },
          ],
          request.log,
        );
        return decided;
      });
      const added = events[0];
      if (added?.type !== 'ChemicalAdded') throw new Error('AddChemical gave no ChemicalAdded');
      reply.status(201);
      return {
        detail: `Successfully added ${added.data.chemical.name}`,
        chemical: added.data.chemical,
        version: 1,
      };
    },
  );

  app.put(
    '/edit-chemical/:id',
    {
      config: { access: { kind: 'admin', action: 'edit chemicals' } },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['chemicals'],
        summary: 'Edit a chemical',
        description:
          'Send only the fields to change. With `expected_version`, an edit made since that version is refused (409).',
        security: [{ bearer: [] }],
        params: Type.Object({ id: IdParam }),
        body: EditChemicalBody,
        response: {
          200: Type.Object({
            detail: Type.String(),
            chemical: ChemicalAnswer,
            version: Type.Integer(),
            changed: Type.Boolean(),
          }),
          ...CONFLICTING_WRITE_PROBLEMS,
        },
      },
    },
    async (request) => {
      const { metadata, base } = await context(request);
      const id = request.params.id;
      const { expected_version, id: bodyId, ...changes } = request.body;
      if (bodyId !== undefined && String(bodyId) !== id) {
        throw new HttpError(
          400,
          `The body's id (${bodyId}) is not the chemical being edited (${id})`,
          'validation',
        );
      }
      const { loaded, events } = await withChemicalIdentityLock(deps, async () => {
        const loaded = await loadStream(log, chemicalStreamId(id), chemicals);
        if (
          expected_version !== undefined &&
          loaded.state.status !== 'absent' &&
          expected_version !== loaded.version
        ) {
          throw new HttpError(
            409,
            `This chemical was changed by someone else since you loaded it (version ${expected_version}, now ${loaded.version}). Reload and try again.`,
            'conflict',
          );
        }
        const current = loaded.state.status === 'active' ? loaded.state.chemical : null;
        const events = chemicals.decide(
          { type: 'EditChemical', data: { chemical_id: id, changes: changes as Partial<ChemicalInput> } },
          loaded.state,
          {
            ...base,
            sameNameOrCas: await sameNameOrCas(
              changes.name ?? current?.name,
              changes.cas_number ?? current?.cas_number,
            ),
          },
        );
        await commit(
          deps,
          [
            {
              streamId: chemicalStreamId(id),
              events: toNewEvents(events, metadata),
              expectedVersion: loaded.version,
            },
          ],
          request.log,
        );
        return { loaded, events };
      });
      const after = events.reduce(chemicals.evolve, loaded.state);
      if (after.status !== 'active') throw new HttpError(404, `Chemical ${id} not found`);
      return {
        detail: 'Chemical updated successfully',
        chemical: after.chemical,
        version: loaded.version + events.length,
        changed: events.length > 0,
      };
    },
  );

  app.delete(
    '/delete-chemical/:id',
    {
      config: { access: { kind: 'admin', action: 'delete chemicals' } },
      schema: {
        tags: ['chemicals'],
        summary: 'Delete a chemical and remove it from every perfume that lists it',
        security: [{ bearer: [] }],
        params: Type.Object({ id: IdParam }),
        response: {
          200: Type.Object({
            detail: Type.String(),
            chemical_id: Type.String(),
            name: Type.String(),
            perfumes_affected: Type.Integer({ description: 'Perfumes that listed the chemical' }),
          }),
          ...CONFLICTING_WRITE_PROBLEMS,
        },
      },
    },
    async (request) => {
      const { metadata, base } = await context(request);
      const id = request.params.id;
      const loaded = await loadStream(log, chemicalStreamId(id), chemicals);
      const deleted = chemicals.decide(
        { type: 'DeleteChemical', data: { chemical_id: id } },
        loaded.state,
        base,
      );
      const first = deleted[0];
      if (first?.type !== 'ChemicalDeleted') throw new Error('DeleteChemical gave no ChemicalDeleted');
      // The read model must have seen every assignment so far before it says who links the chemical.
      await deps.waitForPosition(await log.headPosition());
      const perfumeIds = await deps.catalogue.perfumesLinkingChemical(id);
      const batches: AppendToStream[] = [
        {
          streamId: chemicalStreamId(id),
          events: toNewEvents(deleted, metadata),
          expectedVersion: loaded.version,
        },
      ];
      let affected = 0;
      const loadedPerfumes = await mapLimit(perfumeIds, 8, (perfumeId) => loadPerfume(log, perfumeId));
      for (const [perfumeId, perfume] of loadedPerfumes) {
        const removed = perfumes.decide(
          { type: 'RemoveChemicalLinks', data: { perfume_id: perfumeId, chemical_ids: [id] } },
          perfume.state,
          base,
        );
        if (removed.length === 0) continue;
        affected += 1;
        batches.push({
          streamId: perfumeStreamId(perfumeId),
          events: toNewEvents(removed, metadata),
          expectedVersion: perfume.version,
        });
      }
      await commit(deps, batches, request.log);
      return {
        detail: 'Chemical deleted successfully',
        chemical_id: id,
        name: first.data.name,
        perfumes_affected: affected,
      };
    },
  );

  /** Names of live chemicals by id (for AssignChemicals' `knownChemicals`), read from their streams. */
  async function knownChemicals(ids: readonly string[]): Promise<Record<string, { name: string }>> {
    // No prototype: an id such as `constructor` or `toString` must not find Object's members.
    const known: Record<string, { name: string }> = Object.create(null);
    const loaded = await mapLimit(ids, 8, async (id) => {
      // Ids the domain will refuse anyway (bad characters) are not looked up.
      if (!/^[\p{L}\p{N}][\p{L}\p{N}_.-]{0,199}$/u.test(id)) return null;
      return loadStream<ChemicalState, chemicals.ChemicalEvent>(log, chemicalStreamId(id), chemicals);
    });
    for (const [id, chemical] of loaded) {
      if (chemical?.state.status === 'active') known[id] = { name: chemical.state.chemical.name };
    }
    return known;
  }

  app.post(
    '/perfumes/:id/assign-chemicals',
    {
      config: { access: { kind: 'admin', action: 'assign chemicals to perfumes' } },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['chemicals'],
        summary: 'Assign chemicals to one perfume (Quick Chemical Assignment)',
        description:
          'The chemicals become declared links; `replace` (the default) makes them the whole list.',
        security: [{ bearer: [] }],
        params: Type.Object({ id: IdParam }),
        body: Type.Object({
          chemical_ids: ChemicalIdList,
          assignment_type: Type.Optional(
            Type.String({ maxLength: 20, description: 'add, remove or replace (default)' }),
          ),
        }),
        response: {
          200: Type.Object({
            detail: Type.String(),
            perfume_id: Type.String(),
            perfume_name: Type.String(),
            assigned_count: Type.Integer(),
            chemical_count: Type.Integer(),
            updated: Type.Boolean(),
          }),
          ...CONFLICTING_WRITE_PROBLEMS,
        },
      },
    },
    async (request) => {
      const { metadata, base } = await context(request);
      const perfumeId = request.params.id;
      const ids = request.body.chemical_ids.map(String);
      const perfume = await loadStream(log, perfumeStreamId(perfumeId), perfumes);
      const events = perfumes.decide(
        {
          type: 'AssignChemicals',
          data: {
            perfume_id: perfumeId,
            assignment_type: (request.body.assignment_type ?? 'replace') as AssignmentType,
            chemicals: ids.map((chemical_id) => ({ chemical_id })),
          },
        },
        perfume.state,
        { ...base, knownChemicals: await knownChemicals(ids) },
      );
      await commit(
        deps,
        [
          {
            streamId: perfumeStreamId(perfumeId),
            events: toNewEvents(events, metadata),
            expectedVersion: perfume.version,
          },
        ],
        request.log,
      );
      const after = events.reduce(perfumes.evolve, perfume.state);
      const name = after.status === 'catalogued' ? after.perfume.name : perfumeId;
      return {
        detail: `Successfully assigned ${ids.length} chemicals to ${name}`,
        perfume_id: perfumeId,
        perfume_name: name,
        assigned_count: ids.length,
        chemical_count: perfumeChemicals(after).length,
        updated: events.length > 0,
      };
    },
  );

  app.post(
    '/bulk-assign-chemicals',
    {
      config: { access: { kind: 'admin', action: 'assign chemicals to perfumes' } },
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['chemicals'],
        summary: 'Add, remove or replace chemicals on many perfumes at once (all or nothing)',
        security: [{ bearer: [] }],
        body: Type.Object({
          perfume_ids: Type.Array(Type.Union([Type.String({ maxLength: 200 }), Type.Integer()]), {
            maxItems: MAX_BULK_PERFUMES,
          }),
          chemical_ids: ChemicalIdList,
          action: Type.String({ maxLength: 20, description: 'add, remove or replace' }),
        }),
        response: {
          200: Type.Object({
            detail: Type.String(),
            updated_count: Type.Integer({ description: 'Perfumes whose chemicals changed' }),
            perfume_count: Type.Integer(),
          }),
          ...CONFLICTING_WRITE_PROBLEMS,
        },
      },
    },
    async (request) => {
      const { metadata, base } = await context(request);
      const perfumeIds = [...new Set(request.body.perfume_ids.map(String))];
      const chemicalIds = request.body.chemical_ids.map(String);
      if (perfumeIds.length === 0 || chemicalIds.length === 0)
        throw new HttpError(400, SELECT_BOTH_DETAIL, 'validation');
      const action = request.body.action as AssignmentType;
      const known = await knownChemicals(chemicalIds);
      const loaded = await mapLimit(perfumeIds, 8, (id) => loadPerfume(log, id));
      const batches: AppendToStream[] = [];
      for (const [perfumeId, perfume] of loaded) {
        const events = perfumes.decide(
          {
            type: 'AssignChemicals',
            data: {
              perfume_id: perfumeId,
              assignment_type: action,
              chemicals: chemicalIds.map((chemical_id) => ({ chemical_id })),
            },
          },
          perfume.state,
          { ...base, knownChemicals: known },
        );
        if (events.length > 0) {
          batches.push({
            streamId: perfumeStreamId(perfumeId),
            events: toNewEvents(events, metadata),
            expectedVersion: perfume.version,
          });
        }
      }
      await commit(deps, batches, request.log);
      const verb = action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'replaced';
      return {
        detail: `Successfully ${verb} chemicals on ${batches.length} perfumes`,
        updated_count: batches.length,
        perfume_count: perfumeIds.length,
      };
    },
  );

  app.get(
    '/chemicals/:id/history',
    {
      schema: {
        tags: ['chemicals'],
        summary: "A chemical's change history (who changed what, when) and its current version",
        params: Type.Object({ id: IdParam }),
        response: {
          200: Type.Object({
            chemical_id: Type.String(),
            status: Type.String({ description: 'active or deleted' }),
            version: Type.Integer({ description: 'Send as expected_version when editing' }),
            history: Type.Array(
              Type.Object({
                version: Type.Integer(),
                type: Type.String(),
                occurred_at: Type.String(),
                actor_id: Nullable(Type.String()),
                actor_role: Nullable(Type.String()),
                request_id: Nullable(Type.String()),
                details: Type.Object({}, { additionalProperties: true }),
              }),
            ),
          }),
          404: Problem,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      const events = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u.test(id)
        ? await log.readStream(chemicalStreamId(id))
        : [];
      if (events.length === 0) throw new HttpError(404, `Chemical ${id} not found`);
      const state = events
        .map((e) => ({ type: e.type, data: e.data }) as chemicals.ChemicalEvent)
        .reduce(chemicals.evolve, chemicals.initialState);
      return {
        chemical_id: id,
        status: state.status,
        version: events.at(-1)!.version,
        history: events.map((e) => ({
          version: e.version,
          type: e.type,
          occurred_at: String(e.metadata.occurredAt),
          actor_id: e.metadata.actorId ?? null,
          actor_role: e.metadata.actorRole ?? null,
          request_id: e.metadata.requestId ?? null,
          details: historyDetails(e.type, e.data),
        })),
      };
    },
  );
};

function historyDetails(type: string, data: unknown): Record<string, unknown> {
  const d = data as Record<string, unknown>;
  switch (type) {
    case 'ChemicalAdded': {
      const chemical = d.chemical as { name?: unknown; cas_number?: unknown };
      return {
        name: chemical?.name,
        cas_number: chemical?.cas_number,
        source: d.source,
        contribution_id: d.contribution_id,
      };
    }
    case 'ChemicalEdited':
      return { changes: d.changes, source: d.source };
    case 'ChemicalDeleted':
      return { name: d.name, cas_number: d.cas_number };
    default:
      return {};
  }
}

async function loadPerfume(log: EventLog, perfumeId: string): Promise<Loaded<PerfumeState>> {
  if (!/^[\p{L}\p{N}][\p{L}\p{N}_.-]{0,199}$/u.test(perfumeId))
    return { state: perfumes.initialState, version: 0 };
  return loadStream(log, perfumeStreamId(perfumeId), perfumes);
}

/** `fn` over `items` with at most `limit` running at once; results keyed by item, in order. */
async function mapLimit<T>(
  items: readonly string[],
  limit: number,
  fn: (item: string) => Promise<T>,
): Promise<[string, T][]> {
  const out: [string, T][] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = [items[i]!, await fn(items[i]!)];
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
