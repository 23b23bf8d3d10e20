import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sharedProfileApplied } from './share-link.ts';
import './share-profile.css';

/** Tells whoever opened a shared link that its allergens are chosen and "Safe for me" is on. */
export function SharedProfileNotice() {
  const { t } = useTranslation();
  const [count] = useState(sharedProfileApplied);
  const [open, setOpen] = useState(count > 0);
  if (!open) return null;
  return (
    <div className="shared-notice notice" role="status" data-testid="shared-profile-notice">
      <span>{t('share.applied', { count })}</span>
      <button type="button" className="button" onClick={() => setOpen(false)}>
        {t('share.dismiss')}
      </button>
    </div>
  );
}
