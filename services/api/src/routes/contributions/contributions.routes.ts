import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ContributionEntryInput } from '@scentinel/domain';
import { Type } from 'typebox';
import { submitContribution } from '../../application/contributions/submit-contribution.ts';
import type { ApplicationDeps } from '../../application/deps.ts';
import { currentActor } from '../../auth/authentication.ts';
import { Problem, WRITE_PROBLEMS } from '../../auth/schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import { ContributionSchema, contributionView, Nullable } from './contribution-view.ts';

export const CONTRIBUTION_SUBMITTED_DETAIL = 'Contribution submitted for review';

const EntryInput = Type.Object({
  name: Type.String({ maxLength: 1000, description: 'Required' }),
  type: Type.Optional(Nullable(Type.String({ maxLength: 40, description: 'Default synthetic' }))),
  allergen_flag: Type.Optional(Nullable(Type.Boolean())),
  description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  cas_number: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  concentration_min: Type.Optional(Nullable(Type.Number({ description: 'Percent, 0–100, step 0.01' }))),
  concentration_max: Type.Optional(Nullable(Type.Number({ description: 'Percent, 0–100, step 0.01' }))),
  inci_name: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  regulatory_status: Type.Optional(Nullable(Type.String({ maxLength: 400 }))),
});

const SubmitBody = Type.Object({
  contribution: Type.Object({
    perfume_id: Nullable(Type.Union([Type.String({ maxLength: 200 }), Type.Integer()])),
    chemical_data: Type.Array(EntryInput, { maxItems: 100 }),
    contributor_notes: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  }),
  contributor_id: Type.Optional(
    Nullable(
      Type.Union([Type.String({ maxLength: 200 }), Type.Integer()], {
        description: 'Ignored when it names the signed-in account; refused when it names another',
      }),
    ),
  ),
  contributor_role: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
});

const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});

/** Contributions of chemical data by approved manufacturers and retailers. */
export const contributionRoutes: FastifyPluginAsyncTypebox<{ deps: ApplicationDeps }> = async (
  app,
  { deps },
) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);

  app.post(
    '/contributions/submit-chemical-data',
    {
      config: { access: { kind: 'contributor' } },
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['contributions'],
        summary: 'Contribute chemical data for a perfume',
        description:
          'Approved manufacturers and retailers only. The contributor id and role come from the session; body values that name someone else are refused. An admin reviews the contribution; approval adds the chemicals to the perfume as declared.',
        security: [{ bearer: [] }],
        body: SubmitBody,
        response: {
          201: Type.Object({ detail: Type.String(), contribution: ContributionSchema }),
          ...WRITE_PROBLEMS,
        },
      },
    },
    async (request, reply) => {
      const actor = await currentActor(request);
      const body = request.body;
      if (body.contributor_id != null && String(body.contributor_id) !== actor.id) {
        throw new HttpError(403, 'contributor_id does not match the signed-in account', 'forbidden');
      }
      if (body.contributor_role != null && body.contributor_role !== actor.role) {
        throw new HttpError(
          403,
          `contributor_role does not match your account's role (${actor.role})`,
          'forbidden',
        );
      }
      const { contributionId, state, submittedAt } = await submitContribution(
        deps,
        { actor, requestId: request.id, log: request.log },
        {
          perfumeId: body.contribution.perfume_id === null ? '' : String(body.contribution.perfume_id),
          chemicalData: body.contribution.chemical_data as ContributionEntryInput[],
          contributorNotes: body.contribution.contributor_notes ?? null,
        },
      );
      const stored = await deps.contributions.byId(contributionId);
      reply.status(201);
      return {
        detail: CONTRIBUTION_SUBMITTED_DETAIL,
        contribution: contributionView(
          stored ?? {
            ...state.contribution,
            id: contributionId,
            status: 'pending',
            rejection_reason: null,
            submitted_at: submittedAt,
            reviewed_at: null,
          },
        ),
      };
    },
  );

  app.get(
    '/contributions/mine',
    {
      config: { access: { kind: 'signed-in', action: 'see your contributions' } },
      schema: {
        tags: ['contributions'],
        summary: "The signed-in contributor's contributions and their review status",
        security: [{ bearer: [] }],
        querystring: ListQuery,
        response: {
          200: Type.Object({ contributions: Type.Array(ContributionSchema), total: Type.Integer() }),
          401: Problem,
        },
      },
    },
    async (request) => {
      const actor = await currentActor(request);
      const { contributions: rows, total } = await deps.contributions.list({
        contributorId: actor.id,
        limit: request.query.limit ?? 50,
        skip: request.query.skip ?? 0,
      });
      return { contributions: rows.map(contributionView), total };
    },
  );
};
