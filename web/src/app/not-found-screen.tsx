import { useTranslation } from 'react-i18next';
import { navigate } from '../lib/url-state.ts';

/** An address the product does not know: said plainly, with the way home. */
export function NotFoundScreen({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <section className="status-screen" data-testid="not-found">
      <h2 className="status-screen__title">{t('notFound.title')}</h2>
      <p className="status-screen__text">{t('notFound.text', { path })}</p>
      <div className="status-screen__actions">
        <a
          className="button button--primary"
          href="/"
          onClick={(event) => {
            event.preventDefault();
            navigate('/');
          }}
          data-testid="not-found-home"
        >
          {t('notFound.home')}
        </a>
      </div>
    </section>
  );
}
