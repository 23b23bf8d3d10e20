/**
 * Usage tracking: events, state and evolve. Stream: `usage:<session id>`,
 * one per client session (page load), appended with `expectedVersion: 'any'` (no decision
 * depends on the state). The time of each event is its metadata's `occurredAt`.
 */
import type { AnalysisType } from '../scans/scans.events.ts';
import type { DomainEventOf } from '../shared/event.ts';

export const deviceTypes = ['desktop', 'mobile', 'tablet', 'tv', 'bot', 'unknown'] as const;
export type DeviceType = (typeof deviceTypes)[number];

/** Who and where, on every usage event. */
export interface UsageClient {
  session_id: string;
  /**
   * A longer-lived id the client keeps while tracking is enabled (tells visitors from sessions);
   * null when the client sent none. Absent on events recorded before it existed.
   */
  visitor_id?: string | null;
  device: DeviceType;
  /** Truncated to 500 characters. */
  user_agent: string | null;
  /** ISO 3166-1 alpha-2, when known. */
  country: string | null;
  /** The signed-in account, when there is one. */
  account_id: string | null;
}

export const searchCategories = ['perfume', 'chemical'] as const;
export type SearchCategory = (typeof searchCategories)[number];

export type SearchTracked = DomainEventOf<
  'SearchTracked',
  UsageClient & { query: string; results_count: number; category: SearchCategory | null }
>;
export type ScanTracked = DomainEventOf<
  'ScanTracked',
  UsageClient & {
    analysis_type: AnalysisType;
    success: boolean;
    ingredients_found: number;
    processing_time: number;
  }
>;
export type ChemicalClicked = DomainEventOf<
  'ChemicalClicked',
  UsageClient & { chemical_id: string; chemical_name: string; source: string }
>;
export type PageViewed = DomainEventOf<'PageViewed', UsageClient & { page: string; referrer: string | null }>;
export type LoginTracked = DomainEventOf<'LoginTracked', UsageClient & { success: boolean }>;
export type RegistrationTracked = DomainEventOf<
  'RegistrationTracked',
  UsageClient & { success: boolean; role: string | null }
>;

export type UsageEvent =
  | SearchTracked
  | ScanTracked
  | ChemicalClicked
  | PageViewed
  | LoginTracked
  | RegistrationTracked;

export const usageEventTypes = [
  'SearchTracked',
  'ScanTracked',
  'ChemicalClicked',
  'PageViewed',
  'LoginTracked',
  'RegistrationTracked',
] as const satisfies readonly UsageEvent['type'][];

/** Counts per session (what one session stream folds to). */
export interface UsageState {
  session_id: string | null;
  events: number;
  searches: number;
  scans: number;
  chemical_clicks: number;
  page_views: number;
  logins: number;
  registrations: number;
}

export const initialState: UsageState = {
  session_id: null,
  events: 0,
  searches: 0,
  scans: 0,
  chemical_clicks: 0,
  page_views: 0,
  logins: 0,
  registrations: 0,
};

export function evolve(state: UsageState, event: UsageEvent): UsageState {
  const next = { ...state, session_id: event.data.session_id, events: state.events + 1 };
  switch (event.type) {
    case 'SearchTracked':
      return { ...next, searches: state.searches + 1 };
    case 'ScanTracked':
      return { ...next, scans: state.scans + 1 };
    case 'ChemicalClicked':
      return { ...next, chemical_clicks: state.chemical_clicks + 1 };
    case 'PageViewed':
      return { ...next, page_views: state.page_views + 1 };
    case 'LoginTracked':
      return { ...next, logins: state.logins + 1 };
    case 'RegistrationTracked':
      return { ...next, registrations: state.registrations + 1 };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
