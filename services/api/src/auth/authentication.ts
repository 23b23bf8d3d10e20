/**
 * Who is calling: the bearer session token (`Authorization: Bearer <token>`) resolved against the
 * accounts read model, once per request and only when a route asks (`request.authenticate()`), and
 * the per-route access guard (`config: { access }`), which refuses anonymous and wrong-role calls
 * before the body is validated or any command runs. The domain's `decide` checks the same rules
 * again; the guard only makes the refusal early and uniform.
 */
import { type Actor, contributions, requireAdmin, requireSignedIn } from '@scentinel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountView, ApplicationDeps } from '../application/deps.ts';
import { HttpError } from '../http/errors.ts';
import { hashSessionToken, looksLikeSessionToken } from './password.ts';

export interface Authentication {
  /** The signed-in account, or null (anonymous, or a token that was not accepted). */
  actor: Extract<Actor, { kind: 'account' }> | null;
  account: AccountView | null;
  sessionId: string | null;
  /** Why a presented token was not accepted; null when none was sent or it is valid. */
  problem: string | null;
}

/** Who may call a route: checked before validation, so a refused call never reaches a handler. */
export type Access =
  | { kind: 'signed-in'; action: string }
  | { kind: 'admin'; action: string }
  | { kind: 'contributor' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, resolved once per request. */
    authenticate(): Promise<Authentication>;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const SESSION_INVALID_DETAIL = 'Your session is not valid. Please sign in again.';
export const SESSION_EXPIRED_DETAIL = 'Your session has expired. Please sign in again.';
export const SESSION_ENDED_DETAIL = 'Your session has ended. Please sign in again.';
export const BAD_AUTH_HEADER_DETAIL = 'The Authorization header must be "Bearer <session token>"';

const ANONYMOUS: Authentication = { actor: null, account: null, sessionId: null, problem: null };
const refused = (problem: string): Authentication => ({ ...ANONYMOUS, problem });

export async function resolveSession(
  deps: Pick<ApplicationDeps, 'accounts' | 'now'>,
  header: string | undefined,
): Promise<Authentication> {
  if (header === undefined || header.trim() === '') return ANONYMOUS;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) return refused(BAD_AUTH_HEADER_DETAIL);
  const token = match[1]!;
  if (!looksLikeSessionToken(token)) return refused(SESSION_INVALID_DETAIL);
  const found = await deps.accounts.sessionByTokenHash(hashSessionToken(token));
  if (!found) return refused(SESSION_INVALID_DETAIL);
  if (found.session.revoked) return refused(SESSION_ENDED_DETAIL);
  const now = (deps.now?.() ?? new Date()).getTime();
  if (Date.parse(found.session.expires_at) <= now) return refused(SESSION_EXPIRED_DETAIL);
  const { account } = found;
  return {
    actor: { kind: 'account', id: account.id, role: account.role, status: account.status },
    account,
    sessionId: found.session.session_id,
    problem: null,
  };
}

/** Throws the 401/403 a caller without `access` gets (a `DomainError` or `HttpError`). */
export function enforceAccess(access: Access, auth: Authentication): Extract<Actor, { kind: 'account' }> {
  if (auth.problem !== null) throw new HttpError(401, auth.problem, 'unauthorized');
  switch (access.kind) {
    case 'signed-in':
      requireSignedIn(auth.actor, access.action);
      break;
    case 'admin':
      requireAdmin(auth.actor, access.action);
      break;
    case 'contributor': {
      const actor = requireSignedIn(auth.actor, 'contribute chemical data');
      if (actor.kind !== 'account' || (actor.role !== 'manufacturer' && actor.role !== 'retailer')) {
        throw new HttpError(403, contributions.CONTRIBUTORS_ONLY_DETAIL, 'forbidden');
      }
      if (actor.status !== 'active') {
        throw new HttpError(
          403,
          `${contributions.CONTRIBUTORS_ONLY_DETAIL}; your account is ${actor.status === 'pending' ? 'pending admin approval' : actor.status}`,
          'forbidden',
        );
      }
      break;
    }
    default: {
      const unknown: never = access;
      throw new Error(`Unknown access rule ${JSON.stringify(unknown)}`);
    }
  }
  return auth.actor!;
}

/** The signed-in caller of a guarded route (the guard has already refused anyone else). */
export async function currentActor(request: FastifyRequest): Promise<Extract<Actor, { kind: 'account' }>> {
  const auth = await request.authenticate();
  if (!auth.actor) throw new HttpError(401, auth.problem ?? 'Please sign in', 'unauthorized');
  return auth.actor;
}

async function authenticationPlugin(app: FastifyInstance, deps: Pick<ApplicationDeps, 'accounts' | 'now'>) {
  const cache = new WeakMap<FastifyRequest, Promise<Authentication>>();
  app.decorateRequest('authenticate', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolveSession(deps, this.headers.authorization);
      cache.set(this, pending);
    }
    return pending;
  });
  // The guard goes only on routes that declare `config.access` (registered after this plugin), so
  // open routes such as the catalogue reads run no hook for it.
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) return;
    const guard = async (request: FastifyRequest) => enforceAccess(access, await request.authenticate());
    const existing = route.preValidation;
    route.preValidation =
      existing === undefined ? [guard] : [guard, ...(Array.isArray(existing) ? existing : [existing])];
  });
}

/** Adds `request.authenticate()` and the access guard to the enclosing scope (fastify-plugin). */
export const authentication = fp(authenticationPlugin, { name: 'scentinel-authentication' });
