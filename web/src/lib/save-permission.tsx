import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api-client.ts';
import { isRecord } from './is-record.ts';
import type { SessionUser } from './session.ts';

/** Who may save in a dialog: administrators, or approved manufacturers and retailers. */
export type SaveRole = 'admin' | 'contributor';

type SaveAccount = {
  user: SessionUser | null;
  onSignIn: () => void;
  onRegister: () => void;
};

/** The signed-in account and the ways to sign in or register, for every dialog that saves. */
export const SaveAccountContext = createContext<SaveAccount>({
  user: null,
  onSignIn: () => {},
  onRegister: () => {},
});

const CONTRIBUTOR_ROLES = new Set(['manufacturer', 'retailer']);

/** The account's current status from the server (an admin may have approved it since sign-in). */
function useAccountStatus(user: SessionUser | null): string | undefined {
  const me = useQuery({
    queryKey: ['auth', 'me', user?.id ?? ''],
    queryFn: async ({ signal }) => {
      const answer = await api.get<unknown>('/auth/me', { signal });
      const status = isRecord(answer) && isRecord(answer.user) ? answer.user.status : undefined;
      return typeof status === 'string' ? status : null;
    },
    enabled: user !== null && user.role !== 'admin',
    staleTime: 30_000,
    retry: false,
  });
  return me.data ?? user?.status;
}

export type SavePermission =
  | { kind: 'allowed' }
  | { kind: 'signed-out' }
  | { kind: 'wrong-role'; role: string }
  | { kind: 'pending'; role: string }
  | { kind: 'rejected'; role: string };

/** Whether this account can save in a dialog that needs `need`. */
export function savePermission(
  user: SessionUser | null,
  status: string | undefined,
  need: SaveRole,
): SavePermission {
  if (!user) return { kind: 'signed-out' };
  if (user.role === 'admin') return { kind: 'allowed' };
  if (need === 'admin' || !CONTRIBUTOR_ROLES.has(user.role)) return { kind: 'wrong-role', role: user.role };
  if (status === 'pending') return { kind: 'pending', role: user.role };
  if (status === 'rejected') return { kind: 'rejected', role: user.role };
  return { kind: 'allowed' };
}

export function useSavePermission(need: SaveRole): SavePermission {
  const { user } = useContext(SaveAccountContext);
  return savePermission(user, useAccountStatus(user), need);
}

/**
 * Said at the top of a dialog that saves, before any work: who can save here and how to become one.
 * Nothing is shown to someone who can save.
 */
export function SavePermissionNotice({ need, permission }: { need: SaveRole; permission: SavePermission }) {
  const { t } = useTranslation();
  const { onSignIn, onRegister } = useContext(SaveAccountContext);
  if (permission.kind === 'allowed') return null;
  const who = need === 'admin' ? t('permission.adminOnly') : t('permission.contributorOnly');
  const role = 'role' in permission ? t(`roles.${permission.role}`, { defaultValue: permission.role }) : '';
  const how =
    permission.kind === 'signed-out'
      ? need === 'admin'
        ? t('permission.signInAdmin')
        : t('permission.signInContributor')
      : permission.kind === 'pending'
        ? t('permission.pending', { role })
        : permission.kind === 'rejected'
          ? t('permission.rejected', { role })
          : need === 'admin'
            ? t('permission.notAdmin', { role })
            : t('permission.notContributor', { role });
  return (
    <div className="notice notice--info permission-notice" role="note" data-testid="save-permission">
      <p>
        <strong>{who}</strong> {how}
      </p>
      {permission.kind === 'signed-out' ? (
        <p className="permission-notice__actions">
          <button type="button" className="button button--secondary" onClick={onSignIn}>
            {t('header.login')}
          </button>
          {need === 'contributor' ? (
            <button type="button" className="button button--ghost" onClick={onRegister}>
              {t('header.register')}
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
