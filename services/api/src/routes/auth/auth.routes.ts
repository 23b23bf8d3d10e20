import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type AccountRole,
  type AccountsContext,
  accountStreamId,
  accounts,
  fold,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  usernameKey,
} from '@scentinel/domain';
import { Type } from 'typebox';
import type { AccountsDeps, AccountView } from '../../auth/accounts.deps.ts';
import { currentActor } from '../../auth/authentication.ts';
import { clock, commit, loadStream, metadataFor, retryOnConflict, toNewEvents } from '../../auth/commands.ts';
import {
  hashPassword,
  hashSessionToken,
  newSessionToken,
  verifyAgainstDummy,
  verifyPassword,
} from '../../auth/password.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import { Problem, PublicUser, publicUser } from '../../auth/schemas.ts';
import { SignInThrottle } from '../../auth/sign-in-throttle.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import { trackAccountOutcomes } from '../analytics/usage-client.ts';

export const PENDING_REGISTRATION_DETAIL = 'Registration successful! Your account is pending admin approval.';
export const INVALID_CREDENTIALS_DETAIL = 'Invalid email or password';
export const ACCOUNT_THROTTLED_DETAIL = 'Too many failed sign-ins to this account. Please wait';
const EMAIL_TAKEN = 'An account with this email already exists';
const USERNAME_TAKEN = 'This username is already taken';

const RegisterBody = Type.Object({
  email: Type.String({ maxLength: 320, description: 'Sign-in email (stored lower-cased)' }),
  username: Type.String({ maxLength: 100 }),
  password: Type.String({
    maxLength: 1024,
    description: `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters`,
  }),
  role: Type.Optional(
    Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
      description:
        'regular_user (default), manufacturer or retailer; manufacturers and retailers wait for approval',
    }),
  ),
});

const LoginBody = Type.Object({
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
});

const SessionAnswer = Type.Object({
  user: PublicUser,
  session_token: Type.String({ description: 'Send as `Authorization: Bearer <session_token>`' }),
  expires_at: Type.String(),
});

const RegisterAnswer = Type.Object({
  detail: Type.String(),
  pending_approval: Type.Boolean(),
  user: PublicUser,
  session_token: Type.Optional(Type.String()),
  expires_at: Type.Optional(Type.String()),
});

