/**
 * @scentinel/domain: pure events, state, evolve, commands, decide and validation (no I/O).
 *
 * Each feature is exported as a namespace (`chemicals.decide`, `perfumes.evolve`, …) because
 * every feature names its functions alike; the types and helpers other packages use most are
 * also exported directly. See docs/architecture.md for the event catalogue.
 */

import type { AccountCommand, AccountEvent } from './accounts/index.ts';
import * as accounts from './accounts/index.ts';
import type { ChemicalCommand, ChemicalEvent } from './chemicals/index.ts';
import * as chemicals from './chemicals/index.ts';
import type { ContributionCommand, ContributionEvent } from './contributions/index.ts';
import * as contributions from './contributions/index.ts';
import type { PerfumeCommand, PerfumeEvent } from './perfumes/index.ts';
import * as perfumes from './perfumes/index.ts';
import type { ScanCommand, ScanEvent } from './scans/index.ts';
import * as scans from './scans/index.ts';
import type { StreamCategory } from './shared/streams.ts';
import type { UsageCommand, UsageEvent } from './usage/index.ts';
import * as usage from './usage/index.ts';

// --- most used feature types and values ------------------------------------------------------
export type {
  Account,
  AccountCommand,
  AccountEvent,
  AccountSession,
  AccountState,
  AccountsContext,
} from './accounts/index.ts';
export {
  isSessionActive,
  rolesNeedingApproval,
  SESSION_TTL_SECONDS,
  selfServiceRoles,
} from './accounts/index.ts';
// --- catalogue helpers (data build + read models) ---------------------------------------------
export type {
  AllergenTolerance,
  ClassifiablePerfume,
  DataCategory,
  Knowledge,
  KnownChemical,
  KnownChemicals,
} from './catalogue/index.ts';
export * as catalogue from './catalogue/index.ts';
export {
  allergenLabelKey,
  brandKey,
  concentrationLabel,
  dataCategory,
  filterChemicalIds,
  foldText,
  isHypoallergenic,
  isVagueNote,
  knowledgeOf,
  labelCase,
  labelNamesFragrance,
  linkedAllergenIds,
  noteKey,
  perfumeKey,
  slugify,
  splitConcentration,
  textTokens,
} from './catalogue/index.ts';
export type {
  Chemical,
  ChemicalChanges,
  ChemicalCommand,
  ChemicalEvent,
  ChemicalInput,
  ChemicalRef,
  ChemicalSource,
  ChemicalState,
  ChemicalsContext,
  ChemicalType,
  RegionalRegulation,
  RegionalSummary,
  RegulatoryStatus,
  SafetyInformation,
  SccsData,
} from './chemicals/index.ts';
export {
  CHEMICAL_CAS_KEY,
  CHEMICAL_NAME_KEY,
  chemicalIdentityKeyChange,
  chemicalIdentityKeys,
  chemicalTypes,
  cleanImportedChemical,
  regulatoryStatuses,
} from './chemicals/index.ts';
export type {
  ContributionCommand,
  ContributionEntry,
  ContributionEntryInput,
  ContributionEvent,
  ContributionState,
  ContributionStatus,
  ContributionsContext,
} from './contributions/index.ts';
export type {
  AllergenEstimate,
  AssignedChemical,
  AssignmentType,
  CatalogueChanges,
  CataloguePerfume,
  DeclaredChemicalLink,
  DeclaredLabel,
  DeclaredLinkSource,
  InferredChemicalLink,
  LikelihoodBasis,
  NoteCoverage,
  PerfumeChemicalLink,
  PerfumeCommand,
  PerfumeEvent,
  PerfumeGender,
  PerfumeNotes,
  PerfumeState,
  PerfumesContext,
} from './perfumes/index.ts';
export {
  assignmentTypes,
  cleanCataloguePerfume,
  likelihoodBases,
  perfumeChemicals,
  perfumeGenders,
} from './perfumes/index.ts';
export type {
  AnalysisType,
  ScanCommand,
  ScanEvent,
  ScanImageType,
  ScanIngredient,
  ScanMessage,
  ScanMessageKey,
  ScanMessages,
  ScanResult,
  ScanState,
  ScanStatus,
} from './scans/index.ts';
export {
  analysisTypes,
  distinctMessages,
  MAX_SCAN_BYTES,
  scanImageTypes,
  scanMessageKeys,
  scanMessageText,
  sniffImageType,
} from './scans/index.ts';
// --- shared ---------------------------------------------------------------------------------
export * from './shared/context.ts';
export * from './shared/equality.ts';
export * from './shared/errors.ts';
export * from './shared/event.ts';
export * as fields from './shared/fields.ts';
export * from './shared/streams.ts';
export * from './shared/validation.ts';
export type { DeviceType, UsageClient, UsageCommand, UsageEvent, UsageState } from './usage/index.ts';
export { deviceFromUserAgent } from './usage/index.ts';
export { accounts, chemicals, contributions, perfumes, scans, usage };

