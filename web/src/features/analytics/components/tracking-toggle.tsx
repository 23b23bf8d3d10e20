import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTrackingEnabled, setTrackingEnabled } from '../../../lib/usage-tracker.ts';

/** The usage tracker's enabled flag, on by default; the visitor can switch it off here. */
export function TrackingToggle() {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(isTrackingEnabled);
  return (
    <label className="tracking-toggle">
      <input
        type="checkbox"
        checked={enabled}
        onChange={(event) => {
          setTrackingEnabled(event.target.checked);
          setEnabled(event.target.checked);
        }}
        data-testid="tracking-toggle"
      />
      {t('analytics.tracking.label')}
    </label>
  );
}
