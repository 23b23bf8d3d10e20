import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

/**
 * Signs out: the server revokes the session (so the token stops working everywhere), then the
 * stored session is cleared. A failed call (offline, session already expired) still signs out
 * locally.
 */
export async function logout(): Promise<void> {
  try {
    await api.post<unknown>('/auth/logout', undefined, { timeoutMs: 10_000 });
  } catch {
    // The session is dropped locally either way.
  } finally {
    clearSession();
  }
}
