import type { ContributionStatus } from '@scentinel/domain';
import { type TSchema, Type } from 'typebox';
import type { ContributionView } from '../../application/deps.ts';

/** The API calls a contribution waiting for review `submitted` (the domain's `pending`). */
export const apiContributionStatuses = ['submitted', 'approved', 'rejected'] as const;
export type ApiContributionStatus = (typeof apiContributionStatuses)[number];

export function toApiStatus(status: ContributionStatus): ApiContributionStatus {
  return status === 'pending' ? 'submitted' : status;
}

/** `submitted` and `pending` both name the review queue. */
export function toDomainStatus(status: string): ContributionStatus {
  if (status === 'submitted' || status === 'pending') return 'pending';
  if (status === 'approved' || status === 'rejected') return status;
  throw new Error(`Unknown contribution status ${status}`);
}

export const StatusQuery = Type.Union(
  ['submitted', 'pending', 'approved', 'rejected'].map((s) => Type.Literal(s)),
  { description: 'submitted (= pending review), approved or rejected' },
);

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ContributionEntrySchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  allergen_flag: Type.Boolean(),
  description: Nullable(Type.String()),
  cas_number: Nullable(Type.String()),
  concentration_min: Nullable(Type.Number()),
  concentration_max: Nullable(Type.Number()),
  inci_name: Nullable(Type.String()),
  regulatory_status: Nullable(Type.String()),
});

export const ContributionSchema = Type.Object({
  id: Type.String(),
  status: Type.String({ description: 'submitted, approved or rejected' }),
  perfume_id: Type.String(),
  perfume_name: Type.String(),
  contributor_id: Type.String(),
  contributor_role: Type.String(),
  chemical_data: Type.Array(ContributionEntrySchema),
  contributor_notes: Nullable(Type.String()),
  rejection_reason: Nullable(Type.String()),
  submitted_at: Type.String(),
  reviewed_at: Nullable(Type.String()),
});

export function contributionView(c: ContributionView) {
  return {
    id: c.id,
    status: toApiStatus(c.status),
    perfume_id: c.perfume_id,
    perfume_name: c.perfume_name,
    contributor_id: c.contributor_id,
    contributor_role: c.contributor_role,
    chemical_data: c.chemical_data,
    contributor_notes: c.contributor_notes,
    rejection_reason: c.rejection_reason,
    submitted_at: c.submitted_at,
    reviewed_at: c.reviewed_at,
  };
}
