import { useTranslation } from 'react-i18next';
import { type LoadErrorMessage, loadErrorMessage, MAX_RETRIES } from './initial-load.ts';

export function LoadingScreen({ retryCount }: { retryCount: number }) {
  const { t } = useTranslation();
  return (
    <section className="status-screen" aria-busy="true" data-testid="loading-screen">
      <div className="spinner" aria-hidden="true" />
      <h2 className="status-screen__title" role="status">
        {t('loading.title')}
      </h2>
      {retryCount > 0 ? (
        <p className="status-screen__text" data-testid="retry-attempt">
          {t('loading.retryAttempt', { attempt: retryCount, max: MAX_RETRIES })}
        </p>
      ) : null}
    </section>
  );
}

type ErrorScreenProps = {
  error: unknown;
  /** Try Again presses so far: the button is disabled ("Max retries reached") after 3. */
  manualTries: number;
  onTryAgain: () => void;
  onRefresh?: () => void;
};

export function ErrorScreen({
  error,
  manualTries,
  onTryAgain,
  onRefresh = () => window.location.reload(),
}: ErrorScreenProps) {
  const { t } = useTranslation();
  const message: LoadErrorMessage = loadErrorMessage(error);
  const reason = message.key === 'error.server' ? t(message.key, { status: message.status }) : t(message.key);
  const maxed = manualTries >= MAX_RETRIES;
  return (
    <section className="status-screen status-screen--error" role="alert" data-testid="error-screen">
      <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2 1 21h22L12 2Zm1 16h-2v-2h2v2Zm0-4h-2v-4h2v4Z" />
      </svg>
      <h2 className="status-screen__title">{t('error.title')}</h2>
      <p className="status-screen__text" data-testid="error-message">
        {t('error.loadFailed')}
        {reason}
      </p>
      <div className="status-screen__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={onTryAgain}
          disabled={maxed}
          data-testid="try-again-button"
        >
          {maxed ? t('error.maxRetries') : t('error.tryAgain')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={onRefresh}
          data-testid="refresh-button"
        >
          {t('error.refresh')}
        </button>
      </div>
    </section>
  );
}
