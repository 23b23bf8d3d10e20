import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type AccountStatus,
  accountStreamId,
  accounts,
  type ChemicalRef,
  chemicalStreamId,
  chemicals,
  contributionStreamId,
  contributions,
  perfumeChemicals,
  perfumeStreamId,
  perfumes,
} from '@scentinel/domain';
import type { AppendToStream } from '@scentinel/platform';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AccountsDeps, AccountView } from '../../auth/accounts.deps.ts';
import { currentActor } from '../../auth/authentication.ts';
import {
  clock,
  commit,
  loadStream,
  metadataFor,
  toNewEvents,
  withChemicalIdentityLock,
} from '../../auth/commands.ts';
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
export const adminRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);

  /** The perfume as it is now (name, brand, chemicals), from its stream; null when it does not exist. */
  async function perfumeNow(perfumeId: string) {
    const { state } = await loadStream(deps.eventLog, perfumeStreamId(perfumeId), perfumes);
    if (state.status !== 'catalogued') return null;
    return {
      id: state.perfume.id,
      name: state.perfume.name,
      brand: state.perfume.brand,
      chemicals: perfumeChemicals(state).map((link) => ({
        chemical_id: link.chemical_id,
        name: link.name,
        kind: 'kind' in link ? link.kind : 'inferred',
        source: link.source,
      })),
    };
  }

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
  async function reviewAccount(request: FastifyRequest, id: string, reason: string | null) {
    const actor = await currentActor(request);
    const now = clock(deps);
    const loaded = await loadStream(deps.eventLog, accountStreamId(id), accounts);
    const events = accounts.decide(
      reason === null
        ? { type: 'ApproveAccount', data: { account_id: id } }
        : { type: 'RejectAccount', data: { account_id: id, reason } },
      loaded.state,
      { now: now.toISOString(), actor },
    );
    await commit(
      deps,
      [
        {
          streamId: accountStreamId(id),
          events: toNewEvents(events, metadataFor(actor, request.id, now)),
          expectedVersion: loaded.version,
        },
      ],
      request.log,
    );
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
    (request) => reviewAccount(request, request.params.id, null),
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
    (request) => reviewAccount(request, request.params.id, request.body.reason),
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
      const perfumesNow = new Map<string, Awaited<ReturnType<typeof perfumeNow>>>();
      for (const id of new Set(rows.map((r) => r.perfume_id))) perfumesNow.set(id, await perfumeNow(id));
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
      const actor = await currentActor(request);
      const now = clock(deps);
      const context = { now: now.toISOString(), actor };
      const id = request.params.id;
      const loaded = await loadStream(deps.eventLog, contributionStreamId(id), contributions);
      const approvedEvents = contributions.decide(
        { type: 'ApproveContribution', data: { contribution_id: id } },
        loaded.state,
        context,
      );
      const approved = approvedEvents[0];
      if (approved?.type !== 'ContributionApproved')
        throw new Error('ApproveContribution gave no ContributionApproved');

      // Chemicals it adds must not take a name or CAS number another write is adding meanwhile.
      const { added, linked } = await withChemicalIdentityLock(deps, async () => {
        const existing = dedupeRefs(
          (
            await Promise.all(
              approved.data.chemical_data.map((entry) =>
                deps.catalogue.chemicalsNamedOrWithCas(entry.name, entry.cas_number),
              ),
            )
          ).flat(),
        );
        const plan = contributions.planContributionApproval(
          approved.data,
          existing,
          approved.data.chemical_data.map(() => `chem-${randomUUID()}`),
        );
        const metadata = metadataFor(actor, request.id, now);
        const batches: AppendToStream[] = [
          {
            streamId: contributionStreamId(id),
            events: toNewEvents(approvedEvents, metadata),
            expectedVersion: loaded.version,
          },
        ];
        const added: { id: string; name: string }[] = [];
        for (const add of plan.addChemicals) {
          const events = chemicals.decide(add, chemicals.initialState, {
            ...context,
            sameNameOrCas: existing,
          });
          for (const e of events)
            if (e.type === 'ChemicalAdded')
              added.push({ id: e.data.chemical.id, name: e.data.chemical.name });
          batches.push({
            streamId: chemicalStreamId(add.data.chemical_id),
            events: toNewEvents(events, metadata),
            expectedVersion: 0,
          });
        }
        const perfume = await loadStream(deps.eventLog, perfumeStreamId(approved.data.perfume_id), perfumes);
        const assigned = perfumes.decide(plan.assignment, perfume.state, {
          ...context,
          knownChemicals: plan.knownChemicals,
        });
        batches.push({
          streamId: perfumeStreamId(approved.data.perfume_id),
          events: toNewEvents(assigned, metadata),
          expectedVersion: perfume.version,
        });
        await commit(deps, batches, request.log);
        return { added, linked: plan.assignment.data.chemicals.length };
      });
      const stored = await deps.contributions.byId(id);
      const view =
        stored ??
        (loaded.state.status === 'absent'
          ? null
          : {
              ...loaded.state.contribution,
              id,
              status: 'approved' as const,
              rejection_reason: null,
              submitted_at: '',
              reviewed_at: now.toISOString(),
            });
      if (!view) throw new HttpError(404, `Contribution ${id} not found`);
      return {
        detail: 'Contribution approved',
        contribution: contributionView(view),
        added_chemicals: added,
        linked_chemicals: linked,
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
      const actor = await currentActor(request);
      const now = clock(deps);
      const id = request.params.id;
      const loaded = await loadStream(deps.eventLog, contributionStreamId(id), contributions);
      const events = contributions.decide(
        { type: 'RejectContribution', data: { contribution_id: id, reason: request.body.reason } },
        loaded.state,
        { now: now.toISOString(), actor },
      );
      await commit(
        deps,
        [
          {
            streamId: contributionStreamId(id),
            events: toNewEvents(events, metadataFor(actor, request.id, now)),
            expectedVersion: loaded.version,
          },
        ],
        request.log,
      );
      const stored = await deps.contributions.byId(id);
      if (!stored)
        throw new HttpError(503, 'The contribution list has not caught up yet; reload in a moment');
      return { detail: 'Contribution rejected', contribution: contributionView(stored) };
    },
  );
};

function dedupeRefs(refs: readonly ChemicalRef[]): ChemicalRef[] {
  const byId = new Map<string, ChemicalRef>();
  for (const ref of refs) if (!byId.has(ref.id)) byId.set(ref.id, ref);
  return [...byId.values()];
}
