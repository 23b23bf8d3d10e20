import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { parseSession, type StoredSession, saveSession } from '../../../lib/session.ts';
import { trackingHeaders } from '../../../lib/usage-tracker.ts';

export type LoginInput = { email: string; password: string };
export type RegisterRole = 'regular_user' | 'manufacturer' | 'retailer';
export type RegisterInput = { email: string; username: string; password: string; role: RegisterRole };

export const REGISTER_ROLES: RegisterRole[] = ['regular_user', 'manufacturer', 'retailer'];

function toSession(raw: unknown): StoredSession | null {
  return parseSession(JSON.stringify(raw ?? null));
}

export async function login(input: LoginInput): Promise<StoredSession> {
  // The server records the sign-in for usage analytics from the tracking headers.
  const session = toSession(await api.post<unknown>('/auth/login', input, { headers: trackingHeaders() }));
  if (!session) throw new Error('The server did not return a session');
  saveSession(session);
  return session;
}

export type RegisterOutcome = { kind: 'pending-approval' } | { kind: 'signed-in'; session: StoredSession };

/**
 * Manufacturers and retailers wait for approval and are not signed in; other roles are
 * signed in at once (with the session the answer carries, else by signing in).
 */
export async function register(input: RegisterInput): Promise<RegisterOutcome> {
  const answer = await api.post<unknown>('/auth/register', input, { headers: trackingHeaders() });
  if (input.role === 'manufacturer' || input.role === 'retailer') return { kind: 'pending-approval' };
  const session = toSession(answer);
  if (session) {
    saveSession(session);
    return { kind: 'signed-in', session };
  }
  return { kind: 'signed-in', session: await login({ email: input.email, password: input.password }) };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
