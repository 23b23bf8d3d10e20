import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/languages.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { registerLogoClick } from '../logo-clicks.ts';

/** Role badge text: underscores become spaces, cut to 8 characters. */
export function roleBadgeText(role: string): string {
  return role.replaceAll('_', ' ').slice(0, 8);
}

const KNOWN_ROLES = ['admin', 'regular_user', 'manufacturer', 'retailer'];

type HeaderProps = {
  user: SessionUser | null;
  language: string;
  onLogin: () => void;
  onRegister: () => void;
  onLogout: () => void;
  onContribute: () => void;
  onOpenLanguage: () => void;
  onOpenDashboard: () => void;
  /** Opens the admin review panel (shown to admins only). */
  onOpenAdmin?: () => void;
};

export function Header({
  user,
  language,
  onLogin,
  onRegister,
  onLogout,
  onContribute,
  onOpenLanguage,
  onOpenDashboard,
  onOpenAdmin,
}: HeaderProps) {
  const { t } = useTranslation();
  const canContribute = user?.role === 'manufacturer' || user?.role === 'retailer';

  return (
    <header className="site-header" data-testid="site-header">
      <div className="site-header__inner">
        <div className="brand">
          <button
            type="button"
            className="brand__logo"
            aria-label={t('header.logoLabel')}
            data-testid="logo-button"
            onClick={() => {
              if (registerLogoClick()) onOpenDashboard();
            }}
          >
            <svg viewBox="0 0 32 32" width="40" height="40" aria-hidden="true" focusable="false">
              <rect width="32" height="32" rx="8" fill="currentColor" />
              <path
                d="M13 6h6v3h-1v3.2c3.5 1 6 4.2 6 8 0 4.6-3.6 8-8 8s-8-3.4-8-8c0-3.8 2.5-7 6-8V9h-1z"
                fill="#5b2a86"
              />
            </svg>
          </button>
          <div>
            <h1 className="brand__title">{t('app.title')}</h1>
            <p className="brand__subtitle">{t('app.subtitle')}</p>
          </div>
        </div>
        <nav className="site-header__actions" aria-label={t('header.accountNav')}>
          {user ? (
            <>
              <span className="user-chip" data-testid="current-user">
                <span className="user-chip__name">{user.username}</span>
                <span
                  className={`badge ${KNOWN_ROLES.includes(user.role) ? `badge--role-${user.role}` : 'badge--outline'}`}
                  title={KNOWN_ROLES.includes(user.role) ? t(`roles.${user.role}`) : user.role}
                  data-testid="role-badge"
                >
                  {roleBadgeText(KNOWN_ROLES.includes(user.role) ? t(`roles.${user.role}`) : user.role)}
                </span>
              </span>
              {user.role === 'admin' && onOpenAdmin ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={onOpenAdmin}
                  data-testid="admin-panel-button"
                >
                  {t('admin.open')}
                </button>
              ) : null}
              {user.role === 'admin' ? (
                // The logo's five clicks still open it; admins also get a visible way in.
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={onOpenDashboard}
                  data-testid="dashboard-button"
                >
                  {t('header.dashboard')}
                </button>
              ) : null}
              {canContribute ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={onContribute}
                  data-testid="contribute-button"
                >
                  {t('header.contribute')}
                </button>
              ) : null}
              <button
                type="button"
                className="button button--ghost"
                onClick={onLogout}
                data-testid="logout-button"
              >
                {t('header.logout')}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="button button--ghost"
                onClick={onLogin}
                data-testid="login-button"
              >
                {t('header.login')}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={onRegister}
                data-testid="register-button"
              >
                {t('header.register')}
              </button>
            </>
          )}
          <button
            type="button"
            className="button button--ghost language-button"
            onClick={onOpenLanguage}
            aria-label={t('header.changeLanguage', {
              code: language.toUpperCase(),
              language: languageName(language),
            })}
            data-testid="language-button"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4a13.9 13.9 0 0 1 1.9 4h-3.8A13.9 13.9 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4Zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8Zm4 12a13.9 13.9 0 0 1-1.9-4h3.8A13.9 13.9 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4Z"
              />
            </svg>
            <span>{language.toUpperCase()}</span>
          </button>
        </nav>
      </div>
    </header>
  );
}
