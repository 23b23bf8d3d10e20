/**
 * What `decide` may know beyond the command and the stream's state: who acts and when. Features
 * extend it with read-model lookups the caller did beforehand (e.g. chemicals with the same name).
 * Nothing in here is read from a clock or a random source inside the domain.
 */
import { DomainError } from './errors.ts';

export const accountRoles = ['admin', 'regular_user', 'manufacturer', 'retailer'] as const;
export type AccountRole = (typeof accountRoles)[number];

export const accountStatuses = ['pending', 'active', 'rejected'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

/**
 * The signed-in account issuing the command, as the session read model knows it, or the
 * `system` actor (catalogue import, scan worker, bootstrap), which holds no account.
 */
export type Actor =
  | { kind: 'account'; id: string; role: AccountRole; status: AccountStatus }
  | { kind: 'system'; id: string };

export interface CommandContext {
  /** ISO-8601 time the command is handled at (the same value goes into the event metadata). */
  now: string;
  /** Null for anonymous requests. */
  actor: Actor | null;
}

export const systemActor = (id = 'system'): Actor => ({ kind: 'system', id });

export function isAdmin(actor: Actor | null): boolean {
  return actor?.kind === 'account' && actor.role === 'admin' && actor.status === 'active';
}

/** Throws `unauthorized` for anonymous callers. */
export function requireSignedIn(actor: Actor | null, action: string): Actor {
  if (actor === null) throw new DomainError('unauthorized', `Please sign in to ${action}`);
  return actor;
}

/** Admins (and, when `allowSystem`, the system actor) only; others get `forbidden`. */
export function requireAdmin(actor: Actor | null, action: string, allowSystem = false): Actor {
  const who = requireSignedIn(actor, action);
  if (isAdmin(who) || (allowSystem && who.kind === 'system')) return who;
  throw new DomainError('forbidden', `Only an administrator can ${action}`);
}

/** The system actor only (imports, scan worker, bootstrap). */
export function requireSystem(actor: Actor | null, action: string): Actor {
  if (actor?.kind === 'system') return actor;
  throw new DomainError('forbidden', `Only the system can ${action}`);
}