/** Accounts and sessions: register, sign in, sign out, who am I. */
export const authRoutes: FastifyPluginAsyncTypebox<{ deps: AccountsDeps }> = async (app, { deps }) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);
  await app.register(rateLimit, { global: false });
  const limit = {
    max: deps.authRateLimit?.max ?? 10,
    timeWindow: deps.authRateLimit?.timeWindowMs ?? 60_000,
    errorResponseBuilder: (_request: unknown, context: { after: string }) =>
      new HttpError(429, `Too many attempts. Please wait ${context.after} and try again.`, 'rate_limited'),
  };
  // Sign-in and registration outcomes become usage events (when the client sends its session id).
  trackAccountOutcomes(app, deps.eventLog, () => clock(deps));
  // Failed sign-ins per account, whatever address they come from (the limit above is per address).
  const throttle = new SignInThrottle({
    max: deps.accountSignInLimit?.max ?? 10,
    windowMs: deps.accountSignInLimit?.timeWindowMs ?? 15 * 60_000,
  });
  const accountExists = async (accountId: string) =>
    (await deps.eventLog.streamVersion(accountStreamId(accountId))) > 0;

  app.post(
    '/auth/register',
    {
      config: { rateLimit: limit, trackUsage: 'register' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['accounts'],
        summary: 'Create an account',
        description:
          'Regular users are signed in at once (the answer carries a session). Manufacturers and retailers start pending: they can sign in, but an admin must approve them before they can contribute. Admin accounts cannot be registered.',
        body: RegisterBody,
        response: { 201: RegisterAnswer, 400: Problem, 403: Problem, 409: Problem, 429: Problem },
      },
    },
    async (request, reply) => {
      const { email, username, password } = request.body;
      const weak = passwordProblem(password, [email, username, email.split('@')[0] ?? '']);
      if (weak !== null) throw new HttpError(400, weak, 'validation');
      const now = clock(deps);
      const accountId = `acc-${randomUUID()}`;
      const context: AccountsContext = {
        now: now.toISOString(),
        actor: null,
        sameEmailOrUsername: await deps.accounts.sameEmailOrUsername(email, username),
      };
      const registerData = {
        account_id: accountId,
        email,
        username,
        // decide checks the role (unknown values → 400, admin → 403)
        role: (request.body.role ?? null) as AccountRole | null,
      };
      // Validate (and refuse duplicates and `admin`) before spending time on the hash.
      accounts.decide(
        { type: 'RegisterAccount', data: { ...registerData, password_hash: 'unhashed' } },
        accounts.initialState,
        context,
      );
      const events = accounts.decide(
        { type: 'RegisterAccount', data: { ...registerData, password_hash: await hashPassword(password) } },
        accounts.initialState,
        context,
      );
      const registered = events[0]!;
      if (registered.type !== 'AccountRegistered')
        throw new Error('RegisterAccount gave no AccountRegistered');
      const { role, status } = registered.data;
      request.usageAccount = { id: accountId, role };

      let token: string | null = null;
      let expiresAt: string | null = null;
      if (status === 'active') {
        token = newSessionToken();
        const signedIn = accounts.decide(
          {
            type: 'SignIn',
            data: {
              account_id: accountId,
              session_id: `ses-${randomUUID()}`,
              token_hash: hashSessionToken(token),
            },
          },
          fold(accounts.evolve, accounts.initialState, events),
          context,
        );
        for (const e of signedIn) if (e.type === 'SignedIn') expiresAt = e.data.expires_at;
        events.push(...signedIn);
      }

      const claims = [`email:${normalizeEmail(email)}`, `username:${usernameKey(username)}`];
      const held = await deps.claims.claim(accountId, claims, { accountExists });
      if (held !== null) {
        throw new HttpError(409, held.startsWith('email:') ? EMAIL_TAKEN : USERNAME_TAKEN, 'conflict');
      }
      const actor = { kind: 'account' as const, id: accountId, role, status };
      try {
        await commit(
          deps,
          [
            {
              streamId: accountStreamId(accountId),
              events: toNewEvents(events, metadataFor(actor, request.id, now)),
              expectedVersion: 0,
            },
          ],
          request.log,
        );
      } catch (error) {
        await deps.claims.release(accountId, claims).catch(() => {});
        throw error;
      }
      const user = publicUser({
        id: accountId,
        email: registered.data.email,
        username: registered.data.username,
        role,
        status,
      });
      reply.status(201);
      if (token === null || expiresAt === null) {
        return { detail: PENDING_REGISTRATION_DETAIL, pending_approval: true, user };
      }
      return {
        detail: 'Registration successful!',
        pending_approval: false,
        user,
        session_token: token,
        expires_at: expiresAt,
      };
    },
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: limit, trackUsage: 'login' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['accounts'],
        summary: 'Sign in',
        description:
          'Answers the user and a session token (valid 7 days) to send as `Authorization: Bearer <token>`.',
        body: LoginBody,
        response: { 200: SessionAnswer, 400: Problem, 401: Problem, 403: Problem, 429: Problem },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const key = normalizeEmail(email);
      const wait = throttle.retryAfterSeconds(key);
      if (wait > 0) {
        throw new HttpError(
          429,
          `${ACCOUNT_THROTTLED_DETAIL} ${wait} seconds and try again.`,
          'rate_limited',
          {
            'retry-after': String(wait),
          },
        );
      }
      const refuse = () => {
        throttle.failed(key);
        return new HttpError(401, INVALID_CREDENTIALS_DETAIL, 'unauthorized');
      };
      const found = await deps.accounts.byEmail(email);
      if (!found) {
        await verifyAgainstDummy(password);
        throw refuse();
      }
      // The hash the password was checked against: a retry after a conflict checks again only if
      // the password changed in between.
      let verifiedHash: string | null = null;
      // Concurrent sign-ins append to the same account stream: one that lost the race reloads and
      // appends again.
      const answer = await retryOnConflict(async () => {
        // The log is the record: check the password and status against the account's own stream.
        const loaded = await loadStream(deps.eventLog, accountStreamId(found.id), accounts);
        if (loaded.state.status !== 'registered') throw refuse();
        const hash = loaded.state.account.password_hash;
        if (hash !== verifiedHash) {
          if (!(await verifyPassword(password, hash))) throw refuse();
          verifiedHash = hash;
        }
        const account = loaded.state.account;
        request.usageAccount = { id: account.id, role: account.role };
        const now = clock(deps);
        const token = newSessionToken();
        const events = accounts.decide(
          {
            type: 'SignIn',
            data: {
              account_id: account.id,
              session_id: `ses-${randomUUID()}`,
              token_hash: hashSessionToken(token),
            },
          },
          loaded.state,
          { now: now.toISOString(), actor: null },
        );
        const signedIn = events.find((e) => e.type === 'SignedIn');
        if (signedIn?.type !== 'SignedIn') throw new Error('SignIn gave no SignedIn event');
        const actor = {
          kind: 'account' as const,
          id: account.id,
          role: account.role,
          status: account.status,
        };
        await commit(
          deps,
          [
            {
              streamId: accountStreamId(account.id),
              events: toNewEvents(events, metadataFor(actor, request.id, now)),
              expectedVersion: loaded.version,
            },
          ],
          request.log,
        );
        return { user: publicUser(account), session_token: token, expires_at: signedIn.data.expires_at };
      });
      throttle.succeeded(key);
      return answer;
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: { kind: 'signed-in', action: 'sign out' } },
      schema: {
        tags: ['accounts'],
        summary: 'Sign out (revokes the session)',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ detail: Type.String() }), 401: Problem },
      },
    },
    async (request) => {
      const actor = await currentActor(request);
      const { sessionId } = await request.authenticate();
      await retryOnConflict(async () => {
        const now = clock(deps);
        const loaded = await loadStream(deps.eventLog, accountStreamId(actor.id), accounts);
        const events = accounts.decide(
          { type: 'SignOut', data: { account_id: actor.id, session_id: sessionId! } },
          loaded.state,
          { now: now.toISOString(), actor },
        );
        await commit(
          deps,
          [
            {
              streamId: accountStreamId(actor.id),
              events: toNewEvents(events, metadataFor(actor, request.id, now)),
              expectedVersion: loaded.version,
            },
          ],
          request.log,
        );
      });
      return { detail: 'Signed out' };
    },
  );

  app.get(
    '/auth/me',
    {
      config: { access: { kind: 'signed-in', action: 'see your account' } },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ user: PublicUser }), 401: Problem },
      },
    },
    async (request) => {
      const { account } = await request.authenticate();
      return { user: publicUser(account as AccountView) };
    },
  );
};
