import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@scentinel/domain';
import { Type } from 'typebox';
import { registerAccount } from '../../application/accounts/register-account.ts';
import { signIn, signOut } from '../../application/accounts/sessions.ts';
import { clock } from '../../application/command-handler.ts';
import type { AccountView, ApplicationDeps } from '../../application/deps.ts';
import { currentActor } from '../../auth/authentication.ts';
import { Problem, PublicUser, publicUser } from '../../auth/schemas.ts';
import { SignInThrottle } from '../../auth/sign-in-throttle.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import { trackAccountOutcomes } from '../analytics/usage-client.ts';

export const PENDING_REGISTRATION_DETAIL = 'Registration successful! Your account is pending admin approval.';
export const ACCOUNT_THROTTLED_DETAIL = 'Too many failed sign-ins to this account. Please wait';

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
export const authRoutes: FastifyPluginAsyncTypebox<{ deps: ApplicationDeps }> = async (app, { deps }) => {
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
      const { account, session } = await registerAccount(
        deps,
        { requestId: request.id, log: request.log },
        { ...request.body, role: request.body.role ?? null },
      );
      request.usageAccount = { id: account.id, role: account.role };
      const user = publicUser(account);
      reply.status(201);
      if (session === null) return { detail: PENDING_REGISTRATION_DETAIL, pending_approval: true, user };
      return {
        detail: 'Registration successful!',
        pending_approval: false,
        user,
        session_token: session.token,
        expires_at: session.expiresAt,
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
      const key = normalizeEmail(request.body.email);
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
      try {
        const { account, token, expiresAt } = await signIn(
          deps,
          { requestId: request.id, log: request.log },
          request.body,
        );
        throttle.succeeded(key);
        request.usageAccount = { id: account.id, role: account.role };
        return { user: publicUser(account), session_token: token, expires_at: expiresAt };
      } catch (error) {
        if (error instanceof DomainError && error.code === 'unauthorized') throttle.failed(key);
        throw error;
      }
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
      await signOut(deps, { actor, requestId: request.id, log: request.log }, sessionId!);
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
