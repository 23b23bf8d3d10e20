/**
 * Contributions: events, state and evolve. Stream: `contribution:<contribution id>`.
 * An approved manufacturer or retailer submits chemical data for a perfume; an admin approves
 * (the data is then applied to the catalogue by follow-up commands, see
 * `contributions.approval.ts`) or rejects it with a reason.
 */
import type { ChemicalType } from '../chemicals/chemicals.events.ts';
import type { DomainEventOf } from '../shared/event.ts';

/** A chemical contribution entry, cleaned (blank texts are null). */
export interface ContributionEntry {
  name: string;
  /** Defaults to `synthetic`. */
  type: ChemicalType;
  allergen_flag: boolean;
  description: string | null;
  cas_number: string | null;
  concentration_min: number | null;
  concentration_max: number | null;
  inci_name: string | null;
  /** The contributor's words (e.g. "restricted"); not trusted as a flag. */
  regulatory_status: string | null;
}

export type ContributorRole = 'manufacturer' | 'retailer';

export type ContributionSubmitted = DomainEventOf<
  'ContributionSubmitted',
  {
    contribution_id: string;
    perfume_id: string;
    perfume_name: string;
    chemical_data: ContributionEntry[];
    contributor_notes: string | null;
    contributor_id: string;
    contributor_role: ContributorRole;
  }
>;

export type ContributionApproved = DomainEventOf<
  'ContributionApproved',
  {
    contribution_id: string;
    perfume_id: string;
    contributor_id: string;
    /** Repeated here so the process applying it needs no second read. */
    chemical_data: ContributionEntry[];
  }
>;

export type ContributionRejected = DomainEventOf<
  'ContributionRejected',
  { contribution_id: string; perfume_id: string; contributor_id: string; reason: string }
>;

export type ContributionEvent = ContributionSubmitted | ContributionApproved | ContributionRejected;

export const contributionEventTypes = [
  'ContributionSubmitted',
  'ContributionApproved',
  'ContributionRejected',
] as const satisfies readonly ContributionEvent['type'][];

export type ContributionStatus = 'pending' | 'approved' | 'rejected';

export type ContributionState =
  | { status: 'absent' }
  | {
      status: ContributionStatus;
      contribution: ContributionSubmitted['data'];
      rejection_reason: string | null;
    };

export const initialState: ContributionState = { status: 'absent' };

export function evolve(state: ContributionState, event: ContributionEvent): ContributionState {
  switch (event.type) {
    case 'ContributionSubmitted':
      return { status: 'pending', contribution: event.data, rejection_reason: null };
    case 'ContributionApproved':
      if (state.status === 'absent') return state;
      return { ...state, status: 'approved' };
    case 'ContributionRejected':
      if (state.status === 'absent') return state;
      return { ...state, status: 'rejected', rejection_reason: event.data.reason };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
