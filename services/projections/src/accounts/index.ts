export {
  AccountClaims,
  accountClaimsMigrations,
  type ClaimOptions,
  emailClaim,
  usernameClaim,
} from './account-claims.ts';
export { ACCOUNT_EVENT_TYPES, ACCOUNTS_PROJECTION, accountsProjection } from './accounts.projection.ts';
export {
  type AccountListFilter,
  type AccountRecord,
  AccountsReadModel,
  type SessionRecord,
} from './accounts.read-model.ts';
export { ActiveTable, type TableResolver } from './active-table.ts';
