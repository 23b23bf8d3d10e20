import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllergenProfileItem } from '../../types/api.ts';

const ShareProfileDialog = lazy(() => import('./share-profile-dialog.tsx'));

export function ShareProfileButton({ items }: { items: AllergenProfileItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={items.length === 0}
        onClick={() => setOpen(true)}
        data-testid="share-profile"
      >
        {t('share.open')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShareProfileDialog items={items} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
