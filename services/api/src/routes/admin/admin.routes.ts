import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AccountStatus } from '@scentinel/domain';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { reviewAccount } from '../../application/accounts/review-account.ts';
import type { CommandCaller } from '../../application/command-handler.ts';
import {
  approveContribution,
  rejectContribution,
} from '../../application/contributions/review-contribution.ts';
import type { AccountView, ApplicationDeps } from '../../application/deps.ts';
import { type PerfumeNow as PerfumeNowView, perfumeNow } from '../../application/perfumes/perfume-now.ts';
import { currentActor } from '../../auth/authentication.ts';
import { CONFLICTING_WRITE_PROBLEMS, IdParam, Problem, PublicUser, publicUser } from '../../auth/schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import {
  ContributionSchema,
  contributionView,
  Nullable,
  StatusQuery,
  toDomainStatus,
} from '../contributions/contribution-view.ts';

const AdminAccount = Type.Intersect([
  PublicUser,
  Type.Object({
    registered_at: Type.String(),
    reviewed_at: Nullable(Type.String()),
    rejection_reason: Nullable(Type.String()),
  }),
]);

function adminAccount(a: AccountView) {
  return {
    ...publicUser(a),
    registered_at: a.registered_at,
    reviewed_at: a.reviewed_at,
    rejection_reason: a.rejection_reason,
  };
}

const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
};

const ReasonBody = Type.Object({
  reason: Type.String({ maxLength: 2000, description: 'Shown to the account holder / contributor' }),
});

const PerfumeNow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  brand: Type.String(),
  chemicals: Type.Array(
    Type.Object({
      chemical_id: Type.String(),
      name: Type.String(),
      kind: Type.String({ description: 'declared or inferred' }),
      source: Type.String(),
    }),
  ),
});

const ReviewedContribution = Type.Intersect([
  ContributionSchema,
  Type.Object({
    contributor_username: Nullable(Type.String()),
    perfume: Nullable(PerfumeNow),
  }),
]);

