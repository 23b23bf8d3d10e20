import { isRecord } from './is-record.ts';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

export type SessionUser = {
  id: string;
  username: string;
  email: string;
  role: string;
  /** active, pending (awaiting admin approval) or rejected; absent in sessions stored before it was kept. */
  status?: string;
};

export type StoredSession = {
  user: SessionUser;
  session_token: string;
};

/** Parses the stored session; corrupt data gives null (corrupt stored data is discarded). */
export function parseSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.session_token !== 'string' || !value.session_token) return null;
  const user = value.user;
  if (!isRecord(user) || typeof user.username !== 'string' || typeof user.role !== 'string') return null;
  return {
    session_token: value.session_token,
    user: {
      id: String(user.id ?? ''),
      username: user.username,
      email: typeof user.email === 'string' ? user.email : '',
      role: user.role,
      ...(typeof user.status === 'string' ? { status: user.status } : {}),
    },
  };
}

export function loadSession(): StoredSession | null {
  const raw = readStorage(STORAGE_KEYS.session);
  const session = parseSession(raw);
  if (raw !== null && session === null) removeStorage(STORAGE_KEYS.session);
  return session;
}

export function saveSession(session: StoredSession): void {
  writeStorage(STORAGE_KEYS.session, JSON.stringify(session));
}

export function clearSession(): void {
  removeStorage(STORAGE_KEYS.session);
}

export function sessionToken(): string | null {
  return loadSession()?.session_token ?? null;
}