// --- all events ------------------------------------------------------------------------------
export type DomainEvent =
  | ChemicalEvent
  | PerfumeEvent
  | AccountEvent
  | ContributionEvent
  | ScanEvent
  | UsageEvent;
export type DomainEventType = DomainEvent['type'];
export type DomainCommand =
  | ChemicalCommand
  | PerfumeCommand
  | AccountCommand
  | ContributionCommand
  | ScanCommand
  | UsageCommand;

/** Every event type and the stream category it is appended to (complete by construction). */
export const eventStreamCategory = {
  ChemicalAdded: 'chemical',
  ChemicalEdited: 'chemical',
  ChemicalDeleted: 'chemical',
  PerfumeCatalogued: 'perfume',
  PerfumeCatalogueDataUpdated: 'perfume',
  PerfumeChemicalsAssigned: 'perfume',
  PerfumeChemicalLinksRemoved: 'perfume',
  PerfumeNotesAssigned: 'perfume',
  PerfumeMerged: 'perfume',
  PerfumeMergeReceived: 'perfume',
  AccountRegistered: 'account',
  AccountApproved: 'account',
  AccountRejected: 'account',
  SignedIn: 'account',
  SessionRevoked: 'account',
  ContributionSubmitted: 'contribution',
  ContributionApproved: 'contribution',
  ContributionRejected: 'contribution',
  ScanRequested: 'scan',
  ScanCompleted: 'scan',
  ScanFailed: 'scan',
  SearchTracked: 'usage',
  ScanTracked: 'usage',
  ChemicalClicked: 'usage',
  PageViewed: 'usage',
  LoginTracked: 'usage',
  RegistrationTracked: 'usage',
} as const satisfies Record<DomainEventType, StreamCategory>;

export const eventTypes = Object.keys(eventStreamCategory) as DomainEventType[];

export function isDomainEventType(type: string): type is DomainEventType {
  return Object.hasOwn(eventStreamCategory, type);
}

/** Schema version of `data` for every event type (all 1 so far; bump on a breaking change). */
export const CURRENT_SCHEMA_VERSION = 1;

/** The deciders, by stream category, for a generic command handler. */
export const deciders = {
  chemical: { decide: chemicals.decide, evolve: chemicals.evolve, initialState: chemicals.initialState },
  perfume: { decide: perfumes.decide, evolve: perfumes.evolve, initialState: perfumes.initialState },
  account: { decide: accounts.decide, evolve: accounts.evolve, initialState: accounts.initialState },
  contribution: {
    decide: contributions.decide,
    evolve: contributions.evolve,
    initialState: contributions.initialState,
  },
  scan: { decide: scans.decide, evolve: scans.evolve, initialState: scans.initialState },
  usage: { decide: usage.decide, evolve: usage.evolve, initialState: usage.initialState },
} as const;