/** Admin review: pending accounts and submitted contributions. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ deps: ApplicationDeps }> = async (app, { deps }) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);

  const caller = async (request: FastifyRequest): Promise<CommandCaller> => ({
    actor: await currentActor(request),
    requestId: request.id,
    log: request.log,
  });

  // ------------------------------------------------------------------------------- accounts

  app.get(
    '/admin/accounts',
    {
      config: { access: { kind: 'admin', action: 'review accounts' } },
      schema: {
        tags: ['admin'],
        summary: 'Accounts, optionally by status (pending = awaiting approval)',
        security: [{ bearer: [] }],
        querystring: Type.Object({
          status: Type.Optional(Type.Union(['pending', 'active', 'rejected'].map((s) => Type.Literal(s)))),
          ...Paging,
        }),
        response: {
          200: Type.Object({ accounts: Type.Array(AdminAccount), total: Type.Integer() }),
          401: Problem,
          403: Problem,
        },
      },
    },
    async (request) => {
      const { accounts: rows, total } = await deps.accounts.list({
        ...(request.query.status !== undefined && { status: request.query.status as AccountStatus }),
        limit: request.query.limit ?? 50,
        skip: request.query.skip ?? 0,
      });
      return { accounts: rows.map(adminAccount), total };
    },
  );

  /** Approve (reason null) or reject a pending account. */
  async function review(request: FastifyRequest, id: string, reason: string | null) {
    await reviewAccount(deps, await caller(request), id, reason);
    const account = await deps.accounts.byId(id);
    if (!account) throw new HttpError(503, 'The account list has not caught up yet; reload in a moment');
    return {
      detail: reason === null ? 'Account approved' : 'Account rejected',
      account: adminAccount(account),
    };
  }

  const AccountReviewAnswer = Type.Object({ detail: Type.String(), account: AdminAccount });

  app.post(
    '/admin/accounts/:id/approve',
    {
      config: { access: { kind: 'admin', action: 'approve accounts' } },
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending manufacturer or retailer account',
        security: [{ bearer: [] }],
        params: Type.Object({ id: IdParam }),
        response: {
          200: AccountReviewAnswer,
          ...CONFLICTING_WRITE_PROBLEMS,
        },
      },
    },
    (request) => review(request, request.params.id, null),
  );

  app.post(
    '/admin/accounts/:id/reject',
    {
      config: { access: { kind: 'admin', action: 'reject accounts' } },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending account, with a reason',
        security: [{ bearer: [] }],
        params: Type.Object({ id: IdParam }),
        body: ReasonBody,
        response: {
          200: AccountReviewAnswer,
          ...CONFLICTING_WRITE_PROBLEMS,
        },
      },
    },
    (request) => review(request, request.params.id, request.body.reason),
  );

  // ------------------------------------------------------------------------------- contributions

  app.get(
    '/admin/contributions',
    {
      config: { access: { kind: 'admin', action: 'review contributions' } },
      schema: {
        tags: ['admin'],
        summary: 'Contributions, each beside the perfume as it is now',
        description:
          'Without `status`, every contribution; `status=submitted` is the review queue (oldest first).',
        security: [{ bearer: [] }],
        querystring: Type.Object({ status: Type.Optional(StatusQuery), ...Paging }),
        response: {
          200: Type.Object({ contributions: Type.Array(ReviewedContribution), total: Type.Integer() }),
          401: Problem,
          403: Problem,
        },
      },
    },
    async (request) => {
      const { contributions: rows, total } = await deps.contributions.list({
        ...(request.query.status !== undefined && { status: toDomainStatus(request.query.status) }),
        limit: request.query.limit ?? 50,
        skip: request.query.skip ?? 0,
      });
      const contributors = new Map(
        (await deps.accounts.byIds(rows.map((r) => r.contributor_id))).map((a) => [a.id, a.username]),
      );
      const perfumesNow = new Map<string, PerfumeNowView | null>();
      for (const id of new Set(rows.map((r) => r.perfume_id)))
        perfumesNow.set(id, await perfumeNow(deps, id));
      return {
        contributions: rows.map((r) => ({
          ...contributionView(r),
          contributor_username: contributors.get(r.contributor_id) ?? null,
          perfume: perfumesNow.get(r.perfume_id) ?? null,
        })),
        total,
      };
    },
  );

  app.post(
    '/admin/contributions/:id/approve',
    {
      config: { access: { kind: 'admin', action: 'approve contributions' } },
      schema: {
        tags: ['admin'],
        summary: 'Approve a contribution: its chemicals become declared on the perfume',
        description:
          'Contributed chemicals are matched to existing ones by CAS number, else by name; the others are added to the catalogue first. All in one atomic write.',
        security: [{ bearer: [] }],
        params: Type.Object({ id: IdParam }),
        response: {
          200: Type.Object({
            detail: Type.String(),
            contribution: ContributionSchema,
            added_chemicals: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
            linked_chemicals: Type.Integer(),
          }),
          ...CONFLICTING_WRITE_PROBLEMS,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      const approved = await approveContribution(deps, await caller(request), id);
      const stored = await deps.contributions.byId(id);
      const view = stored ?? {
        ...approved.contribution.contribution,
        id,
        status: 'approved' as const,
        rejection_reason: null,
        submitted_at: '',
        reviewed_at: approved.approvedAt,
      };
      return {
        detail: 'Contribution approved',
        contribution: contributionView(view),
        added_chemicals: approved.addedChemicals,
        linked_chemicals: approved.linkedChemicals,
      };
    },
  );

  app.post(
    '/admin/contributions/:id/reject',
    {
      config: { access: { kind: 'admin', action: 'reject contributions' } },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Reject a contribution, with a reason',
        security: [{ bearer: [] }],
        params: Type.Object({ id: IdParam }),
        body: ReasonBody,
        response: {
          200: Type.Object({ detail: Type.String(), contribution: ContributionSchema }),
          ...CONFLICTING_WRITE_PROBLEMS,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      await rejectContribution(deps, await caller(request), id, request.body.reason);
      const stored = await deps.contributions.byId(id);
      if (!stored)
        throw new HttpError(503, 'The contribution list has not caught up yet; reload in a moment');
      return { detail: 'Contribution rejected', contribution: contributionView(stored) };
    },
  );
};
