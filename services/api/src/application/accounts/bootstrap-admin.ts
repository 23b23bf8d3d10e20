import { randomBytes, randomUUID } from 'node:crypto';
import {
  accountStreamId,
  accounts,
  isAcceptablePassword,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  systemActor,
  usernameKey,
} from '@scentinel/domain';
import type { AppConfig } from '@scentinel/platform/config';
import { hashPassword } from '../../auth/password.ts';
import { handleCommand } from '../command-handler.ts';
import type { ApplicationDeps } from '../deps.ts';

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export type BootstrapOutcome =
  | { created: true; accountId: string; username: string }
  | { created: false; reason: 'not-configured' | 'exists' | 'another-admin-exists' };

/**
 * Creates the admin account from `ADMIN_EMAIL` / `ADMIN_PASSWORD` on first start (there is no
 * built-in default password: without both variables no admin is created). Idempotent: when an
 * admin with that email exists, nothing happens; the password is not changed by a restart.
 * Run it after the projector runtime has started (it waits for the accounts read model).
 */
export async function bootstrapAdmin(
  config: Pick<AppConfig, 'admin'>,
  deps: ApplicationDeps,
  log?: Logger,
): Promise<BootstrapOutcome> {
  if (!config.admin) {
    log?.info({}, 'ADMIN_EMAIL/ADMIN_PASSWORD not set: no admin account is created');
    return { created: false, reason: 'not-configured' };
  }
  const { email, password } = config.admin;
  if (!isAcceptablePassword(password)) {
    throw new Error(`ADMIN_PASSWORD must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  await deps.waitForPosition(await deps.eventLog.headPosition());
  const existing = await deps.accounts.byEmail(email);
  if (existing) {
    if (existing.role !== 'admin') {
      throw new Error(`ADMIN_EMAIL ${normalizeEmail(email)} belongs to an existing ${existing.role} account`);
    }
    return { created: false, reason: 'exists' };
  }
  if (await deps.accounts.adminExists()) {
    log?.warn(
      { email: normalizeEmail(email) },
      'an admin account exists already: ADMIN_EMAIL is not created',
    );
    return { created: false, reason: 'another-admin-exists' };
  }
  let username = 'admin';
  const taken = await deps.accounts.sameEmailOrUsername(email, username);
  if (taken.some((t) => usernameKey(t.username) === username))
    username = `admin-${randomBytes(3).toString('hex')}`;

  const actor = systemActor('bootstrap');
  const accountId = `acc-${randomUUID()}`;
  const passwordHash = await hashPassword(password);
  const claims = [`email:${normalizeEmail(email)}`, `username:${usernameKey(username)}`];
  const held = await deps.claims.claim(accountId, claims, {
    accountExists: async (id) => (await deps.eventLog.streamVersion(accountStreamId(id))) > 0,
  });
  if (held !== null) {
    // Another process is creating it right now.
    return { created: false, reason: 'exists' };
  }
  try {
    await handleCommand(
      deps,
      { actor, requestId: null },
      {
        streamId: accountStreamId(accountId),
        folder: accounts,
        decide: ({ state }, now) =>
          accounts.decide(
            {
              type: 'CreateBootstrapAdmin',
              data: { account_id: accountId, email, username, password_hash: passwordHash },
            },
            state,
            { now: now.toISOString(), actor, adminExists: false, sameEmailOrUsername: taken },
          ),
      },
    );
  } catch (error) {
    await deps.claims.release(accountId, claims).catch(() => {});
    throw error;
  }
  log?.info({ email: normalizeEmail(email), username }, 'admin account created');
  return { created: true, accountId, username };
}
