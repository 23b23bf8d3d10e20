import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ChemicalInput } from '@scentinel/domain';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { addChemical } from '../../application/chemicals/add-chemical.ts';
import { chemicalHistory } from '../../application/chemicals/chemical-history.ts';
import { deleteChemical } from '../../application/chemicals/delete-chemical.ts';
import { editChemical } from '../../application/chemicals/edit-chemical.ts';
import type { CommandCaller } from '../../application/command-handler.ts';
import type { ApplicationDeps } from '../../application/deps.ts';
import { assignChemicals, bulkAssignChemicals } from '../../application/perfumes/assign-chemicals.ts';
import { currentActor } from '../../auth/authentication.ts';
import { CONFLICTING_WRITE_PROBLEMS, IdParam, Problem } from '../../auth/schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import { Nullable } from '../contributions/contribution-view.ts';

export { SELECT_BOTH_DETAIL } from '../../application/perfumes/assign-chemicals.ts';
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
export const curationRoutes: FastifyPluginAsyncTypebox<{ deps: ApplicationDeps }> = async (app, { deps }) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);
  const caller = async (request: FastifyRequest): Promise<CommandCaller> => ({
    actor: await currentActor(request),
    requestId: request.id,
    log: request.log,
  });

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
      const { chemical, version } = await addChemical(
        deps,
        await caller(request),
        request.body as ChemicalInput,
      );
      reply.status(201);
      return { detail: `Successfully added ${chemical.name}`, chemical, version };
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
      const id = request.params.id;
      const { expected_version, id: bodyId, ...changes } = request.body;
      if (bodyId !== undefined && String(bodyId) !== id) {
        throw new HttpError(
          400,
          `The body's id (${bodyId}) is not the chemical being edited (${id})`,
          'validation',
        );
      }
      const { chemical, version, changed } = await editChemical(deps, await caller(request), {
        chemicalId: id,
        changes: changes as Partial<ChemicalInput>,
        ...(expected_version !== undefined && { expectedVersion: expected_version }),
      });
      return { detail: 'Chemical updated successfully', chemical, version, changed };
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
      const id = request.params.id;
      const { name, perfumesAffected } = await deleteChemical(deps, await caller(request), id);
      return {
        detail: 'Chemical deleted successfully',
        chemical_id: id,
        name,
        perfumes_affected: perfumesAffected,
      };
    },
  );

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
      const perfumeId = request.params.id;
      const chemicalIds = request.body.chemical_ids.map(String);
      const { perfumeName, chemicalCount, updated } = await assignChemicals(deps, await caller(request), {
        perfumeId,
        chemicalIds,
        assignmentType: request.body.assignment_type ?? 'replace',
      });
      return {
        detail: `Successfully assigned ${chemicalIds.length} chemicals to ${perfumeName}`,
        perfume_id: perfumeId,
        perfume_name: perfumeName,
        assigned_count: chemicalIds.length,
        chemical_count: chemicalCount,
        updated,
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
      const action = request.body.action;
      const { updatedCount, perfumeCount } = await bulkAssignChemicals(deps, await caller(request), {
        perfumeIds: request.body.perfume_ids.map(String),
        chemicalIds: request.body.chemical_ids.map(String),
        action,
      });
      const verb = action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'replaced';
      return {
        detail: `Successfully ${verb} chemicals on ${updatedCount} perfumes`,
        updated_count: updatedCount,
        perfume_count: perfumeCount,
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
      const { state, version, events } = await chemicalHistory(deps, id);
      return {
        chemical_id: id,
        status: state.status,
        version,
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
