import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storedProfileChemicalIds } from '../../lib/allergen-profile-ids.ts';

const AlternativesDialog = lazy(() => import('./alternatives-dialog.tsx'));

/** "Find a safe alternative" on a perfume: opens the list of similar perfumes without my allergens. */
export function SafeAlternativeButton({ perfume }: { perfume: { id: string; name: string } }) {
  const { t } = useTranslation();
  const [excluded, setExcluded] = useState<string[] | null>(null);
  return (
    <>
      <button
        type="button"
        className="link-button"
        data-testid="find-alternative"
        aria-label={t('alternatives.openFor', { name: perfume.name })}
        onClick={() => setExcluded(storedProfileChemicalIds())}
      >
        {t('alternatives.open')}
      </button>
      {excluded ? (
        <Suspense fallback={null}>
          <AlternativesDialog perfume={perfume} excluded={excluded} onClose={() => setExcluded(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
