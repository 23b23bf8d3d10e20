import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearCompared, useCompared } from './compare-store.ts';
import './compare.css';

const CompareDialog = lazy(() => import('./compare-dialog.tsx'));

/** A bar at the bottom while perfumes are chosen for comparison. */
export function CompareTray() {
  const { t } = useTranslation();
  const compared = useCompared();
  const [open, setOpen] = useState(false);
  if (compared.length === 0) return null;
  return (
    <>
      <section className="compare-tray" aria-label={t('compare.tray')} data-testid="compare-tray">
        <span className="compare-tray__names">{compared.map((p) => p.name).join(' · ')}</span>
        <button type="button" className="button" onClick={clearCompared}>
          {t('compare.clear')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={compared.length < 2}
          onClick={() => setOpen(true)}
          data-testid="compare-open"
        >
          {t('compare.open', { count: compared.length })}
        </button>
      </section>
      {open ? (
        <Suspense fallback={null}>
          <CompareDialog ids={compared.map((p) => p.id)} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
