import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../features/accounts/api/logout.ts';
import { TrackingToggle } from '../features/analytics/components/tracking-toggle.tsx';
import { useHomePageView } from '../features/analytics/hooks.ts';
import { Header } from '../features/header/components/header.tsx';
import { categorizationQueryOptions } from '../features/perfumes/api/get-categorization.ts';
import { DEFAULT_LIST_PARAMS, perfumeListQueryOptions } from '../features/perfumes/api/get-perfumes.ts';
import { SaveAccountContext } from '../lib/save-permission.tsx';
import { loadSession, type StoredSession } from '../lib/session.ts';
import { useCurrentUrl } from '../lib/url-state.ts';
import { parseUrl } from './app-url.ts';
import { useInitialLoad } from './initial-load.ts';
import { ErrorScreen, LoadingScreen } from './load-screens.tsx';
import { MainPage } from './main-page.tsx';
import { NotFoundScreen } from './not-found-screen.tsx';
import { AppProvider } from './provider.tsx';

const SignInDialog = lazy(() => import('../features/accounts/components/sign-in-dialog.tsx'));
const RegisterDialog = lazy(() => import('../features/accounts/components/register-dialog.tsx'));
const LanguagePickerDialog = lazy(() => import('../features/language/components/language-picker-dialog.tsx'));
const ContributeDialog = lazy(() => import('../features/contributions/components/contribute-dialog.tsx'));
const AdminPanelDialog = lazy(() => import('../features/admin/components/admin-panel-dialog.tsx'));
// With its charts (ECharts): a chunk of its own, fetched on the fifth logo click.
const AnalyticsDashboard = lazy(() => import('../features/analytics/components/analytics-dashboard.tsx'));

/** First load: the categorization summary (failure only logged) and the first page. */
export async function loadInitialData(client: QueryClient): Promise<void> {
  await Promise.all([
    client
      .fetchQuery({ ...categorizationQueryOptions(), retry: false })
      .catch((error: unknown) => console.error('Loading the categorization summary failed', error)),
    client.fetchInfiniteQuery({ ...perfumeListQueryOptions(DEFAULT_LIST_PARAMS), retry: false }),
  ]);
}

type OpenDialog = 'sign-in' | 'register' | 'language' | 'contribute' | 'admin' | 'analytics' | null;

function Shell() {
  const { t, i18n } = useTranslation();
  const [session, setSession] = useState<StoredSession | null>(loadSession);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { state, tryAgain } = useInitialLoad(loadInitialData);
  const route = parseUrl(useCurrentUrl());
  useHomePageView();
  const saveAccount = useMemo(
    () => ({
      user: session?.user ?? null,
      onSignIn: () => setDialog('sign-in'),
      onRegister: () => setDialog('register'),
    }),
    [session],
  );

  const signedIn = (next: StoredSession) => {
    setSession(next);
    setDialog(null);
  };

  return (
    <SaveAccountContext.Provider value={saveAccount}>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <Header
        user={session?.user ?? null}
        language={i18n.resolvedLanguage ?? 'en'}
        onLogin={() => setDialog('sign-in')}
        onRegister={() => setDialog('register')}
        onLogout={() => {
          // Revokes the session on the server, then clears it locally.
          void logout();
          setSession(null);
          setDialog(null);
        }}
        onContribute={() => setDialog('contribute')}
        onOpenAdmin={() => setDialog('admin')}
        onOpenLanguage={() => setDialog('language')}
        onOpenDashboard={() => setDialog('analytics')}
      />
      <main id="main-content" className="main" tabIndex={-1}>
        {route.kind === 'not-found' ? (
          <NotFoundScreen path={route.path} />
        ) : state.status === 'loading' ? (
          <LoadingScreen retryCount={state.manualTries > 0 ? 0 : state.retryCount} />
        ) : state.status === 'error' ? (
          <ErrorScreen error={state.error} manualTries={state.manualTries} onTryAgain={tryAgain} />
        ) : (
          <MainPage view={route.view} />
        )}
      </main>
      {state.status === 'loaded' ? (
        // Only below the loaded page: shown during loading it would sit in view and then jump away.
        <footer className="site-footer">
          <TrackingToggle />
        </footer>
      ) : null}
      <Suspense fallback={null}>
        {dialog === 'sign-in' ? (
          <SignInDialog
            onClose={() => setDialog(null)}
            onSignedIn={signedIn}
            onSwitchToRegister={() => setDialog('register')}
          />
        ) : null}
        {dialog === 'register' ? (
          <RegisterDialog
            onClose={() => setDialog(null)}
            onSignedIn={signedIn}
            onSwitchToSignIn={() => setDialog('sign-in')}
          />
        ) : null}
        {dialog === 'language' ? <LanguagePickerDialog onClose={() => setDialog(null)} /> : null}
        {dialog === 'contribute' && session ? (
          <ContributeDialog user={session.user} onClose={() => setDialog(null)} />
        ) : null}
        {dialog === 'admin' ? <AdminPanelDialog onClose={() => setDialog(null)} /> : null}
      </Suspense>
      {dialog === 'analytics' ? (
        // Its chunk is the largest: say that something is coming while it downloads.
        <Suspense
          fallback={
            <p className="overlay-loading" role="status">
              {t('analytics.loading')}
            </p>
          }
        >
          <AnalyticsDashboard onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </SaveAccountContext.Provider>
  );
}

export function App() {
  return (
    <AppProvider>
      <Shell />
    </AppProvider>
  );
}
