/**
 * What the application layer's commands need (and the account, admin, curation and contribution
 * routes with them), built by the composition root and passed in as `AppDeps.accounts`. The read
 * models live in `@scentinel/projections` (`AccountsReadModel`, `AccountClaims`,
 * `ContributionsReadModel`), the catalogue lookups in the catalogue search index (see
 * `application/catalogue-lookup.ts`).
 */
import type {
  AccountRole,
  AccountStatus,
  ChemicalRef,
  ContributionEntry,
  ContributionStatus,
} from '@scentinel/domain';
import type { EventLog } from '@scentinel/platform';

export interface AccountView {
  id: string;
  email: string;
  username: string;
  role: AccountRole;
  status: AccountStatus;
  password_hash: string;
  rejection_reason: string | null;
  registered_at: string;
  reviewed_at: string | null;
}

export interface AccountsStore {
  byId(id: string): Promise<AccountView | null>;
  byIds(ids: readonly string[]): Promise<AccountView[]>;
  byEmail(email: string): Promise<AccountView | null>;
  sameEmailOrUsername(
    email: string,
    username: string,
  ): Promise<{ account_id: string; email: string; username: string }[]>;
  list(filter: {
    status?: AccountStatus;
    limit: number;
    skip: number;
  }): Promise<{ accounts: AccountView[]; total: number }>;
  adminExists(): Promise<boolean>;
  sessionByTokenHash(tokenHash: string): Promise<{
    session: { session_id: string; account_id: string; expires_at: string; revoked: boolean };
    account: AccountView;
  } | null>;
}

export interface IdentityClaims {
  claim(
    accountId: string,
    keys: readonly string[],
    options: { accountExists(accountId: string): Promise<boolean> },
  ): Promise<string | null>;
  release(accountId: string, keys: readonly string[]): Promise<void>;
}

export interface ContributionView {
  id: string;
  perfume_id: string;
  perfume_name: string;
  contributor_id: string;
  contributor_role: string;
  chemical_data: ContributionEntry[];
  contributor_notes: string | null;
  status: ContributionStatus;
  rejection_reason: string | null;
  submitted_at: string;
  reviewed_at: string | null;
}

export interface ContributionsStore {
  byId(id: string): Promise<ContributionView | null>;
  list(filter: {
    status?: ContributionStatus;
    contributorId?: string;
    limit: number;
    skip: number;
  }): Promise<{ contributions: ContributionView[]; total: number }>;
}

/** The two questions only the catalogue read model can answer (everything else is read from the log). */
export interface CatalogueLookup {
  /** Live chemicals whose name (or INCI name) or CAS number equals these (uniqueness checks). */
  chemicalsNamedOrWithCas(name: string | null, cas: string | null): Promise<ChemicalRef[]>;
  /** Ids of the perfumes that link the chemical now (declared or inferred). */
  perfumesLinkingChemical(chemicalId: string): Promise<string[]>;
}

export interface ApplicationDeps {
  eventLog: EventLog;
  accounts: AccountsStore;
  claims: IdentityClaims;
  contributions: ContributionsStore;
  catalogue: CatalogueLookup;
  /**
   * Resolves once every read model of this process has applied `position` (the projector runtime's
   * `waitForPosition`), so a client that reloads after a write sees it; false on timeout.
   */
  waitForPosition(position: number): Promise<boolean>;
  /** The clock (tests move it to expire sessions). Default: `new Date()`. */
  now?: () => Date;
  /** Sign-in and registration attempts per IP per window. Default 10 per minute. */
  authRateLimit?: { max: number; timeWindowMs: number };
  /** Failed sign-ins per account (email) per window before it is throttled. Default 10 per 15 minutes. */
  accountSignInLimit?: { max: number; timeWindowMs: number };
}
